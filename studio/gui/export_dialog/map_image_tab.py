"""The Map image tab: `studio render`'s options. PNG at a hex size in pixels with a
compression level, or SVG, optionally at true scale (each hex as wide on paper as on the
printed map)."""
from __future__ import annotations

from PySide6.QtWidgets import QCheckBox, QDoubleSpinBox, QFormLayout, QSpinBox, QWidget

from studio.export.options import MapOptions
from studio.export.png import DEFAULT_LEVEL

from .fields import mm_spin
from .files_request import FilesRequest, MapImageOptions
from .options_tab import OptionsTab, choice_combo

FORMATS = (("png", "PNG image"), ("svg", "SVG drawing"))
MM = 72 / 25.4


class MapImageTab(OptionsTab):
    kind = "map-image"
    title = "Map image"

    def __init__(self, parent: QWidget | None = None) -> None:
        super().__init__(parent)
        self.image_format = choice_combo(FORMATS)
        self.hex_size = QDoubleSpinBox()
        self.hex_size.setRange(2, 200)
        self.hex_size.setDecimals(0)
        self.hex_size.setValue(MapImageOptions().hex_size)
        self.hex_size.setSuffix(" px")
        self.hex_size.setKeyboardTracking(False)
        self.hex_size.setToolTip("Centre to corner; for a true-scale SVG only how fine the "
                                 "terrain patterns are")
        self.compression = QSpinBox()
        self.compression.setRange(0, 9)
        self.compression.setValue(DEFAULT_LEVEL)
        self.compression.setKeyboardTracking(False)
        self.compression.setToolTip("0: fastest, largest file; 9: slowest, smallest. The "
                                    f"default {DEFAULT_LEVEL} is about as small as 9 on maps")
        self.true_scale = QCheckBox("True scale: hexes measure on paper")
        self.across = mm_spin(MapOptions().hex_flat_to_flat / MM, 5, 100, 0.5,
                              tip="Hex width across its flats when printed at 100 %")
        self.labels = QCheckBox("Hex labels")
        self.labels.setChecked(True)
        self.grid = QCheckBox("Grid")
        self.grid.setChecked(True)
        self.units = QCheckBox("Placed units")
        self.units.setChecked(True)
        self.zones = QCheckBox("Set-up zones")
        self.zones.setChecked(True)
        self.numbers = QCheckBox("Elevation numbers")
        form = QFormLayout(self)
        form.addRow("Format", self.image_format)
        form.addRow("Hex size", self.hex_size)
        form.addRow("PNG compression", self.compression)
        form.addRow("", self.true_scale)
        form.addRow("Across the flats", self.across)
        for box in (self.labels, self.grid, self.units, self.zones, self.numbers):
            form.addRow("", box)
        self.watch(self.image_format.currentIndexChanged, self.hex_size.valueChanged,
                   self.compression.valueChanged, self.true_scale.toggled,
                   self.across.valueChanged, self.labels.toggled, self.grid.toggled,
                   self.units.toggled, self.zones.toggled, self.numbers.toggled)

    def _enable(self) -> None:
        svg = self.image_format.currentData() == "svg"
        self.compression.setEnabled(not svg)
        self.true_scale.setEnabled(svg)
        self.across.setEnabled(svg and self.true_scale.isChecked())

    def request(self) -> FilesRequest:
        svg = self.image_format.currentData() == "svg"
        options = MapImageOptions(
            self.image_format.currentData(), self.hex_size.value(), self.compression.value(),
            self.across.value() * MM if svg and self.true_scale.isChecked() else None,
            self.labels.isChecked(), self.grid.isChecked(), self.units.isChecked(),
            self.zones.isChecked(), self.numbers.isChecked())
        return FilesRequest(self.kind, options)

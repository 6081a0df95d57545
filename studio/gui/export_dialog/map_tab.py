"""The Map tab: paper (tiled, one large sheet, or a page the size of the map), hex size
from the counters or set directly, overlap, margin and what to draw."""
from __future__ import annotations

from PySide6.QtWidgets import (QButtonGroup, QCheckBox, QFormLayout, QGridLayout, QHBoxLayout,
                               QLabel, QLineEdit, QRadioButton, QWidget)

from studio.export import MapOptions
from studio.export.lengths import format_length
from studio.export.options import HEX_TO_COUNTER

from .fields import CounterSizeField, mm_spin, mm_text
from .options_tab import OptionsTab, choice_combo
from .print_shop import PrintShopField
from .request import ExportRequest

PAGES = (("letter", "Letter"), ("a4", "A4"), ("a3", "A3"), ("a2", "A2"), ("tabloid", "Tabloid"),
         ("fit", "Fit: one page as large as the map"), ("custom", "Custom size"))
ORIENTATIONS = (("", "Turned for the fewest sheets"), ("-portrait", "Portrait"),
                ("-landscape", "Landscape"))


class MapTab(OptionsTab):
    kind = "map"
    title = "Map"

    def __init__(self, scenario_name: str = "", parent: QWidget | None = None) -> None:
        super().__init__(parent)
        self.page = choice_combo(PAGES)
        self.page_width = mm_spin(420, 50, 2000, 10, decimals=0, tip="Page width")
        self.page_height = mm_spin(594, 50, 2000, 10, decimals=0, tip="Page height")
        custom = QWidget()
        row = QHBoxLayout(custom)
        row.setContentsMargins(0, 0, 0, 0)
        row.addWidget(self.page_width)
        row.addWidget(QLabel("×"))
        row.addWidget(self.page_height)
        row.addStretch(1)
        self.orientation = choice_combo(ORIENTATIONS)

        self.counter_size = CounterSizeField("5/8in")
        self.counter_size.setToolTip("The counters' size: sizes the hexes (unless set below) "
                                     "and the units drawn on the map")
        self.hex_from_counter = QRadioButton()
        self.hex_explicit = QRadioButton("Across the flats:")
        self.hex_from_counter.setChecked(True)
        group = QButtonGroup(self)
        group.addButton(self.hex_from_counter)
        group.addButton(self.hex_explicit)
        self.hex_size = mm_spin(19.8, 5, 100, 0.5, tip="Hex width across its flats")
        hexes = QWidget()
        grid = QGridLayout(hexes)
        grid.setContentsMargins(0, 0, 0, 0)
        grid.addWidget(self.hex_from_counter, 0, 0, 1, 2)
        grid.addWidget(self.hex_explicit, 1, 0)
        grid.addWidget(self.hex_size, 1, 1)
        grid.setColumnStretch(2, 1)

        self.overlap = mm_spin(10, 0, 50, 1, tip="Strip repeated on neighbouring sheets")
        self.margin = mm_spin(8, 0, 40, 1, tip="Unprinted border of each sheet")
        self.with_units = QCheckBox("Draw the placed units, facing their way")
        self.labels = QCheckBox("Hex labels")
        self.labels.setChecked(True)
        self.legend = QCheckBox("Legend page (terrain, heights, zones, assembly plan)")
        self.legend.setChecked(True)
        self.title_edit = QLineEdit()
        self.title_edit.setPlaceholderText(scenario_name or "the scenario's name")

        self.print_shop = PrintShopField()

        form = QFormLayout(self)
        form.addRow("Page", self.page)
        form.addRow("Custom page", custom)
        form.addRow("Orientation", self.orientation)
        form.addRow("Counter size", self.counter_size)
        form.addRow("Hex size", hexes)
        form.addRow("Overlap", self.overlap)
        form.addRow("Margin", self.margin)
        form.addRow("", self.with_units)
        form.addRow("", self.labels)
        form.addRow("", self.legend)
        form.addRow("Title", self.title_edit)
        form.addRow("Print shop", self.print_shop)

        self.watch(self.page.currentIndexChanged, self.page_width.valueChanged,
                   self.page_height.valueChanged, self.orientation.currentIndexChanged,
                   self.counter_size.changed, self.hex_from_counter.toggled,
                   self.hex_size.valueChanged, self.overlap.valueChanged,
                   self.margin.valueChanged, self.with_units.toggled, self.labels.toggled,
                   self.legend.toggled, self.title_edit.editingFinished,
                   self.print_shop.changed)

    def _enable(self) -> None:
        key = self.page.currentData()
        self.page_width.setEnabled(key == "custom")
        self.page_height.setEnabled(key == "custom")
        self.orientation.setEnabled(key != "fit")
        self.hex_size.setEnabled(self.hex_explicit.isChecked())
        derived = self.counter_size.points() * HEX_TO_COUNTER
        self.hex_from_counter.setText(
            f"Counter size × {HEX_TO_COUNTER:g}: {format_length(derived)}")

    def set_page(self, key: str, width_mm: float | None = None,
                 height_mm: float | None = None) -> None:
        if width_mm is not None:
            self.page_width.setValue(width_mm)
        if height_mm is not None:
            self.page_height.setValue(height_mm)
        self.page.setCurrentIndex(self.page.findData(key))

    def page_text(self) -> str:
        key = self.page.currentData()
        if key == "fit":
            return "fit"
        if key == "custom":
            key = f"{self.page_width.value():g}x{self.page_height.value():g}mm"
        return key + self.orientation.currentData()

    def request(self) -> ExportRequest:
        options = MapOptions.parse(
            page=self.page_text(),
            hex_size=mm_text(self.hex_size) if self.hex_explicit.isChecked() else None,
            counter_size=self.counter_size.text(), margin=mm_text(self.margin),
            overlap=mm_text(self.overlap), with_units=self.with_units.isChecked(),
            labels=self.labels.isChecked(), legend=self.legend.isChecked(),
            title=self.title_edit.text().strip() or None,
            **self.print_shop.options())
        return ExportRequest(self.kind, options)

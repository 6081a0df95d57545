"""The Counter images tab: `studio export counter-images`' options, one file per counter
face into a folder."""
from __future__ import annotations

from PySide6.QtWidgets import QCheckBox, QFormLayout, QSpinBox, QWidget

from studio.interop.counter_images import CounterImageOptions
from studio.interop.counter_images.options import MAX_DPI, MIN_DPI

from .fields import CounterSizeField, SideChecks, mm_spin, mm_text
from .files_request import FilesRequest
from .options_tab import OptionsTab, choice_combo

FORMATS = (("png", "PNG (pixels at the chosen resolution)"),
           ("svg", "SVG (sized in millimetres, text as outlines)"))


class CounterImagesTab(OptionsTab):
    kind = "counter-images"
    title = "Counter images"

    def __init__(self, sides: list[tuple[str, str]], parent: QWidget | None = None) -> None:
        super().__init__(parent)
        self.sides = SideChecks(sides)
        self.image_format = choice_combo(FORMATS)
        self.dpi = QSpinBox()
        self.dpi.setRange(MIN_DPI, MAX_DPI)
        self.dpi.setValue(CounterImageOptions().dpi)
        self.dpi.setSingleStep(50)
        self.dpi.setSuffix(" dpi")
        self.dpi.setKeyboardTracking(False)
        self.size = CounterSizeField("5/8in")
        self.bleed = mm_spin(0, 0, 5, 0.25, decimals=2,
                             tip="Colour past the cut line on every side (0: framed, as printed)")
        self.backs = QCheckBox("Backs too (one file per face: …_front and …_back)")
        self.backs.setChecked(True)
        self.markers = QCheckBox("Marker images")
        self.markers.setChecked(True)
        form = QFormLayout(self)
        form.addRow("Sides", self.sides)
        form.addRow("Format", self.image_format)
        form.addRow("Resolution", self.dpi)
        form.addRow("Counter size", self.size)
        form.addRow("Bleed", self.bleed)
        form.addRow("", self.backs)
        form.addRow("", self.markers)
        self.watch(self.sides.changed, self.image_format.currentIndexChanged,
                   self.dpi.valueChanged, self.size.changed, self.bleed.valueChanged,
                   self.backs.toggled, self.markers.toggled)

    def _enable(self) -> None:
        self.dpi.setEnabled(self.image_format.currentData() == "png")

    def request(self) -> FilesRequest:
        options = CounterImageOptions.parse(
            counter_size=self.size.text(), image_format=self.image_format.currentData(),
            dpi=self.dpi.value(), bleed=mm_text(self.bleed), backs=self.backs.isChecked(),
            marker_kinds=None if self.markers.isChecked() else ())
        side_ids = None if self.sides.all_checked() else self.sides.checked_ids()
        if side_ids == () and not options.marker_kinds:
            raise ValueError("nothing to export: tick a side, or keep the marker images")
        return FilesRequest(self.kind, options, side_ids)

"""The Calibration tab: the back-registration test sheet of `studio export calibration`,
for the page, flip edge and back offset the counters will be printed with."""
from __future__ import annotations

from PySide6.QtWidgets import QFormLayout, QWidget

from studio.export import CounterOptions

from .back_offset import BackOffsetField
from .counters_tab import FLIPS, PAGES
from .fields import hint_label, mm_spin, mm_text
from .options_tab import OptionsTab, choice_combo
from .print_shop import PrintShopField
from .request import ExportRequest

NOTE = ("Two pages, to print double-sided on one sheet at 100 %, as the counters will be: "
        "crosshairs on the front, scales on the back. Hold the sheet against a window with "
        "the back towards you and read where the front's lines cross the centre's scales: "
        "X on the horizontal one, Y on the vertical one, in millimetres (right and up are +). "
        "Enter them as the Counters tab's Back offset. A sheet printed with an offset "
        "already reads the correction still needed: add the two. Corners that read unlike "
        "the centre mean the printer also turns or scales the back.")


class CalibrationTab(OptionsTab):
    kind = "calibration"
    title = "Calibration"

    def __init__(self, parent: QWidget | None = None) -> None:
        super().__init__(parent)
        self.page = choice_combo(PAGES)
        self.margin = mm_spin(12.7, 0, 50, 0.5, tip="Keeps the corner targets inside what "
                              "the printer can print")
        self.flip = choice_combo(FLIPS)
        self.flip.setToolTip("The paper edge the printer turns the sheet over: as for the "
                             "counters")
        self.offset = BackOffsetField()
        self.offset.setToolTip("Print the back moved by this much, to check a correction")
        self.print_shop = PrintShopField()

        form = QFormLayout(self)
        form.addRow("Page", self.page)
        form.addRow("Margin", self.margin)
        form.addRow("Turned over on", self.flip)
        form.addRow("Back offset", self.offset)
        form.addRow("Print shop", self.print_shop)
        form.addRow(hint_label(NOTE))
        self.watch(self.page.currentIndexChanged, self.margin.valueChanged,
                   self.flip.currentIndexChanged, self.offset.changed, self.print_shop.changed)

    def set_page(self, key: str) -> None:
        self.page.setCurrentIndex(self.page.findData(key))

    def request(self) -> ExportRequest:
        options = CounterOptions.parse(page=self.page.currentData(), margin=mm_text(self.margin),
                                       flip=self.flip.currentData(), duplex=True,
                                       back_offset=self.offset.text(),
                                       **self.print_shop.options())
        return ExportRequest(self.kind, options)

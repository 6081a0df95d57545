"""The Playsheet tab: which sides get a quick-reference sheet, the paper and the type size."""
from __future__ import annotations

from PySide6.QtWidgets import QDoubleSpinBox, QFormLayout, QWidget

from studio.export import PlaysheetOptions

from .fields import SideChecks, hint_label, mm_spin, mm_text
from .options_tab import OptionsTab, choice_combo
from .print_shop import PrintShopField
from .request import ExportRequest

PAGES = (("letter", "Letter"), ("a4", "A4"), ("legal", "Legal"), ("a3", "A3"))


class PlaysheetTab(OptionsTab):
    kind = "playsheet"
    title = "Playsheet"

    def __init__(self, sides: list[tuple[str, str]], parent: QWidget | None = None) -> None:
        super().__init__(parent)
        self.sides = SideChecks(sides)
        self.page = choice_combo(PAGES)
        self.font_size = QDoubleSpinBox()
        self.font_size.setRange(5, 14)
        self.font_size.setSingleStep(0.5)
        self.font_size.setDecimals(1)
        self.font_size.setValue(7.5)
        self.font_size.setSuffix(" pt")
        self.font_size.setKeyboardTracking(False)
        self.margin = mm_spin(10, 0, 40, 1)
        note = hint_label("One or two pages per side: briefing, the round, attack and morale "
                          "tables, the terrain chart, the side's roster and abilities, a "
                          "counter key and a round track.")

        self.print_shop = PrintShopField()

        form = QFormLayout(self)
        form.addRow("Sides", self.sides)
        form.addRow("Page", self.page)
        form.addRow("Text size", self.font_size)
        form.addRow("Margin", self.margin)
        form.addRow("Print shop", self.print_shop)
        form.addRow(note)
        self.watch(self.sides.changed, self.page.currentIndexChanged,
                   self.font_size.valueChanged, self.margin.valueChanged,
                   self.print_shop.changed)

    def set_page(self, key: str) -> None:
        self.page.setCurrentIndex(self.page.findData(key))

    def request(self) -> ExportRequest:
        sides = self.sides.checked_ids()
        if not sides:
            raise ValueError("tick at least one side to print its playsheet")
        options = PlaysheetOptions.parse(
            page=self.page.currentData(), margin=mm_text(self.margin),
            font_size=self.font_size.value(),
            sides=() if self.sides.all_checked() else sides,
            **self.print_shop.options())
        return ExportRequest(self.kind, options)

"""The Counters tab: every option of CounterOptions, plus which sides' rosters to print.

The defaults are the CLI's: backs mirrored for a flip on the long edge, and the markers the
rosters need (``--markers auto``), or N of each kind, or none."""
from __future__ import annotations

from PySide6.QtWidgets import QCheckBox, QFormLayout, QGridLayout, QSpinBox, QWidget

from studio.export import MARKER_KINDS, CounterOptions
from studio.export.options import FLIP_EDGES

from .back_offset import BackOffsetField, how_to_read_label
from .fields import CounterSizeField, SideChecks, mm_spin, mm_text, widget_row
from .options_tab import OptionsTab, choice_combo
from .print_shop import PrintShopField
from .request import ExportRequest

PAGES = (("letter", "Letter"), ("a4", "A4"), ("letter-landscape", "Letter landscape"),
         ("a4-landscape", "A4 landscape"))
MARKER_LABELS = {"out-of-ammo": "Out of ammo"}
# What "What the rosters need" prints of each kind.
MARKER_NEEDS = {"round": "a Round marker", "initiative": "an Initiative marker",
                "routed": "Routed markers", "hit": "numbered Hit markers for units with more "
                "hits than their two faces show", "disrupted": "a Disrupted marker for each "
                "unit that can be disrupted", "formation": "formation markers for the units "
                "that have formations", "out-of-ammo": "out of ammo markers for the units "
                "that can run out"}
FLIP_LABELS = {"long": "the long edge (most printers' default)", "short": "the short edge"}
FLIPS = tuple((edge, FLIP_LABELS[edge]) for edge in FLIP_EDGES)
MARKER_MODES = (("auto", "What the rosters need"), ("count", "This many of each kind:"),
                ("none", "None"))


class CountersTab(OptionsTab):
    kind = "counters"
    title = "Counters"

    def __init__(self, sides: list[tuple[str, str]], parent: QWidget | None = None, *,
                 marker_kinds: tuple[str, ...] = MARKER_KINDS) -> None:
        """`marker_kinds`: those the scenario's game uses (`game_marker_kinds`)."""
        super().__init__(parent)
        self.sides = SideChecks(sides)
        self.sides.setToolTip("Whose rosters to print; with none ticked, only markers")
        self.size = CounterSizeField("5/8in")
        self.page = choice_combo(PAGES)
        self.margin = mm_spin(12.7, 0, 50, 0.5, tip="Empty border of the page; the crop "
                              "marks sit in it")
        self.gutter = mm_spin(0, 0, 20, 0.5, tip="Space between counters; 0 shares the cut "
                              "lines, so one cut serves two counters")
        self.bleed = mm_spin(0, 0, 5, 0.25, decimals=2, tip="Colour printed past each cut "
                             "line; needs a gutter of at least twice the bleed")
        self.crop_marks = QCheckBox("Crop marks in the margins")
        self.crop_marks.setChecked(True)
        self.die_cut = QCheckBox("Die-cut line (spot colour CutContour)")
        self.die_cut.setToolTip("Each counter's cut line on the fronts in the spot colour "
                                "CutContour, for a die or a cutting plotter")
        self.die_cut_corner = mm_spin(0, 0, 5, 0.25, decimals=2, tip="Round the die-cut "
                                      "line's corners to this radius (0: square corners)")
        die_cut = widget_row(self.die_cut, "Corners", self.die_cut_corner)
        self.backs = QCheckBox("Print the backs (routed or damaged side)")
        self.backs.setChecked(True)
        self.duplex = QCheckBox("Duplex: front and back pages alternate")
        self.flip = choice_combo(FLIPS)
        self.flip.setToolTip("The paper edge the sheet turns over for its second side (the "
                             "printer's duplex setting); the backs are mirrored to match")
        flip = widget_row("Turned over on", self.flip)
        self.offset = BackOffsetField()
        self.offset_x, self.offset_y = self.offset.x, self.offset.y
        self.marker_mode = choice_combo(MARKER_MODES)
        self.marker_mode.setToolTip("What the rosters need: " + "; ".join(
            MARKER_NEEDS[k] for k in marker_kinds if k in MARKER_NEEDS))
        self.markers = QSpinBox()
        self.markers.setRange(1, 40)
        self.markers.setValue(4)
        self.markers.setKeyboardTracking(False)
        # A number set on the box (the box is live only in that mode, but code and tests
        # set it directly) means "this many".
        self.markers.valueChanged.connect(
            lambda _n: self.marker_mode.setCurrentIndex(self.marker_mode.findData("count")))
        mode = widget_row(self.marker_mode, self.markers)
        kinds = QWidget()
        grid = QGridLayout(kinds)
        grid.setContentsMargins(0, 0, 0, 0)
        grid.setVerticalSpacing(2)
        self.marker_kinds: dict[str, QCheckBox] = {}
        for i, kind in enumerate(marker_kinds):
            box = QCheckBox(MARKER_LABELS.get(kind, kind.capitalize()))
            box.setChecked(True)
            grid.addWidget(box, i // 4, i % 4)
            self.marker_kinds[kind] = box

        self.offset_hint = how_to_read_label()
        self.print_shop = PrintShopField()

        form = QFormLayout(self)
        form.addRow("Sides", self.sides)
        form.addRow("Counter size", self.size)
        form.addRow("Page", self.page)
        form.addRow("Margin", self.margin)
        form.addRow("Gutter", self.gutter)
        form.addRow("Bleed", self.bleed)
        form.addRow("", self.crop_marks)
        form.addRow("", die_cut)
        form.addRow("", self.backs)
        form.addRow("", self.duplex)
        form.addRow("Backs", flip)
        form.addRow("Back offset", self.offset)
        form.addRow("", self.offset_hint)
        form.addRow("Markers", mode)
        form.addRow("", kinds)
        form.addRow("Print shop", self.print_shop)

        self.watch(self.sides.changed, self.size.changed, self.page.currentIndexChanged,
                   self.margin.valueChanged, self.gutter.valueChanged, self.bleed.valueChanged,
                   self.crop_marks.toggled, self.die_cut.toggled,
                   self.die_cut_corner.valueChanged,
                   self.backs.toggled, self.duplex.toggled,
                   self.flip.currentIndexChanged,
                   self.offset.changed,
                   self.marker_mode.currentIndexChanged, self.markers.valueChanged,
                   *(box.toggled for box in self.marker_kinds.values()),
                   self.print_shop.changed)

    def _enable(self) -> None:
        backs = self.backs.isChecked()
        for widget in (self.duplex, self.flip, self.offset):
            widget.setEnabled(backs)
        self.die_cut_corner.setEnabled(self.die_cut.isChecked())
        mode = self.marker_mode.currentData()
        self.markers.setEnabled(mode == "count")
        for box in self.marker_kinds.values():
            box.setEnabled(mode != "none")

    def markers_text(self) -> str:
        """``--markers`` as the CLI takes it: auto, N, or 0."""
        mode = self.marker_mode.currentData()
        return "auto" if mode == "auto" else "0" if mode == "none" else str(self.markers.value())

    def set_page(self, key: str) -> None:
        self.page.setCurrentIndex(self.page.findData(key))

    def request(self) -> ExportRequest:
        kinds = tuple(k for k, box in self.marker_kinds.items() if box.isChecked())
        options = CounterOptions.parse(
            counter_size=self.size.text(), page=self.page.currentData(),
            margin=mm_text(self.margin), gutter=mm_text(self.gutter),
            bleed=mm_text(self.bleed), crop_marks=self.crop_marks.isChecked(),
            die_cut=self.die_cut.isChecked(), die_cut_corner=mm_text(self.die_cut_corner),
            backs=self.backs.isChecked(), duplex=self.duplex.isChecked(),
            flip=self.flip.currentData(),
            back_offset=self.offset.text(),
            markers=self.markers_text() if kinds else 0, marker_kinds=kinds or None,
            **self.print_shop.options())
        side_ids = None if self.sides.all_checked() else self.sides.checked_ids()
        if side_ids == () and options.markers == 0:
            raise ValueError("nothing to print: tick a side, or ask for some markers")
        return ExportRequest(self.kind, options, side_ids)

"""The VASSAL tab: a module (.vmod) to play the scenario online; its preview is the board."""
from __future__ import annotations

from PySide6.QtWidgets import QCheckBox, QFormLayout, QLabel, QSpinBox, QWidget

from studio.interop.vassal import VassalOptions
from studio.interop.vassal.options import DEFAULT_DPI, MAX_DPI, MIN_DPI

from .fields import CounterSizeField
from .options_tab import OptionsTab
from .request import ExportRequest


class VassalTab(OptionsTab):
    kind = "vassal"
    title = "VASSAL"

    def __init__(self, parent: QWidget | None = None) -> None:
        super().__init__(parent)
        self.dpi = QSpinBox()
        self.dpi.setRange(MIN_DPI, MAX_DPI)
        self.dpi.setValue(DEFAULT_DPI)
        self.dpi.setSuffix(" px per inch")
        self.dpi.setKeyboardTracking(False)
        self.dpi.setToolTip("Resolution of the board and the counters; hexes and counters "
                            "keep their printed sizes")
        self.size = CounterSizeField("5/8in")
        self.markers = QCheckBox("Marker counters, and an objective marker on each objective")
        self.markers.setChecked(True)
        note = QLabel("A module for VASSAL 3.7 or later: the map as printed is the board, with "
                      "a hex grid named as here; every counter flips (Ctrl+F) between its "
                      "front and back and turns (Ctrl+] and Ctrl+[); the units start in their "
                      "set-up hexes and facings; the playsheet opens from Help. No rules "
                      "automation: dice, rounds and victory stay with the players.")
        note.setWordWrap(True)
        note.setObjectName("hint")
        form = QFormLayout(self)
        form.addRow("Resolution", self.dpi)
        form.addRow("Counter size", self.size)
        form.addRow("", self.markers)
        form.addRow(note)
        self.watch(self.dpi.valueChanged, self.size.changed, self.markers.toggled)

    def request(self) -> ExportRequest:
        options = VassalOptions.parse(dpi=self.dpi.value(), counter_size=self.size.text(),
                                      marker_kinds=None if self.markers.isChecked() else ())
        return ExportRequest(self.kind, options)

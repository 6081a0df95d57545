"""For a print shop: the output intent (PDF/X), process CMYK and the shop's own ICC profile,
as `studio export ... --pdfx --cmyk --icc FILE` takes them. One row shared by the
Counters, Playsheet, Map and Calibration tabs; the options parse the profile (PrintForm),
so a wrong file is refused with the CLI's reason, shown where the preview would be."""
from __future__ import annotations

from PySide6.QtWidgets import (QCheckBox, QFileDialog, QGridLayout, QHBoxLayout, QLineEdit,
                               QPushButton, QWidget)

from studio.export.pdf_output import PrintForm

from .fields import hint_label
from .options_tab import WatchedFields

ICC_FILTER = "ICC profiles (*.icc *.icm);;All files (*)"


class PrintShopField(WatchedFields):
    """``options()`` gives the ``pdfx``, ``cmyk`` and ``icc`` keywords of the options'
    ``parse``; CMYK or a profile implies PDF/X, so its box is then ticked and fixed."""

    def __init__(self, parent: QWidget | None = None) -> None:
        super().__init__(parent)
        self.pdfx = QCheckBox("PDF/X output intent")
        self.pdfx.setToolTip("Name the printing condition in an output intent with its ICC "
                             "profile (sRGB unless a profile is chosen), as PDF/X asks; the "
                             "shop converts the colours for its press")
        self.cmyk = QCheckBox("CMYK colours")
        self.cmyk.setToolTip("Every colour as process CMYK through a CMYK ICC profile (the "
                             "shop's, else the system's SWOP or FOGRA39 one), greys and black "
                             "text on the black plate alone; the profile goes in the output "
                             "intent")
        self.icc = QLineEdit()
        self.icc.setPlaceholderText("the print shop's ICC profile (optional)")
        self.icc.setToolTip("An RGB profile, or a CMYK one with CMYK colours (which they are "
                            "then converted through); named in the output intent")
        self.icc.setClearButtonEnabled(True)
        self.browse_button = QPushButton("Profile…")
        self.browse_button.setAutoDefault(False)
        self.browse_button.clicked.connect(self.browse)
        grid = QGridLayout(self)
        grid.setContentsMargins(0, 0, 0, 0)
        boxes = QHBoxLayout()
        boxes.addWidget(self.pdfx)
        boxes.addWidget(self.cmyk)
        boxes.addStretch(1)
        grid.addLayout(boxes, 0, 0, 1, 2)
        grid.addWidget(self.icc, 1, 0)
        grid.addWidget(self.browse_button, 1, 1)
        # Without a CMYK profile the colours go through a plain formula: say so, and how
        # to get one, where the box was ticked.
        self.note = hint_label("")
        self.note.hide()
        grid.addWidget(self.note, 2, 0, 1, 2)
        self.watch(self.pdfx.toggled, self.cmyk.toggled, self.icc.editingFinished)
        # The clear button empties the field without finishing an edit.
        self.icc.textChanged.connect(lambda text: text or self._changed())

    def _enable(self) -> None:
        implied = self.cmyk.isChecked() or bool(self.icc.text().strip())
        if implied:
            self.pdfx.setChecked(True)
        self.pdfx.setEnabled(not implied)
        note = PrintForm(cmyk=self.cmyk.isChecked(),
                         icc=self.icc.text().strip() or None).note()
        self.note.setText(f"Note: {note}." if note else "")
        self.note.setVisible(bool(note))

    def browse(self) -> None:
        path, _ = QFileDialog.getOpenFileName(self, "The print shop's ICC profile",
                                              self.icc.text(), ICC_FILTER)
        if path:
            self.set_profile(path)

    def set_profile(self, path: str) -> None:
        self.icc.setText(path)
        self._changed()

    def options(self) -> dict:
        return {"pdfx": self.pdfx.isChecked(), "cmyk": self.cmyk.isChecked(),
                "icc": self.icc.text().strip() or None}

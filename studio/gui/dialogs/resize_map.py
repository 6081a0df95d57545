"""Map > Resize: add (or, with negative numbers, remove) rows and columns on each edge."""
from __future__ import annotations

from PySide6.QtWidgets import (QComboBox, QDialog, QDialogButtonBox, QFormLayout, QLabel,
                               QSpinBox, QVBoxLayout)


class ResizeMapDialog(QDialog):
    def __init__(self, doc, parent=None) -> None:
        super().__init__(parent)
        self.setWindowTitle("Resize map")
        m = doc.model.map
        layout = QVBoxLayout(self)
        info = QLabel(f"The map is {m.columns} × {m.rows}. Add hexes on each edge; negative "
                      "numbers remove them (units, zones and objectives on removed hexes go too; "
                      "labels of the hexes that stay are renumbered).")
        info.setWordWrap(True)
        layout.addWidget(info)
        form = QFormLayout()
        self.edges = {}
        for edge, limit in (("north", m.rows), ("south", m.rows), ("west", m.columns),
                            ("east", m.columns)):
            spin = QSpinBox()
            spin.setRange(-(limit - 1), 999)
            form.addRow(f"{edge.capitalize()} ({'rows' if edge in ('north', 'south') else 'columns'})", spin)
            self.edges[edge] = spin
        self.fill = QComboBox()
        ts = doc.terrain_set
        for t in (ts.terrain if ts is not None else []):
            self.fill.addItem(f"{t.name} ({t.symbol})", t.symbol)
        if self.fill.count() == 0:
            self.fill.addItem(repr(m.terrain[0][0]), m.terrain[0][0])
        form.addRow("New hexes", self.fill)
        layout.addLayout(form)
        buttons = QDialogButtonBox(QDialogButtonBox.Ok | QDialogButtonBox.Cancel)
        buttons.accepted.connect(self.accept)
        buttons.rejected.connect(self.reject)
        layout.addWidget(buttons)

    def values(self) -> dict:
        out = {edge: spin.value() for edge, spin in self.edges.items()}
        out["fill"] = self.fill.currentData()
        return out


def ask_resize(doc, parent=None) -> dict | None:
    dialog = ResizeMapDialog(doc, parent)
    if dialog.exec() != QDialog.Accepted:
        return None
    return dialog.values()

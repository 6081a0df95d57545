"""Map > Change terrain set: pick another set of the library and say what each terrain of
the map becomes.

One row per symbol the map uses (its terrain now, how many hexes), each with a choice among
the new set's terrain types, pre-filled with the closest match (same id, same name, then the
nearest movement cost and defence: `studio.edit.terrain_swap.suggest_mapping`). Units the
chosen mapping would leave on terrain they may not stand on are listed under the table before
anything changes. OK makes the switch one undo step (`ScenarioDocument.change_terrain_set`).
"""
from __future__ import annotations

from PySide6.QtCore import QSize, Qt
from PySide6.QtGui import QIcon
from PySide6.QtWidgets import (QAbstractItemView, QComboBox, QDialog, QDialogButtonBox,
                               QFormLayout, QHeaderView, QLabel, QStyle, QTableWidget,
                               QTableWidgetItem, QVBoxLayout)

from studio.edit.terrain_swap import StrandedUnit, stranded_units, suggest_mapping, symbol_counts
from studio.model import TerrainSet, TerrainType

from ..docks.tools_dock import swatch
from ..document import EditRefused
from ..editors.terrain_swatch import terrain_swatch
from ..mapview.style import TerrainPalette

SWATCH_RADIUS = 10.0
ICON_SIZE = QSize(24, 22)
MAX_LISTED = 6
WARNING_STYLE = ("QLabel { background: #fff4d6; border: 1px solid #d9a400; border-radius: 3px; "
                 "padding: 6px; color: #5a4300; }")
ERROR_STYLE = ("QLabel { background: #fde7e5; border: 1px solid #b3261e; border-radius: 3px; "
               "padding: 6px; color: #7a1a14; }")
COL_NOW, COL_HEXES, COL_BECOMES = range(3)


def _number(mp) -> str:
    return str(int(mp)) if mp.denominator == 1 else f"{mp.numerator}/{mp.denominator}"


def describe(t: TerrainType) -> str:
    """Movement cost and defence in a few words, for tooltips and choices."""
    parts = ["impassable" if t.impassable else f"{_number(t.mp)} MP"]
    if t.defense:
        parts.append(f"defence {t.defense:+d}")
    if t.forbidden_tags:
        parts.append("no " + ", ".join(t.forbidden_tags))
    if t.entry_attack is not None:
        parts.append(f"attacks on entry ({t.entry_attack})")
    if "water" in t.tags:
        parts.append("water")
    return ", ".join(parts)


class ChangeTerrainSetDialog(QDialog):
    def __init__(self, doc, library=None, set_id: str | None = None, parent=None) -> None:
        super().__init__(parent)
        self.setWindowTitle("Change terrain set")
        self.doc = doc
        self.library = library if library is not None else doc.library
        self.new_set: TerrainSet | None = None
        self.command = None             # the pushed command once applied
        self._stranded: list[StrandedUnit] = []
        self.counts = symbol_counts(doc.model.map)
        # The rows follow the current set's own order (as its palette does); strays last.
        order = {t.symbol: i for i, t in enumerate(doc.terrain_set.terrain)} if doc.terrain_set else {}
        self.symbols = sorted(self.counts, key=lambda s: (order.get(s, len(order)), s))
        orientation = doc.model.map.orientation
        self._orientation = orientation
        old_palette = TerrainPalette(doc.terrain_set)

        layout = QVBoxLayout(self)
        current = doc.terrain_set.name if doc.terrain_set is not None else doc.model.terrain_set
        intro = QLabel(f"The map is painted with <b>{current}</b>. Choose the new terrain set "
                       "and what each terrain on the map becomes; the whole change is one "
                       "undo step.")
        intro.setWordWrap(True)
        layout.addWidget(intro)
        form = QFormLayout()
        self.set_combo = QComboBox()
        self.set_combo.setToolTip("Terrain sets of the library")
        form.addRow("New terrain set", self.set_combo)
        layout.addLayout(form)

        self.table = QTableWidget(len(self.counts), 3)
        self.table.setHorizontalHeaderLabels(["On the map now", "Hexes", "Becomes"])
        self.table.verticalHeader().hide()
        self.table.setEditTriggers(QAbstractItemView.NoEditTriggers)
        self.table.setSelectionMode(QAbstractItemView.NoSelection)
        self.table.setIconSize(ICON_SIZE)
        self.table.verticalHeader().setDefaultSectionSize(ICON_SIZE.height() + 10)
        header = self.table.horizontalHeader()
        header.setSectionResizeMode(COL_NOW, QHeaderView.ResizeToContents)
        header.setSectionResizeMode(COL_HEXES, QHeaderView.ResizeToContents)
        header.setSectionResizeMode(COL_BECOMES, QHeaderView.Stretch)
        self.combos: dict[str, QComboBox] = {}
        for row, symbol in enumerate(self.symbols):
            old = doc.terrain_set.by_symbol(symbol) if doc.terrain_set is not None else None
            if old is not None:
                item = QTableWidgetItem(QIcon(terrain_swatch(old, SWATCH_RADIUS, 0, orientation)),
                                        f"{old.name}  ({symbol})")
                item.setToolTip(f"{old.name} ({old.id}): {describe(old)}")
            else:
                item = QTableWidgetItem(swatch(old_palette.colour(symbol), 18),
                                        f"symbol {symbol!r} (not in {current})")
            self.table.setItem(row, COL_NOW, item)
            count = QTableWidgetItem(str(self.counts[symbol]))
            count.setTextAlignment(Qt.AlignRight | Qt.AlignVCenter)
            self.table.setItem(row, COL_HEXES, count)
            combo = QComboBox()
            combo.setIconSize(ICON_SIZE)
            combo.currentIndexChanged.connect(lambda _i: self._update_findings())
            self.table.setCellWidget(row, COL_BECOMES, combo)
            self.combos[symbol] = combo
        layout.addWidget(self.table, 1)

        self.summary = QLabel()
        self.summary.setWordWrap(True)
        layout.addWidget(self.summary)
        self.warning = QLabel()
        self.warning.setWordWrap(True)
        self.warning.setTextFormat(Qt.PlainText)
        self.warning.hide()
        layout.addWidget(self.warning)
        self.buttons = QDialogButtonBox(QDialogButtonBox.Ok | QDialogButtonBox.Cancel)
        self.buttons.button(QDialogButtonBox.Ok).setText("Change terrain set")
        self.buttons.accepted.connect(self.accept)
        self.buttons.rejected.connect(self.reject)
        layout.addWidget(self.buttons)

        self._fill_sets(set_id)
        self.set_combo.currentIndexChanged.connect(
            lambda i: self.choose_set(self.set_combo.itemData(i)))
        self.choose_set(self.set_combo.currentData())
        rows_height = self.table.verticalHeader().defaultSectionSize() * len(self.symbols)
        chrome = self.table.horizontalHeader().sizeHint().height() + 2 * self.table.frameWidth() + 2
        self.table.setMinimumHeight(min(420, rows_height + chrome))
        self.resize(640, self.sizeHint().height())

    # -- the new set -----------------------------------------------------------------------

    def _fill_sets(self, set_id: str | None) -> None:
        current = self.doc.model.terrain_set
        items = self.library.items("terrain-set") if self.library is not None else []
        for ident, ts in items:
            self.set_combo.addItem(f"{ts.name} (current)" if ident == current else ts.name, ident)
            self.set_combo.setItemData(self.set_combo.count() - 1,
                                       f"{ident}: {len(ts.terrain)} terrain types", Qt.ToolTipRole)
        if set_id is None:
            others = [i for i, _ in items if i != current]
            set_id = others[0] if others else current
        index = self.set_combo.findData(set_id)
        self.set_combo.setCurrentIndex(max(0, index))

    def choose_set(self, set_id: str | None) -> None:
        """Show set `set_id` of the library, each row pre-filled with its suggestion."""
        if self.set_combo.currentData() != set_id:
            index = self.set_combo.findData(set_id)
            if index >= 0:
                self.set_combo.setCurrentIndex(index)     # comes back here through the signal
                return
        ts = self.library.terrain_set(set_id) if self.library is not None and set_id else None
        self.new_set = ts if ts is not None and ts.terrain else None
        suggestion = (suggest_mapping(self.doc.terrain_set, ts, self.symbols)
                      if self.new_set is not None else {})
        for symbol, combo in self.combos.items():
            combo.blockSignals(True)
            combo.clear()
            for t in (self.new_set.terrain if self.new_set is not None else []):
                combo.addItem(QIcon(terrain_swatch(t, SWATCH_RADIUS, 0, self._orientation)),
                              f"{t.name}  ({t.symbol})", t.symbol)
                combo.setItemData(combo.count() - 1, f"{t.name} ({t.id}): {describe(t)}",
                                  Qt.ToolTipRole)
            combo.setCurrentIndex(max(0, combo.findData(suggestion.get(symbol))))
            combo.setEnabled(self.new_set is not None)
            combo.blockSignals(False)
        self._update_findings()

    # -- reading the choices ---------------------------------------------------------------

    def mapping(self) -> dict[str, str]:
        """Old symbol -> new symbol, one entry per symbol the map uses."""
        return {s: c.currentData() for s, c in self.combos.items() if c.currentData() is not None}

    def set_target(self, symbol: str, new_symbol: str) -> None:
        """Make `symbol` of the map become the new set's `new_symbol` (as choosing it would)."""
        combo = self.combos.get(symbol)
        if combo is None:
            raise ValueError(f"the map does not use symbol {symbol!r}: it uses "
                             f"{' '.join(self.symbols)}")
        index = combo.findData(new_symbol)
        if index < 0:
            raise ValueError(f"{new_symbol!r} is not a terrain of {self.new_set.name if self.new_set else 'the chosen set'}")
        combo.setCurrentIndex(index)

    def stranded(self) -> list[StrandedUnit]:
        return list(self._stranded)

    def warning_text(self) -> str:
        return self.warning.text() if not self.warning.isHidden() else ""

    def _update_findings(self) -> None:
        ok = self.buttons.button(QDialogButtonBox.Ok)
        if self.new_set is None:
            self._stranded = []
            self.summary.setText("")
            self._show_warning("This terrain set could not be loaded or has no terrain types: "
                               "choose another one.", ERROR_STYLE)
            ok.setEnabled(False)
            return
        ok.setEnabled(True)
        mapping = self.mapping()
        changed = sum(n for s, n in self.counts.items() if mapping.get(s, s) != s)
        total = sum(self.counts.values())
        self.summary.setText(f"{changed} of {total} hexes get a new symbol. Elevation, set-up "
                             "zones, objectives and units stay as they are.")
        self._stranded = stranded_units(self.doc.model, self.doc.geometry, self.new_set,
                                        mapping, self.doc.unit_type)
        self._mark_rows()
        if not self._stranded:
            self._show_warning("")
            return
        n = len(self._stranded)
        lines = [f"{n} unit{'s' if n != 1 else ''} would stand on terrain they cannot enter:"]
        for s in self._stranded[:MAX_LISTED]:
            side = self.doc.model.side(s.side_id)
            lines.append(f"  • {side.name if side is not None else s.side_id}: {s.reason}")
        if n > MAX_LISTED:
            lines.append(f"  • and {n - MAX_LISTED} more")
        lines.append("They stay where they are and the Problems panel will list them; choose "
                     "another terrain for their hexes, or move them after the change.")
        self._show_warning("\n".join(lines), WARNING_STYLE)

    def _mark_rows(self) -> None:
        """A warning icon on the rows whose new terrain strands a unit."""
        bad_hexes = {s.hex for s in self._stranded}
        bad_symbols = set()
        for label in bad_hexes:
            try:
                col, row = self.doc.geometry.to_offset(self.doc.geometry.parse_label(label))
            except ValueError:
                continue
            bad_symbols.add(self.doc.model.map.symbol_at(col, row))
        icon = self.style().standardIcon(QStyle.SP_MessageBoxWarning)
        for row, symbol in enumerate(self.symbols):
            item = self.table.item(row, COL_HEXES)
            item.setIcon(icon if symbol in bad_symbols else QIcon())
            item.setToolTip("Units on these hexes could not stand on the new terrain"
                            if symbol in bad_symbols else "")

    def _show_warning(self, text: str, style: str = WARNING_STYLE) -> None:
        self.warning.setText(text)
        self.warning.setStyleSheet(style)
        self.warning.setVisible(bool(text))
        # Make room for the warning rather than squeezing the table under it.
        layout = self.layout()
        layout.activate()
        need = layout.minimumSize().height()
        if layout.hasHeightForWidth():          # the wrapped labels at this width
            need = max(need, layout.totalHeightForWidth(self.width()))
        if self.height() < need:
            self.resize(self.width(), need)

    # -- applying --------------------------------------------------------------------------

    def apply(self):
        """Make the change (one undo step); returns the command, or None when nothing would
        change. Raises EditRefused with the document's reason."""
        if self.new_set is None:
            raise EditRefused("choose a terrain set of the library first")
        mapping = self.mapping()
        same_set = self.new_set.id == self.doc.model.terrain_set
        if same_set and all(k == v for k, v in mapping.items()):
            return None
        self.command = self.doc.change_terrain_set(self.new_set, mapping)
        return self.command

    def accept(self) -> None:
        try:
            self.apply()
        except EditRefused as err:
            self._show_warning(f"Not done: {err}", ERROR_STYLE)
            return
        super().accept()

"""The army builder's table of a list's unit types: cost each, how many the side fields
(with − and + buttons and a spin box), the subtotal, how many are on the map, and, for
games whose units are groups of figures, the figures in each."""
from __future__ import annotations

from PySide6.QtCore import Qt, Signal
from PySide6.QtWidgets import (QAbstractItemView, QHBoxLayout, QHeaderView, QSpinBox,
                               QTableWidget, QTableWidgetItem, QToolButton, QWidget)

from studio.armies.cell_values import format_number
from studio.armies.roster import ListCosts, TypeCount
from studio.model import ArmyList


# Short headers (tooltips say the rest): in a 400 px column long ones cut the names.
COLUMNS = ("Unit type", "Each", "Count", "Total", "On map", "Figures")
HEADER_TIPS = ("The list's unit type", "Points a unit of the type costs",
               "How many the side fields", "Points the units of the type cost together",
               "How many of them are on the map", "Figures in a unit of the type")
COL_NAME, COL_POINTS, COL_COUNT, COL_SUBTOTAL, COL_PLACED, COL_FIGURES = range(6)
TYPE_ROLE = Qt.UserRole
MAX_COUNT = 999


def _figures(unit_type) -> int | None:
    """Figures in a unit of the type, for games whose stats count them (Action Dice)."""
    stats = unit_type.stats
    figures = stats.get("figures") if isinstance(stats, dict) else None
    return figures if isinstance(figures, int) and not isinstance(figures, bool) else None


class CountEditor(QWidget):
    """− [n] + for one unit type; `changed(n)` fires once per deliberate change."""
    changed = Signal(int)

    def __init__(self, parent=None) -> None:
        super().__init__(parent)
        row = QHBoxLayout(self)
        row.setContentsMargins(2, 0, 2, 0)
        row.setSpacing(2)
        self.minus = QToolButton()
        self.minus.setText("−")
        self.minus.setAutoRaise(True)
        self.minus.setToolTip("One unit fewer")
        self.spin = QSpinBox()
        self.spin.setRange(0, MAX_COUNT)
        self.spin.setKeyboardTracking(False)      # typing "12" is one change, not "1" then "12"
        self.spin.setAlignment(Qt.AlignRight)
        self.spin.setButtonSymbols(QSpinBox.NoButtons)
        self.spin.setMinimumWidth(32)
        self.plus = QToolButton()
        self.plus.setText("+")
        self.plus.setAutoRaise(True)
        self.plus.setToolTip("One unit more")
        for w in (self.minus, self.spin, self.plus):
            row.addWidget(w)
        self.minus.clicked.connect(lambda: self.spin.setValue(self.spin.value() - 1))
        self.plus.clicked.connect(lambda: self.spin.setValue(self.spin.value() + 1))
        self.spin.valueChanged.connect(self.changed)

    def show_count(self, count: TypeCount) -> None:
        """The model's numbers, without echoing them back as a change."""
        self.spin.blockSignals(True)
        self.spin.setMinimum(count.placed)
        self.spin.setValue(count.total)
        self.spin.blockSignals(False)
        self.minus.setEnabled(count.total > count.placed)
        self.spin.setToolTip(f"{count.total} units: {count.placed} on the map, {count.reserve} "
                             "still to place" + (f"\nUnits on the map cannot be counted away: "
                                                 f"take them off the map first" if count.placed
                                                 else ""))


class CountTable(QTableWidget):
    countChanged = Signal(str, int)        # type id, new count
    typeSelected = Signal(str)             # type id of the current row ("" for none)

    def __init__(self, parent=None) -> None:
        super().__init__(0, len(COLUMNS), parent)
        self.setHorizontalHeaderLabels(COLUMNS)
        for col, tip in enumerate(HEADER_TIPS):
            self.horizontalHeaderItem(col).setToolTip(tip)
        # A long name wraps onto a second line rather than losing its end ("Lieut…").
        self.setWordWrap(True)
        self.setTextElideMode(Qt.ElideNone)
        self.setEditTriggers(QAbstractItemView.NoEditTriggers)
        self.setSelectionBehavior(QAbstractItemView.SelectRows)
        self.setSelectionMode(QAbstractItemView.SingleSelection)
        self.setAlternatingRowColors(True)
        self.verticalHeader().setVisible(False)
        header = self.horizontalHeader()
        header.setSectionResizeMode(COL_NAME, QHeaderView.Stretch)
        for col in (COL_FIGURES, COL_POINTS, COL_COUNT, COL_SUBTOTAL, COL_PLACED):
            header.setSectionResizeMode(col, QHeaderView.ResizeToContents)
        self.editors: dict[str, CountEditor] = {}
        self.type_ids: list[str] = []
        self.figures: dict[str, int] = {}
        self.setColumnHidden(COL_FIGURES, True)
        self.currentCellChanged.connect(self._row_changed)

    def set_list(self, army_list: ArmyList | None, costs: ListCosts) -> None:
        """One row per unit type of the list (counts come with `show_counts`)."""
        current = self.current_type()
        self.editors.clear()
        self.blockSignals(True)
        self.setRowCount(0)
        self.type_ids = [u.id for u in army_list.units] if army_list is not None else []
        self.figures = {u.id: n for u in (army_list.units if army_list is not None else [])
                        if (n := _figures(u)) is not None}
        self.setColumnHidden(COL_FIGURES, not self.figures)
        self.setRowCount(len(self.type_ids))
        for row, unit in enumerate(army_list.units if army_list is not None else []):
            name = QTableWidgetItem(unit.name)
            name.setData(TYPE_ROLE, unit.id)
            name.setToolTip(f"{unit.id}" + (f" — {', '.join(unit.tags)}" if unit.tags else ""))
            self.setItem(row, COL_NAME, name)
            cost = costs.cost(unit.id)
            points = QTableWidgetItem("?" if cost is None else format_number(cost))
            points.setTextAlignment(Qt.AlignRight | Qt.AlignVCenter)
            if cost is None:
                points.setToolTip(costs.problems.get(unit.id, "unknown cost"))
            self.setItem(row, COL_POINTS, points)
            for col in (COL_FIGURES, COL_SUBTOTAL, COL_PLACED):
                item = QTableWidgetItem("")
                item.setTextAlignment(Qt.AlignRight | Qt.AlignVCenter)
                self.setItem(row, col, item)
            editor = CountEditor()
            editor.changed.connect(lambda n, t=unit.id: self.countChanged.emit(t, n))
            self.setCellWidget(row, COL_COUNT, editor)
            self.editors[unit.id] = editor
            if unit.id in self.figures:
                self.item(row, COL_FIGURES).setText(str(self.figures[unit.id]))
        self.blockSignals(False)
        if current in self.type_ids:
            self.select_type(current)
        self.resizeRowsToContents()

    def show_counts(self, counts: dict[str, TypeCount], costs: ListCosts) -> None:
        for row, type_id in enumerate(self.type_ids):
            count = counts.get(type_id, TypeCount())
            self.editors[type_id].show_count(count)
            cost = costs.cost(type_id)
            subtotal = "" if not count.total else (
                "?" if cost is None else format_number(cost * count.total))
            self.item(row, COL_SUBTOTAL).setText(subtotal)
            self.item(row, COL_PLACED).setText(str(count.placed) if count.placed else "")
            if type_id in self.figures:
                each = self.figures[type_id]
                self.item(row, COL_FIGURES).setToolTip(
                    f"{each} figure{'s' if each != 1 else ''} a unit; {each * count.total} in "
                    f"the {count.total} unit{'s' if count.total != 1 else ''} counted")
            bold = count.total > 0
            font = self.item(row, COL_NAME).font()
            font.setBold(bold)
            self.item(row, COL_NAME).setFont(font)

    def full_height(self) -> int:
        """Pixels the table needs to show every row without scrolling."""
        rows = sum(self.rowHeight(r) for r in range(self.rowCount()))
        return rows + self.horizontalHeader().height() + 2 * self.frameWidth() + 2

    def resizeEvent(self, event) -> None:  # noqa: N802 (Qt's name)
        super().resizeEvent(event)
        self.resizeRowsToContents()        # the name column's width sets the wrapped rows

    def current_type(self) -> str:
        row = self.currentRow()
        return self.type_ids[row] if 0 <= row < len(self.type_ids) else ""

    def select_type(self, type_id: str) -> None:
        if type_id in self.type_ids:
            self.setCurrentCell(self.type_ids.index(type_id), COL_NAME)

    def _row_changed(self, row: int, *_args) -> None:
        self.typeSelected.emit(self.type_ids[row] if 0 <= row < len(self.type_ids) else "")

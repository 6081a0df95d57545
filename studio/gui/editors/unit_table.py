"""The army-list editor's table of unit types: a QAbstractTableModel over the list being
edited.

Each cell shows its value as short text and is edited in place; what is typed goes through
`studio.armies.cell_values`, and a bad value is refused with the reason (the editor shows it
in the status bar) instead of reaching the list. Stats a unit leaves to the list's defaults
show the default in brackets, greyed. The points column is the list's formula at work (its
tooltip is the working); "Override" sets the unit's own points. Rows reorder by dragging
(`row_table_view.RowTableView`).
"""
from __future__ import annotations

from typing import Any, Callable

from PySide6.QtCore import QAbstractTableModel, QModelIndex, Qt
from PySide6.QtGui import QColor

from studio.armies.cell_values import (format_attack, format_ids, format_number, parse_attack,
                                       parse_id, parse_ids, parse_name, parse_number)
from studio.model import ArmyList, UnitType
from studio.points import PointsError, formula_breakdown, unit_points


DEFAULT_INK = QColor("#8a8a8a")
PROBLEM_INK = QColor("#b3261e")


def _stat_setter(name: str, *, minimum: float | None = None, integer: bool = True):
    def set_(unit: UnitType, text: str, _lst: ArmyList) -> None:
        setattr(unit, name, parse_number(text, name, minimum=minimum, integer=integer))
    return set_


def _set_id(unit: UnitType, text: str, lst: ArmyList) -> None:
    new = parse_id(text, "unit id")
    if new == unit.id:
        return
    if any(u.id == new for u in lst.units):
        raise ValueError(f"unit id {new!r} is already used by another unit type of this list; "
                         "ids must be unique")
    rename_unit(lst, unit.id, new)
    unit.id = new


def rename_unit(lst: ArmyList, old: str, new: str) -> None:
    """Follow a unit type's new id in the selectors of compositions and special rules."""
    selectors = [r.selector for c in lst.compositions for r in c.rules]
    selectors += [r.applies_to for r in lst.special_rules if r.applies_to is not None]
    for s in selectors:
        s.units = [new if u == old else u for u in s.units]


def _set_name(unit: UnitType, text: str, _lst: ArmyList) -> None:
    unit.name = parse_name(text, "unit name")


def _set_tags(unit: UnitType, text: str, _lst: ArmyList) -> None:
    unit.tags = parse_ids(text, "tag")


def _set_attack(unit: UnitType, text: str, _lst: ArmyList) -> None:
    unit.attack = parse_attack(text)


def _set_override(unit: UnitType, text: str, _lst: ArmyList) -> None:
    unit.points = parse_number(text, "points", minimum=0)


def _set_notes(unit: UnitType, text: str, _lst: ArmyList) -> None:
    unit.notes = text.strip()


# key, title, tooltip, setter (None: not edited in place)
COLUMNS: list[tuple[str, str, str, Callable | None]] = [
    ("id", "ID", "kebab-case id, unique in the list", _set_id),
    ("name", "Name", "the name shown on counters and cards", _set_name),
    ("tags", "Tags", "kebab-case words separated by commas (infantry, cavalry, missile...)",
     _set_tags),
    ("move", "Move", "movement points, a number ≥ 0; empty: the list default",
     _stat_setter("move", minimum=0, integer=False)),
    ("flying", "Fly", "moves as a flyer (F)", None),
    ("range", "Range", "hexes, a whole number ≥ 0; empty: the list default (else 1)",
     _stat_setter("range", minimum=0)),
    ("attack", "Attack", "7 (every distance), 7/2 (melee/ranged), or bands 1:7, 2-5:3, 6+:-",
     _set_attack),
    ("defense", "Defense", "a whole number; empty: the list default", _stat_setter("defense")),
    ("morale", "Morale", "a whole number; empty: the list default", _stat_setter("morale")),
    ("hits", "Hits", "hits to destroy, a whole number ≥ 1; empty: the list default (else 1)",
     _stat_setter("hits", minimum=1)),
    ("points", "Points", "the cost from the list's formula (or the override); hover for the "
     "working", None),
    ("override", "Override", "the unit's own cost, overriding the formula; empty: use the "
     "formula", _set_override),
    ("abilities", "Abilities", "double-click to edit the abilities", None),
    ("notes", "Notes", "free text", _set_notes),
]
KEYS = [c[0] for c in COLUMNS]
COL = {key: i for i, key in enumerate(KEYS)}
DEFAULTED = ("move", "range", "defense", "morale", "hits")


class UnitTableModel(QAbstractTableModel):
    """Rows are `editor.model.units`; edits go through `editor.edit` (one undo step each)."""

    def __init__(self, editor) -> None:
        super().__init__(editor)
        self.editor = editor
        self._rows = len(self.units())
        editor.modelChanged.connect(self.refresh)

    def units(self) -> list[UnitType]:
        return self.editor.model.units

    def refresh(self) -> None:
        rows = len(self.units())
        if rows != self._rows:
            self.beginResetModel()
            self._rows = rows
            self.endResetModel()
        elif rows:
            self.dataChanged.emit(self.index(0, 0), self.index(rows - 1, len(COLUMNS) - 1))

    # -- reading -------------------------------------------------------------------------

    def rowCount(self, parent=QModelIndex()) -> int:  # noqa: N802 (Qt's name)
        return 0 if parent.isValid() else self._rows

    def columnCount(self, parent=QModelIndex()) -> int:  # noqa: N802 (Qt's name)
        return 0 if parent.isValid() else len(COLUMNS)

    def headerData(self, section: int, orientation, role=Qt.DisplayRole) -> Any:  # noqa: N802
        if orientation == Qt.Horizontal:
            if role == Qt.DisplayRole:
                return COLUMNS[section][1]
            if role == Qt.ToolTipRole:
                return COLUMNS[section][2]
        elif role == Qt.DisplayRole:
            return str(section + 1)
        return None

    def _points(self, unit: UnitType) -> tuple[str, str, bool]:
        try:
            value = unit_points(self.editor.model, unit, self.editor.library)
            return format_number(value), formula_breakdown(self.editor.model, unit,
                                                           self.editor.library), True
        except PointsError as err:
            return "?", str(err), False

    def data(self, index: QModelIndex, role=Qt.DisplayRole) -> Any:
        if not index.isValid() or index.row() >= len(self.units()):
            return None
        unit = self.units()[index.row()]
        key = KEYS[index.column()]
        lst: ArmyList = self.editor.model
        if key == "flying":
            return (Qt.Checked if unit.flying else Qt.Unchecked) if role == Qt.CheckStateRole else None
        if role in (Qt.DisplayRole, Qt.EditRole):
            return self._text(unit, key, lst, role == Qt.EditRole)
        if role == Qt.ForegroundRole:
            if key in DEFAULTED and getattr(unit, key) is None:
                return DEFAULT_INK
            if key == "points":
                return None if self._points(unit)[2] else PROBLEM_INK
        if role == Qt.ToolTipRole:
            if key == "points":
                return self._points(unit)[1]
            if key == "abilities" and lst.effective_abilities(unit):
                return "\n".join(a.name for a in lst.effective_abilities(unit))
            return COLUMNS[index.column()][2]
        if role == Qt.TextAlignmentRole and key in DEFAULTED + ("points", "override"):
            return int(Qt.AlignRight | Qt.AlignVCenter)
        return None

    def _text(self, unit: UnitType, key: str, lst: ArmyList, editing: bool) -> str:
        if key in ("id", "name", "notes"):
            return getattr(unit, key)
        if key == "tags":
            return format_ids(unit.tags)
        if key in DEFAULTED:
            value = getattr(unit, key)
            if value is not None or editing:
                return format_number(value)
            default = lst.stat(unit, key)
            return f"({format_number(default)})" if default is not None else "–"
        if key == "attack":
            return format_attack(unit.attack)
        if key == "points":
            return self._points(unit)[0]
        if key == "override":
            return format_number(unit.points)
        if key == "abilities":
            return ", ".join(a.name for a in unit.abilities)
        return ""

    def flags(self, index: QModelIndex):
        base = super().flags(index)
        if not index.isValid():
            return base | Qt.ItemIsDropEnabled
        base |= Qt.ItemIsDragEnabled | Qt.ItemIsDropEnabled
        if self.editor.read_only:
            return base
        setter = COLUMNS[index.column()][3]
        if KEYS[index.column()] == "flying":
            base |= Qt.ItemIsUserCheckable
        elif setter is not None:
            base |= Qt.ItemIsEditable
        return base

    # -- editing -------------------------------------------------------------------------

    def setData(self, index: QModelIndex, value: Any, role=Qt.EditRole) -> bool:  # noqa: N802
        if not index.isValid():
            return False
        row, key = index.row(), KEYS[index.column()]
        unit = self.units()[row]
        if key == "flying" and role == Qt.CheckStateRole:
            on = value in (Qt.Checked, Qt.Checked.value, 2, True)

            def fly(lst: ArmyList) -> None:
                lst.units[row].flying = on
            return self.editor.edit(f"{unit.name}: {'flying' if on else 'not flying'}", fly)
        setter = COLUMNS[index.column()][3]
        if role != Qt.EditRole or setter is None:
            return False
        text = "" if value is None else str(value)

        def change(lst: ArmyList) -> None:
            setter(lst.units[row], text, lst)
        return self.editor.edit(f"{unit.name}: {COLUMNS[index.column()][1].lower()} {text}",
                                change)

    def supportedDropActions(self):  # noqa: N802 (Qt's name)
        return Qt.MoveAction | Qt.CopyAction

    def supportedDragActions(self):  # noqa: N802 (Qt's name)
        return Qt.MoveAction | Qt.CopyAction

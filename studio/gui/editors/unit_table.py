"""The army-list editor's table of unit types: a QAbstractTableModel over the list being
edited.

Each cell shows its value as short text and is edited in place; what is typed goes through
`studio.armies.cell_values`, and a bad value is refused with the reason (the editor shows it
in the status bar) instead of reaching the list. Stats a unit leaves to the list's defaults
show the default in brackets, greyed. The points column is the list's formula at work (its
tooltip is the working); "Override" sets the unit's own points. Rows reorder by dragging
(`row_table_view.RowTableView`).

The stat columns are the game's: a list of a game that declares its own
(`editor.stat_columns` of its ruleset: Quick and Dirty's strength parts, Action Dice's dice,
Fight, Shoot...) gets those between its tags and its points (`studio.armies.stat_cells`);
the others get move, range, attack, defense, morale and hits.
"""
from __future__ import annotations

from typing import Any

from PySide6.QtCore import Qt
from PySide6.QtGui import QColor

from studio.armies.cell_values import (format_attack, format_ids, format_number, parse_attack,
                                       parse_id, parse_ids, parse_name, parse_number)
from studio.armies.stat_cells import set_stat, stat_text
from studio.engine.contract import StatColumn
from studio.rulesets import rules_named, system_of
from studio.model import ArmyList, UnitType
from studio.armies.points import PointsError, formula_breakdown, unit_points

from .item_table_model import Column, ItemTableModel


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


COLUMNS: list[Column] = [
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
# the columns every list has, around a game's own stat columns
SHARED_HEAD, SHARED_TAIL = ("id", "name", "tags"), ("points", "override", "abilities", "notes")


def game_stat_columns(army_list: ArmyList, library: Any) -> tuple[StatColumn, ...]:
    """The stat columns the list's game declares (none: the shared unit stats)."""
    try:
        ruleset = library.ruleset(army_list.ruleset) if library is not None else None
    except (KeyError, LookupError):
        ruleset = None
    try:
        return rules_named(system_of(ruleset) if ruleset is not None else None
                           ).editor.stat_columns
    except ValueError:                   # an unknown game: its problem is reported elsewhere
        return ()


def _stat_column(stat: StatColumn) -> Column:
    def set_(unit: UnitType, text: str, _lst: ArmyList) -> None:
        set_stat(unit, stat, text)
    return (stat.key, stat.title, stat.tooltip or stat.title,
            None if stat.kind == "bool" else set_)


def columns_for(stats: tuple[StatColumn, ...]) -> list[Column]:
    if not stats:
        return COLUMNS
    shared = {c[0]: c for c in COLUMNS}
    return ([shared[k] for k in SHARED_HEAD] + [_stat_column(s) for s in stats]
            + [shared[k] for k in SHARED_TAIL])


class UnitTableModel(ItemTableModel):
    """Rows are `editor.model.units`; edits go through `editor.edit` (one undo step each)."""

    items_field = "units"
    columns = COLUMNS
    check_key = "flying"

    def __init__(self, editor) -> None:
        self.stats = {s.key: s for s in game_stat_columns(editor.model, editor.library)}
        self.columns = columns_for(tuple(self.stats.values()))
        bools = [s.key for s in self.stats.values() if s.kind == "bool"]
        if self.stats:
            self.check_key = bools[0] if bools else ""
        super().__init__(editor)

    def column_of(self, key: str) -> int:
        return self.keys.index(key)

    def _points(self, unit: UnitType) -> tuple[str, str, bool]:
        try:
            value = unit_points(self.editor.model, unit, self.editor.library)
            return format_number(value), formula_breakdown(self.editor.model, unit,
                                                           self.editor.library), True
        except PointsError as err:
            return "?", str(err), False

    def cell(self, unit: UnitType, key: str, column: int, role) -> Any:
        lst: ArmyList = self.editor.model
        if key in self.stats:
            if role in (Qt.DisplayRole, Qt.EditRole):
                return stat_text(unit, self.stats[key])
            if role == Qt.ToolTipRole:
                return self.columns[column][2]
            return None
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
            return self.columns[column][2]
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

    def check_words(self, unit: UnitType, on: bool) -> str:
        return f"{unit.name}: {'flying' if on else 'not flying'}"

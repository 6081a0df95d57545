"""A game's own unit stats as table cells: the army-list editor shows and edits the stat
columns a ruleset declares (`editor.stat_columns`: Quick and Dirty's strength parts,
Action Dice's dice, Fight, Shoot...) as short text, and what is typed goes back into the
unit type, or is refused with what to type.

>>> from studio.engine.contract import StatColumn
>>> from studio.model import UnitType
>>> unit = UnitType("footmen", "Footmen", stats={"equipment": {"sword": 1}})
>>> gear = StatColumn("equipment", "Equipment", "map")
>>> set_stat(unit, gear, "sword 1, armor 1"); stat_text(unit, gear)
'sword 1, armor 1'
>>> set_stat(unit, StatColumn("enhancements", "Enhancements", "map"), "hatred 1/+1")
>>> unit.stats["enhancements"]
{'hatred': {'cost': 1, 'attack': 1}}
>>> set_stat(unit, StatColumn("type_value", "Type value"), "x")
Traceback (most recent call last):
...
ValueError: Type value must be a whole number, not 'x'
"""
from __future__ import annotations

import re
from typing import Any

from studio.engine.contract import StatColumn
from studio.model import UnitType

from .cell_values import format_ids, format_number, is_none, parse_ids, parse_number

_PAIR = re.compile(r"^(?P<name>[\w-]+)\s+(?P<cost>-?\d+(?:\.\d+)?)"
                   r"(?:\s*/\s*\+?(?P<attack>-?\d+))?$")
_DICE = re.compile(r"^[1-9]\d?d\d+$")


def stat_value(unit: UnitType, column: StatColumn) -> Any:
    if column.where == "unit":
        return getattr(unit, column.key)
    return (unit.stats or {}).get(column.key)


def stat_text(unit: UnitType, column: StatColumn) -> str:
    """The value as its cell shows it (empty when the unit has none)."""
    value = stat_value(unit, column)
    if value is None:
        return ""
    if column.kind == "map" and isinstance(value, dict):
        return ", ".join(f"{name} {_entry_text(v)}" for name, v in value.items())
    if column.kind == "list" and isinstance(value, list):
        return format_ids(str(v) for v in value)
    if isinstance(value, (int, float)) and not isinstance(value, bool):
        return format_number(value)
    return str(value)


def _entry_text(value: Any) -> str:
    if isinstance(value, dict):
        attack = value.get("attack")
        return format_number(value.get("cost", 0)) + (f"/+{attack}" if attack else "")
    return format_number(value)


def parse_stat(column: StatColumn, text: str) -> Any:
    """The value typed into a cell of `column` (None: the unit has none); ValueError says
    what to type."""
    raw = text.strip()
    if is_none(raw):
        return None
    if column.kind == "int":
        return parse_number(raw, column.title, integer=True)
    if column.kind == "choice":
        if raw not in column.choices:
            raise ValueError(f"{column.title} must be one of {', '.join(column.choices)}, "
                             f"not {raw!r}")
        return raw
    if column.kind == "dice":
        if not _DICE.match(raw):
            raise ValueError(f"{column.title} must be dice like 1d6 or 2d8, not {raw!r}")
        return raw
    if column.kind == "list":
        return parse_ids(raw, column.title.lower())
    if column.kind == "map":
        return _parse_map(column, raw)
    return raw


def _parse_map(column: StatColumn, raw: str) -> dict:
    out: dict = {}
    for part in (p.strip() for p in raw.split(",")):
        if not part:
            continue
        found = _PAIR.match(part)
        if found is None:
            raise ValueError(f"{column.title}: write each as a name and a number, e.g. "
                             f"'spear 1, armor 1' (an attack bonus after a slash: "
                             f"'hatred 1/+1'), not {part!r}")
        cost = float(found["cost"])
        value: Any = int(cost) if cost.is_integer() else cost
        if found["attack"] is not None:
            value = {"cost": value, "attack": int(found["attack"])}
        out[found["name"]] = value
    return out


def set_stat(unit: UnitType, column: StatColumn, text: str) -> None:
    """Put what was typed into `unit` (ValueError refuses it with the reason)."""
    value = parse_stat(column, text)
    if column.where == "unit":
        setattr(unit, column.key, value)
        return
    stats = dict(unit.stats or {})
    if value is None:
        stats.pop(column.key, None)
    else:
        stats[column.key] = value
    unit.stats = stats

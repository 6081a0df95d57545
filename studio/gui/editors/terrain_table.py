"""The terrain-set editor's table of terrain types, edited in place; a bad value is refused
with the reason (symbol taken, MP not a cost, colour not #rrggbb...). The first column shows
each terrain as the map will draw it."""
from __future__ import annotations

from typing import Any, Callable

from PySide6.QtCore import Qt
from PySide6.QtGui import QColor, QPixmap
from PySide6.QtWidgets import QComboBox, QStyledItemDelegate

from studio.armies.cell_values import (format_ids, format_mp, format_number, parse_colour,
                                       parse_extra_mp, parse_id, parse_ids, parse_mp, parse_name,
                                       parse_number, parse_symbol)
from studio.model import TerrainSet, TerrainType

from ..mapview.patterns import PATTERNS
from .item_table_model import Column, ItemTableModel
from .terrain_swatch import terrain_swatch

SWATCH_RADIUS = 13.0


def _set_id(t: TerrainType, text: str, ts: TerrainSet) -> None:
    new = parse_id(text, "terrain id")
    if new != t.id and any(o.id == new for o in ts.terrain):
        raise ValueError(f"terrain id {new!r} is already used in this set; ids must be unique")
    t.id = new


def _set_symbol(t: TerrainType, text: str, ts: TerrainSet) -> None:
    t.symbol = parse_symbol(text, [o.symbol for o in ts.terrain if o is not t])


def _set_pattern(t: TerrainType, text: str, _ts: TerrainSet) -> None:
    raw = text.strip().lower()
    if raw in ("", "(none)"):
        t.pattern = None
    elif raw in PATTERNS:
        t.pattern = raw
    else:
        raise ValueError(f"pattern {text.strip()!r} is unknown: use one of {', '.join(PATTERNS)}")


def _int(name: str, label: str, *, minimum: int | None = None, zero_default: bool = False):
    def set_(t: TerrainType, text: str, _ts: TerrainSet) -> None:
        value = parse_number(text, label, minimum=minimum, integer=True)
        setattr(t, name, 0 if value is None and zero_default else value)
    return set_


def _simple(name: str, parse: Callable[[str], Any]):
    def set_(t: TerrainType, text: str, _ts: TerrainSet) -> None:
        setattr(t, name, parse(text))
    return set_


COLUMNS: list[Column] = [
    ("preview", "Map", "the terrain as the map draws it", None),
    ("id", "ID", "kebab-case id, unique in the set", _set_id),
    ("name", "Name", "the name shown in palettes and on the playsheet",
     _simple("name", lambda s: parse_name(s, "terrain name"))),
    ("symbol", "Symbol", "one character, unique in the set, not a space or '#'; maps store "
     "terrain by it, so changing it changes what existing maps show", _set_symbol),
    ("colour", "Colour", "#rrggbb; or use Pick colour…", _simple("colour", parse_colour)),
    ("pattern", "Pattern", "a texture that tells similar colours apart: " + ", ".join(PATTERNS),
     _set_pattern),
    ("mp", "MP", "movement points to enter: a number, a fraction like 1/2, or impassable",
     _simple("mp", parse_mp)),
    ("defense", "Defense", "bonus (or penalty) to the defense of a unit in the hex",
     _int("defense", "defense", zero_default=True)),
    ("ranged_defense", "Ranged def.", "defense bonus against attacks from 2+ hexes; empty: "
     "same as Defense", _int("ranged_defense", "ranged defense")),
    ("attack_modifier", "Attack mod.", "added to attacks made from the hex",
     _int("attack_modifier", "attack modifier", zero_default=True)),
    ("save", "Save", "WWII terrain save (a roll strictly below it prevents the hit); empty: none",
     _int("save", "save", minimum=1)),
    ("blocks_los", "Blocks sight", "the hex blocks line of sight", None),
    ("forbidden_tags", "Forbidden tags", "unit tags that may not enter",
     _simple("forbidden_tags", lambda s: parse_ids(s, "forbidden tag"))),
    ("tags", "Tags", "terrain tags such as water (abilities refer to them)",
     _simple("tags", lambda s: parse_ids(s, "tag"))),
    ("destructible_hits", "Destructible", "impassable until it has taken this many hits",
     _int("destructible_hits", "destructible hits", minimum=1)),
    ("entry_attack", "Entry attack", "an attack of this strength on every unit entering",
     _int("entry_attack", "entry attack", minimum=1)),
    ("uphill_extra_mp", "Uphill MP", "extra MP to enter it uphill, overriding the set's "
     "elevation rule; empty: the set's rule",
     _simple("uphill_extra_mp", lambda s: parse_extra_mp(s, "uphill MP"))),
    ("notes", "Notes", "free text", _simple("notes", lambda s: s.strip())),
]
KEYS = [c[0] for c in COLUMNS]
COL = {key: i for i, key in enumerate(KEYS)}


def _text(t: TerrainType, key: str) -> str:
    value = getattr(t, key)
    if key == "mp":
        return format_mp(value)
    if key in ("forbidden_tags", "tags"):
        return format_ids(value)
    if key == "pattern":
        return value or ""
    if key in ("id", "name", "symbol", "colour", "notes"):
        return value
    return format_number(value)


class TerrainTableModel(ItemTableModel):
    items_field = "terrain"
    columns = COLUMNS
    check_key = "blocks_los"

    def __init__(self, editor) -> None:
        super().__init__(editor)
        self._swatches: dict[tuple, QPixmap] = {}

    def swatch(self, t: TerrainType) -> QPixmap:
        key = (t.symbol, t.colour, t.pattern)
        pix = self._swatches.get(key)
        if pix is None:
            pix = self._swatches[key] = terrain_swatch(t, SWATCH_RADIUS)
        return pix

    def cell(self, t: TerrainType, key: str, column: int, role) -> Any:
        if key == "preview":
            if role == Qt.DecorationRole:
                return self.swatch(t)
            if role == Qt.ToolTipRole:
                return f"{t.name} as the map draws it"
            return None
        if role in (Qt.DisplayRole, Qt.EditRole):
            return _text(t, key)
        if role == Qt.DecorationRole and key == "colour":
            pix = QPixmap(14, 14)
            pix.fill(QColor(t.colour) if QColor(t.colour).isValid() else QColor("magenta"))
            return pix
        if role == Qt.ToolTipRole:
            return COLUMNS[column][2]
        if role == Qt.TextAlignmentRole and key == "symbol":
            return int(Qt.AlignCenter)
        return None

    def check_words(self, t: TerrainType, on: bool) -> str:
        return f"{t.name}: {'blocks' if on else 'does not block'} sight"


class PatternDelegate(QStyledItemDelegate):
    """A combo box of the known patterns for the pattern column."""

    def createEditor(self, parent, option, index):  # noqa: N802 (Qt's name)
        combo = QComboBox(parent)
        combo.addItem("(none)", "")
        for name in PATTERNS:
            if name != "none":
                combo.addItem(name, name)
        return combo

    def setEditorData(self, editor, index) -> None:  # noqa: N802 (Qt's name)
        i = editor.findData(index.data(Qt.EditRole) or "")
        editor.setCurrentIndex(max(0, i))

    def setModelData(self, editor, model, index) -> None:  # noqa: N802 (Qt's name)
        model.setData(index, editor.currentData(), Qt.EditRole)

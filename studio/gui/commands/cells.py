"""Edits of terrain symbols and elevation digits, hex by hex."""
from __future__ import annotations

from typing import Mapping

from studio.edit.cells import ensure_elevation, set_elevations, set_symbols
from studio.hexgrid import Hex

from ..wording import hex_count
from .base import MERGE_ELEVATION, MERGE_PAINT, DocumentCommand, StrokeMixin


class CellEdit(StrokeMixin, DocumentCommand):
    """New and previous symbols/elevations of some hexes; redo writes one, undo the other."""

    def __init__(self, doc, text: str, symbols: Mapping[Hex, str] | None = None,
                 elevations: Mapping[Hex, int] | None = None, stroke: object | None = None) -> None:
        super().__init__(doc, text)
        self.stroke = stroke
        self.new_symbols = dict(symbols or {})
        self.old_symbols = {h: doc.symbol_at(h) for h in self.new_symbols}
        self.new_elevations = dict(elevations or {})
        self.old_elevations = {h: doc.elevation_at(h) for h in self.new_elevations}
        self.had_elevation = doc.model.map.elevation is not None

    def hexes(self) -> list[Hex]:
        return list(dict.fromkeys([*self.new_symbols, *self.new_elevations]))

    def redo(self) -> None:
        m, g = self.doc.model.map, self.doc.geometry
        if self.new_symbols:
            set_symbols(m, g, self.new_symbols)
        if self.new_elevations:
            ensure_elevation(m)
            set_elevations(m, g, self.new_elevations)
        self.doc.changed.emit(self.hexes())

    def undo(self) -> None:
        m, g = self.doc.model.map, self.doc.geometry
        if self.old_symbols:
            set_symbols(m, g, self.old_symbols)
        if self.old_elevations:
            if self.had_elevation:
                set_elevations(m, g, self.old_elevations)
            else:
                m.elevation = None
        self.doc.changed.emit(self.hexes())

    def _absorb(self, other: "CellEdit") -> None:
        for h, s in other.new_symbols.items():
            self.old_symbols.setdefault(h, other.old_symbols[h])
            self.new_symbols[h] = s
        for h, e in other.new_elevations.items():
            self.old_elevations.setdefault(h, other.old_elevations[h])
            self.new_elevations[h] = e


class PaintTerrain(CellEdit):
    merge_id = MERGE_PAINT

    def __init__(self, doc, symbols: Mapping[Hex, str], stroke: object | None = None) -> None:
        name = doc.terrain_name(next(iter(symbols.values()))) if symbols else ""
        super().__init__(doc, f"Paint {name}".strip(), symbols=symbols, stroke=stroke)


# Beyond this many hexes an edit tells the views "the whole map" (changed(None)) rather
# than listing every hex: listing 40,000 hexes costs more than repainting them all.
HEX_LIST_LIMIT = 2000


class FloodFill(DocumentCommand):
    """A fill: the map's terrain rows before and after, swapped by undo and redo, so even a
    whole 200x200 map fills and unfills in a few milliseconds. `cells` are row-major cell
    indices (`studio.edit.fill.flood_cells`)."""

    def __init__(self, doc, cells: list[int], symbol: str) -> None:
        super().__init__(doc, f"Fill with {doc.terrain_name(symbol)} ({hex_count(len(cells))})")
        self.symbol = symbol
        self.cells = cells
        m = doc.model.map
        self.old_rows = list(m.terrain)
        grid = [list(row) for row in m.terrain]
        cols = m.columns
        for i in cells:
            grid[i // cols][i % cols] = symbol
        self.new_rows = ["".join(row) for row in grid]

    @property
    def count(self) -> int:
        return len(self.cells)

    def hexes(self) -> list[Hex]:
        cols, to_hex = self.doc.model.map.columns, self.doc.geometry.to_hex
        return [to_hex(i % cols + 1, i // cols + 1) for i in self.cells]

    @property
    def new_symbols(self) -> dict[Hex, str]:
        return {h: self.symbol for h in self.hexes()}

    def _show(self, rows: list[str]) -> None:
        self.doc.model.map.terrain[:] = rows
        self.doc.changed.emit(self.hexes() if self.count <= HEX_LIST_LIMIT else None)

    def redo(self) -> None:
        self._show(self.new_rows)

    def undo(self) -> None:
        self._show(self.old_rows)


class SetElevation(CellEdit):
    merge_id = MERGE_ELEVATION

    def __init__(self, doc, elevations: Mapping[Hex, int], mode: str,
                 stroke: object | None = None) -> None:
        super().__init__(doc, f"Elevation: {mode}", elevations=elevations, stroke=stroke)
        self.mode = mode

    def _can_absorb(self, other) -> bool:
        return other.mode == self.mode


class PasteRegion(CellEdit):
    def __init__(self, doc, symbols: Mapping[Hex, str], elevations: Mapping[Hex, int],
                 rotation: int = 0) -> None:
        turn = f", turned {(rotation % 6) * 60}°" if rotation % 6 else ""
        super().__init__(doc, f"Paste {hex_count(len(symbols))}{turn}", symbols=symbols,
                         elevations=elevations)

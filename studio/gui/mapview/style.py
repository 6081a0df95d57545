"""What the map shows and in which colours: display options and the terrain palette."""
from __future__ import annotations

import hashlib
from dataclasses import dataclass, fields

from PySide6.QtGui import QBrush, QColor

from studio.model import TerrainSet, TerrainType

from .patterns import PatternBrushes

# Hex radius on screen (device pixels) below which a detail is left out: it would be noise.
LOD_GRID = 5.0
LOD_LABELS = 17.0
LOD_ELEVATION_NUMBERS = 12.0
LOD_CONTOURS = 4.0
LOD_UNIT_TEXT = 9.0
LOD_COUNTER_ART = 44.0      # counters from here on are the printed counter's picture

ELEVATION_TINT = QColor(255, 246, 220)   # higher ground fades towards a warm cream
ELEVATION_KEEP = 0.9                     # each level keeps 90 % of the colour: 1 -> 10 % tint, 9 -> 61 %
CONTOUR_COLOUR = QColor(92, 58, 26, 220)
GRID_COLOUR = QColor(0, 0, 0, 80)
LABEL_COLOUR = QColor(0, 0, 0, 150)
BACKGROUND = QColor(120, 124, 130)
UNKNOWN_SYMBOL = QColor(255, 0, 200)     # a symbol the terrain set lacks: impossible to miss


@dataclass(slots=True)
class MapStyle:
    show_grid: bool = True
    show_labels: bool = False
    show_elevation: bool = False          # elevation digits (shading and contours are always on)
    show_zones: bool = True
    show_objectives: bool = True
    show_units: bool = True

    @classmethod
    def option_names(cls) -> list[str]:
        return [f.name for f in fields(cls)]


def _fallback_colour(symbol: str) -> QColor:
    """A stable pastel per symbol, for maps drawn without their terrain set."""
    h = hashlib.md5(symbol.encode("utf-8")).digest()
    return QColor.fromHsv(h[0] * 360 // 256, 60 + h[1] % 60, 190 + h[2] % 50)


def shade(colour: QColor, elevation: int) -> QColor:
    if elevation <= 0:
        return QColor(colour)
    t = 1.0 - ELEVATION_KEEP ** elevation
    return QColor(
        round(colour.red() + (ELEVATION_TINT.red() - colour.red()) * t),
        round(colour.green() + (ELEVATION_TINT.green() - colour.green()) * t),
        round(colour.blue() + (ELEVATION_TINT.blue() - colour.blue()) * t),
    )


class TerrainPalette:
    """Fill brushes per (symbol, elevation) and pattern brushes for one terrain set."""

    def __init__(self, terrain_set: TerrainSet | None) -> None:
        self.terrain_set = terrain_set
        self.by_symbol: dict[str, TerrainType] = terrain_set.symbol_map() if terrain_set else {}
        self._colours: dict[str, QColor] = {}
        self._fills: dict[tuple[str, int], QBrush] = {}
        self._brushes: dict[tuple[str, float, float], QBrush] = {}
        self.patterns = PatternBrushes()

    def colour(self, symbol: str) -> QColor:
        c = self._colours.get(symbol)
        if c is None:
            t = self.by_symbol.get(symbol)
            if t is not None:
                c = QColor(t.colour)
                if not c.isValid():
                    c = QColor(UNKNOWN_SYMBOL)
            elif self.terrain_set is None:
                c = _fallback_colour(symbol)
            else:
                c = QColor(UNKNOWN_SYMBOL)
            self._colours[symbol] = c
        return c

    def fill(self, symbol: str, elevation: int) -> QBrush:
        key = (symbol, elevation)
        b = self._fills.get(key)
        if b is None:
            b = self._fills[key] = QBrush(shade(self.colour(symbol), elevation))
        return b

    def brush(self, key: str, scale: float, cell: float) -> QBrush:
        """The complete fill of a hex: `key` is its symbol followed by its elevation digit;
        the shaded colour, with the terrain's pattern drawn over it when legible at `scale`
        (device pixels per scene unit; `cell` = pattern repeat in scene units)."""
        k = (key, scale, cell)
        b = self._brushes.get(k)
        if b is None:
            symbol, elevation = key[0], ord(key[1]) - 48
            plain = self.fill(symbol, elevation)
            t = self.by_symbol.get(symbol)
            b = None
            if t is not None and t.pattern:
                b = self.patterns.brush(t.pattern, self.colour(symbol), scale, cell, plain.color())
            b = self._brushes[k] = b if b is not None else plain
        return b

    def pattern(self, symbol: str, scale: float, cell: float) -> QBrush | None:
        """The symbol's pattern brush, `cell` scene units per repeat, or None."""
        t = self.by_symbol.get(symbol)
        if t is None or not t.pattern:
            return None
        return self.patterns.brush(t.pattern, self.colour(symbol), scale, cell)

    def name(self, symbol: str) -> str:
        t = self.by_symbol.get(symbol)
        return t.name if t is not None else f"unknown terrain {symbol!r}"

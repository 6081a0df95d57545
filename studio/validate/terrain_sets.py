"""Terrain sets: each terrain type has its own id and its own one-character map symbol."""
from __future__ import annotations

from typing import Any

from studio.diagnostics import Diagnostic
from studio.model import TerrainSet

from .report import Findings

FORBIDDEN_SYMBOLS = (" ", "#")   # a space vanishes in a map row; '#' starts a YAML comment


def check_terrain_set(doc: Any, library: Any) -> list[Diagnostic]:
    terrain_set = getattr(doc, "model", None)
    if not isinstance(terrain_set, TerrainSet):
        return []
    findings = Findings(doc)
    ids: dict[str, int] = {}
    symbols: dict[str, int] = {}
    for i, terrain in enumerate(terrain_set.terrain):
        subject = f"terrain:{terrain_set.id}/{terrain.id}"
        if terrain.id in ids:
            findings.error(
                "duplicate-terrain-id",
                f"terrain id {terrain.id!r} is used by terrain types {ids[terrain.id] + 1} and "
                f"{i + 1}; give each terrain type its own id",
                ("terrain", i, "id"), subject)
        else:
            ids[terrain.id] = i
        symbol = terrain.symbol
        if not isinstance(symbol, str) or len(symbol) != 1:
            findings.error(
                "bad-terrain-symbol",
                f"terrain {terrain.id!r} has symbol {symbol!r}; a symbol is exactly one "
                "character, e.g. \"f\"",
                ("terrain", i, "symbol"), subject)
            continue
        if symbol in FORBIDDEN_SYMBOLS:
            findings.error(
                "bad-terrain-symbol",
                f"terrain {terrain.id!r} has symbol {symbol!r}, which cannot appear in a map "
                "row (a space is invisible, '#' starts a comment); choose another character",
                ("terrain", i, "symbol"), subject)
        elif symbol in symbols:
            other = terrain_set.terrain[symbols[symbol]].id
            findings.error(
                "duplicate-terrain-symbol",
                f"terrain {terrain.id!r} uses symbol {symbol!r}, already used by {other!r}; "
                "every terrain type needs its own symbol",
                ("terrain", i, "symbol"), subject)
        else:
            symbols[symbol] = i
    return findings.items

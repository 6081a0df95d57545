"""Switching a map to another terrain set: every symbol must map onto one of the new set.

>>> from studio.model import HexMap, TerrainSet, TerrainType
>>> m = HexMap(3, 1, terrain=[".f~"])
>>> new = TerrainSet("t", "T", [TerrainType("open", "Open", ".", "#fff"),
...                             TerrainType("woods", "Woods", "w", "#0a0")])
>>> unmapped_symbols(m, new, {"f": "w"})
['~']
>>> remap_terrain(m.terrain, {"f": "w", "~": "."})
['.w.']
"""
from __future__ import annotations

from typing import Mapping

from studio.model import HexMap, TerrainSet


def used_symbols(hexmap: HexMap) -> list[str]:
    found: set[str] = set()
    for row in hexmap.terrain:
        found.update(row)
    return sorted(found)


def unmapped_symbols(hexmap: HexMap, new_set: TerrainSet, mapping: Mapping[str, str]) -> list[str]:
    """Symbols on the map that the mapping leaves alone and the new set does not know."""
    known = {t.symbol for t in new_set.terrain}
    return [s for s in used_symbols(hexmap) if s not in mapping and s not in known]


def default_mapping(old_set: TerrainSet | None, new_set: TerrainSet) -> dict[str, str]:
    """Symbols of terrain types whose id exists in both sets, mapped onto the new symbol."""
    if old_set is None:
        return {}
    out = {}
    for t in old_set.terrain:
        match = new_set.by_id(t.id)
        if match is not None and match.symbol != t.symbol:
            out[t.symbol] = match.symbol
    return out


def remap_terrain(rows: list[str], mapping: Mapping[str, str]) -> list[str]:
    table = str.maketrans(dict(mapping))
    return [row.translate(table) for row in rows]

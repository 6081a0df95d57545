"""Switching a map to another terrain set: every symbol must map onto one of the new set.

>>> from studio.model import HexMap, TerrainSet, TerrainType
>>> m = HexMap(3, 1, terrain=[".f~"])
>>> new = TerrainSet("t", "T", [TerrainType("open", "Open", ".", "#fff"),
...                             TerrainType("woods", "Woods", "w", "#0a0")])
>>> unmapped_symbols(m, new, {"f": "w"})
['~']
>>> remap_terrain(m.terrain, {"f": "w", "~": "."})
['.w.']

Choosing the mapping for a designer: every symbol the map uses gets a suggestion (same terrain
id, else same name, else the nearest movement cost and defence), and the units the mapping
would leave on terrain they may not stand on are listed before anything changes.

>>> from fractions import Fraction
>>> old = TerrainSet("o", "O", [TerrainType("open", "Open", ".", "#fff"),
...                             TerrainType("copse", "Woods", "f", "#0a0", mp=Fraction(2), defense=1),
...                             TerrainType("lake", "Lake", "~", "#00f", mp=None)])
>>> new.terrain.append(TerrainType("sea", "Sea", "s", "#00f", mp=None))
>>> suggest_mapping(old, new, ".f~")
{'.': '.', 'f': 'w', '~': 's'}
>>> symbol_counts(m)
{'.': 1, 'f': 1, '~': 1}
"""
from __future__ import annotations

import dataclasses
from dataclasses import dataclass
from typing import Callable, Iterable, Mapping

from studio.hexgrid import MapGeometry
from studio.model import HexMap, Scenario, TerrainSet, TerrainType, UnitType

from .placement import check_placement


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


def symbol_counts(hexmap: HexMap) -> dict[str, int]:
    """How many hexes of the map carry each symbol, by symbol."""
    counts: dict[str, int] = {}
    for row in hexmap.terrain:
        for symbol in row:
            counts[symbol] = counts.get(symbol, 0) + 1
    return dict(sorted(counts.items()))


# Passable and impassable terrain are never "close": a suggestion must not strand units.
_IMPASSABLE_GAP = 100.0


# A mine field or a ban on some units is a surprise nobody wants from a suggestion.
_HAZARD_GAP = 3.0
_BAN_GAP = 2.0


def terrain_distance(a: TerrainType, b: TerrainType) -> float:
    """How unlike two terrain types play: movement cost and defence, plus a penalty when
    one attacks units entering it or bans some units and the other does not; impassable and
    passable terrain are far apart."""
    if a.impassable or b.impassable:
        return 0.0 if a.impassable == b.impassable else _IMPASSABLE_GAP
    gap = abs(float(a.mp) - float(b.mp)) + abs(a.defense - b.defense)
    if (a.entry_attack is None) != (b.entry_attack is None):
        gap += _HAZARD_GAP
    if set(a.forbidden_tags) != set(b.forbidden_tags):
        gap += _BAN_GAP
    return gap


def closest_terrain(old: TerrainType, new_set: TerrainSet) -> TerrainType | None:
    """The new set's terrain most like `old`: same id, else same name (ignoring case), else
    the nearest by movement cost and defence (ties: same water tag, same line-of-sight
    blocking, then the set's own order)."""
    if not new_set.terrain:
        return None
    match = new_set.by_id(old.id)
    if match is not None:
        return match
    name = old.name.casefold()
    for t in new_set.terrain:
        if t.name.casefold() == name:
            return t

    def score(t: TerrainType) -> tuple[float, int, int]:
        return (terrain_distance(old, t), int(("water" in t.tags) != ("water" in old.tags)),
                int(t.blocks_los != old.blocks_los))
    return min(new_set.terrain, key=score)


def suggest_mapping(old_set: TerrainSet | None, new_set: TerrainSet,
                    symbols: Iterable[str]) -> dict[str, str]:
    """A new symbol for each of `symbols` (those the map uses). A symbol the old set does not
    describe keeps itself when the new set has it, else takes the new set's first terrain."""
    out: dict[str, str] = {}
    for symbol in symbols:
        old = old_set.by_symbol(symbol) if old_set is not None else None
        match = closest_terrain(old, new_set) if old is not None else None
        if match is None:
            match = new_set.by_symbol(symbol) or (new_set.terrain[0] if new_set.terrain else None)
        if match is not None:
            out[symbol] = match.symbol
    return out


@dataclass(frozen=True, slots=True)
class StrandedUnit:
    """A placed unit the mapping would leave on terrain it may not stand on."""
    side_id: str
    index: int            # in the side's roster
    hex: str              # printed label
    reason: str           # the placement check's refusal, e.g. "0505 is Water: impassable ..."


def stranded_units(scenario: Scenario, geometry: MapGeometry, new_set: TerrainSet,
                   mapping: Mapping[str, str],
                   lookup: Callable[[str, str], UnitType | None]) -> list[StrandedUnit]:
    """Placed units whose hex, translated by `mapping` into `new_set`, refuses them by the
    placement rules (impassable, a forbidden tag, a water-only unit on land)."""
    rows = remap_terrain(scenario.map.terrain, mapping)
    # Only the terrain should judge: a probe without sides has no stacking or zone findings.
    probe = dataclasses.replace(scenario, map=dataclasses.replace(scenario.map, terrain=rows),
                                sides=[])
    out = []
    for side in scenario.sides:
        for index, unit in enumerate(side.army.units):
            if unit.hex is None:
                continue
            try:
                h = geometry.parse_label(unit.hex)
            except ValueError:
                continue
            check = check_placement(probe, geometry, new_set, side.id, unit.type, h, lookup)
            if not check.allowed and geometry.contains(h):
                out.append(StrandedUnit(side.id, index, unit.hex, check.refusal))
    return out

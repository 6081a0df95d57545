"""Mirror matches: the same army on both sides of an open, exactly symmetric map.

A mirror match measures what the AI and the engine add on their own: with identical armies
on a map whose two halves are reflections of each other, any lasting difference between
the sides comes from seat, turn order or initiative effects (or a bug). It also shows how a
list fares against itself over many games.

The map is flat-topped with an odd number of columns, so reflecting column c onto column
`columns + 1 - c` keeps every hex's half-hex offset: the reflection maps hexes onto hexes
and facings onto facings (N and S stay, NE and NW swap, SE and SW swap).

>>> from studio.model import ArmyList, UnitType, Attack
>>> lst = ArmyList("demo", "Demo", "ancients", ["tactical"], "basic-ground",
...                units=[UnitType("chief", "Chief", move=4, attack=Attack.flat_rating(7)),
...                       UnitType("spears", "Spears", move=2, attack=Attack.flat_rating(6))])
>>> sc = mirror_scenario(lst, "chief", ["spears"] * 3, columns=11, rows=8)
>>> [(u.hex, u.facing) for u in sc.sides[0].army.units]
[('0204', 'NE'), ('0403', 'NE'), ('0404', 'SE'), ('0405', 'NE')]
>>> [(u.hex, u.facing) for u in sc.sides[1].army.units]
[('1004', 'NW'), ('0803', 'NW'), ('0804', 'SW'), ('0805', 'NW')]
"""
from __future__ import annotations

from studio.model import (Army, HexMap, RosterUnit, Scenario, Side, VictoryCondition)

MIRROR_FACING = {"N": "N", "S": "S", "NE": "NW", "NW": "NE", "SE": "SW", "SW": "SE"}


def mirror_label(label: str, columns: int) -> str:
    """The hex reflected across the map's vertical centre line."""
    width = len(label) // 2
    col, row = int(label[:width]), int(label[width:])
    return f"{columns + 1 - col:0{width}d}{row:0{width}d}"


def mirror_scenario(army_list, leader: str, units: list[str], *, columns: int = 21,
                    rows: int = 12, terrain_symbol: str = ".", round_limit: int = 12,
                    eliminate_share: int = 50, scenario_id: str = "mirror-match") -> Scenario:
    """Two identical armies of `army_list` (the `leader` type plus `units`, type ids) facing
    each other across an open symmetric map: the first side set up in the west, the second
    its mirror image in the east. Both win by destroying the other's Army Leader or
    `eliminate_share` percent of its units."""
    if columns % 2 == 0:
        raise ValueError(f"a mirror map needs an odd number of columns (got {columns}): with "
                         "an even number the reflection would not map hexes onto hexes")
    if columns < 9 or rows < 4:
        raise ValueError(f"a mirror map of {columns}x{rows} is too small; use at least 9x4")
    width = max(2, len(str(max(columns, rows))))

    def label(col, row):
        return f"{col:0{width}d}{row:0{width}d}"

    per_rank = rows - 2
    if len(units) > 2 * per_rank:
        raise ValueError(f"{len(units)} units do not fit in two ranks of {per_rank} on a map "
                         f"of {rows} rows; give more rows")
    mid = (rows + 1) // 2
    # Unit ids name their side: ids must be unique in the whole scenario.
    west = [RosterUnit(type=leader, id="west-leader", hex=label(2, mid), facing="NE",
                       leader=True)]
    front = units[:min(len(units), per_rank)]
    back = units[len(front):]
    counts: dict[str, int] = {}
    for col, rank in ((4, front), (3, back)):
        first = mid - (len(rank) - 1) // 2
        for k, type_id in enumerate(rank):
            counts[type_id] = counts.get(type_id, 0) + 1
            west.append(RosterUnit(type=type_id, id=f"west-{type_id}-{counts[type_id]}",
                                   hex=label(col, first + k),
                                   facing="NE" if k % 2 == 0 else "SE"))
    east = [RosterUnit(type=u.type, id="east" + u.id[len("west"):],
                       hex=mirror_label(u.hex, columns), facing=MIRROR_FACING[u.facing],
                       leader=u.leader) for u in west]
    hex_map = HexMap.blank(columns, rows, terrain_symbol)
    sides = [Side("west", "West", "#2b5fa8", Army(army_list.id, west), map_edge="west"),
             Side("east", "East", "#b03a2e", Army(army_list.id, east), map_edge="east")]
    victory = []
    for me in ("west", "east"):
        victory.append(VictoryCondition(me, "destroy-leader"))
        victory.append(VictoryCondition(me, "eliminate",
                                        {"share": eliminate_share, "measure": "units"}))
    return Scenario(scenario_id, f"Mirror match: {army_list.name}", army_list.ruleset,
                    army_list.terrain_set, hex_map, sides, round_limit=round_limit,
                    victory=victory)

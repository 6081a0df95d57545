"""A deterministic made-up scenario of any size: woods, lakes, hills, two sides with setup
zones, units and objectives. For benchmarks, tests and trying the studio on big maps.

>>> s = sample_scenario(12, 8, seed=3)
>>> (s.map.columns, s.map.rows, len(s.map.terrain), len(s.map.terrain[0]))
(12, 8, 8, 12)
>>> [side.id for side in s.sides]
['blue', 'red']
"""
from __future__ import annotations

import random

from studio.hexgrid import MapGeometry, distance, within
from studio.model import (Army, HexMap, Objective, RosterUnit, Scenario, Side, TerrainSet,
                          VictoryCondition)
from studio.rulesets import default_id

# Symbols of the bundled basic-ground set, which `terrain_set` may replace.
DEFAULT_SYMBOLS = {"open": ".", "forest": "f", "water": "~", "shallow": "w", "rough": "^",
                   "marsh": "m", "town": "B"}


def _pick(terrain_set: TerrainSet | None) -> dict[str, str]:
    if terrain_set is None:
        return dict(DEFAULT_SYMBOLS)
    ids = {t.id: t.symbol for t in terrain_set.terrain}
    first = terrain_set.terrain[0].symbol
    wanted = {"open": "open", "forest": "forest", "water": "water", "shallow": "shallow-water",
              "rough": "mountainous", "marsh": "marsh", "town": "buildings"}
    return {k: ids.get(v, first) for k, v in wanted.items()}


def sample_scenario(columns: int = 40, rows: int = 30, terrain_set: TerrainSet | None = None,
                    seed: int = 1, orientation: str = "flat") -> Scenario:
    rng = random.Random(seed)
    sym = _pick(terrain_set)
    g = MapGeometry(columns, rows, orientation, "even")
    grid = [[sym["open"]] * columns for _ in range(rows)]
    heights = [[0] * columns for _ in range(rows)]
    area = columns * rows

    def disc(centre, radius):
        for h in within(centre, radius):
            if g.contains(h):
                c, r = g.to_offset(h)
                yield h, c - 1, r - 1

    def random_hex():
        return g.to_hex(rng.randint(1, columns), rng.randint(1, rows))

    for kind, per_hex, rmax in (("forest", 1 / 90, 4), ("marsh", 1 / 600, 3), ("rough", 1 / 900, 2),
                                ("town", 1 / 1500, 1)):
        for _ in range(max(1, round(area * per_hex))):
            centre = random_hex()
            radius = rng.randint(1, rmax)
            for h, c, r in disc(centre, radius):
                if rng.random() < 0.8:
                    grid[r][c] = sym[kind]
    for _ in range(max(1, round(area / 1200))):
        centre = random_hex()
        radius = rng.randint(1, 4)
        for h, c, r in disc(centre, radius + 1):
            grid[r][c] = sym["water"] if distance(h, centre) <= radius else sym["shallow"]
    for _ in range(max(1, round(area / 250))):
        centre = random_hex()
        top = rng.randint(1, 5)
        for h, c, r in disc(centre, top):
            heights[r][c] = max(heights[r][c], top - distance(h, centre))

    hexmap = HexMap(columns, rows, orientation, "even", ["".join(row) for row in grid],
                    ["".join(str(v) for v in row) for row in heights])
    w = g.label_width
    zone_cols = max(1, columns // 6)

    def label(c, r):
        return f"{c:0{w}d}{r:0{w}d}"

    def army(first_col: int, facing: str) -> Army:
        units = []
        for i in range(min(rows, 10)):
            c, r = first_col, 1 + i * max(1, rows // 10)
            if grid[r - 1][c - 1] in (sym["water"], sym["rough"], sym["town"]):
                grid[r - 1][c - 1] = sym["open"]
            units.append(RosterUnit(type="infantry", id=f"inf-{i + 1}", hex=label(c, r), facing=facing,
                                    leader=i == 0))
        units.append(RosterUnit(type="cavalry", count=2))
        return Army("sample-list", units)

    blue = Side("blue", "Blue", "#2b5fa8", army(max(1, zone_cols // 2), "SE" if orientation == "flat" else "E"),
                "west", [f"{label(1, 1)}-{label(zone_cols, rows)}"])
    red = Side("red", "Red", "#b03030", army(columns - max(0, zone_cols // 2), "NW" if orientation == "flat" else "W"),
               "east", [f"{label(columns - zone_cols + 1, 1)}-{label(columns, rows)}"])
    hexmap.terrain = ["".join(row) for row in grid]
    centre = label((columns + 1) // 2, (rows + 1) // 2)
    return Scenario(
        # The default game's bundled ruleset file carries the game's id.
        id="sample", name=f"Sample {columns}x{rows}", ruleset=default_id(),
        terrain_set=terrain_set.id if terrain_set is not None else "basic-ground",
        map=hexmap, sides=[blue, red],
        objectives=[Objective(centre, "Crossroads", 3)],
        victory=[VictoryCondition("blue", "hold", {"hexes": [centre]}),
                 VictoryCondition("red", "destroy-leader")],
    )

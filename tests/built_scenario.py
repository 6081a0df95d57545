"""A scenario written in code for a ruleset's rule tests: one map of plain rows, a side per
army list, the units on their hexes."""
from __future__ import annotations

from studio.io.to_model import scenario as to_scenario


def built_scenario(ruleset: str, terrain_set: str, lists, units, rows, columns: int,
                   round_limit: int, victory=(), hexsides=None):
    """`units` = [(side, type, hex, facing[, "leader"]), ...]; a unit's id is
    `<type>-<n>`, n its place in `units`; `hexsides` the map's {kind: [edges]}."""
    sides = []
    for si, lid in enumerate(lists):
        sides.append({"id": f"s{si}", "name": f"Side {si}", "army_list": lid, "colour": "#336699",
                      "units": [dict({"id": f"{u[1]}-{n}", "type": u[1], "hex": u[2],
                                      "facing": u[3]}, **({"leader": True} if u[4:] else {}))
                                for n, u in enumerate(units) if u[0] == si]})
    data = {"kind": "scenario", "format": 1, "id": "t", "name": "t",
            "ruleset": ruleset, "terrain_set": terrain_set, "round_limit": round_limit,
            "map": {"columns": columns, "rows": len(rows), "orientation": "flat",
                    "offset": "even", "terrain": "\n".join(rows) + "\n",
                    **({"hexsides": hexsides} if hexsides else {})},
            "sides": sides, "victory": list(victory)}
    return to_scenario(data)

"""Small Quick and Dirty games built in code for the rule tests."""
from __future__ import annotations

from functools import lru_cache

from studio.engine.dice import ScriptedDice
from studio.engine.resolver import Resolver
from studio.io import Library
from studio.io.to_model import scenario as to_scenario
from studio.rulesets.quick_and_dirty import RULES

LISTS = ("qnd-free-companies", "qnd-orc-hordes", "qnd-elven-host")


@lru_cache(maxsize=1)
def library():
    lib = Library.load(["libraries"])
    return Resolver([lib.terrain_set("quick-and-dirty-field")],
                    [lib.army_list(i) for i in LISTS], [lib.ruleset("quick-and-dirty")])


def build(units, *, rows=None, options=None, dice=(), lists=LISTS[:2], round_limit=10,
          columns=10, nrows=8):
    """A game with `units` = [(side, type, hex, facing[, "leader"]), ...]; `rows` the
    terrain rows."""
    rows = rows or ["." * columns] * nrows
    sides = []
    for si, lid in enumerate(lists):
        sides.append({"id": f"s{si}", "name": f"Side {si}", "army_list": lid, "colour": "#336699",
                      "units": [dict({"id": f"{u[1]}-{n}", "type": u[1], "hex": u[2],
                                      "facing": u[3]}, **({"leader": True} if u[4:] else {}))
                                for n, u in enumerate(units) if u[0] == si]})
    data = {"kind": "scenario", "format": 1, "id": "t", "name": "t",
            "ruleset": "quick-and-dirty", "terrain_set": "quick-and-dirty-field",
            "round_limit": round_limit,
            "map": {"columns": columns, "rows": len(rows), "orientation": "flat",
                    "offset": "even", "terrain": "\n".join(rows) + "\n"},
            "sides": sides, "victory": []}
    opts = {"setup": "all-clear", "army_break_fraction": 0.0}
    opts.update(options or {})
    return RULES.new_game(to_scenario(data), library(), 0, opts,
                          dice=ScriptedDice(list(dice)))


def uid(state, type_id, n=None):
    """The id of the (n-th, or only) unit of a type."""
    found = [u.uid for u in state.units if u.profile.id == type_id]
    return found[n or 0]

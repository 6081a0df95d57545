"""Small Action Dice games built in code for the rule tests."""
from __future__ import annotations

from functools import lru_cache

from studio.engine.dice import ScriptedDice
from studio.engine.resolver import Resolver
from studio.io import Library
from studio.io.to_model import scenario as to_scenario
from studio.rulesets.action_dice import RULES

FANTASY = ("ad-kingdom-of-men", "ad-orc-warband")
FUTURE = ("ad-colonial-marines", "ad-xeno-raiders")
FIRST = [6, 1]            # the order dice: side 0 rolls 6, side 1 rolls 1


@lru_cache(maxsize=1)
def library():
    lib = Library.load(["libraries"])
    return Resolver([lib.terrain_set("action-dice-table")],
                    [lib.army_list(i) for i in FANTASY + FUTURE], [lib.ruleset("action-dice")])


def build(units, *, rows=None, options=None, dice=(), lists=FANTASY, round_limit=10,
          columns=12, nrows=12, victory=()):
    """A game with `units` = [(side, type, hex, facing), ...]; `rows` the terrain rows.
    Unit ids are `<type>-<n>` with n its place in `units`."""
    rows = rows or ["." * columns] * nrows
    sides = []
    for si, lid in enumerate(lists):
        sides.append({"id": f"s{si}", "name": f"Side {si}", "army_list": lid, "colour": "#336699",
                      "units": [{"id": f"{u[1]}-{n}", "type": u[1], "hex": u[2], "facing": u[3]}
                                for n, u in enumerate(units) if u[0] == si]})
    data = {"kind": "scenario", "format": 1, "id": "t", "name": "t",
            "ruleset": "action-dice", "terrain_set": "action-dice-table",
            "round_limit": round_limit,
            "map": {"columns": columns, "rows": len(rows), "orientation": "flat",
                    "offset": "even", "terrain": "\n".join(rows) + "\n"},
            "sides": sides, "victory": list(victory)}
    return RULES.new_game(to_scenario(data), library(), 0, options,
                          dice=ScriptedDice(list(FIRST) + list(dice)))


def script(state, rolls):
    """Fix the next dice of `state`."""
    state.dice = ScriptedDice(list(rolls))


def kinds(events):
    return [e.kind for e in events]


def first(events, kind):
    return next(e for e in events if e.kind == kind)

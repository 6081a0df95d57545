"""Small Quick and Dirty games built in code for the rule tests."""
from __future__ import annotations

from functools import lru_cache

from studio.engine.dice import ScriptedDice
from studio.engine.resolver import Resolver
from studio.io import Library
from studio.rulesets.quick_and_dirty import RULES

from built_scenario import built_scenario

LISTS = ("qnd-free-companies", "qnd-orc-hordes", "qnd-elven-host")


@lru_cache(maxsize=1)
def library():
    lib = Library.load(["libraries"])
    return Resolver([lib.terrain_set("quick-and-dirty-field")],
                    [lib.army_list(i) for i in LISTS], [lib.ruleset("quick-and-dirty")])


def build(units, *, rows=None, options=None, dice=(), lists=LISTS[:2], round_limit=10,
          columns=10, nrows=8, hexsides=None):
    """A game with `units` = [(side, type, hex, facing[, "leader"]), ...]; `rows` the
    terrain rows."""
    rows = rows or ["." * columns] * nrows
    scenario = built_scenario("quick-and-dirty", "quick-and-dirty-field", lists, units, rows,
                              columns, round_limit, hexsides=hexsides)
    opts = {"setup": "all-clear", "army_break_fraction": 0.0}
    opts.update(options or {})
    return RULES.new_game(scenario, library(), 0, opts,
                          dice=ScriptedDice(list(dice)))


def uid(state, type_id, n=None):
    """The id of the (n-th, or only) unit of a type."""
    found = [u.uid for u in state.units if u.profile.id == type_id]
    return found[n or 0]

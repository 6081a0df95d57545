"""Small Action Dice games built in code for the rule tests."""
from __future__ import annotations

from functools import lru_cache

from studio.engine.dice import ScriptedDice
from studio.engine.resolver import Resolver
from studio.io import Library
from studio.rulesets.action_dice import RULES

from built_scenario import built_scenario

FANTASY = ("ad-kingdom-of-men", "ad-orc-warband")
FUTURE = ("ad-colonial-marines", "ad-xeno-raiders")
FIRST = [6, 1]            # the order dice: side 0 rolls 6, side 1 rolls 1


@lru_cache(maxsize=1)
def library():
    lib = Library.load(["libraries"])
    return Resolver([lib.terrain_set("action-dice-table")],
                    [lib.army_list(i) for i in FANTASY + FUTURE], [lib.ruleset("action-dice")])


def build(units, *, rows=None, options=None, dice=(), lists=FANTASY, round_limit=10,
          columns=12, nrows=12, victory=(), hexsides=None):
    """A game with `units` = [(side, type, hex, facing), ...]; `rows` the terrain rows.
    Unit ids are `<type>-<n>` with n its place in `units`."""
    rows = rows or ["." * columns] * nrows
    scenario = built_scenario("action-dice", "action-dice-table", lists, units, rows, columns,
                              round_limit, victory, hexsides)
    return RULES.new_game(scenario, library(), 0, options,
                          dice=ScriptedDice(list(FIRST) + list(dice)))


def script(state, rolls):
    """Fix the next dice of `state`."""
    state.dice = ScriptedDice(list(rolls))


def kinds(events):
    return [e.kind for e in events]


def first(events, kind):
    return next(e for e in events if e.kind == kind)

"""Shared by the Middle Earth tests: the bundled tables, read once."""
from __future__ import annotations

from functools import lru_cache
from pathlib import Path

import yaml

from studio.rulesets.middle_earth.options import read_tables
from studio.rulesets.middle_earth.tables import Tables

ROOT = Path(__file__).resolve().parents[3]
RULESET = ROOT / "libraries" / "rulesets" / "middle-earth.yaml"


@lru_cache(maxsize=None)
def bundled_options() -> dict:
    return yaml.safe_load(RULESET.read_text())["options"]


def tables(**override) -> Tables:
    return Tables(read_tables(bundled_options(), "test", override))


LISTS = ("me76-west", "me76-mordor")
FIRST = [6, 1]            # the order dice: side 0 throws 6, side 1 throws 1


@lru_cache(maxsize=1)
def library():
    from studio.engine.resolver import Resolver
    from studio.io import Library
    lib = Library.load([str(ROOT / "libraries")])
    return Resolver([lib.terrain_set("middle-earth-field")], [lib.army_list(i) for i in LISTS],
                    [lib.ruleset("middle-earth")])


def build(units, *, rows=None, elevation=None, options=None, dice=(), round_limit=10,
          columns=12, nrows=10, victory=()):
    """A game with `units` = [(side, type, hex, facing), ...] on `rows` of terrain; unit ids
    are `<type>-<n>`, n its place in `units`. The dice: the first round's order (side 0
    first), the leaders' charisma throws, then `dice`."""
    from built_scenario import built_scenario
    from studio.engine.dice import ScriptedDice
    from studio.io.to_model import scenario as to_scenario
    from studio.rulesets.middle_earth.plugin import RULES
    rows = rows or ["." * columns] * nrows
    scenario = built_scenario("middle-earth", "middle-earth-field", LISTS, units, rows, columns,
                              round_limit, victory)
    if elevation is not None:
        from studio.io.from_model import scenario as from_scenario
        data = from_scenario(scenario)
        data["map"]["elevation"] = "\n".join(elevation) + "\n"
        scenario = to_scenario(data)
    # unit by unit, side by side: a hero's defence dice (all 6s), a leader's charisma
    # throw (2: average die 3, no charisma); then the first round's order
    rolls = []
    for side in range(len(LISTS)):
        for u in units:
            if u[0] == side:
                rolls += [6] * HIT_DICE[u[1]] if u[1] in HIT_DICE else \
                    [] if u[1] in BORN_LEADERS else [2]
    rolls += FIRST + list(dice)
    return RULES.new_game(scenario, library(), 0, options, dice=ScriptedDice(rolls),
                          unit_points=lambda a, u: 10)


HIT_DICE = {"gandalf": 6, "aragorn": 7, "boromir": 6, "witch-king": 7, "ringwraith": 6,
            "ringwraith-rider": 6}
BORN_LEADERS = {"dol-amroth-knights"}


TAIL = [4, 2, 5, 3, 6, 1] * 60       # never two equal throws running: no tied order


def script(state, rolls):
    """Fix the next dice of `state`, then a long tail without ties for what follows."""
    from studio.engine.dice import ScriptedDice
    state.dice = ScriptedDice(list(rolls) + TAIL)

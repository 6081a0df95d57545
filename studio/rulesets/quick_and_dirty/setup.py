"""Building a Quick and Dirty game from a scenario (Q2 set-up, Q3 the first initiative)."""
from __future__ import annotations

from studio.engine.dice import Dice
from studio.engine.setup import place_units, ruleset_game
from studio.armies.points import points_function

from .options import options_from
from .profile import Profile
from .spotting import update_spotting
from .state import GameState, UnitState
from .turns import start_battle_turn


def build_game(rules, scenario, library, seed: int = 0, options_override=None, *,
               dice=None, unit_points=None) -> GameState:
    """A game of `scenario` played by `rules` (the ruleset object) at its first decision."""

    game, lists, where = ruleset_game(rules, options_from, scenario, library, seed,
                                      options_override, unit_points or points_function(library))

    units = []
    for u, ru in place_units(game, scenario, lists, where, Profile, UnitState,
                             lambda prof, terrain: terrain.mp is not None or prof.flying):
        u.leader = bool(ru.leader) or u.profile.is_leader
        u.flipped = u.moved = u.attacked = False
        u.extra = 0
        u.merged_into = None
        units.append(u)

    st = GameState().start(game, units, dice if dice is not None else Dice(seed))
    st.phase = "move"
    st.hidden = {u.i: set() for u in units} if game.options.setup == "hidden" else {}
    st.attacked_targets = set()
    st.start_strength = tuple(sum(u.profile.strength for u in units if u.side == si)
                              for si in range(len(game.sides)))
    st.broken = set()
    events: list = []
    update_spotting(st, events)
    start_battle_turn(st, events)
    st.opening_events = tuple(events)
    return st

"""Building an Action Dice game from a scenario (S2 units, S5 the first round's order)."""
from __future__ import annotations

from studio.engine.dice import Dice
from studio.engine.errors import SetupError
from studio.engine.setup import place_units, ruleset_game
from studio.armies.points import points_function

from .options import options_from
from .profile import Profile
from .turns import start_round
from .state import GameState, UnitState


def _profile(opts, where):
    def make(army_list, unit_type):
        try:
            return Profile(army_list, unit_type, opts)
        except ValueError as err:
            raise SetupError(f"{where}, army list {army_list.id!r}: {err}") from None
    return make


def build_game(rules, scenario, library, seed: int = 0, options_override=None, *,
               dice=None, unit_points=None) -> GameState:
    """A game of `scenario` played by `rules` (the ruleset object) at its first decision."""

    game, lists, where = ruleset_game(rules, options_from, scenario, library, seed,
                                      options_override, unit_points or points_function(library))
    options = game.options

    units = []
    for u, ru in place_units(game, scenario, lists, where, _profile(options, where), UnitState,
                             faced=lambda profile: profile.faced):
        u.leader = bool(ru.leader) or u.profile.kind == "hero"
        u.figures = u.start_figures = u.profile.figures
        u.die = u.profile.die
        u.damage = {}
        u.disordered = u.failed = u.aimed = False
        u.activations = 0
        u.engaged = set()
        u.did = []
        units.append(u)

    st = GameState().start(game, units, dice if dice is not None else Dice(seed))
    st.current = None
    st.actions_left = 0
    st.hidden = {}
    events: list = []
    start_round(st, events)
    st.opening_events = tuple(events)
    return st

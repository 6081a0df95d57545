"""Building an Action Dice game from a scenario (S2 units, S5 the first round's order)."""
from __future__ import annotations

from studio.engine.board import HexBoard, map_key, shared_board
from studio.engine.dice import Dice
from studio.engine.errors import SetupError
from studio.engine.setup import (exit_edges, lookup, placed_units, side_lists, unit_facing,
                                 unit_hex)
from studio.engine.state import ON, Game, SideInfo
from studio.points import points_function

from .options import options_from
from .profile import Profile
from .state import GameState, UnitState


def _profile(opts, where):
    def make(army_list, unit_type):
        try:
            return Profile(army_list, unit_type, opts)
        except ValueError as err:
            raise SetupError(f"{where}, army list {army_list.id!r}: {err}") from None
    return make


def new_game(scenario, library, seed: int = 0, options_override: dict | None = None, *,
             dice=None, unit_points=None) -> GameState:
    from .plugin import RULES
    from .turns import start_round

    where = f"scenario {scenario.id!r}"
    ruleset = lookup(library, "ruleset", scenario.ruleset, where)
    terrain_set = lookup(library, "terrain_set", scenario.terrain_set, where)
    options = options_from(ruleset, options_override)

    game = Game()
    game.rules = RULES
    game.scenario = scenario
    game.options = options
    game.library = library
    game.seed = seed
    game.options_override = dict(options_override or {})
    game.round_limit = scenario.round_limit
    game.unit_points = unit_points or points_function(library)
    game.check_always = False
    lists = side_lists(scenario, library, where)
    for s, alist in zip(scenario.sides, lists):
        system = getattr(lookup(library, "ruleset", alist.ruleset, f"army list {alist.id!r}"),
                         "system", None)
        if system != RULES.id:
            raise SetupError(f"{where}, side {s.id!r}: army list {alist.id!r} is for "
                             f"{system!r}, not {RULES.id!r}")
    game.board = shared_board(("action-dice",) + map_key(scenario.map, terrain_set),
                              lambda: HexBoard(scenario.map, terrain_set))
    edges = exit_edges(scenario, where)
    game.sides = [SideInfo(i, s, lists[i], frozenset(edges[i]))
                  for i, s in enumerate(scenario.sides)]
    game.side_index = {s.id: i for i, s in enumerate(scenario.sides)}
    game.victory = list(scenario.victory)

    units = []
    occupied: dict[int, str] = {}
    for n, (si, uid, prof, ru) in enumerate(placed_units(scenario, lists, where,
                                                          _profile(options, where))):
        u = UnitState()
        u.i, u.uid, u.side, u.original_side, u.profile = n, uid, si, si, prof
        u.hex = unit_hex(game.board, uid, ru, where)
        u.facing = unit_facing(game.board, uid, ru, where)
        if u.hex in occupied:
            raise SetupError(f"{where}: units {occupied[u.hex]!r} and {uid!r} both start in hex "
                             f"{ru.hex}; one unit a hex")
        if game.board.terrain[u.hex].mp is None:
            raise SetupError(f"{where}, unit {uid!r}: hex {ru.hex} is impassable terrain")
        occupied[u.hex] = uid
        u.status = ON
        u.routed = False
        u.leader = bool(ru.leader) or prof.kind == "hero"
        u.exit_edge = None
        u.figures = u.start_figures = prof.figures
        u.die = prof.die
        u.damage = {}
        u.disordered = u.failed = u.aimed = False
        u.activations = 0
        u.engaged = set()
        u.did = []
        units.append(u)
    game.unit_index = {u.uid: u.i for u in units}

    st = GameState()
    st.game = game
    st.units = units
    st.round = 0
    st.order = tuple(range(len(game.sides)))
    st.active = 0
    st.current = None
    st.actions_left = 0
    st.hidden = {}
    st.dice = dice if dice is not None else Dice(seed)
    st.result = None
    st.version = 0
    st._history = None
    st._events = None
    st._cache = {}
    events: list = []
    start_round(st, events)
    st.opening_events = tuple(events)
    return st

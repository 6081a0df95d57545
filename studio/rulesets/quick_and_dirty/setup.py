"""Building a Quick and Dirty game from a scenario (Q2 set-up, Q3 the first initiative)."""
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


def new_game(scenario, library, seed: int = 0, options_override: dict | None = None, *,
             dice=None, unit_points=None) -> GameState:
    from .plugin import RULES
    from .turns import start_battle_turn

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
    game.board = shared_board(("quick-and-dirty",) + map_key(scenario.map, terrain_set),
                              lambda: HexBoard(scenario.map, terrain_set))
    edges = exit_edges(scenario, where)
    game.sides = [SideInfo(i, s, lists[i], frozenset(edges[i]))
                  for i, s in enumerate(scenario.sides)]
    game.side_index = {s.id: i for i, s in enumerate(scenario.sides)}
    game.victory = list(scenario.victory)

    units = []
    occupied: dict[int, str] = {}
    for n, (si, uid, prof, ru) in enumerate(placed_units(scenario, lists, where, Profile)):
        u = UnitState()
        u.i, u.uid, u.side, u.original_side, u.profile = n, uid, si, si, prof
        u.hex = unit_hex(game.board, uid, ru, where)
        u.facing = unit_facing(game.board, uid, ru, where)
        if u.hex in occupied:
            raise SetupError(f"{where}: units {occupied[u.hex]!r} and {uid!r} both start in hex "
                             f"{ru.hex}; one unit a hex")
        if game.board.terrain[u.hex].mp is None and not prof.flying:
            raise SetupError(f"{where}, unit {uid!r}: hex {ru.hex} is impassable")
        occupied[u.hex] = uid
        u.status = ON
        u.routed = False
        u.leader = bool(ru.leader) or prof.is_leader
        u.exit_edge = None
        u.flipped = u.moved = u.attacked = False
        u.extra = 0
        u.merged_into = None
        units.append(u)
    game.unit_index = {u.uid: u.i for u in units}

    st = GameState()
    st.game = game
    st.units = units
    st.round = 0
    st.phase = "move"
    st.order = tuple(range(len(game.sides)))
    st.active = 0
    st.hidden = {u.i: set() for u in units} if options.setup == "hidden" else {}
    st.attacked_targets = set()
    st.start_strength = tuple(sum(u.profile.strength for u in units if u.side == si)
                              for si in range(len(game.sides)))
    st.broken = set()
    st.dice = dice if dice is not None else Dice(seed)
    st.result = None
    st.version = 0
    st._history = None
    st._events = None
    st._cache = {}
    events: list = []
    from .spotting import update_spotting
    update_spotting(st, events)
    start_battle_turn(st, events)
    st.opening_events = tuple(events)
    return st

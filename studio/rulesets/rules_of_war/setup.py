"""Building a game from a Scenario: options, board, unit profiles, units on their hexes."""
from __future__ import annotations

from dataclasses import replace
from fractions import Fraction

from studio.model.terrain import ElevationRule

from .abilities import charge_move_bonus
from .board import OFF, shared_board
from studio.engine.dice import Dice
from studio.engine.errors import SetupError
from studio.armies.points import points_function
from studio.engine.setup import (lookup, new_game_record, placed_units, seat_sides, side_lists,
                                 unit_facing, unit_hex)
from studio.engine.resolver import Resolver  # noqa: F401  (tests build games with it)
from .entry import enter_block_reason
from .occupancy import carrier_room
from .phases import start_round
from .profile import Profile
from .victory import is_sudden_death
from .options import options_from
from studio.engine.scenario_events import plan_of
from studio.engine.state import WAITING
from .state import ON, GameState, SideInfo, UnitState


def _elevation_options(options, terrain_set):
    """A terrain set's elevation figure wins where it differs from the standard one."""
    std = ElevationRule()
    rule = terrain_set.elevation
    changes = {}
    if rule.uphill_extra_mp != std.uphill_extra_mp:
        changes["uphill_extra_mp"] = Fraction(str(rule.uphill_extra_mp))
    if rule.defense_from_below != std.defense_from_below:
        changes["defense_from_below_bonus"] = rule.defense_from_below
    if rule.attack_downhill != std.attack_downhill:
        changes["higher_ground_attack_bonus"] = rule.attack_downhill
    return replace(options, **changes) if changes else options


def build_game(rules, scenario, library_or_resolver, seed: int = 0, options_override=None,
               *, dice=None, unit_points=None) -> GameState:
    """A game of `scenario` played by `rules` (the ruleset object) at its first decision (the
    first initiative is already rolled)."""

    lib = library_or_resolver
    where = f"scenario {scenario.id!r}"
    ruleset = lookup(lib, "ruleset", scenario.ruleset, where)
    terrain_set = lookup(lib, "terrain_set", scenario.terrain_set, where)
    options = _elevation_options(options_from(ruleset, options_override), terrain_set)

    game = new_game_record(rules, scenario, lib, seed, options, options_override,
                           unit_points or points_function(lib))

    lists = side_lists(scenario, lib, where)
    entries = placed_units(scenario, lists, where, Profile)
    game.plan = plan_of(scenario, entries, where)
    uids = [e[1] for e in entries]
    profiles = {(p.army_list.id, p.type.id): p for _, _, p, _ in entries}

    extra_mp = []
    for p in profiles.values():
        extra_mp.append(p.move)
        extra_mp.append(charge_move_bonus(p))
    board = shared_board(scenario.map, terrain_set, options, extra_mp)
    game.board = board

    seat_sides(game, scenario, lists, where, SideInfo)
    # Sudden-death holds can follow any move; the other kinds only follow a loss or an exit.
    game.check_always = any(is_sudden_death(vc) and vc.kind not in
                            ("destroy-leader", "eliminate", "exit") for vc in game.victory)

    units = []
    for n, (si, _, prof, ru) in enumerate(entries):
        u = UnitState()
        u.i = n
        u.uid = uids[n]
        u.side = u.original_side = si
        u.profile = prof
        u.hex = unit_hex(board, u.uid, ru, where)
        u.facing = unit_facing(board, u.uid, ru, where)
        u.hits = 0
        u.status = ON if ru.arrives is None else WAITING
        u.routed = False
        u.routed_round = 0
        u.attacked_round = u.ranged_round = u.moved_round = u.charge_round = -99
        u.moved_phase = u.mp_phase = -1
        u.mp_used = 0
        u.out_of_ammo = False
        u.pila_used = False
        u.carried_by = OFF
        magic = prof.ability("magic")
        u.magic = int(magic.params.get("points") or 0) if magic else 0
        u.cast_round = -99
        u.aid = None
        u.aid_round = -99
        u.haste = 0
        u.haste_round = -99
        u.targeted_round = -99
        u.targeted_count = 0
        u.leader = bool(ru.leader)
        u.formation = "line"
        u.special_round = -99           # the last round of a superlaser shot
        u.exit_edge = None
        units.append(u)
    for si in range(len(scenario.sides)):
        mine = [u for u in units if u.side == si]
        if not any(u.leader for u in mine):
            for u in mine:
                if u.profile.is_leader:
                    u.leader = True
                    break
    game.unit_index = {u.uid: u.i for u in units}
    _check_placement(where, board, units, options)

    st = GameState().start(game, units, dice if dice is not None else Dice(seed))
    st.phase = "initiative"
    st.order = tuple(range(len(scenario.sides)))
    st.active = 0
    st.pending = []
    st.offmap = [[si, k, sup.ammunition, -99, 0] for si, s in enumerate(game.sides)
                 for k, sup in enumerate(s.supports)]
    st.barriers = {}
    st.initiative = None
    st.phase_serial = 0
    st._occ = None                  # the last `movement.Occupancy`, kept beyond the cache
    events: list = []
    start_round(st, events)
    st.opening_events = tuple(events)
    return st


def _check_placement(where, board, units, options):
    """Set-up must already obey R13/R17; extra units start aboard a friendly carrier."""
    by_hex: dict[int, list] = {}
    for u in units:
        if u.hex == OFF:
            continue            # a reinforcement, placed as it arrives
        by_hex.setdefault(u.hex, []).append(u)
    for h, here in by_hex.items():
        label = board.labels[h]
        if len({u.side for u in here}) > 1:
            raise SetupError(f"{where}: hex {label} holds units of two sides "
                             f"({', '.join(u.uid for u in here)}); move one of them")
        for u in here:
            reason = enter_block_reason(board, u.profile, h)
            if reason:
                raise SetupError(f"{where}: unit {u.uid!r} is set up in hex {label}, but {reason}")
        limit = options.stacking_limit
        for flying in (False, True):
            layer = [u for u in here if not u.profile.is_hero and u.profile.flying == flying]
            carriers = [c for c in here if c.profile.carry]
            while len(layer) > limit:
                boarder = next(((u, c) for u in reversed(layer) for c in carriers
                                if c is not u and c.carried_by == OFF
                                and carrier_room(units, c, u)), None)
                if boarder is None:
                    raise SetupError(f"{where}: hex {label} holds {len(layer)} units "
                                     f"({', '.join(x.uid for x in layer)}); the stacking limit "
                                     f"is {limit} (heroes, flyers and carried units aside)")
                u, c = boarder
                u.carried_by = c.i
                layer.remove(u)

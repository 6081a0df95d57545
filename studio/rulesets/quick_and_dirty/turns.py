"""Q3-Q5 and Q22-Q23: the battle turn. Initiative, each side's move, unflip and combat in
that order, then morale and victory once every side has gone."""
from __future__ import annotations

from studio.engine import victory
from studio.engine.board import OFF
from studio.engine.state import FLED, ON, Result
from studio.engine.turn_order import initiative_order


def start_battle_turn(state, events: list) -> None:
    state.round += 1
    opts = state.game.options
    events.append(state.event("battle-turn", round=state.round))
    if state.round == 1 or opts.initiative == "each-turn":
        n = len(state.game.sides)
        mods = [opts.initiative_leader_bonus if any(
            u.leader and u.status == ON for u in state.units if u.side == s) else 0
            for s in range(n)]
        rolls: list = []
        order = initiative_order(state.dice, n, opts.die_sides, mods, rolls)
        state.order = tuple(s for s in order if s not in state.broken)
        events.append(state.event("initiative", rolls=[[state.side_id(s), r] for s, r in rolls],
                                  order=[state.side_id(s) for s in state.order]))
    else:
        state.order = tuple(s for s in state.order if s not in state.broken)
    state.active = 0
    begin_side(state, events)


def begin_side(state, events: list) -> None:
    state.phase = "move"
    side = state.order[state.active]
    for u in state.units:
        if u.side == side:
            u.moved = u.attacked = False
    state.attacked_targets = set()
    events.append(state.event("phase", side=state.side_id(side), phase="move"))


def end_phase(state, events: list) -> None:
    side = state.order[state.active]
    if state.phase == "move":
        # Q5: the side's flipped units turn face up again before its combat.
        for u in state.units:
            if u.side == side and u.status == ON and u.flipped:
                u.flipped = False
                events.append(state.event("unflipped", unit=u.uid))
        state.phase = "combat"
        events.append(state.event("phase", side=state.side_id(side), phase="combat"))
        return
    if state.active + 1 < len(state.order):
        state.active += 1
        begin_side(state, events)
        return
    end_battle_turn(state, events)


def strength_left(state, side: int) -> int:
    return sum(u.profile.strength + u.extra for u in state.units
               if u.side == side and u.status == ON)


def last_army_causes(state, winner: int) -> tuple[str, ...]:
    """Why `winner`, the last army on the field, has won: for each other side, whether its
    army broke (Q22) or has no unit left on the field, as `<winner>: <cause> (<detail>)`.
    A broken army's units fled the field; one wiped out to the last unit also counts as
    broken (its strength is nil), but nothing of it fled."""
    me = state.side_id(winner)
    out = []
    for s in range(len(state.game.sides)):
        if s == winner:
            continue
        if any(u.side == s and u.status == FLED for u in state.units):
            out.append(f"{me}: army-break ({state.side_id(s)} broke)")
        else:
            out.append(f"{me}: last-army ({state.side_id(s)} has no unit left on the field)")
    return tuple(out)


def end_battle_turn(state, events: list) -> None:
    """Q22 morale, Q23 victory."""
    frac = state.game.options.army_break_fraction
    for s in range(len(state.game.sides)):
        if s in state.broken or frac <= 0:
            continue
        if strength_left(state, s) < frac * state.start_strength[s]:
            state.broken.add(s)
            for u in state.units:
                if u.side == s and u.status == ON:
                    # it leaves the field: off the map, so that no view shows where a
                    # unit never spotted stood
                    u.status = FLED
                    u.hex = OFF
            events.append(state.event("army-broken", side=state.side_id(s)))
    standing = [s for s in range(len(state.game.sides))
                if s not in state.broken and any(u.side == s and u.status == ON
                                                 for u in state.units)]
    result = None
    if len(standing) == 1 and len(state.game.sides) > 1:
        result = Result("win", state.side_id(standing[0]),
                        last_army_causes(state, standing[0]), state.round)
    elif not standing:
        result = Result("draw", None, ("no army left on the field",), state.round)
    if result is None:
        final = state.game.round_limit is not None and state.round >= state.game.round_limit
        result = victory.evaluate(state, final)
    if result is not None:
        victory.game_over(state, result, events)
        return
    start_battle_turn(state, events)

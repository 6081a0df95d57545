"""The round (M2): each side in an order rolled each round acts with its units; then every
melee fights a round; then the end-of-round tests, rest and recovery, and victory."""
from __future__ import annotations

from studio.engine import victory
from studio.engine.state import FLED, ON, Result
from studio.engine.turn_order import initiative_order

from . import combat, magic, morale
from .withdraw import react, rally_or_withdraw, advance_uncontrolled


def start_round(state, events: list) -> None:
    state.round += 1
    for u in state.units:
        u.acted = u.moved = u.fired = u.cast_this_round = u.busy = False
        u.round_start_figures = u.figures
    state.order = tuple(initiative_order(state.dice, len(state.game.sides), 6))
    state.active = 0
    events.append(state.event("round", round=state.round,
                              order=[state.side_id(s) for s in state.order]))
    if state.round == 1 and state.daylight and not state.cloud:
        for u in list(state.units):                           # M16 orcs in sunlight
            if u.status == ON and u.profile.orc:
                combat.morale_test(state, u, events, "sunlight")
    begin_side(state, events)


def begin_side(state, events: list) -> None:
    """A side's turn opens: its withdrawing units try to rally (M25) and its units in an
    uncontrolled advance go at the enemy (M12); then it gives its orders."""
    side = state.order[state.active]
    events.append(state.event("side-turn", side=state.side_id(side), round=state.round))
    for u in list(state.units):
        if u.status != ON or u.side != side or state.result is not None:
            continue
        if u.routed or u.reaction in ("retire", "retreat"):
            rally_or_withdraw(state, u, events)
            u.acted = True
        elif u.reaction == "advance":
            advance_uncontrolled(state, u, events)
            u.acted = True
    decide(state, events, final=False)


def end_side(state, events: list) -> None:
    side = state.order[state.active]
    for u in state.units:
        if u.side == side and u.reaction == "halt" and u.status == ON:
            u.reaction_left -= 1
            if u.reaction_left <= 0:
                u.reaction = None
    if state.active + 1 < len(state.order):
        state.active += 1
        begin_side(state, events)
        return
    melee_phase(state, events)
    if state.result is None:
        end_round(state, events)


def melee_phase(state, events: list) -> None:
    """M20: every pair of units in contact fights one round."""
    pairs = sorted({(min(u.i, j), max(u.i, j)) for u in state.units if u.status == ON
                    for j in u.engaged})
    for a, b in pairs:
        ua, ub = state.units[a], state.units[b]
        if ua.status == ON and ub.status == ON and b in ua.engaged:
            combat.melee_round(state, ua, ub, events)
    decide(state, events, final=False)


def end_round(state, events: list) -> None:
    """The end of a move: the 1/5 loss test (M11), half strength (M15), rest (M4) and the
    wizards' recovery (M31); then victory."""
    t = state.tables
    for u in list(state.units):
        if u.status != ON or u.profile.single:
            continue
        lost = u.round_start_figures - u.figures
        if lost * 5 >= u.round_start_figures and lost > 0 and not u.routed:
            combat.morale_test(state, u, events, "lost-fifth")
        share = u.figures / u.start_figures
        level = 2 if share < 0.25 else 1 if share < 0.5 else 0
        if u.status == ON and level > u.half_tested:
            u.half_tested = level
            ok, roll, pen = morale.half_strength(t, u.profile.cls, share, state.dice)
            events.append(state.event("half-strength", unit=u.uid, roll=roll, fights_on=ok))
            if ok:
                u.penalty = pen
            else:
                combat.leave(state, u, FLED, events, "falls below strength and quits the field")
    for u in state.units:
        if u.status != ON:
            continue
        if not u.busy and u.rest_due > 0:
            u.rest_due -= 1
        if not u.busy and not u.acted:
            u.charges_in_row = 0
        if u.profile.energy:
            if u.cast_this_round:
                u.rest_moves = u.semi_moves = 0
            elif not u.moved and not u.busy and not u.controlled:
                u.rest_moves += 1
                u.semi_moves = 0
            elif not u.controlled:
                u.semi_moves += 1
                u.rest_moves = 0
            full = u.profile.energy
            new = magic.recovered(t, u.energy, full, u.rest_moves, u.semi_moves)
            if new != u.energy:
                events.append(state.event("recovered", unit=u.uid, level=new))
                u.energy = new
    final = state.game.round_limit is not None and state.round >= state.game.round_limit
    if decide(state, events, final=final):
        return
    start_round(state, events)


def decide(state, events: list, final: bool) -> bool:
    """M40: a side with no unit left on the field (or only routers) has lost; otherwise the
    scenario's victory conditions."""
    if state.result is not None:
        return True
    n = len(state.game.sides)
    standing = [s for s in range(n)
                if any(u.side == s and u.status == ON and not u.routed for u in state.units)]
    result = None
    if len(standing) == 1:
        result = Result("win", state.side_id(standing[0]), ("the enemy is driven from the field",),
                        state.round)
    elif not standing:
        result = Result("draw", None, ("no force holds the field",), state.round)
    else:
        result = victory.evaluate(state, final)
        if result is None and final:
            result = Result("draw", None, ("round limit",), state.round)
    if result is None:
        return False
    victory.game_over(state, result, events)
    return True


__all__ = ["start_round", "begin_side", "end_side", "decide", "react"]

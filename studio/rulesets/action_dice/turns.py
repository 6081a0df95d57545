"""S5, S6, S23: the round. Each side rolls for its place in the order; on its turn a side
activates its units one at a time (each once, twice with Additional Turn), units with a
failed morale token first; after the last side the round ends and victory is checked."""
from __future__ import annotations

from studio.engine import scenario_events, victory
from studio.engine.state import ON, WAITING, Result, occupants
from studio.engine.turn_order import initiative_order

from .movement import flight_moves


def activation_limit(u) -> int:
    return 2 if u.profile.has("additional-turn") else 1


def can_activate(u) -> bool:
    return u.status == ON and u.activations < activation_limit(u)


def waiting(state, side: int) -> list:
    """The units of `side` that may still be activated this turn (S6: those with a failed
    morale token before any other). A failed unit with no move away from the enemy cannot
    take the move its token demands, so it stands, keeps its token and holds up no other
    unit (the project's reading: the seed does not say)."""
    ready = [u for u in state.units if u.side == side and can_activate(u)]
    failed = [u for u in ready if u.failed]
    if not failed:
        return ready
    occ = occupants(state)
    fleeing = [u for u in failed if flight_moves(state, u, occ)]
    return fleeing or [u for u in ready if not u.failed]


def start_round(state, events: list) -> None:
    state.round += 1
    events.append(state.event("round", round=state.round))
    scenario_events.round_begins(state, events)
    rolls: list = []
    n = len(state.game.sides)
    state.order = tuple(initiative_order(state.dice, n, state.game.options.order_die,
                                         rolls=rolls))
    events.append(state.event("order", rolls=[[state.side_id(s), r] for s, r in rolls],
                              order=[state.side_id(s) for s in state.order]))
    for u in state.units:
        u.activations = 0
    state.active = 0
    begin_side(state, events)


def begin_side(state, events: list) -> None:
    state.current = None
    state.actions_left = 0
    side = state.order[state.active]
    events.append(state.event("side-turn", side=state.side_id(side)))
    if not waiting(state, side):
        end_side(state, events)


def begin_activation(state, u, events: list) -> None:
    opts = state.game.options
    state.current = u.i
    state.actions_left = opts.actions + (1 if u.profile.has("fast") else 0)
    u.activations += 1
    u.did = []
    u.aimed = False
    events.append(state.event("activated", unit=u.uid, actions=state.actions_left))
    if u.disordered:
        u.disordered = False
        state.actions_left -= 1
        events.append(state.event("disorder-lost", unit=u.uid))


def end_activation(state, events: list) -> None:
    u = state.units[state.current]
    u.did = []
    u.aimed = False
    state.current = None
    state.actions_left = 0
    if decide(state, events, final=False):
        return
    if not waiting(state, state.order[state.active]):
        end_side(state, events)


def end_side(state, events: list) -> None:
    if state.active + 1 < len(state.order):
        state.active += 1
        begin_side(state, events)
        return
    scenario_events.round_ends(state, events)
    final = state.game.round_limit is not None and state.round >= state.game.round_limit
    if decide(state, events, final=final):
        return
    start_round(state, events)


def decide(state, events: list, final: bool) -> bool:
    """S23: a side with nothing left on the table has lost; otherwise the scenario's
    victory conditions. True when the game is over."""
    n = len(state.game.sides)
    standing = [s for s in range(n) if any(u.side == s and u.status in (ON, WAITING)
                                           for u in state.units)]
    result = None
    if len(standing) == 1:
        me = state.side_id(standing[0])
        result = Result("win", me, tuple(
            f"{me}: last-force ({state.side_id(s)} has no unit left on the table)"
            for s in range(n) if s != standing[0]), state.round)
    elif not standing:
        result = Result("draw", None, ("no force left on the table",), state.round)
    else:
        result = victory.evaluate(state, final)
    if result is None:
        return False
    state.current = None
    victory.game_over(state, result, events)
    return True

"""Reactions carried out (M12, M24-M25): uncontrolled advances, halts, and withdrawals that
move a unit back and cost it order; rallying; routers leaving the field."""
from __future__ import annotations

from studio.engine.search import reachable
from studio.engine.state import FLED, ON

from . import morale, organisation
from .movement import allowance, charge_paths, facing_towards, moves, occupants, step_cost


def react(state, u, reaction: str, events: list) -> None:
    """Carry out a morale reaction (M12)."""
    from .combat import nearby_routers_test
    if u.status != ON:
        return
    if reaction == "obey":
        return
    if reaction.startswith("advance"):
        if u.profile.single:
            return
        u.reaction, u.reaction_left = "advance", int(reaction[-1])
        return
    if reaction.startswith("halt"):
        u.reaction, u.reaction_left = "halt", int(reaction[-1])
        return
    kind = "rout" if reaction.startswith("rout") else reaction
    if not u.profile.single:
        new = organisation.withdrew(state.tables, u.org, reaction)
        if new != u.org:
            u.org = new
            events.append(state.event("organisation", unit=u.uid, state=new))
    u.reaction = reaction if kind != "rout" else ("rout-unrallyable"
                                                 if reaction == "rout-unrallyable" else "rout")
    u.reaction_left = 0
    was_routed = u.routed
    u.routed = kind == "rout"
    withdraw_move(state, u, kind, events)
    if u.routed and not was_routed and u.status == ON:
        nearby_routers_test(state, u, events)


def withdraw_move(state, u, kind: str, events: list) -> None:
    """M24: back a normal move (retire, retreat) or a charge move (rout), away from the
    nearest enemy; the melee ends. A router that reaches its own map edge leaves (M25)."""
    board = state.game.board
    for j in list(u.engaged):
        state.units[j].engaged.discard(u.i)
    u.engaged = set()
    enemies = [e for e in state.units if e.status == ON and e.side != u.side]
    occ = occupants(state)
    cost = step_cost(state, u, occ)
    budget = allowance(state, u, "charge" if kind == "rout" else "close")
    r = reachable(board, u.hex, budget, cost, may_end=lambda h: h not in occ or h == u.hex)

    def safety(h):
        near = min((board.distance(h, e.hex) for e in enemies), default=99)
        edge = side_edge_distance(state, u, h)
        return (near, -edge, -h)
    best = max(r.cost, key=safety)
    if best != u.hex:
        u.hex = best
        u.moved = True
    if enemies and u.profile.faced:
        near = min(enemies, key=lambda e: board.distance(u.hex, e.hex))
        toward = facing_towards(state, u, near.hex)
        u.facing = toward if kind == "retire" else (toward + 3) % 6
    events.append(state.event("withdraw", unit=u.uid, how=kind, to=board.labels[u.hex]))
    if kind == "rout" and side_edge_distance(state, u, u.hex) == 0:
        from .combat import leave
        leave(state, u, FLED, events, "routs off the field")


def side_edge_distance(state, u, h: int) -> int:
    edge = state.game.sides[u.side].map_edge
    if not edge:
        return 99
    try:
        return state.game.board.edge_distance(h, edge)
    except (KeyError, ValueError):
        return 99


def rally_or_withdraw(state, u, events: list) -> None:
    """M25: a withdrawing unit needs "proceed as ordered" (or better) to rally; else it goes
    on withdrawing. An unrallyable rout never rallies."""
    if u.reaction == "rout-unrallyable":
        withdraw_move(state, u, "rout", events)
        return
    from .combat import cls_of, morale_modifier
    kind = "rout" if u.routed else u.reaction
    mod = morale_modifier(state, u)
    result = morale.test(state.tables, cls_of(u), mod, state.dice)
    u.busy = True
    rallied = result.reaction in ("obey", "advance-1", "advance-2")
    events.append(state.event("rally", unit=u.uid, dice=result.dice, modifier=mod,
                              score=result.score, rallied=rallied))
    if rallied:
        u.routed = False
        u.reaction, u.reaction_left = None, 0
        return
    withdraw_move(state, u, kind, events)


def advance_uncontrolled(state, u, events: list) -> None:
    """M12: an uncontrolled advance charges the nearest enemy it can reach, or moves at
    it."""
    from .play import do_charge
    enemies = [e for e in state.units if e.status == ON and e.side != u.side]
    u.reaction_left -= 1
    if u.reaction_left <= 0:
        u.reaction = None
    if not enemies or u.engaged:
        return
    board = state.game.board
    enemies.sort(key=lambda e: (board.distance(u.hex, e.hex), e.i))
    for e in enemies:
        if not e.profile.flies and charge_paths(state, u, e) is not None and u.rest_due <= 0:
            events.append(state.event("uncontrolled", unit=u.uid, target=e.uid))
            do_charge(state, u, e, events)
            return
    target = enemies[0]
    options = moves(state, u)
    if options:
        h = min(options, key=lambda h: (board.distance(h, target.hex), h))
        if board.distance(h, target.hex) < board.distance(u.hex, target.hex):
            u.hex = h
            u.moved = True
            u.facing = facing_towards(state, u, target.hex)
            events.append(state.event("uncontrolled", unit=u.uid, target=target.uid,
                                      to=board.labels[h]))


__all__ = ["react", "withdraw_move", "rally_or_withdraw", "advance_uncontrolled"]

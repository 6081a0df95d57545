"""The actions of a Quick and Dirty game and applying them: move (one unit, facing at the
end), attack (one defender, one or more attackers), end the phase."""
from __future__ import annotations

from studio.engine import scenario_events
from studio.engine.errors import IllegalAction
from studio.engine.state import ON
from studio.engine.visibility import as_known_to

from .combat import eligible_attackers, resolve
from .movement import (IMPASSABLE, direction_to, facing_enemies, occupants, terrain_kind,
                       unit_moves, zoc_owners)
from .spotting import known_to, reveal, update_spotting
from .state import Attack, EndPhase, Move
from .turns import end_phase


def _seen(state):
    """The state as the side to act knows it (Q2: its unspotted enemies are not there)."""
    return as_known_to(state, state.order[state.active]) if state.hidden else state


def move_actions(state, u) -> list:
    board = state.game.board
    names = board.facing_names
    ends, _ = unit_moves(state, u)
    out = []
    for h, forced in ends.items():
        facings = forced if forced is not None else range(len(names))
        for f in facings:
            if h == u.hex and f == u.facing:
                continue
            out.append(Move(u.uid, board.labels[h], names[f]))
    return out


def attack_actions(state) -> list:
    side = state.order[state.active]
    occ = occupants(state)
    out = []
    for t in state.units:
        if t.status != ON or t.side == side or t.i in state.attacked_targets \
                or not known_to(state, t, side):
            continue
        group = eligible_attackers(state, t, occ)
        for a in group:
            out.append(Attack(t.uid, (a.uid,)))
        if len(group) > 1:
            out.append(Attack(t.uid, tuple(a.uid for a in group)))
    return out


def legal_actions(state) -> list:
    if state.result is not None:
        return []
    view = _seen(state)
    side = view.order[view.active]
    if view.phase == "move":
        out = []
        for u in view.units:
            if u.side == side and u.status == ON and not u.moved:
                out.extend(move_actions(view, u))
        return out + [EndPhase("move")]
    return attack_actions(view) + [EndPhase("combat")]


def apply(state, action) -> list:
    if state.result is not None:
        raise IllegalAction(action, "the game is over")
    events: list = []
    side = state.order[state.active]
    if isinstance(action, EndPhase):
        if action.phase != state.phase:
            raise IllegalAction(action, f"it is the {state.phase} phase, not {action.phase}")
        end_phase(state, events)
    elif isinstance(action, Move):
        if state.phase != "move":
            raise IllegalAction(action, "units move only in their side's move phase")
        u = state.unit_in(action, action.unit)
        if u.side != side or u.status != ON or u.moved:
            raise IllegalAction(action, f"{u.uid} may not move now")
        view = _seen(state)
        ends, reach = unit_moves(view, view.units[u.i])
        if not _move_allowed(state.game.board, u, ends, action):
            raise IllegalAction(action, f"{u.uid} may not move to {action.to} facing {action.facing}")
        _walk(state, reach, u, action, events)
    elif isinstance(action, Attack):
        if state.phase != "combat":
            raise IllegalAction(action, "attacks are made in the combat phase")
        view = _seen(state)
        t = view.unit_in(action, action.target)
        if action not in attack_actions(view) and not _subset_ok(view, t, action.units):
            raise IllegalAction(action, f"{', '.join(action.units)} may not attack {action.target}")
        resolve(state, [state.unit(a) for a in action.units], state.unit(action.target), events)
    else:
        raise IllegalAction(action, "not a Quick and Dirty action")
    scenario_events.after_action(state, events)
    state.record_action(action, events)
    return events


def _move_allowed(board, u, ends, action) -> bool:
    try:
        h = board.index_of_label(action.to)
        f = board.facing_index(action.facing)
    except ValueError:
        return False
    if h not in ends or (h == u.hex and f == u.facing):
        return False
    return ends[h] is None or f in ends[h]


def _subset_ok(view, t, uids) -> bool:
    """Q11: any group of the attackers that may attack `t` may attack it together."""
    if not uids or len(set(uids)) != len(uids) or t.i in view.attacked_targets:
        return False
    allowed = {a.uid for a in eligible_attackers(view, t)}
    return set(uids) <= allowed


def _walk(state, reach, u, action, events) -> None:
    """Follow the move's path on the real state: a hidden enemy in the way stops the mover
    next to it (and shows itself), an unseen zone of control stops it in that zone. A flyer
    stopped over ground it may not stand on (impassable, or a friend's hex) falls back to
    the last hex of its path it may stand on (Q7: flyers never stop on impassable)."""
    board = state.game.board
    goal = board.index_of_label(action.to)
    facing = board.facing_index(action.facing)
    frm = u.hex
    if goal != u.hex:
        path = reach.path_to(goal) if reach is not None else [u.hex, goal]
        occ = occupants(state)
        last = u.hex               # the last hex passed that the mover may stop on

        def stand(h):
            u.hex = last if (h in occ and occ[h] is not u) or \
                terrain_kind(board, h) == IMPASSABLE else h

        for h in path[1:]:
            other = occ.get(h)
            if other is not None and other.side != u.side:
                reveal(state, other, events)
                stand(u.hex)
                facing = direction_to(board, u.hex, h)
                events.append(state.event("ambush", unit=u.uid, by=other.uid,
                                          hex=board.labels[u.hex]))
                break
            u.hex = h
            if (h not in occ or occ[h] is u) and terrain_kind(board, h) != IMPASSABLE:
                last = h
            zs = zoc_owners(state, u, h, occ)
            if zs:
                if h != goal:
                    for z in zs:
                        reveal(state, z, events)
                stand(h)
                allowed = facing_enemies(board, u.hex, zs)
                if u.hex != h or h != goal or facing not in allowed:
                    facing = direction_to(board, u.hex, zs[0].hex)
                break
    u.facing = facing
    u.moved = True
    events.append(state.event("move", unit=u.uid, frm=board.labels[frm], to=board.labels[u.hex],
                              facing=board.facing_names[u.facing]))
    update_spotting(state, events)

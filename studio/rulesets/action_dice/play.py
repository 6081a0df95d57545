"""The actions of an Action Dice game and applying them (S6-S22): a unit's first action
activates it; it has two (Fast: three); move, melee, shoot, ram or a special; a side ends
an activation early or its whole turn."""
from __future__ import annotations

from studio.engine import scenario_events
from studio.engine.errors import IllegalAction
from studio.engine.state import ON, enemies_next_to

from .combat import fireball, melee, ram, shoot
from .movement import foot_moves, nearest_enemy, occupants, vehicle_paths
from .state import EndActivation, EndTurn, Melee, Move, Ram, Shoot, Special
from .targets import fireball_targets, is_long, melee_targets, shoot_targets
from .turns import begin_activation, decide, end_activation, end_side, waiting

ATTACKS = ("melee", "shoot", "fireball", "ram")


def _under_crewed(u) -> bool:
    return u.profile.kind == "ordnance" and 2 * u.figures <= u.start_figures


def move_options(state, u, occ=None) -> dict:
    """{action: (end hex, disordered, path or None, reverse)} of every move `u` may make."""
    occ = occ if occ is not None else occupants(state)
    board = state.game.board
    names = board.facing_names
    out: dict = {}
    if u.profile.kind == "vehicle":
        for h, f, path, reverse, rammed in vehicle_paths(state, u, occ):
            if rammed is not None:
                out.setdefault(Ram(u.uid, rammed.uid), (h, False, path, reverse, f))
            else:
                out.setdefault(Move(u.uid, board.labels[h], names[f]),
                               (h, False, path, reverse, f))
        return out
    faced = u.profile.faced
    for h, disordered in foot_moves(state, u, occ).items():
        for f in (range(6) if faced else (u.facing,)):
            out[Move(u.uid, board.labels[h], names[f])] = (h, disordered, None, False, f)
    if faced:
        for f in range(6):
            if f != u.facing:    # S3: turning a regiment is a move action
                out[Move(u.uid, board.labels[u.hex], names[f])] = (u.hex, False, None, False, f)
    return out


def actions_left(state, u) -> int:
    """The actions `u` has left: those of its activation, or those a new one would give."""
    if state.current == u.i:
        return state.actions_left
    return (state.game.options.actions + (1 if u.profile.has("fast") else 0)
            - (1 if u.disordered else 0))


def unit_actions(state, u, occ=None, only=None) -> dict:
    """{action: detail} of everything `u` may do as its next action (`only`: of the kinds
    of that action, which is all `apply` needs to check)."""
    occ = occ if occ is not None else occupants(state)
    wants = (lambda cls: True) if only is None else (lambda cls: isinstance(only, cls))
    moves = move_options(state, u, occ) if wants((Move, Ram)) else {}
    if u.failed:
        # S20: a unit with a failed token must move away from the enemy first.
        start = nearest_enemy(state, u.hex, u.side)
        return {a: d for a, d in moves.items() if isinstance(a, Move)
                and d[0] != u.hex and nearest_enemy(state, d[0], u.side) > start}
    out = dict(moves)
    did = u.did
    hero_done = u.profile.kind == "hero" and any(k in ATTACKS for k in did)
    if hero_done:
        return {a: d for a, d in out.items() if not isinstance(a, Ram)}
    if wants(Melee):
        for t in melee_targets(state, u, occ):
            out[Melee(u.uid, t.uid)] = None
    ordnance = u.profile.kind == "ordnance"
    may_shoot = wants(Shoot) and not (ordnance and ("shoot" in did or "melee" in did))
    if ordnance and _under_crewed(u) and not u.aimed and actions_left(state, u) < 2:
        may_shoot = False        # S14: aiming and firing take two actions
    if may_shoot:
        for t in shoot_targets(state, u, occ):
            out[Shoot(u.uid, t.uid)] = None
    if wants(Special):
        for t in fireball_targets(state, u):
            out[Special(u.uid, "fireball", t.uid)] = None
    return out


def _candidates(state) -> list:
    if state.current is not None:
        return [state.units[state.current]]
    return waiting(state, state.order[state.active])


def legal_actions(state) -> list:
    if state.result is not None:
        return []
    side = state.order[state.active]
    occ = occupants(state)
    out: list = []
    for u in _candidates(state):
        out.extend(unit_actions(state, u, occ))
    if state.current is not None:
        out.append(EndActivation(state.units[state.current].uid))
    out.append(EndTurn(state.side_id(side)))
    return out


def apply(state, action) -> list:
    if state.result is not None:
        raise IllegalAction(action, "the game is over")
    events: list = []
    side = state.order[state.active]
    if isinstance(action, EndTurn):
        if action.side != state.side_id(side):
            raise IllegalAction(action, f"it is {state.side_id(side)}'s turn")
        turn = (state.round, state.active)
        if state.current is not None:
            end_activation(state, events)      # which may already end the side's turn
        if state.result is None and (state.round, state.active) == turn:
            end_side(state, events)
    elif isinstance(action, EndActivation):
        if state.current is None or state.units[state.current].uid != action.unit:
            raise IllegalAction(action, f"{action.unit} is not being activated")
        end_activation(state, events)
    elif isinstance(action, (Move, Melee, Shoot, Ram, Special)):
        u = state.unit_in(action, action.unit)
        if u not in _candidates(state) or u.side != side:
            raise IllegalAction(action, f"{u.uid} may not act now")
        options = unit_actions(state, u, only=action)
        if action not in options:
            raise IllegalAction(action, f"{u.uid} may not do that now")
        if state.current is None:
            begin_activation(state, u, events)
            if state.actions_left <= 0:
                # S9: disorder took the only action there was.
                end_activation(state, events)
                scenario_events.after_action(state, events)
                state.record_action(action, events)
                return events
        _act(state, u, action, options[action], events)
        state.actions_left -= 1
        if not decide(state, events, final=False):
            if u.status != ON or state.actions_left <= 0:
                end_activation(state, events)
    else:
        raise IllegalAction(action, "not an Action Dice action")
    scenario_events.after_action(state, events)
    state.record_action(action, events)
    return events


def _disorder(state, u, events) -> None:
    """S9: the unit's next action is lost, this activation or its next."""
    if state.actions_left > 1:
        state.actions_left -= 1
        events.append(state.event("disorder-lost", unit=u.uid))
    else:
        u.disordered = True


def _act(state, u, action, detail, events) -> None:
    board = state.game.board
    if isinstance(action, (Move, Ram)):
        h, disordered, path, reverse, facing = detail
        _withdraw(state, u, h, events)
        if u.status != ON:
            return
        frm, was_facing = u.hex, u.facing
        u.hex, u.facing = h, facing
        if (frm, was_facing) != (h, facing) or not isinstance(action, Ram):
            # a vehicle driving into a unit it already touches neither moves nor turns: the
            # log said it "turns to face" the way it faced
            events.append(state.event("moved", unit=u.uid, frm=board.labels[frm],
                                      to=board.labels[h], facing=board.facing_names[facing],
                                      reverse=reverse, disordered=disordered,
                                      rallied=u.failed))
        u.failed = False
        u.did.append("move")
        _settle_contact(state)
        if isinstance(action, Ram):
            u.did.append("ram")
            ram(state, u, state.unit(action.target), reverse, events)
        if disordered:
            _disorder(state, u, events)
        return
    t = state.unit(action.target)
    if isinstance(action, Melee):
        u.did.append("melee")
        melee(state, u, t, events)
    elif isinstance(action, Shoot):
        if u.profile.kind == "ordnance" and 2 * u.figures <= u.start_figures and not u.aimed:
            u.aimed = True
            u.did.append("aim")
            events.append(state.event("aimed", unit=u.uid, target=t.uid))
            return
        u.did.append("shoot")
        shoot(state, u, t, events, long=is_long(state, u, t))
    else:
        u.did.append("fireball")
        fireball(state, u, t, events)


def _withdraw(state, u, to: int, events) -> None:
    """S12: leaving a melee gives each enemy fought there a free attack first."""
    if not u.engaged:
        return
    occ = occupants(state)
    board = state.game.board
    for e in enemies_next_to(state, u.hex, u.side, occ):
        if e.i in u.engaged and board.distance(to, e.hex) > 1 and u.status == ON:
            melee(state, e, u, events, free=True)


def _settle_contact(state) -> None:
    """Units no longer side by side are out of their melee."""
    board = state.game.board
    for u in state.units:
        if u.engaged:
            u.engaged = {i for i in u.engaged if state.units[i].status == ON and u.status == ON
                         and board.distance(u.hex, state.units[i].hex) <= 1}

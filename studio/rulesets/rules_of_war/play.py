"""`legal_actions` and `apply`: the two calls a player (human, AI or test) needs.

`apply` validates first, raising IllegalAction with the state untouched, then mutates the
state in place and returns the events, including every automatic step up to the next
decision (morale phase, next initiative...).
"""
from __future__ import annotations

from itertools import repeat
from operator import itemgetter

from .actions import (Advance, Attack, Cast, ChooseOrder, EndPhase, Exit, Form, Jump, Move,
                      Pass, Strike, Volley)
from .board import OFF
from .allowance import move_allowance, move_block_reason
from .combat import (Decl, attack_block_reason, declare, legal_targets, melee_possible, resolve,
                     strike_block_reason, use_support)
from studio.engine import scenario_events
from studio.engine.errors import IllegalAction
from .formations import FORMATIONS, change_formation, form_block_reason
from .hyper_jump import finish_jumps, jump_block_reason, start_jump
from .entry import enter_block_reason
from .movement import (can_exit, charge_destinations, charge_required, enemy_in_arc_adjacent,
                       execute_exit, execute_move, explicit_path_cost)
from .occupancy import can_end_in, carried_by, carrier_room, occupancy
from .reach import INF, destination_hexes, destinations, reach
from .phases import end_movement, has_attack_on, open_react_windows, open_respond_windows, \
    set_order
from .spells import castable, validate as validate_spell, cast as do_cast
from .state import ON
from .victory import check_sudden_death


_new = tuple.__new__
_HEX, _FACING = itemgetter(0), itemgetter(1)     # of a (hex, facing) square


# -- queries ------------------------------------------------------------------------------------
def _unit(state, uid, action):
    i = state.game.unit_index.get(uid)
    if i is None:
        raise IllegalAction(action, f"there is no unit {uid!r} in this game")
    return state.units[i]


def _side(state, sid, action):
    i = state.game.side_index.get(sid)
    if i is None:
        raise IllegalAction(action, f"there is no side {sid!r} in this game")
    return i


def move_options(state, uid: str) -> dict:
    """{(label, facing name): MP as Fraction} for the unit's ordinary moves now."""
    u = state.unit(uid)
    if move_block_reason(state, u):
        return {}
    b = state.game.board
    return {(b.labels[h], b.facing_names[f]): b.mp_of(c)
            for (h, f), c in destinations(state, u).items()}


def charge_options(state, uid: str) -> dict:
    u = state.unit(uid)
    if move_block_reason(state, u):
        return {}
    b = state.game.board
    return {(b.labels[h], b.facing_names[f]): b.mp_of(c)
            for (h, f), c in charge_destinations(state, u).items()}


def attack_targets(state, uid: str) -> list[str]:
    return [t.uid for t in legal_targets(state, state.unit(uid))]


def can_act(state, uid: str) -> bool:
    u = state.unit(uid)
    side = state.to_act_index
    if side is None or u.side != side:
        return False
    return bool(legal_targets(state, u)) or (
        not state.pending and move_block_reason(state, u) is None)


# -- legal actions ----------------------------------------------------------------------------
def legal_actions(state) -> list:
    """Every legal action of the side `state.to_act` (multi-attack Volleys aside)."""
    if state.result is not None:
        return []
    if state.pending:
        kind, side, about = state.pending[0][:3]
        sid = state.side_id(side)
        if kind == "order":
            return [ChooseOrder(sid, True), ChooseOrder(sid, False)]
        if kind == "advance":
            return [Advance(state.units[about].uid), Pass(sid)]
        return _attack_actions(state, side, in_window=True) + [Pass(sid)]
    if state.phase != "movement":
        return []
    side = state.order[state.active]
    out = []
    must_charge = []
    b = state.game.board
    # Only units that carry others can take one aboard (most armies have none).
    carriers = [c for c in state.units if c.profile.carry]
    for u in state.units:
        if u.side != side or u.status != ON:
            continue
        if u.profile.has("formations"):
            out.extend(Form(u.uid, f) for f in FORMATIONS
                       if form_block_reason(state, u, f) is None)
        if move_block_reason(state, u) is None:
            required = charge_required(state, u)
            if required:
                must_charge.append(u)
            else:
                out.extend(_moves(u.uid, destinations(state, u), b.labels, b.facing_names))
                if carriers:
                    out.extend(_embark_moves(state, u, carriers))
                if state.game.sides[side].exit_edges and can_exit(state, u):
                    out.append(Exit(u.uid))
                if u.profile.has("hyper-jump") and jump_block_reason(state, u) is None:
                    out.append(Jump(u.uid))
            for (h, f) in charge_destinations(state, u):
                out.append(Move(u.uid, b.labels[h], b.facing_names[f], True))
    out.extend(_attack_actions(state, side, in_window=False))
    if not must_charge:
        out.append(EndPhase(state.side_id(side)))
    return out


def _attack_actions(state, side, in_window):
    out = []
    for u in state.units:
        if u.side != side or u.status != ON:
            continue
        for t in legal_targets(state, u):
            out.append(Attack(u.uid, t.uid))
        if u.profile.has("magic"):
            out.extend(castable(state, u, in_window))
    sid = state.side_id(side)
    for k, sup in enumerate(state.game.sides[side].supports):
        for t in state.units:
            if t.side != side and t.status == ON and strike_block_reason(state, side, k, t) is None:
                out.append(Strike(sid, sup.id, t.uid))
    return out


def _moves(uid, squares, labels, names):
    """Move(uid, label, facing name) to each (hex, facing) of `squares`, in their order:
    thousands per call, so made in C (map, zip), and by tuple.__new__, which skips
    NamedTuple's Python-level __new__."""
    return map(_new, repeat(Move),
               zip(repeat(uid), map(labels.__getitem__, map(_HEX, squares)),
                   map(names.__getitem__, map(_FACING, squares)),
                   repeat(False), repeat(None), repeat(None)))


def _embark_moves(state, u, carriers):
    out = []
    r = None
    mount = state.game.board.mount_units
    b = state.game.board
    for c in carriers:
        if c.side != u.side or c.status != ON or c is u or not c.profile.carry \
                or c.carried_by != OFF or u.carried_by == c.i:
            continue
        if not carrier_room(state.units, c, u) or move_allowance(state, c) < mount:
            continue
        r = r or reach(state, u)
        best = min(r.cost_of(c.hex * 6 + f) for f in range(6))
        if best + mount <= r.budget and c.hex != u.hex:
            out.append(Move(u.uid, b.labels[c.hex], b.facing_names[c.facing], embark=c.uid))
    return out


def drop_stale_windows(state):
    """Windows and offers whose reason has gone (the mover died, the hex filled) vanish."""
    while state.pending:
        kind, side, about = state.pending[0][:3]
        if kind == "react":
            mover = state.units[about]
            if mover.status == ON and has_attack_on(state, side, [mover]):
                return
        elif kind == "advance":
            u = state.units[about]
            h = state.pending[0][3]
            if (u.status == ON and not u.routed and u.carried_by == OFF and
                    enter_block_reason(state.game.board, u.profile, h) is None and
                    can_end_in(state, occupancy(state), u, h)):
                return
        else:
            return
        state.pending.pop(0)


# -- apply --------------------------------------------------------------------------------------
def apply(state, action) -> list:
    """Play `action` for `state.to_act`; mutates `state`, returns the events."""
    if state.result is not None:
        raise IllegalAction(action, "the game is over")
    handler = _HANDLERS.get(type(action))
    if handler is None:
        raise IllegalAction(action, f"{type(action).__name__} is not an action of this engine")
    events: list = []
    commit = handler(state, action)           # validation only; raises IllegalAction
    state._cache.clear()
    commit(events)
    state._cache.clear()
    drop_stale_windows(state)
    if state.pending and state.pending[0][0] == "jump":
        finish_jumps(state, events)
        check_sudden_death(state, events)
    scenario_events.after_action(state, events)
    state.version += 1
    state._history = (action, state._history)
    state._events = (tuple(events), state._events)
    return events


def _expect_turn(state, side, action, *, window=None, own_phase=False):
    """The acting side must be the one to act, in the right kind of decision."""
    to_act = state.to_act_index
    if to_act is None:
        raise IllegalAction(action, "no side is to act now")
    if side != to_act:
        raise IllegalAction(action, f"it is {state.side_id(to_act)}'s decision, not "
                                    f"{state.side_id(side)}'s")
    head = state.pending[0][0] if state.pending else None
    if own_phase and head is not None:
        raise IllegalAction(action, f"{state.side_id(side)} must first answer the open "
                                    f"{head} window (attack, or Pass)")
    if window is not None and head not in window:
        raise IllegalAction(action, f"there is no {'/'.join(window)} decision open now")


def _choose_order(state, a):
    side = _side(state, a.side, a)
    _expect_turn(state, side, a, window=("order",))
    others = [s for s in range(len(state.game.sides)) if s != side]

    def commit(events):
        state.pending.pop(0)
        order = (side, *others) if a.first else (*others, side)
        set_order(state, order, side, events)
    return commit


def _end_phase(state, a):
    side = _side(state, a.side, a)
    _expect_turn(state, side, a, own_phase=True)
    if state.phase != "movement":
        raise IllegalAction(a, "it is not a movement phase")
    for u in state.units:
        if u.side == side and charge_required(state, u):
            raise IllegalAction(a, f"{u.uid} must charge first (always-charge)")

    def commit(events):
        end_movement(state, events)
    return commit


def _moving_unit(state, a, block_reason=move_block_reason,
                 not_now="units move only in their side's movement phase (R14)"):
    """The unit of an action of its own movement phase (a move, an exit, a jump, a change of
    formation), once checked: that phase, and nothing keeping it from acting
    (`block_reason`; `not_now`: what to say outside movement phases)."""
    u = _unit(state, a.unit, a)
    _expect_turn(state, u.side, a, own_phase=True)
    if state.phase != "movement":
        raise IllegalAction(a, not_now)
    reason = block_reason(state, u)
    if reason:
        raise IllegalAction(a, reason)
    return u


def _move(state, a):
    u = _moving_unit(state, a)
    b = state.game.board
    try:
        to = b.index_of_label(a.to)
        facing = b.facing_index(a.facing)
    except ValueError as err:
        raise IllegalAction(a, str(err)) from None
    if a.charge and not u.profile.has("charge"):
        raise IllegalAction(a, f"{u.uid} has no charge ability")
    if not a.charge and charge_required(state, u):
        raise IllegalAction(a, f"{u.uid} must charge an enemy it can reach (always-charge)")
    if to == u.hex and facing == u.facing and not a.charge and a.embark is None and not a.path:
        raise IllegalAction(a, f"{u.uid} would not move or turn")
    carrier = None
    if a.embark is not None:
        carrier = _unit(state, a.embark, a)
        mount = b.mount_units
        if carrier.side != u.side or carrier.status != ON or carrier.carried_by != OFF:
            raise IllegalAction(a, f"{carrier.uid} is not a friendly carrier on the map")
        if carrier.hex != to:
            raise IllegalAction(a, f"{carrier.uid} is in {b.labels[carrier.hex]}, not {a.to}")
        if not carrier_room(state.units, carrier, u):
            raise IllegalAction(a, f"{carrier.uid} has no room for {u.uid} (carry "
                                   f"{carrier.profile.carry})")
        if move_allowance(state, carrier) < mount:
            raise IllegalAction(a, f"{carrier.uid} lacks the {b.mp_of(mount)} MP to take "
                                   f"{u.uid} aboard (R18)")
    if a.path is not None:
        try:
            hexes = [b.index_of_label(x) for x in a.path]
            if (hexes[-1] if hexes else u.hex) != to:
                raise ValueError(f"the path ends in {b.labels[hexes[-1]] if hexes else a.to}, "
                                 f"not {a.to}")
            mp = explicit_path_cost(state, u, hexes, facing, a.charge)
        except ValueError as err:
            raise IllegalAction(a, str(err)) from None
        if carrier is None and not can_end_in(state, occupancy(state), u, to):
            raise IllegalAction(a, f"{u.uid} may not end its move in {a.to}: stacking (R13, R17)")
        if carrier is not None and mp + b.mount_units > \
                move_allowance(state, u, a.charge):
            raise IllegalAction(a, "not enough MP left to board (R18)")
        if a.charge and not _charge_end_ok(state, u, to, facing):
            raise IllegalAction(a, "a charge must end next to an enemy in the front arc")
    else:
        if carrier is not None:
            r = reach(state, u)
            f_best = min(range(6), key=lambda f: (r.cost_of(to * 6 + f), f))
            mp = r.cost_of(to * 6 + f_best)
            if mp >= INF or mp + b.mount_units > r.budget:
                raise IllegalAction(a, f"{u.uid} cannot reach {a.to} and still pay "
                                       f"{state.options.mount_cost_mp} MP to board (R18)")
            hexes = r.path_to(to * 6 + f_best)
            mp += b.mount_units
        else:
            if a.charge:
                mp = charge_destinations(state, u).get((to, facing))
                r = reach(state, u, True)
            else:
                # `destinations(state, u).get((to, facing))`, without building the dict.
                r = reach(state, u)
                facings = destination_hexes(state, u).get(to)
                mp = r.cost_of(to * 6 + facing) if facings and facing in facings else None
            if mp is None:
                raise IllegalAction(a, _why_not_there(state, u, to, facing, a.charge))
            hexes = r.path_to(to * 6 + facing)
    if not hexes and facing == u.facing and not a.charge and carrier is None:
        raise IllegalAction(a, f"{u.uid} would not move or turn")

    def commit(events):
        execute_move(state, u, hexes, facing, mp, events, charge=a.charge, embark=carrier)
        if check_sudden_death(state, events):
            return
        state._cache.clear()
        if u.status == ON and u.carried_by == OFF:
            open_react_windows(state, u, events)
    return commit


def _charge_end_ok(state, u, h, f):
    return any(melee_possible(state, u, v)
               for v in enemy_in_arc_adjacent(state, occupancy(state), u, h, f))


def _why_not_there(state, u, to, facing, charge) -> str:
    b = state.game.board
    occ = occupancy(state)
    r = reach(state, u, charge)
    if to in occ.enemy_hexes(u.side):
        return f"{b.labels[to]} holds an enemy unit (R17)"
    reason = enter_block_reason(b, u.profile, to)
    if reason:
        return reason
    if to in state.barriers and state.barriers[to] != u.side:
        return f"{b.labels[to]} is closed by a Barrier spell this round"
    if r.cost_of(to * 6 + facing) < INF and not can_end_in(state, occ, u, to):
        return f"{u.uid} may not end its move in {b.labels[to]}: stacking (R13)"
    if charge:
        return (f"{b.labels[to]} facing {b.facing_names[facing]} is not a charge: it must be "
                "reachable with the charge move and end next to an enemy in the front arc")
    if any(r.cost_of(to * 6 + f) < INF for f in range(6)):
        return (f"not enough MP to end in {b.labels[to]} facing {b.facing_names[facing]} "
                f"(turning costs {state.options.turn_any_cost_mp} MP, R14)")
    return (f"{b.labels[to]} is out of reach: {u.uid} has {b.mp_of(r.budget)} MP, moves only "
            "into the hex it faces and turns one hexside free per hex entered (R14-R16)")


def _exit(state, a):
    u = _moving_unit(state, a)
    if not state.game.sides[u.side].exit_edges:
        raise IllegalAction(a, f"{state.side_id(u.side)} has no exit victory condition")
    if not can_exit(state, u):
        raise IllegalAction(a, f"{u.uid} cannot reach the "
                               f"{'/'.join(sorted(state.game.sides[u.side].exit_edges))} edge "
                               "this phase")

    def commit(events):
        execute_exit(state, u, events)
        check_sudden_death(state, events)
    return commit


def _jump(state, a):
    u = _moving_unit(state, a, jump_block_reason)

    def commit(events):
        start_jump(state, u, events)
    return commit


def _form(state, a):
    u = _moving_unit(state, a, lambda s, v: form_block_reason(s, v, a.formation),
                     "formations change only in the side's own movement phase")

    def commit(events):
        change_formation(state, u, a.formation, events)
    return commit


def _declarations(state, a, attacks):
    """Validate unit attacks declared together; returns Decls (state untouched)."""
    if not attacks:
        raise IllegalAction(a, "a volley needs at least one attack")
    seen = set()
    decls = []
    side = None
    for at in attacks:
        if not isinstance(at, Attack):
            raise IllegalAction(a, f"{at!r} is not an Attack")
        u = _unit(state, at.unit, a)
        t = _unit(state, at.target, a)
        if side is None:
            side = u.side
        if u.side != side:
            raise IllegalAction(a, "attacks declared together must all be one side's")
        if u.i in seen:
            raise IllegalAction(a, f"{u.uid} is named twice; each unit attacks once a round (R21)")
        seen.add(u.i)
        reason = attack_block_reason(state, u, t)
        if reason:
            raise IllegalAction(a, reason)
        decls.append(Decl(u.i, u.side, None, t.i))
    return side, decls


def _attack_phase_check(state, a, side):
    if state.phase != "movement":
        raise IllegalAction(a, "attacks happen only during movement phases (R22)")
    head = state.pending[0][0] if state.pending else None
    _expect_turn(state, side, a)
    if head in ("order", "advance"):
        raise IllegalAction(a, f"the open {head} decision comes first")
    if head is None and side != state.order[state.active]:
        raise IllegalAction(a, "reaction attacks wait for a window")


def _attack(state, a):
    return _volley(state, Volley((a,)), original=a)


def _volley(state, a, original=None):
    shown = original or a
    attacks = a.attacks
    if not attacks:
        raise IllegalAction(shown, "a volley needs at least one attack")
    side, decls = _declarations(state, shown, attacks)
    _attack_phase_check(state, shown, side)
    return _declared(state, side, decls)


def _strike(state, a):
    side = _side(state, a.side, a)
    _attack_phase_check(state, a, side)
    sups = state.game.sides[side].supports
    k = next((n for n, s in enumerate(sups) if s.id == a.support), None)
    if k is None:
        raise IllegalAction(a, f"{a.side} has no off-map support {a.support!r} "
                               f"(has: {', '.join(s.id for s in sups) or 'none'})")
    t = _unit(state, a.target, a)
    reason = strike_block_reason(state, side, k, t)
    if reason:
        raise IllegalAction(a, reason)
    return _declared(state, side, [Decl(None, side, k, t.i)])


def _declared(state, side, decls):
    head = state.pending[0] if state.pending else None

    def commit(events):
        for d in decls:
            declare(state, d)
            if d.attacker is None:
                use_support(state, d.side, d.support, events)
        if head is None:
            # The active side declares: others may answer simultaneously (R22).
            batch = tuple(decls)
            if not open_respond_windows(state, batch, side, events):
                _resolve(state, batch, events)
        elif head[0] == "respond":
            state.pending.pop(0)
            batch = head[2] + tuple(decls)
            _continue_batch(state, head[2], batch, events)
        else:   # react
            state.pending.pop(0)
            _resolve(state, tuple(decls), events)
    return commit


def _continue_batch(state, old, batch, events):
    if state.pending and state.pending[0][0] == "respond" and state.pending[0][2] is old:
        state.pending[0] = ("respond", state.pending[0][1], batch)
    else:
        _resolve(state, batch, events)


def _resolve(state, batch, events):
    resolve(state, batch, events)
    check_sudden_death(state, events)


def _pass(state, a):
    side = _side(state, a.side, a)
    _expect_turn(state, side, a, window=("react", "respond", "advance"))

    def commit(events):
        head = state.pending.pop(0)
        events.append(state.event("pass", side=a.side, window=head[0]))
        if head[0] == "respond":
            _continue_batch(state, head[2], head[2], events)
    return commit


def _advance(state, a):
    u = _unit(state, a.unit, a)
    _expect_turn(state, u.side, a, window=("advance",))
    head = state.pending[0]
    if head[2] != u.i:
        raise IllegalAction(a, f"the free advance on offer is "
                               f"{state.units[head[2]].uid}'s, not {u.uid}'s")
    h = head[3]

    def commit(events):
        state.pending.pop(0)
        u.hex = h
        for c in carried_by(state, u):
            c.hex = h
        events.append(state.event("advanced", unit=u.uid, to=state.game.board.labels[h]))
    return commit


def _cast(state, a):
    u = _unit(state, a.unit, a)
    _expect_turn(state, u.side, a)
    head = state.pending[0][0] if state.pending else None
    if head in ("order", "advance"):
        raise IllegalAction(a, f"the open {head} decision comes first")
    if state.phase != "movement":
        raise IllegalAction(a, "spells are cast during movement phases")
    in_window = head is not None
    try:
        effect, targets, hexes = validate_spell(state, u, a, in_window)
    except ValueError as err:
        raise IllegalAction(a, str(err)) from None

    def commit(events):
        do_cast(state, u, a, effect, targets, hexes, events)
        check_sudden_death(state, events)
    return commit


_HANDLERS = {ChooseOrder: _choose_order, EndPhase: _end_phase, Move: _move, Exit: _exit,
             Attack: _attack, Volley: _volley, Strike: _strike, Pass: _pass,
             Advance: _advance, Cast: _cast, Jump: _jump, Form: _form}

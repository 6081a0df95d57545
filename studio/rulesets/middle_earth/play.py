"""Legal actions and their effects (M2-M37): a side gives each of its units one order a move
(move, charge, fire, cast or hold), then ends its turn."""
from __future__ import annotations

from studio.engine.errors import IllegalAction
from studio.engine.state import ON

from . import aerial, orders, organisation, spells
from .combat import charge_context, impetus, leave, morale_test, volley
from .movement import charge_paths, charge_reach, facing_towards, moves
from .situation import in_sight, on_map, within
from .state import Cast, Charge, EndTurn, Fire, Hold, Move
from .turns import end_side


def _free(u) -> bool:
    return u.status == ON and not u.acted and not u.engaged and not u.routed \
        and u.reaction not in ("retire", "retreat", "rout", "rout-unrallyable")


def may_charge(state, u) -> bool:
    return u.reaction != "halt" and u.rest_due <= 0 and not u.fired and u.disarmed < u.figures


def charge_targets(state, u) -> list:
    out = []
    reach = None
    for e in on_map(state):
        if e.side == u.side or (e.profile.flies and not u.profile.flies):
            continue
        if u.profile.flies and e.profile.flies:
            if state.game.board.distance(u.hex, e.hex) <= state.tables.hexes(
                    state.tables.allowance(u.profile.movement, "charge")):
                out.append(e)
            continue
        reach = reach or charge_reach(state, u)
        if charge_paths(state, u, e, reach) is not None:
            out.append(e)
    return out


def fire_targets(state, u) -> list:
    if u.profile.missile is None or u.engaged:
        return []
    t = state.tables
    rng = t.reach(t.missile_range(u.profile.missile))
    board = state.game.board
    return [e for e in on_map(state) if e.side != u.side and not e.engaged
            and board.distance(u.hex, e.hex) <= rng
            and (e.profile.flies or board.terrain_los(u.hex, e.hex))]


def legal_actions(state) -> list:
    if state.result is not None:
        return []
    key = ("legal", state.version)
    got = state._cache.get(key)
    if got is None:
        got = state._cache[key] = _legal(state)
    return list(got)


def _legal(state) -> list:
    side = state.order[state.active]
    sid = state.side_id(side)
    board = state.game.board
    out: list = []
    for u in state.units:
        if u.side != side or not _free(u):
            continue
        if u.reaction != "halt":
            enemies = [e for e in on_map(state) if e.side != u.side]
            for h in sorted(moves(state, u)):
                facing = u.facing
                if enemies:
                    near = min(enemies, key=lambda e: (board.distance(h, e.hex), e.i))
                    facing = _facing_from(state, h, near.hex)
                out.append(Move(u.uid, board.labels[h], board.facing_names[facing]))
        if may_charge(state, u):
            out += [Charge(u.uid, e.uid) for e in charge_targets(state, u)]
        out += [Fire(u.uid, e.uid) for e in fire_targets(state, u)]
        for spell in spells.known(state, u):
            out += [Cast(u.uid, spell, x.uid) for x in spells.targets(state, u, spell)]
        out.append(Hold(u.uid))
    out.append(EndTurn(sid))
    return out


def _facing_from(state, h: int, target: int) -> int:
    board = state.game.board
    best, bd = 0, None
    for d, n in enumerate(board.nbr[h]):
        if n < 0:
            continue
        dd = board.distance(n, target)
        if bd is None or dd < bd:
            best, bd = d, dd
    return best


def apply(state, action) -> list:
    """Carry out `action` for the side to act; the events it caused."""
    if state.result is not None:
        raise IllegalAction(action, "the game is over")
    events: list = []
    side = state.order[state.active]
    if isinstance(action, EndTurn):
        if action.side != state.side_id(side):
            raise IllegalAction(action, f"it is {state.side_id(side)}'s turn")
        events.append(state.event("end-turn", side=action.side))
        end_side(state, events)
        state.record_action(action, events)
        return events
    u = state.unit_in(action, action.unit)
    if u.side != side or not _free(u):
        raise IllegalAction(action, f"{u.uid} cannot act now")
    if action not in legal_actions(state):
        raise IllegalAction(action, "not a legal order for this unit now")
    u.acted = True
    if isinstance(action, Hold):
        events.append(state.event("hold", unit=u.uid))
    elif isinstance(action, (Move, Charge)) and not _obeys(state, u, action, events):
        pass
    elif isinstance(action, Move):
        do_move(state, u, action, events)
    elif isinstance(action, Charge):
        do_charge(state, u, state.unit(action.target), events)
    elif isinstance(action, Fire):
        u.fired = True
        volley(state, u, state.unit(action.target), events)
    elif isinstance(action, Cast):
        target = state.unit(action.target) if action.target else None
        spells.cast(state, u, action.spell, target, events)
    from .turns import decide
    decide(state, events, final=False)
    state.record_action(action, events)
    return events


def stresses(state, u, action) -> list[str]:
    """M9: the stresses that make an E or O unit test its order."""
    enemies = [e for e in on_map(state) if e.side != u.side]
    friends = [f for f in on_map(state) if f.side == u.side and f is not u]
    out = []
    near = sum(e.figures for e in within(state, u, 300, enemies))
    mine = u.figures + sum(f.figures for f in within(state, u, 300, friends))
    if not within(state, u, 100, friends):
        out.append("unsupported")
    if not any(in_sight(state, u, f) for f in friends):
        out.append("no-friends-in-sight")
    if near > mine:
        out.append("outnumbered")
        if isinstance(action, Charge):
            out.append("charge-when-outnumbered")
    if within(state, u, 50, enemies):
        out.append("enemy-within-50m")
    elif within(state, u, 100, enemies):
        out.append("enemy-within-100m")
    if any(f.routed for f in within(state, u, 300, friends)):
        out.append("friends-routed-last-3-moves")
    return out


def _obeys(state, u, action, events) -> bool:
    p = u.profile
    cajoler = None
    if not p.good:
        behind = [f for f in within(state, u, 50, on_map(state))
                  if f.side == u.side and f.profile.mounted and not f.profile.single]
        better = [f.profile.cls for f in behind
                  if orders.higher_class(state.tables, f.profile.cls, p.cls)]
        cajoler = better[0] if better else None
    r = orders.obey(state.tables, p.cls, stresses(state, u, action), u.charisma, state.dice,
                    cajoled_by=cajoler)
    if r.roll is None:
        return True
    events.append(state.event("obey", unit=u.uid, roll=r.roll, total=r.total, obeys=r.obeys))
    if not r.obeys:
        morale_test(state, u, events, "disobeyed")
    return r.obeys


def do_move(state, u, action, events) -> None:
    board = state.game.board
    h = board.index_of_label(action.to)
    spent = moves(state, u).get(h, 0)
    plain = board.distance(u.hex, h) * state.tables.o["metres_per_hex"]
    u.hex = h
    u.facing = board.facing_index(action.facing)
    u.moved = True
    u.open_order = action.order == "open"
    events.append(state.event("moved", unit=u.uid, path=[action.to], facing=action.facing))
    _reform(state, u, events)
    if spent > plain and not u.profile.flies:
        # M7: ground that cost movement (a river, a wood, a hedge) leaves it unformed
        new = organisation.crossed_obstacle(u.org)
        if new != u.org:
            u.org = new
            events.append(state.event("organisation", unit=u.uid, state=new))
    shadow(state, u, events)


def _reform(state, u, events) -> None:
    """M7: half a move restores an unformed unit; a disorganised one needs the move it
    spends standing (C: a unit that holds re-forms one step a move)."""
    if u.org == "unformed":
        u.org = u.profile.formed_order
        events.append(state.event("organisation", unit=u.uid, state=u.org))


def do_charge(state, u, target, events) -> None:
    """M20: the charge: the target tests (being charged), then the blow of impetus if it
    stands, or the follow-up if it breaks."""
    board = state.game.board
    u.busy = True
    if u.profile.flies and target.profile.flies:
        return air_attack(state, u, target, events)
    path = charge_paths(state, u, target)
    if path is None:
        return
    contact, _ = path
    u.hex = contact
    u.moved = True
    u.facing = facing_towards(state, u, target.hex)
    events.append(state.event("charge", unit=u.uid, target=target.uid, to=board.labels[contact]))
    _rest_after_charge(state, u)
    shadow(state, u, events)
    if target.status != ON or u.status != ON:
        return
    r = morale_test(state, target, events, "charged", context=charge_context(state, u, target)) \
        if not target.profile.single else None
    if u.status != ON or target.status != ON:
        return
    reaction = r.reaction if r is not None else "obey"
    if reaction in ("retreat", "rout", "rout-unrallyable"):
        # M24: a withdrawal the charger follows: it strikes before the foe is gone
        t = state.tables
        extra = int(t.o["rout_attacker_bonus"]) if reaction != "retreat" else 1
        from .combat import strike, take_losses
        hits = strike(state, u, target, events, extra=extra, charging=True, label="follow-up")
        take_losses(state, target, hits, events, f"pursuit by {u.uid}")
        return
    if reaction == "retire" or state.game.board.distance(u.hex, target.hex) != 1:
        return
    impetus(state, u, target, events)


def _rest_after_charge(state, u) -> None:
    row = state.tables.o["movement"][u.profile.movement]
    hot = 1 if state.weather == "hot" else 0          # M38
    if "consecutive" in row:
        u.charges_in_row += 1
        if u.charges_in_row >= int(row["consecutive"]):
            u.rest_due = 1 + hot
            u.charges_in_row = 0
    else:
        u.rest_due = int(row.get("rests", 0)) + hot
    if u.rest_due:
        u.rest_due += 1           # the move of the charge itself is no rest


def shadow(state, u, events) -> None:
    """M35: a Nazgul within 50 m of an enemy unit makes it test at the black shadow's
    deduction (once a move a unit)."""
    from . import magic
    if not u.profile.nazgul or u.status != ON:
        return
    t = state.tables
    for o in within(state, u, t.o["shadow_range"], on_map(state)):
        if o.side == u.side or o.profile.single:
            continue
        key = ("shadow", o.i)
        if state.memory.get(key) == state.round:
            continue
        state.memory[key] = state.round
        helpers = within(state, o, 25, on_map(state))
        value = magic.shadow(t, u.profile.nazgul, o.profile.cls,
                             hero_near=any(h.side == o.side and h.profile.heroic for h in helpers),
                             gandalf_near=any(h.side == o.side and h.profile.wizard == "gandalf"
                                              for h in helpers),
                             grounded=not u.profile.flies)
        if value is not None:
            morale_test(state, o, events, "black-shadow", extra=value)


def air_attack(state, u, target, events) -> None:
    """M28: an eagle (or a pair) against a winged steed, or back; the defender strikes back
    once if it lives (C)."""
    t = state.tables

    def role(x):
        if x.profile.nazgul:
            return "witch-king-steed" if x.profile.nazgul == "witch-king" else "ringwraith-steed"
        return "hero-eagle" if x.profile.single else "eagle"
    for a, d in ((u, target), (target, u)):
        if a.status != ON or d.status != ON:
            return
        hit, roll, dead = aerial.attack(t, role(a), role(d), d.hits_taken, state.dice)
        d.hits_taken += 1 if hit else 0
        events.append(state.event("air-attack", unit=a.uid, target=d.uid, roll=roll, hit=hit))
        if dead:
            if d.profile.single:
                leave(state, d, "fled", events, "its steed falls from the sky")
            else:
                from .combat import take_losses
                take_losses(state, d, 2, events, f"talons of {a.uid}")    # a pair of eagles
                d.hits_taken = 0
            for o in on_map(state):
                if not o.profile.single and state.game.board.distance(o.hex, d.hex) <= t.hexes(300):
                    from . import morale
                    table = "flyer_falls_friend" if o.side == d.side else "flyer_falls_enemy"
                    sign = -1 if o.side == d.side else 1
                    morale_test(state, o, events, "flyer-falls", extra=sign * int(
                        morale.factor_sum(t, o.profile.cls, [(table, None, 1)])))
            return

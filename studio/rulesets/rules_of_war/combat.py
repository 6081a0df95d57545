"""Attacks (R21–R31): who may attack whom, and resolving declared attacks together.

Declared attacks are resolved in tiers: first strikes (set spears in hand-to-hand, missile
units answering a hand-to-hand attack on them), then the rest. Within a tier every attack
is rolled against the situation before any of its results, then all results apply (R22):
hits, destruction or capture, then morale checks of the survivors that were hit.
"""
from __future__ import annotations

from .board import OFF
from studio.engine.events import Event
from .entry import enter_block_reason
from .hexsides import hexside_cover
from .los import line_of_sight, spotted
from .morale import check as morale_check
from .occupancy import carried_by
from .modifiers import (AttackContext, attack_total, defense_total, is_hit, overkill,
                        terrain_save, terrain_saves)
from .state import DESTROYED, ON


class Decl:
    """One declared attack: by a unit (`attacker` index) or by off-map support."""

    __slots__ = ("attacker", "side", "support", "target", "distance")

    def __init__(self, attacker, side, support, target, distance=0):
        self.attacker = attacker
        self.side = side
        self.support = support
        self.target = target
        self.distance = distance    # set by `declare`; never changed afterwards

    def key(self):
        return (self.attacker, self.side, self.support, self.target)


def make_context(state, attacker, target, *, source="unit", base=None) -> AttackContext:
    board = state.game.board
    rnd = state.round
    d = board.distance(attacker.hex, target.hex)
    if source == "unit" and d > attacker.profile.range and attacker.profile.superlaser:
        source = "superlaser"
    ea, et = board.elev[attacker.hex], board.elev[target.hex]
    aprof, tprof = attacker.profile, target.profile
    return AttackContext(
        aprof, tprof, d,
        rear=(d == 1 and source == "unit" and not board.in_arc(target.hex, target.facing,
                                                                 attacker.hex)),
        elevation="higher" if ea > et else "lower" if ea < et else "level",
        prior_attackers=target.targeted_count if target.targeted_round == rnd else 0,
        attacker_terrain=board.terrain[attacker.hex], defender_terrain=board.terrain[target.hex],
        attacker_hits=attacker.hits, defender_hits=target.hits,
        attacker_charging=attacker.charge_round == rnd,
        defender_charging=target.charge_round == rnd,
        attacker_with_hero=aprof.is_legion and state.with_hero(attacker),
        defender_with_hero=tprof.is_legion and state.with_hero(target),
        attacker_aid=attacker.aid if attacker.aid_round == rnd else None,
        defender_aid=target.aid if target.aid_round == rnd else None,
        defender_routed=target.routed, base_override=base, source=source,
        attacker_moved=attacker.moved_round == rnd, attacker_formation=attacker.formation,
        defender_formation=target.formation,
        hexside=hexside_cover(board, attacker.hex, target.hex) if d == 1 else None)


def target_context(state, target, *, source, base) -> AttackContext:
    """Context of an attack with no attacking unit (off-map support, mine field)."""
    board = state.game.board
    rnd = state.round
    return AttackContext(
        None, target.profile, 2 if source == "offmap" else 1,
        prior_attackers=target.targeted_count if target.targeted_round == rnd else 0,
        defender_terrain=board.terrain[target.hex], defender_hits=target.hits,
        defender_charging=target.charge_round == rnd,
        defender_with_hero=target.profile.is_legion and state.with_hero(target),
        defender_aid=target.aid if target.aid_round == rnd else None,
        defender_routed=target.routed, base_override=base, source=source,
        defender_formation=target.formation)


def attack_range(state, unit) -> int:
    """How far the unit may attack now: its range, or a ready superlaser's."""
    laser = unit.profile.superlaser
    return laser.reach(state, unit) if laser else unit.profile.range


def attack_block_reason(state, unit, target, occ=None) -> str | None:
    """Why `unit` may not attack `target` now (None: it may). Phase and turn are the
    caller's business."""
    if unit.status != ON:
        return f"{unit.uid} is not on the map"
    if unit.carried_by != OFF:
        return f"{unit.uid} is aboard a carrier"
    if unit.routed:
        return "routed units cannot attack (R34)"
    if unit.attacked_round == state.round:
        return f"{unit.uid} has already attacked this round (R21)"
    if target.side == unit.side:
        return f"{target.uid} is on its own side"
    if target.status != ON:
        return f"{target.uid} is not on the map"
    if target.carried_by != OFF:
        return f"{target.uid} is aboard a carrier and cannot be attacked on its own"
    board = state.game.board
    prof = unit.profile
    d = board.distance(unit.hex, target.hex)
    rng = attack_range(state, unit)
    if d > rng:
        return f"{target.uid} is {d} hexes away, beyond range {rng} (R23)"
    if d == 0:
        return f"{target.uid} is in the same hex"
    reason = _ability_block(state, unit, target, d)
    if reason:
        return reason
    ctx = make_context(state, unit, target)
    if attack_total(ctx, state.game.options) is None:
        return f"{unit.uid} has no attack rating at {d} hex{'es' if d > 1 else ''} (R6)"
    if not (prof.any_arc or board.in_arc(unit.hex, unit.facing, target.hex)):
        return f"{target.uid} is outside {unit.uid}'s front arc (R11)"
    if d > 1 and not prof.indirect and not line_of_sight(state, unit.hex, target.hex, occ):
        return f"no line of sight from {board.labels[unit.hex]} to {board.labels[target.hex]} (R24)"
    if not spotted(state, unit.side, target, occ):
        return f"{target.uid} has not been spotted by {state.side_id(unit.side)} (R38)"
    return None


def _ability_block(state, unit, target, d):
    for a in unit.profile.hooks.get("attack_block", ()):
        reason = a.attack_block(state, unit, target, d)
        if reason:
            return reason
    for a in target.profile.hooks.get("target_block", ()):
        reason = a.target_block(state, unit.profile, target)
        if reason:
            return f"{target.uid}: {reason}"
    return None


def melee_possible(state, unit, target) -> bool:
    """Whether `unit`, once next to `target`, would have a hand-to-hand attack on it."""
    if target.carried_by != OFF or target.status != ON:
        return False
    for a in target.profile.hooks.get("target_block", ()):
        if a.target_block(state, unit.profile, target):
            return False
    ctx = AttackContext(unit.profile, target.profile, 1)
    return attack_total(ctx, state.game.options) is not None


def legal_targets(state, unit, occ=None) -> list:
    """Units `unit` may attack now: exactly those `attack_block_reason` lets it attack,
    with the cheap tests first (most enemies are out of range or out of the arc)."""
    if unit.status != ON or unit.routed or unit.attacked_round == state.round \
            or unit.carried_by != OFF:
        return []
    board = state.game.board
    prof = unit.profile
    rng = attack_range(state, unit)
    h = unit.hex
    side = unit.side
    hit = state._cache.get(("foes", side))
    if hit is None:
        foes = [t for t in state.units if t.side != side and t.status == ON and
                t.carried_by == OFF]
        hit = state._cache[("foes", side)] = (foes, frozenset([t.hex for t in foes]))
    foes, foe_hexes = hit
    if rng == 1 and foe_hexes.isdisjoint(board.nbr[h]):
        return []           # hand-to-hand only, and no enemy next to it (most such calls)
    row = board.dist_row(h)
    f = unit.facing
    in_arc = board.in_arc
    any_arc = prof.any_arc
    out = []
    for t in foes:
        d = row[t.hex]
        if d > rng or d == 0 or not (any_arc or in_arc(h, f, t.hex)):
            continue
        if _attack_allowed(state, unit, t, d, occ):
            out.append(t)
    return out


def _attack_allowed(state, unit, target, d, occ) -> bool:
    """The rest of `attack_block_reason` once status, side, range and arc have passed."""
    prof = unit.profile
    if (prof.hooks.get("attack_block") or target.profile.hooks.get("target_block")) and \
            _ability_block(state, unit, target, d):
        return False
    if prof.hooks.get("attack_rating") or d > prof.range:
        if attack_total(make_context(state, unit, target), state.game.options) is None:
            return False
    elif prof.base_attack(d) is None:
        return False
    if d > 1 and not prof.indirect and not line_of_sight(state, unit.hex, target.hex, occ):
        return False
    return spotted(state, unit.side, target, occ)


def may_attack(state, unit, target, occ=None) -> bool:
    """`attack_block_reason(state, unit, target) is None`, without building the reason."""
    if unit.status != ON or unit.carried_by != OFF or unit.routed or \
            unit.attacked_round == state.round or target.side == unit.side or \
            target.status != ON or target.carried_by != OFF:
        return False
    board = state.game.board
    d = board.distance(unit.hex, target.hex)
    prof = unit.profile
    if d > attack_range(state, unit) or d == 0 or \
            not (prof.any_arc or board.in_arc(unit.hex, unit.facing, target.hex)):
        return False
    return _attack_allowed(state, unit, target, d, occ)


def strike_block_reason(state, side, k, target) -> str | None:
    """R37: off-map support `k` of `side` against `target`."""
    rec = _support_record(state, side, k)
    sup = state.game.sides[side].supports[k]
    if rec[2] <= 0:
        return f"off-map support {sup.id!r} has no ammunition left (R37)"
    used = rec[4] if rec[3] == state.round else 0
    if used >= sup.per_round:
        return f"off-map support {sup.id!r} has made its {sup.per_round} strike(s) this round (R37)"
    if target.side == side:
        return f"{target.uid} is on its own side"
    if target.status != ON or target.carried_by != OFF:
        return f"{target.uid} is not a target on the map"
    for a in target.profile.hooks.get("target_block", ()):
        reason = a.target_block(state, None, target)
        if reason:
            return f"{target.uid}: {reason}"
    return None


def _support_record(state, side, k):
    for rec in state.offmap:
        if rec[0] == side and rec[1] == k:
            return rec
    raise KeyError((side, k))


def use_support(state, side, k, events):
    rec = _support_record(state, side, k)
    rec[2] -= 1
    if rec[3] != state.round:
        rec[3] = state.round
        rec[4] = 0
    rec[4] += 1
    sup = state.game.sides[side].supports[k]
    events.append(state.event("strike", side=state.side_id(side), support=sup.id,
                              ammunition_left=rec[2]))


def declare(state, decl: Decl):
    """Bookkeeping at the moment of declaration (R21: the attack is spent now)."""
    if decl.attacker is not None:
        u = state.units[decl.attacker]
        t = state.units[decl.target]
        u.attacked_round = state.round
        decl.distance = state.game.board.distance(u.hex, t.hex)
        if decl.distance >= 2:
            u.ranged_round = state.round
        if decl.distance > u.profile.range:
            u.special_round = state.round           # the superlaser's shot is spent


def first_strike(state, decl: Decl, batch) -> bool:
    """Set spears strike first in any hand-to-hand; missile units first when answering a
    hand-to-hand attack made on them in the same batch."""
    if decl.attacker is None or decl.distance != 1:
        return False
    prof = state.units[decl.attacker].profile
    if prof.first_strike_hth:
        return True
    if prof.missiles_first:
        return any(o.attacker == decl.target and o.target == decl.attacker and o.distance == 1
                   for o in batch)
    return False


# -- resolution ----------------------------------------------------------------------------
def resolve(state, batch, events: list) -> None:
    first = [first_strike(state, d, batch) for d in batch]
    tiers = [[d for d, f in zip(batch, first) if f], [d for d, f in zip(batch, first) if not f]]
    where = {d.target: state.units[d.target].hex for d in batch}
    for tier in tiers:
        outcomes = []
        for d in tier:
            t = state.units[d.target]
            if t.status != ON or t.carried_by != OFF:
                continue
            if d.attacker is not None:
                a = state.units[d.attacker]
                if a.status != ON or a.routed or a.side == t.side:
                    events.append(state.event("attack-cancelled", attacker=a.uid, target=t.uid,
                                              reason="routed" if a.routed else "gone"))
                    continue
                outcomes.extend(_unit_attack(state, a, t, events))
            else:
                outcomes.append(_support_attack(state, d, t, events))
            t.targeted_count = (t.targeted_count + 1) if t.targeted_round == state.round else 1
            t.targeted_round = state.round
        apply_outcomes(state, outcomes, events)
    _offer_advances(state, batch, where)


def _unit_attack(state, a, t, events):
    out = []
    pila = a.profile.by_name.get("pila")
    if pila is not None and not a.pila_used and state.game.board.distance(a.hex, t.hex) == 1:
        a.pila_used = True
        rating = pila.volley_rating(a.profile)
        if rating is not None:
            for _ in range(int(pila.params.get("attacks", 2))):
                ctx = make_context(state, a, t, source="pila", base=rating)
                out.append(one_attack(state, ctx, a, a.uid, t, events, why="pila"))
    ctx = make_context(state, a, t)
    out.append(one_attack(state, ctx, a, a.uid, t, events))
    for ab in a.profile.hooks.get("extra_targets", ()):
        for v in ab.extra_targets(state, a, t):
            hit = one_attack(state, make_context(state, a, v), a, a.uid, v, events,
                             why=ab.name)
            hit[2]["passing"] = ab.name      # struck on the way, not the attack's target
            if v.side == a.side:
                hit[3] = None           # a friend struck: nobody captures it
            out.append(hit)
    return out


def _support_attack(state, d, t, events):
    sup = state.game.sides[d.side].supports[d.support]
    ctx = target_context(state, t, source="offmap", base=sup.attack)
    name = f"{state.side_id(d.side)}:{sup.id}"
    out = one_attack(state, ctx, None, name, t, events)
    out[3] = d.side
    return out


def one_attack(state, ctx, attacker, name, target, events, why="attack"):
    """Roll one attack and its saves (R25–R29); the damage applies later (simultaneity)."""
    o = state.game.options
    base, mods, total = attack_total(ctx, o)
    roll = state.roll(name, why, total, events, success=lambda r: is_hit(r, total, o))
    if attacker is not None:
        for ab in attacker.profile.hooks.get("after_attack_roll", ()):
            ab.after_attack_roll(state, attacker, roll, events)
    hit = is_hit(roll, total, o)
    data = {"attacker": name, "target": target.uid, "distance": ctx.distance,
            "rear": ctx.rear, "ranged": ctx.ranged, "base": base,
            "modifiers": [list(m) for m in mods], "needed": total, "roll": roll, "hit": hit,
            "overkill": 0, "defense": None, "defense_modifiers": [], "save_needed": None,
            "save_roll": None, "saved": False, "terrain_save": None, "terrain_roll": None,
            "damage": 0, "hits": target.hits, "hits_rating": target.profile.hits,
            "destroyed": False, "captured": False}
    damage = 0
    if hit:
        ok = overkill(roll, total)
        data["overkill"] = ok
        dt = defense_total(ctx, o)
        saved = False
        if dt is not None:
            dbase, dmods, dtotal = dt
            data["defense"] = dbase
            data["defense_modifiers"] = [list(m) for m in dmods] + ([["overkill", -ok]] if ok else [])
            need = dtotal - ok
            data["save_needed"] = need
            if need > 0:
                sr = state.roll(target.uid, "save", need, events, success=lambda r: r <= need)
                data["save_roll"] = sr
                saved = sr <= need
        data["saved"] = saved
        if not saved:
            damage = 1
            ts = terrain_save(ctx)
            if ts:
                data["terrain_save"] = ts
                tr = state.roll(target.uid, "terrain-save", ts, events,
                                success=lambda r: terrain_saves(r, ts, o))
                data["terrain_roll"] = tr
                if terrain_saves(tr, ts, o):
                    damage = 0
        if ctx.source == "superlaser":
            damage = target.profile.hits - target.hits      # destroyed outright
            data["destroyed_by"] = "superlaser"
        if attacker is not None:
            for ab in target.profile.hooks.get("on_hit", ()):
                if ab.on_hit(state, target, attacker, events):
                    damage = target.profile.hits - target.hits      # destroyed outright
                    data["destroyed_by"] = ab.name
        if damage and target.hits and attacker is not None and \
                attacker.profile.has("never-second-disruption") and \
                target.profile.has("formations"):
            damage = 0                  # no second disruption: a morale check instead
            data["morale_instead"] = True
    data["damage"] = damage
    events.append(Event("attack", data))   # the same dict: results are filled in on apply
    side = attacker.side if attacker is not None else None
    return [target, damage, data, side, attacker]


def apply_outcomes(state, outcomes, events):
    """R30, R8, R32: add hits, remove the destroyed, then survivors that were hit check morale."""
    hit_order = []
    spared = []             # hit, but checking morale instead (never-second-disruption)
    for target, damage, data, side, attacker in outcomes:
        if damage and target.status == ON:
            target.hits += damage
            data["hits"] = target.hits
            if target not in hit_order:
                hit_order.append(target)
        elif data.get("morale_instead") and target not in spared:
            spared.append(target)
    survivors = [t for t in spared if t not in hit_order]
    for target in hit_order:
        if target.hits >= target.profile.hits:
            by = next((o[3] for o in outcomes if o[0] is target and o[1]), None)
            captured = destroy(state, target, "attack", by, events)
            for o in outcomes:
                if o[0] is target and o[1]:
                    o[2]["destroyed"] = not captured
                    o[2]["captured"] = captured
        else:
            survivors.append(target)
    for target in survivors:
        morale_check(state, target, "hit", events)


def destroy(state, unit, cause, by_side, events) -> bool:
    """R8: remove the unit (or, with capture-on-destroy, hand it to the attacker's side).
    Returns True when captured. Units aboard are lost with their carrier."""
    cargo = carried_by(state, unit)
    captured = False
    for a in unit.profile.hooks.get("on_destroyed", ()):
        if a.on_destroyed(state, unit, by_side, events):
            captured = True
    if captured:
        unit.side = by_side
        unit.hits = unit.profile.hits - 1
        unit.routed = False
        unit.attacked_round = unit.moved_round = state.round
        unit.moved_phase = state.phase_serial
        events.append(state.event("captured", unit=unit.uid, by=state.side_id(by_side)))
    else:
        unit.status = DESTROYED
        unit.hex = OFF
        events.append(state.event("destroyed", unit=unit.uid, cause=cause))
    for c in cargo:
        c.status = DESTROYED
        c.hex = OFF
        c.carried_by = OFF
        events.append(state.event("destroyed", unit=c.uid, cause="carrier-lost"))
    state._cache.clear()
    return captured


def entry_attack(state, unit, terrain, events) -> None:
    """R19: a mine field (entry_attack) attacks every unit entering it."""
    for a in unit.profile.hooks.get("target_block", ()):
        if a.target_block(state, None, unit):
            return
    ctx = target_context(state, unit, source="entry", base=terrain.entry_attack)
    out = one_attack(state, ctx, None, terrain.name, unit, events, why="entry-attack")
    apply_outcomes(state, [out], events)


def _offer_advances(state, batch, where):
    """R31: an attacker that destroyed an adjacent enemy may step into its hex."""
    if not state.game.options.free_advance:
        return
    board = state.game.board
    offers = []
    for d in batch:
        if d.attacker is None or d.distance != 1:
            continue
        a = state.units[d.attacker]
        t = state.units[d.target]
        if t.status != DESTROYED or a.status != ON or a.routed or a.carried_by != OFF:
            continue
        if a.profile.immobile:
            continue
        h = where[d.target]
        if enter_block_reason(board, a.profile, h):
            continue
        offers.append(("advance", a.side, a.i, h))
    # Offers are decided before anything already waiting (they happen "at once", R31).
    state.pending[0:0] = offers

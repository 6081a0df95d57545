"""Morale tests on the field, melee rounds, charges' impetus, volleys and losses (M11-M27),
applied to the game state with their events."""
from __future__ import annotations

from studio.engine.board import OFF
from studio.engine.state import DESTROYED, ON

from . import firing, leaders, melee, morale, organisation
from .situation import factors, flat_modifier, on_map, within

SINGLE_CLASS = "A"        # C: a hero or wizard tests as class A


def cls_of(u) -> str:
    return SINGLE_CLASS if u.profile.single else u.profile.cls


def morale_modifier(state, u, context=()) -> int:
    return morale.factor_sum(state.tables, cls_of(u), factors(state, u, context)) + \
        flat_modifier(state, u)


def morale_test(state, u, events: list, trigger: str, context=(), extra: int = 0):
    """M11: test `u` for `trigger` and carry out the reaction (M12-M13)."""
    from .withdraw import react
    if u.status != ON:
        return None
    mod = morale_modifier(state, u, context) + extra
    result = morale.test(state.tables, cls_of(u), mod, state.dice)
    u.busy = True
    events.append(state.event("morale", unit=u.uid, trigger=trigger, dice=result.dice,
                              modifier=mod, score=result.score, reaction=result.reaction,
                              desperation=result.desperation))
    react(state, u, result.reaction, events)
    return result


def leave(state, u, status: str, events: list, why: str) -> None:
    """`u` leaves the field (destroyed, or fled off it); its melees end."""
    u.status = status
    for j in list(u.engaged):
        state.units[j].engaged.discard(u.i)
    u.engaged = set()
    u.routed = False
    events.append(state.event("gone", unit=u.uid, status=status, why=why))
    if u.profile.single and u.profile.charisma >= 7 and status == DESTROYED:
        state.memory[("hero-killed", u.side)] = state.round     # M14: hero killed in sight
        for o in on_map(state):
            if o.side == u.side and not o.profile.single:
                morale_test(state, o, events, "hero-killed")


def take_losses(state, u, n: int, events: list, cause: str, front: int | None = None) -> None:
    """Remove `n` figures (a hero loses defence instead, see `wound`); the unit's leader may
    fall (M27)."""
    if n <= 0 or u.status != ON:
        return
    if u.profile.single:
        wound(state, u, n, events, cause)
        return
    n = min(n, u.figures)
    u.figures -= n
    u.busy = True
    events.append(state.event("losses", unit=u.uid, figures=n, left=u.figures, cause=cause))
    if u.figures <= 0:
        leave(state, u, DESTROYED, events, "destroyed to the last figure")
        return
    if u.charisma > 0 and not u.profile.special:
        could = front if front is not None else min(u.figures + n, u.profile.frontage)
        dies, roll, need = leaders.leader_dies(could, n, state.dice)
        if dies:
            u.charisma = 0
            events.append(state.event("leader-killed", unit=u.uid, roll=roll, need=need))
            morale_test(state, u, events, "leader-killed",
                        context=[("morale_minus", "leader-killed", -1)])


def wound(state, u, damage: int, events: list, cause: str) -> None:
    u.defence -= damage
    u.busy = True
    events.append(state.event("wounded", unit=u.uid, damage=damage, left=max(0, u.defence),
                              cause=cause))
    if u.defence <= 0:
        leave(state, u, DESTROYED, events, "slain")


def in_rear(state, attacker, defender) -> bool:
    return defender.profile.faced and not state.game.board.in_arc(
        defender.hex, defender.facing, attacker.hex)


def blow_factors(state, a, b, *, charging: bool = False) -> int:
    """M19 for `a` striking `b` where they stand."""
    board = state.game.board
    tags_a = set(board.terrain[a.hex].tags or ())
    tags_b = set(board.terrain[b.hex].tags or ())
    cover = "hard" if "hard-cover" in tags_b else "soft" if "soft-cover" in tags_b else None
    kind = a.profile.kind if a.profile.kind in ("orcs", "dwarves", "elves") else "others"
    total = melee.tactical_factor(
        state.tables, attacker_kind=kind, charging=charging,
        uphill=charging and board.elev[b.hex] > board.elev[a.hex],
        wood=bool({"thick-wood", "thin-wood"} & (tags_a | tags_b)), cover=cover,
        enemy_shieldless=(not b.profile.shield and not b.profile.big
                          and (b.profile.mounted or b.profile.troop == "heavy-infantry")))
    if a.controlled:
        total -= 3                          # M32: a controlled hero fights at half (C: -3)
    if "evil-wood" in tags_a and a.profile.good or "good-wood" in tags_a and not a.profile.good:
        total += int(state.tables.o["evil_in_good_wood_factor"])      # M39
    return total


def strike(state, a, b, events: list, *, extra: int = 0, charging: bool = False,
           label: str = "melee") -> int:
    """`a`'s blow on `b`: the chart for bodies of figures, the hero table (M37) when either
    is a single figure. Returns the casualties (or damage) dealt; applies nothing."""
    t = state.tables
    if a.profile.single or b.profile.single:
        return hero_strike(state, a, b, events)
    tac = blow_factors(state, a, b, charging=charging)
    # a unit in several melees shares its figures among them (C)
    figures = max(0, a.figures - a.disarmed) // max(1, len(a.engaged) if label == "melee" else 1)
    s = melee.strike(t, a.profile.weapon, b.profile.defends_as, figures, a.profile.frontage,
                     tac, state.dice, extra=extra)
    events.append(state.event("strike", unit=a.uid, target=b.uid, blow=label,
                              weapon_factor=s.weapon_factor, tactical=s.tactical,
                              plus=s.plus, minus=s.minus, factor=s.factor, figures=s.figures,
                              casualties=s.casualties))
    return s.casualties


def hero_strike(state, a, b, events: list) -> int:
    """M37: a single figure strikes one assailant; a body strikes a hero with as many
    figures as fit his frontage."""
    t = state.tables
    ad_a = a.profile.hit_dice if a.profile.single else a.profile.attack_dice
    ad_b = b.profile.hit_dice if b.profile.single else b.profile.attack_dice
    if a.profile.single:
        hit, roll, need = melee.hero_blow(t, ad_a, ad_b, state.dice)
        dmg = (melee.attack_dice_roll(state.dice, ad_a) if b.profile.single else 1) if hit else 0
        events.append(state.event("hero-blow", unit=a.uid, target=b.uid, roll=roll, need=need,
                                  damage=dmg))
        return dmg
    front = t.o.get("hero_frontage", {})
    key = {"orcs": "orcs", "man-orcs": "man-orcs", "trolls": "trolls"}.get(a.profile.troop, "men")
    n = min(a.figures - a.disarmed, int(front.get(key, 2)))
    dmg = 0
    for _ in range(max(0, n)):
        hit, roll, need = melee.hero_blow(t, ad_a, ad_b, state.dice)
        if hit:
            dmg += melee.attack_dice_roll(state.dice, ad_a)
    events.append(state.event("hero-blow", unit=a.uid, target=b.uid, roll=None, need=None,
                              damage=dmg))
    return dmg


def engage(a, b) -> None:
    a.engaged.add(b.i)
    b.engaged.add(a.i)


def melee_round(state, a, b, events: list) -> None:
    """M20: both strike; the side with more casualties has lost and tests (a withdrawal is a
    retire); the winner remembers it for three moves (M14)."""
    ca = strike(state, a, b, events)
    cb = strike(state, b, a, events)
    disarmed_die(state, b, events)
    disarmed_die(state, a, events)
    take_losses(state, b, ca, events, f"melee with {a.uid}")
    take_losses(state, a, cb, events, f"melee with {b.uid}")
    a.busy = b.busy = True
    if a.profile.single or b.profile.single:
        return
    lose = melee.loser(cb, ca)             # "a" lost when a suffered more (cb)
    if lose is None:
        return
    loser, winner = (a, b) if lose == "a" else (b, a)
    winner.won_round = state.round
    loser.lost_round = state.round
    events.append(state.event("melee-lost", unit=loser.uid, winner=winner.uid))
    if loser.status == ON:
        morale_test(state, loser, events, "lost-melee")


def disarmed_die(state, u, events: list) -> None:
    """M33 Limited Command: a disarmed figure attacked dies on 2-6."""
    if u.disarmed and u.status == ON:
        dead = sum(1 for _ in range(u.disarmed)
                   if state.dice.roll(6) in state.tables.o["disarmed_dies_on"])
        u.disarmed = 0
        take_losses(state, u, dead, events, "disarmed")


def charge_context(state, charger, target) -> list:
    """M14's factors of the unit being charged, by what charges it and from where."""
    ctx = []
    p = charger.profile
    if p.mounted and not target.profile.mounted:
        ctx.append(("morale_minus", "foot-charged-by-cavalry", -1))
    elif p.mounted:
        ctx.append(("morale_minus", "cavalry-charged-by-cavalry", -1))
    else:
        ctx.append(("morale_minus", "charged-by-infantry", -1))
    if in_rear(state, charger, target):
        ctx.append(("morale_minus", "charged-flank-rear", -1))
    if charger.figures > target.figures:
        ctx.append(("morale_minus", "charged-by-larger", -1))
    if target.profile.good and p.troop == "elephants":
        ctx.append(("law_minus", "charged-by-elephant", -1))
    if target.profile.good and p.troop == "mumakil":
        ctx.append(("law_minus", "charged-by-mumakil", -1))
    return ctx


def impetus(state, charger, target, events: list) -> None:
    """M21-M22: the charge hits home: the charger strikes with its impetus, the target's
    order drops (M7), and it is pushed back if the table says so."""
    t = state.tables
    board = state.game.board
    rear = in_rear(state, charger, target)
    if not target.profile.single:
        new = organisation.charged(t, target.org, rear)
        if new != target.org:
            target.org = new
            events.append(state.event("organisation", unit=target.uid, state=new))
    bonus = melee.impetus_bonus(t, charger.profile.impetus,
                                downhill=board.elev[charger.hex] > board.elev[target.hex],
                                uphill=board.elev[charger.hex] < board.elev[target.hex])
    hits = strike(state, charger, target, events, extra=bonus, charging=True, label="impetus")
    take_losses(state, target, hits, events, f"charge of {charger.uid}")
    engage(charger, target)
    if target.status != ON or charger.status != ON:
        return
    ranks = max(0, charger.figures // max(1, charger.profile.frontage) - 1)
    metres = melee.push_back_metres(t, charger.profile.push, target.profile.push, ranks)
    if melee.push_back_hexes(t, metres) >= 1:
        nbr = board.nbr[charger.hex]
        d = nbr.index(target.hex) if target.hex in nbr else None
        if d is not None:
            behind = board.nbr[target.hex][d]
            occ = {x.hex for x in state.units if x.status == ON}
            if behind != OFF and behind not in occ and board.terrain[behind].mp is not None:
                old = target.hex
                target.hex = behind
                charger.hex = old
                events.append(state.event("pushed", unit=target.uid, to=board.labels[behind],
                                          metres=metres))
                rebuild_engagement(state, target)
                rebuild_engagement(state, charger)


def rebuild_engagement(state, u) -> None:
    """After a push, a unit is in melee with the enemies it still touches (and loses the
    ones it no longer does)."""
    nbr = state.game.board.nbr[u.hex]
    for j in list(u.engaged):
        o = state.units[j]
        if o.hex not in nbr:
            u.engaged.discard(j)
            o.engaged.discard(u.i)


def volley(state, shooter, target, events: list) -> None:
    """M23: a volley at a target in range, not in a melee."""
    t = state.tables
    p = shooter.profile
    dist = state.game.board.distance(shooter.hex, target.hex)
    rng = t.reach(t.missile_range(p.missile))
    beyond = dist * 2 > rng
    if target.profile.single:
        if target.profile.flies:
            kind = p.kind if p.kind in ("elves", "rangers") else "others"
            hits = firing.ground_to_air(t, kind, shooter.figures, state.dice)
            events.append(state.event("ground-to-air", unit=shooter.uid, target=target.uid,
                                      hits=hits))
            target.hits_taken += hits
            if target.hits_taken > int(t.o["hit_sustention"].get(
                    "witch-king-steed" if target.profile.nazgul == "witch-king"
                    else "ringwraith-steed", 6)):
                leave(state, target, "fled", events, "its winged steed is shot down")
            return
        # A single figure on the ground is shot at as the body it `defends_as` (C); each
        # casualty costs him a d6 of his defence score.
        as_ = target.profile.defends_as
        if as_ is None or not _has_cell(t, p.missile, as_):
            return
        tac = firing.fire_tactical(t, firer_kind=p.kind, beyond_half_range=beyond)
        s = firing.volley(t, p.missile, target.profile.defends_as, shooter.figures, p.frontage,
                          tac, state.dice)
        events.append(state.event("volley", unit=shooter.uid, target=target.uid,
                                  weapon_factor=s.weapon_factor, tactical=s.tactical,
                                  plus=s.plus, minus=s.minus, factor=s.factor,
                                  figures=s.figures, casualties=min(1, s.casualties)))
        if s.casualties:
            take_losses(state, target, state.dice.roll(6), events, f"arrows of {shooter.uid}")
        return
    tac = firing.fire_tactical(
        t, firer_kind=p.kind, beyond_half_range=beyond,
        target_deep=target.figures >= 3 * target.profile.frontage,
        target_mass=not target.open_order,
        target_moved=target.moved, target_shielded=target.profile.shield and not target.profile.big,
        firer_moved=shooter.moved and not p.mounted)
    s = firing.volley(t, p.missile, target.profile.defends_as, shooter.figures, p.frontage, tac,
                      state.dice)
    events.append(state.event("volley", unit=shooter.uid, target=target.uid,
                              weapon_factor=s.weapon_factor, tactical=s.tactical, plus=s.plus,
                              minus=s.minus, factor=s.factor, figures=s.figures,
                              casualties=s.casualties))
    take_losses(state, target, s.casualties, events, f"volley of {shooter.uid}")
    if target.status == ON and not target.shot_at:
        target.shot_at = True
        ctx = ([("morale_minus", "shot-at-by-half", -1)]
               if shooter.figures * 2 >= target.figures else [])
        morale_test(state, target, events, "shot-at", context=ctx)


def _has_cell(t, missile, target) -> bool:
    try:
        t.fire_factor(missile, target)
        return True
    except LookupError:
        return False


def nearby_routers_test(state, u, events: list) -> None:
    """M11: a friendly unit within 150 m routs: its neighbours test."""
    for o in within(state, u, 150, on_map(state)):
        if o.side == u.side and not o.routed and not o.profile.single and o.status == ON:
            morale_test(state, o, events, "friend-routs")

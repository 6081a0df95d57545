"""Q9-Q21: who may attack whom, the strengths and modifiers of an attack, the chart's
result and what it does (retreat and flip, locked, loss; mobs; missiles)."""
from __future__ import annotations

import math

from studio.engine.board import OFF
from studio.engine.state import DESTROYED, ON

from .chart import outcome_odds, result_for
from .hexsides import attacked_across_cover
from .movement import (IMPASSABLE, ROUGH, ahead, direction_to, occupants, step_cost_for,
                       terrain_kind, zoc_owner)
from .spotting import known_to, reveal, update_spotting
from .state import MERGED

FRONT, FLANK, REAR = "front", "flank", "rear"


def _line_clear(state, a, t, occ) -> bool:
    """Q19: a missile may not pass over a unit, friend or foe (options: flyers and units on
    higher ground shoot over)."""
    board = state.game.board
    opts = state.game.options
    if a.profile.flying and opts.flyers_shoot_over:
        return True
    high = board.elev[a.hex]
    for pair in board.los_samples(a.hex, t.hex):
        between = {x for x in pair if x not in (a.hex, t.hex, OFF)}
        if between and all(x in occ and not (opts.hilltop_shoots_over and board.elev[x] < high)
                           for x in between):
            return False
    return board.terrain_los(a.hex, t.hex)


def targets_of(state, a, occ=None) -> list:
    """The enemies `a` may attack now: melee, the unit its front touches (Q10); a missile
    unit, an adjacent enemy if it has one, else any in range and in a clear line (Q19)."""
    board = state.game.board
    occ = occ if occ is not None else occupants(state)
    side = a.side
    t = occ.get(ahead(board, a))
    melee = [t] if t is not None and t.side != side and known_to(state, t, side) else []
    if not a.profile.missile:
        return melee
    adjacent = [e for n in board.nbr[a.hex] if n != OFF
                for e in [occ.get(n)] if e is not None and e.side != side
                and known_to(state, e, side)]
    if adjacent:
        return adjacent
    row = board.dist_row(a.hex)
    return [e for e in state.units if e.status == ON and e.side != side
            and row[e.hex] <= a.profile.range and known_to(state, e, side)
            and _line_clear(state, a, e, occ)]


def eligible_attackers(state, target, occ=None) -> list:
    side = state.order[state.active]
    occ = occ if occ is not None else occupants(state)
    return [a for a in state.units if a.side == side and a.status == ON and not a.attacked
            and target in targets_of(state, a, occ)]


def aspect(board, attacker_hex: int, t) -> str:
    """Q10: where an attacker stands against the defender's facing."""
    if attacker_hex in board.nbr[t.hex]:
        k = board.nbr[t.hex].index(attacker_hex)
        if k == t.facing:
            return FRONT
        return REAR if k == (t.facing + 3) % 6 else FLANK
    if board.in_arc(t.hex, t.facing, attacker_hex):
        return FRONT
    return REAR if board.in_arc(t.hex, (t.facing + 3) % 6, attacker_hex) else FLANK


def strength(u) -> int:
    return u.profile.strength + u.extra


def attack_figures(state, attackers, t) -> tuple[int, int, int, bool, bool]:
    """(attack strength, defence strength, roll modifier, all missile, all from the front)."""
    board = state.game.board
    opts = state.game.options
    total = 0
    for a in attackers:
        s = strength(a)
        if opts.missiles_halved_in_melee and a.profile.missile and not t.profile.missile \
                and board.distance(a.hex, t.hex) <= 1:
            s = math.ceil(s / 2)
        total += s
    defence = strength(t)
    # Q12 halves a missile unit "in melee combat with non-missile troops": defending too
    if opts.missiles_halved_in_melee and t.profile.missile and any(
            not a.profile.missile and board.distance(a.hex, t.hex) <= 1 for a in attackers):
        defence = math.ceil(defence / 2)
    aspects = {aspect(board, a.hex, t) for a in attackers}
    mod = opts.rear_bonus if REAR in aspects else opts.flank_bonus if FLANK in aspects else 0
    if terrain_kind(board, t.hex) == ROUGH or (board.sides and
                                               attacked_across_cover(board, attackers, t.hex)):
        mod += opts.rough_attack_modifier
    mod += max(a.profile.attack_bonus for a in attackers)
    missile = all(a.profile.missile for a in attackers)
    return total, defence, mod, missile, aspects == {FRONT}


def attack_odds(state, attackers, t) -> dict:
    """Exact chances of each chart result and of the defender's loss after saves (Q20)."""
    opts = state.game.options
    att, dfn, mod, missile, front = attack_figures(state, attackers, t)
    chart = outcome_odds(opts.table, att - dfn, mod, opts.die_sides)
    loss = chart["defender-loss"]
    if missile and opts.missile_loss_is_retreat:
        saved = 1.0
    elif missile and opts.missile_save and front and not t.profile.mob:
        saved = min(opts.missile_save_retreat_max, opts.die_sides) / opts.die_sides
    else:
        saved = 0.0
    out = dict(chart)
    out["defender-destroyed"] = loss * (1 - saved)
    out["defender-saved"] = loss * saved
    return {"outcomes": out, "attack": att, "defence": dfn, "difference": att - dfn,
            "modifier": mod}


def resolve(state, attackers, t, events: list) -> None:
    opts = state.game.options
    board = state.game.board
    for a in attackers:
        a.attacked = True
        reveal(state, a, events)
    state.attacked_targets.add(t.i)
    att, dfn, mod, missile, front = attack_figures(state, attackers, t)
    roll = state.dice.roll(opts.die_sides)
    result = result_for(opts.table, att - dfn, roll + mod, opts.die_sides)
    events.append(state.event("combat", units=[a.uid for a in attackers], target=t.uid,
                              attack=att, defence=dfn, modifier=mod, roll=roll, result=result,
                              hex=board.labels[t.hex]))
    if result == "defender-retreat":
        retreat(state, t, attackers, events)
    elif result == "defender-loss":
        if missile and opts.missile_loss_is_retreat:
            retreat(state, t, attackers, events)
        elif missile and opts.missile_save and front and not t.profile.mob:
            save = state.dice.roll(opts.die_sides)
            saved = save <= opts.missile_save_retreat_max
            events.append(state.event("saving-throw", unit=t.uid, roll=save, saved=saved))
            (retreat if saved else loss)(state, t, attackers, events)
        else:
            loss(state, t, attackers, events)
    elif result == "attacker-retreat":
        for a in attackers:
            retreat(state, a, [t], events)
    elif result == "attacker-loss":
        worst = max(attackers, key=lambda a: (strength(a), -a.i))
        loss(state, worst, [t], events)
        for a in attackers:
            if a is not worst and a.status == ON:
                retreat(state, a, [t], events)
    else:
        locked(state, list(attackers) + [t], events)
    update_spotting(state, events)


def eliminate(state, u, events: list, why: str) -> None:
    u.status = DESTROYED
    events.append(state.event("eliminated", unit=u.uid, hex=state.game.board.labels[u.hex],
                              reason=why))
    u.hex = OFF
    for m in state.units:
        if m.status == MERGED and m.merged_into == u.i:
            m.status = DESTROYED


def loss(state, u, enemies, events: list) -> None:
    """Q17: a loss destroys the unit (option: elite and veteran units retreat instead)."""
    if state.game.options.elite_loss_retreats and u.profile.elite:
        events.append(state.event("elite-retreat", unit=u.uid))
        retreat(state, u, enemies, events)
        return
    eliminate(state, u, events, "loss")


def retreat(state, u, enemies, events: list) -> None:
    """Q15-Q16: a full move away from the enemy; eliminated when it cannot gain half of it
    or when already flipped; it stops in a zone of control; it is flipped."""
    if u.status != ON:
        return
    if u.flipped:
        eliminate(state, u, events, "retreat while flipped")
        return
    board = state.game.board
    opts = state.game.options
    occ = occupants(state)
    sources = [e.hex for e in enemies if e.status == ON] or [u.hex]
    rows = [board.dist_row(h) for h in sources]

    def away(h):
        return min(r[h] for r in rows)

    base = step_cost_for(state, u, occ)

    def cost(a, d, b):
        other = occ.get(b)
        if other is not None and other.side == u.side and not other.profile.mob:
            return None          # Q16: only mobs let a retreating unit through
        return base(a, d, b)
    from studio.engine.search import reachable
    move = max(1, u.profile.move)
    reach = reachable(board, u.hex, move, cost,
                      stops=lambda h: zoc_owner(state, u, h, occ) is not None)
    need = math.ceil(move * opts.retreat_min_fraction)
    start = away(u.hex)
    best = None
    for h, c in reach.cost.items():
        if h != u.hex and (h in occ or terrain_kind(board, h) == IMPASSABLE):
            continue
        gain = away(h) - start
        if zoc_owner(state, u, h, occ) is not None and c * 2 <= move:
            continue             # it met a zone of control before half its move
        key = (gain, -c, -h)
        if best is None or key > best[0]:
            best = (key, h)
    if best is None or best[0][0] < need or best[1] == u.hex and need > 0:
        eliminate(state, u, events, "no room to retreat")
        return
    frm = u.hex
    u.hex = best[1]
    u.facing = direction_to(board, u.hex, sources[0]) if sources[0] != u.hex else u.facing
    u.flipped = True
    events.append(state.event("retreat", unit=u.uid, frm=board.labels[frm],
                              to=board.labels[u.hex]))


def locked(state, units, events: list) -> None:
    """Q18: everyone stays; a mob steps one hex out of the enemy's zone or is flipped;
    friendly mobs in the combat merge into one (option) and fight on; mobs of opposing sides
    hold each other in the fight (option)."""
    board = state.game.board
    opts = state.game.options
    events.append(state.event("locked", units=[u.uid for u in units if u.status == ON]))
    mobs = [u for u in units if u.status == ON and u.profile.mob]
    if opts.mob_merge:
        by_side: dict[int, list] = {}
        for m in mobs:
            by_side.setdefault(m.side, []).append(m)
        for group in by_side.values():
            if len(group) < 2:
                continue
            head = group[0]
            for m in group[1:]:
                head.extra += strength(m)
                m.status = MERGED
                m.merged_into = head.i
                events.append(state.event("merged", unit=m.uid, into=head.uid))
                m.hex = OFF
            mobs = [x for x in mobs if x is head or x not in group]
        if any(len(g) > 1 for g in by_side.values()):
            return
    if opts.mobs_lock_together and len({m.side for m in mobs}) > 1:
        # Q18: "if two mobs lock ... [they] must remain in combat until one is forced to
        # retreat or is eliminated": mobs of opposing sides hold each other where they are
        events.append(state.event("mobs-held", units=[m.uid for m in mobs]))
        return
    occ = occupants(state)
    for m in mobs:
        free = [n for n in board.nbr[m.hex] if n != OFF and n not in occ
                and terrain_kind(board, n) != IMPASSABLE
                and zoc_owner(state, m, n, occ) is None
                and not any(e.side != m.side and ahead(board, e) == n for e in occ.values())]
        if free:
            frm = m.hex
            del occ[m.hex]
            m.hex = free[0]
            occ[m.hex] = m
            events.append(state.event("stepped-out", unit=m.uid, frm=board.labels[frm],
                                      to=board.labels[m.hex]))
        elif not m.flipped:
            m.flipped = True
            events.append(state.event("flipped", unit=m.uid))

"""S10-S14, S16, S19, S22: attacks and what they remove. Every attack is a sum of dice
(each figure rolls its action dice and adds Fight or Shoot) divided by the target's
Defense: the quotient is the figures removed; heroes step their die down instead, vehicles
roll on the damage chart."""
from __future__ import annotations

from studio.engine.board import OFF
from studio.engine.state import DESTROYED, ON

from .morale import check_after_losses
from .profile import step_down
from .vehicles import damage_roll, defense_of, half_down


def melee_die(u) -> int:
    """S11: shooters fight with the next lower die, ordnance crews with a d4."""
    if u.profile.kind == "ordnance":
        return 4
    if u.profile.ranged:
        return step_down(u.die) or 4
    return u.die


def melee_dice(u) -> int:
    """Dice each figure rolls in melee: its action dice, but an ordnance crew figure rolls
    one d4 (S14: "roll 1d4 for each miniature"); the weapon's dice are for shooting."""
    return 1 if u.profile.kind == "ordnance" else u.profile.n_dice


def contact_figures(state, u) -> int:
    """S10: the figures that touch the enemy across a hexside; a regiment adds its second
    rank behind them."""
    width = state.game.options.contact_width
    first = min(u.figures, width)
    if u.profile.formation == "regiment" and u.profile.kind not in ("hero", "vehicle"):
        return first + min(u.figures - first, width)
    return first


def roll_sum(state, figures: int, n_dice: int, die: int, bonus: int) -> tuple[int, list]:
    """Each figure rolls `n_dice` dice of `die` and adds `bonus`; the total and the rolls."""
    rolls = [state.dice.roll(die) for _ in range(figures * n_dice)]
    return sum(rolls) + figures * bonus, rolls


def melee_bonus(u) -> int:
    return u.profile.fight + u.profile.weapon.get("fight", 0)


def shoot_bonus(u) -> int:
    return u.profile.shoot + u.profile.weapon.get("shoot", 0)


def eliminate(state, u, events: list, why: str) -> None:
    events.append(state.event("eliminated", unit=u.uid, hex=state.game.board.labels[u.hex],
                              reason=why))
    u.status = DESTROYED
    u.figures = 0
    u.hex = OFF
    for other in state.units:
        other.engaged.discard(u.i)


def take_losses(state, t, removed: int, by, events: list) -> int:
    """Apply `removed` to `t`: figures lost, a hero's die stepped down (S19) or a vehicle's
    damage roll (S18). Returns the figures it lost."""
    if removed <= 0 or t.status != ON:
        return 0
    kind = t.profile.kind
    if kind == "vehicle":
        if damage_roll(state, t, removed, by, events):
            eliminate(state, t, events, "vehicle destroyed")
            return 1
        return 0
    if kind == "hero":
        for _ in range(removed):
            lower = step_down(t.die)
            if lower is None:
                eliminate(state, t, events, "hero struck down")
                return 1
            events.append(state.event("stepped-down", unit=t.uid, frm=t.die, to=lower))
            t.die = lower
        return 0
    lost = min(removed, t.figures)
    t.figures -= lost
    events.append(state.event("figures-lost", unit=t.uid, lost=lost, left=t.figures))
    if t.figures <= 0:
        eliminate(state, t, events, "every figure lost")
    return lost


def strikes_back(state, t, a) -> bool:
    """A defender answers a melee attack unless it is a vehicle (they fight only by running
    units down) or a faced unit struck from outside its front (S3)."""
    if t.profile.kind == "vehicle":
        return False
    return not t.profile.faced or state.game.board.in_arc(t.hex, t.facing, a.hex)


def melee(state, a, t, events: list, *, free: bool = False) -> None:
    """S10-S12: both sides roll for their figures in contact, simultaneously; a free attack
    (S12) is one way and removes half."""
    back = not free and strikes_back(state, t, a)
    a_fig, t_fig = contact_figures(state, a), contact_figures(state, t) if back else 0
    a_sum, a_rolls = roll_sum(state, a_fig, melee_dice(a), melee_die(a), melee_bonus(a))
    t_sum, t_rolls = (roll_sum(state, t_fig, melee_dice(t), melee_die(t), melee_bonus(t))
                      if back else (0, []))
    to_t = a_sum // defense_of(t)
    to_a = t_sum // defense_of(a) if back else 0
    if free:
        to_t = half_down(to_t)
    events.append(state.event("melee", unit=a.uid, target=t.uid, free=free,
                              figures=a_fig, rolls=a_rolls, total=a_sum,
                              defense=defense_of(t), removed=to_t,
                              back_figures=t_fig, back_rolls=t_rolls, back_total=t_sum,
                              back_defense=defense_of(a), back_removed=to_a,
                              hex=state.game.board.labels[t.hex]))
    a.engaged.add(t.i)
    t.engaged.add(a.i)
    before = {a.i: a.figures, t.i: t.figures}
    lost_t = take_losses(state, t, to_t, a, events)
    lost_a = take_losses(state, a, to_a, t, events)
    check_after_losses(state, t, lost_t, before[t.i], events)
    check_after_losses(state, a, lost_a, before[a.i], events)


def shooting_figures(a) -> int:
    """The figures that roll for a ranged attack: an ordnance weapon rolls its own dice once
    (S14), a vehicle or a hero is one figure, others roll for every figure (S13)."""
    return 1 if a.profile.kind in ("ordnance", "vehicle", "hero") else a.figures


def ranged_sum(state, a) -> tuple[int, list, int]:
    """(total, rolls, figures rolling) of a ranged attack."""
    figures = shooting_figures(a)
    total, rolls = roll_sum(state, figures, a.profile.n_dice, a.die, shoot_bonus(a))
    return total, rolls, figures


def shoot(state, a, t, events: list, long: bool = False) -> None:
    total, rolls, figures = ranged_sum(state, a)
    removed = total // defense_of(t)
    if long:
        removed = half_down(removed)
    events.append(state.event("shot", unit=a.uid, target=t.uid, figures=figures, rolls=rolls,
                              total=total, defense=defense_of(t), long=long, removed=removed,
                              distance=state.game.board.distance(a.hex, t.hex)))
    before = t.figures
    lost = take_losses(state, t, removed, a, events)
    check_after_losses(state, t, lost, before, events)


def ram(state, v, t, reverse: bool, events: list) -> None:
    """S16: a vehicle runs into `t`: a one-way melee attack with its own dice; half the loss
    with its rear."""
    total, rolls = roll_sum(state, 1, v.profile.n_dice, v.die, melee_bonus(v))
    removed = total // defense_of(t)
    if reverse:
        removed = half_down(removed)
    events.append(state.event("rammed", unit=v.uid, target=t.uid, rolls=rolls, total=total,
                              defense=defense_of(t), reverse=reverse, removed=removed))
    before = t.figures
    lost = take_losses(state, t, removed, v, events)
    check_after_losses(state, t, lost, before, events)


def fireball(state, hero, t, events: list) -> None:
    """S22: the hero rolls its action dice; two evens or more succeed and the target takes
    the evens' sum as an attack."""
    rolls = [state.dice.roll(hero.die) for _ in range(hero.profile.n_dice)]
    evens = [r for r in rolls if r % 2 == 0]
    success = len(evens) >= 2
    total = sum(evens) if success else 0
    removed = total // defense_of(t) if success else 0
    events.append(state.event("fireball", unit=hero.uid, target=t.uid, rolls=rolls,
                              success=success, total=total, defense=defense_of(t),
                              removed=removed))
    before = t.figures
    lost = take_losses(state, t, removed, hero, events)
    check_after_losses(state, t, lost, before, events)

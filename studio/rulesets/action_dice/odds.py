"""Exact odds of an Action Dice attack: the distribution of figures removed each way,
worked out from every face of every die (never sampled), with the same figures, dice and
divisions the game uses."""
from __future__ import annotations

from types import SimpleNamespace

from .combat import (contact_figures, melee_bonus, melee_dice, melee_die, shoot_bonus,
                     shooting_figures, strikes_back)
from .options import options_from
from .profile import DIE_STEPS, Profile
from .play import move_options
from .state import Ram
from .targets import is_long, melee_targets, shoot_targets
from .vehicles import defense_of


def sum_counts(dice: int, die: int) -> dict[int, int]:
    """{total: ways} of `dice` dice of `die` sides (convolution, exact integers).

    >>> sum_counts(2, 4)[5]
    4
    """
    counts = {0: 1}
    for _ in range(dice):
        nxt: dict[int, int] = {}
        for total, ways in counts.items():
            for face in range(1, die + 1):
                nxt[total + face] = nxt.get(total + face, 0) + ways
        counts = nxt
    return counts


def removed_distribution(figures: int, n_dice: int, die: int, bonus: int, defense: int,
                         halve: bool = False, cap: int | None = None) -> dict[int, float]:
    """{figures removed: probability} of an attack by `figures` figures each rolling
    `n_dice` d`die` + `bonus`, divided by `defense` (halved, at most `cap`)."""
    if figures <= 0:
        return {0: 1.0}
    dice = figures * n_dice
    counts = sum_counts(dice, die)
    space = die ** dice
    out: dict[int, float] = {}
    for total, ways in counts.items():
        removed = max(0, total + figures * bonus) // defense
        if halve:
            removed //= 2
        if cap is not None:
            removed = min(removed, cap)
        out[removed] = out.get(removed, 0.0) + ways / space
    return dict(sorted(out.items()))


def _cap(u) -> int | None:
    """What can be removed from `u`: its figures; a hero its die steps and itself."""
    if u.profile.kind == "hero":
        return DIE_STEPS.index(u.die) + 1
    if u.profile.kind == "vehicle":
        return None
    return u.figures


def _outcome(t, n: int) -> str:
    """What `n` means to the target: figures, a hero's die steps, a vehicle's damage roll."""
    name = t.profile.name
    if n == 0 and t.profile.kind in ("hero", "vehicle"):
        return f"{name} unhurt"
    if t.profile.kind == "hero":
        return (f"{name} is removed" if n == _cap(t) else
                f"{name} steps down {n} die" if n == 1 else f"{name} steps down {n} dice")
    if t.profile.kind == "vehicle":
        return f"{name} rolls damage at +{n}"
    return f"{name} loses {n}"


def _result(kind, to_target, to_attacker, a, t) -> dict:
    exp = sum(n * p for n, p in to_target.items())
    back = sum(n * p for n, p in to_attacker.items())
    return {"kind": kind,
            "outcomes": {_outcome(t, n): p for n, p in to_target.items() if p},
            "figures_removed": {"defender": to_target, "attacker": to_attacker},
            "expected_removed": {"defender": exp, "attacker": back}}


def attack_odds(state, a, t, *, melee: bool, long: bool = False, back: bool = True) -> dict:
    """Odds of `a` attacking `t` in `state` (units as the game has them)."""
    if melee:
        to_t = removed_distribution(contact_figures(state, a), melee_dice(a), melee_die(a),
                                    melee_bonus(a), defense_of(t), cap=_cap(t))
        to_a = (removed_distribution(contact_figures(state, t), melee_dice(t), melee_die(t),
                                     melee_bonus(t), defense_of(a), cap=_cap(a))
                if back else {0: 1.0})
        return _result("melee", to_t, to_a, a, t)
    to_t = removed_distribution(shooting_figures(a), a.profile.n_dice, a.die, shoot_bonus(a),
                                defense_of(t), halve=long, cap=_cap(t))
    return _result("ranged", to_t, {0: 1.0}, a, t)


def state_odds(state, attacker_id: str, target_id: str) -> dict:
    a, t = state.unit(attacker_id), state.unit(target_id)
    if t in melee_targets(state, a):
        return attack_odds(state, a, t, melee=True, back=strikes_back(state, t, a))
    if t in shoot_targets(state, a):
        return attack_odds(state, a, t, melee=False, long=is_long(state, a, t))
    raise ValueError(f"{attacker_id} cannot attack {target_id} now")


def action_odds(state, action) -> dict:
    """Odds of the attack `action` would make now: a vehicle driving into a unit (S16) rolls
    its own dice and Fight once, halved with its rear; other attacks as `state_odds`."""
    if not isinstance(action, Ram):
        return state_odds(state, action.unit, action.target)
    v, t = state.unit(action.unit), state.unit(action.target)
    detail = move_options(state, v).get(action)
    if detail is None:
        raise ValueError(f"{action.unit} cannot drive into {action.target} now")
    to_t = removed_distribution(1, v.profile.n_dice, v.die, melee_bonus(v), defense_of(t),
                                halve=detail[3], cap=_cap(t))
    return _result("ram", to_t, {0: 1.0}, v, t)


def _standalone(profile, figures) -> SimpleNamespace:
    """A unit as it stands at the start of a game, `figures` strong."""
    return SimpleNamespace(profile=profile, figures=figures, start_figures=profile.figures,
                           die=profile.die, damage={})


def unit_odds(library, attacker: tuple, defender: tuple, situation) -> dict:
    """Only the situation the ruleset declares (distance, rear, figures each way): Action
    Dice has no cover, elevation or piling on, and `studio odds` refuses them."""
    (a_list, a_type), (d_list, d_type) = attacker, defender
    opts = options_from(library.ruleset(a_list.ruleset))
    try:
        a_prof, d_prof = Profile(a_list, a_type, opts), Profile(d_list, d_type, opts)
    except ValueError as err:
        raise ValueError(str(err)) from None
    a = _standalone(a_prof, situation.get("figures") or a_prof.figures)
    t = _standalone(d_prof, situation.get("target_figures") or d_prof.figures)
    for u, role in ((a, "--figures"), (t, "--target-figures")):
        if not 1 <= u.figures <= u.profile.figures:
            raise ValueError(f"{role} {u.figures}: {u.profile.name} has 1 to "
                             f"{u.profile.figures} figures")
    state = SimpleNamespace(game=SimpleNamespace(options=opts))
    distance = int(situation.get("distance") or 1)
    if distance <= 1:
        if a_prof.kind == "vehicle":
            raise ValueError(f"{a_prof.name} is a vehicle: it fights in melee only by driving "
                             "into a unit (S16); give --distance 2 or more for its fire")
        # S3: a regiment struck from outside its front does not strike back
        rear = bool(situation.get("rear")) and d_prof.faced
        out = attack_odds(state, a, t, melee=True, back=d_prof.kind != "vehicle" and not rear)
    else:
        if not a_prof.ranged:
            raise ValueError(f"{a_prof.name} has no ranged weapon: it fights only in contact "
                             "(distance 1)")
        reach = a_prof.long or a_prof.range
        if distance > reach:
            raise ValueError(f"{a_prof.name} reaches {reach} hexes, not {distance}")
        long = a_prof.kind == "ordnance" and distance > a_prof.range
        out = attack_odds(state, a, t, melee=False, long=long)
    out["attacker_figures"] = a.figures
    out["defender_figures"] = t.figures
    return out

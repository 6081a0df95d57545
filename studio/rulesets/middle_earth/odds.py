"""Exact odds (M11-M23): the casualties of a round of melee, a charge's impetus or a volley,
each way, and the reaction distribution of the morale test it causes."""
from __future__ import annotations

from types import SimpleNamespace

from . import morale
from .combat import charge_context, cls_of, in_rear
from .firing import fire_tactical, volley_distribution
from .melee import casualty_distribution, impetus_bonus, tactical_factor
from .profile import Profile
from .setup import options_from
from .tables import NoCell, Tables


def _mean(d: dict) -> float:
    return sum(k * p for k, p in d.items())


def _outcomes(name: str, dist: dict) -> dict:
    return {f"{name} loses {n}": p for n, p in dist.items() if p}


def _blow(t, a, b, figures: int, extra: int) -> dict:
    if a.single or b.single:
        raise ValueError("heroes fight by the hero table (M37), not the casualty chart; ask "
                         "odds of two bodies of figures")
    try:
        return casualty_distribution(t, a.weapon, b.defends_as, figures, a.frontage, extra)
    except NoCell as err:
        raise ValueError(str(err)) from None


def melee_odds(t, a, b, fa: int, fb: int, *, rear: bool = False) -> dict:
    """A round of melee: both strike."""
    to_b = _blow(t, a, b, fa, tactical_factor(t, attacker_kind=_kind(a)))
    to_a = _blow(t, b, a, fb, tactical_factor(t, attacker_kind=_kind(b)))
    return {"kind": "melee", "outcomes": _outcomes(b.name, to_b),
            "figures_removed": {"defender": to_b, "attacker": to_a},
            "expected_removed": {"defender": _mean(to_b), "attacker": _mean(to_a)}}


def charge_odds(t, a, b, fa: int, fb: int, *, context=(), rear: bool = False) -> dict:
    """A charge that hits home: the target's test for being charged, then the impetus."""
    extra = tactical_factor(t, attacker_kind=_kind(a), charging=True) + impetus_bonus(t, a.impetus)
    to_b = _blow(t, a, b, fa, extra)
    reactions = morale.distribution(t, "A" if b.single else b.cls,
                                    morale.factor_sum(t, b.cls, context))
    return {"kind": "charge", "outcomes": _outcomes(b.name, to_b),
            "figures_removed": {"defender": to_b, "attacker": {0: 1.0}},
            "expected_removed": {"defender": _mean(to_b), "attacker": 0.0},
            "morale": reactions}


def volley_odds(t, a, b, fa: int, *, beyond: bool) -> dict:
    tac = fire_tactical(t, firer_kind=a.kind, beyond_half_range=beyond,
                        target_mass=True, target_shielded=b.shield and not b.big)
    try:
        to_b = volley_distribution(t, a.missile, b.defends_as, fa, a.frontage, tac)
    except NoCell as err:
        raise ValueError(str(err)) from None
    ctx = [("morale_minus", "shot-at-by-half", -1)] if fa * 2 >= b.figures else []
    return {"kind": "volley", "outcomes": _outcomes(b.name, to_b),
            "figures_removed": {"defender": to_b, "attacker": {0: 1.0}},
            "expected_removed": {"defender": _mean(to_b), "attacker": 0.0},
            "morale": morale.distribution(t, b.cls, morale.factor_sum(t, b.cls, ctx))}


def _kind(p) -> str:
    return p.kind if p.kind in ("orcs", "dwarves", "elves") else "others"


_IGNORED = (("terrain", None, "--terrain"), ("elevation", "level", "--elevation"),
            ("prior_attackers", 0, "--prior-attackers"), ("hits_taken", 0, "--hits-taken"))


def unit_odds(library, attacker: tuple, defender: tuple, situation: dict) -> dict:
    """`studio odds`: distance 1, a round of melee; further, a volley if the attacker has a
    missile that reaches, else a charge (impetus and the target's reaction)."""
    (a_list, a_type), (d_list, d_type) = attacker, defender
    for key, neutral, option in _IGNORED:
        if situation.get(key, neutral) not in (neutral, None):
            raise ValueError(f"{option} is not part of the Middle Earth odds (they take the "
                             "figures, the distance and --rear): leave it out")
    t = Tables(options_from(library.ruleset(a_list.ruleset)))
    try:
        a, b = Profile(a_list, a_type, t), Profile(d_list, d_type, t)
    except ValueError as err:
        raise ValueError(str(err)) from None
    fa = int(situation.get("figures") or a.figures)
    fb = int(situation.get("target_figures") or b.figures)
    for n, p, role in ((fa, a, "--figures"), (fb, b, "--target-figures")):
        if not 1 <= n <= p.figures:
            raise ValueError(f"{role} {n}: {p.name} has 1 to {p.figures} figures")
    distance = int(situation.get("distance") or 1)
    rear = bool(situation.get("rear"))
    if distance <= 1:
        out = melee_odds(t, a, b, fa, fb, rear=rear)
    elif a.missile is not None and distance <= t.reach(t.missile_range(a.missile)):
        out = volley_odds(t, a, b, fa,
                          beyond=distance * 2 > t.reach(t.missile_range(a.missile)))
    else:
        reach = t.hexes(t.allowance(a.movement, "charge"))
        if distance - 1 > reach:
            raise ValueError(f"{a.name} charges {reach} hexes and shoots nowhere that far: "
                             f"{distance} hexes is out of its reach")
        fake_a = SimpleNamespace(profile=a, figures=fa, hex=0)
        fake_b = SimpleNamespace(profile=b, figures=fb)
        ctx = _charge_context(t, fake_a, fake_b, rear)
        out = charge_odds(t, a, b, fa, fb, context=ctx, rear=rear)
    out["attacker_figures"], out["defender_figures"] = fa, fb
    return out


def _charge_context(t, a, b, rear: bool) -> list:
    ctx = []
    if a.profile.mounted and not b.profile.mounted:
        ctx.append(("morale_minus", "foot-charged-by-cavalry", -1))
    elif a.profile.mounted:
        ctx.append(("morale_minus", "cavalry-charged-by-cavalry", -1))
    else:
        ctx.append(("morale_minus", "charged-by-infantry", -1))
    if rear:
        ctx.append(("morale_minus", "charged-flank-rear", -1))
    if a.figures > b.figures:
        ctx.append(("morale_minus", "charged-by-larger", -1))
    return ctx


def state_odds(state, attacker_id: str, target_id: str) -> dict:
    """The odds of `attacker_id`'s charge, volley or melee on `target_id` where they stand
    (the target's test counts the factors of the field now)."""
    from .combat import blow_factors, morale_modifier
    from .play import charge_targets, fire_targets
    t = state.tables
    a, b = state.unit(attacker_id), state.unit(target_id)
    if b.i in a.engaged:
        return melee_odds(t, a.profile, b.profile, a.figures - a.disarmed, b.figures - b.disarmed)
    if b in fire_targets(state, a):
        rng = t.reach(t.missile_range(a.profile.missile))
        beyond = state.game.board.distance(a.hex, b.hex) * 2 > rng
        out = volley_odds(t, a.profile, b.profile, a.figures, beyond=beyond)
        if not b.shot_at:
            out["morale"] = morale.distribution(t, cls_of(b), morale_modifier(state, b))
        else:
            del out["morale"]
        return out
    if b in charge_targets(state, a):
        extra = blow_factors(state, a, b, charging=True) + impetus_bonus(t, a.profile.impetus)
        to_b = _blow(t, a.profile, b.profile, a.figures - a.disarmed, extra)
        mod = morale_modifier(state, b, charge_context(state, a, b))
        return {"kind": "charge", "outcomes": _outcomes(b.profile.name, to_b),
                "figures_removed": {"defender": to_b, "attacker": {0: 1.0}},
                "expected_removed": {"defender": _mean(to_b), "attacker": 0.0},
                "morale": morale.distribution(t, cls_of(b), mod), "rear": in_rear(state, a, b)}
    raise ValueError(f"{attacker_id} can neither charge, shoot at nor fight {target_id} now")

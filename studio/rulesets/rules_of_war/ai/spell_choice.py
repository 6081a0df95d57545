"""Casting Middle Earth spells (R40 magic): which spell a caster casts, and when.

A caster casts at most one spell a round, each spending one of its magic points. The AI
casts in its own movement phase, once the side has moved and before it attacks, the better
of:
- *Fear*: the first 1D5 of the enemies next to the caster each check morale at -2. Worth,
  for each, the chance it fails times what a forced rout is worth (`estimates.ROUT_WEIGHT`
  of its value, as for a hit's morale check); the likeliest to flee are named first.
- *Aid*: +1D5 to the attack of the unit making the side's best attack. Worth what the
  higher rating adds to that attack, enumerated exactly.
It casts neither Haste nor Barrier (`NOT_CAST`, named in batch reports). Haste was tried:
hastening the friends around a caster towards their goal won no more mirror games (400 a
variant, with and without hexes to hold) than leaving them at their pace.

Every spell chosen is one the engine allows the caster now (`cast_block_reason`), its
targets named best first; the engine checks it again when it is applied.
"""
from __future__ import annotations

from ..actions import Cast
from ..morale import morale_modifiers
from ..spells import cast_block_reason, spell_effect

from .attack_choice import attack_share, target_value
from .estimates import ROUT_WEIGHT
from .intent import on_map

# A spell below this worth (points) is not worth a magic point.
MIN_WORTH = 0.5
# The engine's Fear: a morale check at this modifier.
FEAR_MODIFIER = -2
# Not cast by the AI (named in batch reports).
NOT_CAST = ("haste", "barrier")


def casters(state, intent) -> list:
    """The side's units that may cast a spell now (magic points left, not cast this round)."""
    rnd = state.round
    return [u for u in intent.mine if u.magic > 0 and u.cast_round != rnd and not u.routed
            and on_map(u) and u.profile.has("magic")]


def _spell_ids(state, unit) -> dict:
    """{effect: spell id} of the spells the unit may cast now."""
    out = {}
    for sid, spell in state.game.sides[unit.side].spells.items():
        effect = spell_effect(spell)
        if effect and effect not in out and cast_block_reason(state, unit, sid, False) is None:
            out[effect] = sid
    return out


def _half_die(options) -> int:
    """The largest "1D5" roll (R1): a die halved, rounded up, or a five-sided die."""
    return (options.die_sides + 1) // 2 if options.magic_die_halved else 5


def _expected(gains: list, counts: int) -> float:
    """The expected sum of the first N of `gains` (best first), N uniform on 1..counts."""
    total = 0.0
    for k, g in enumerate(gains, start=1):
        if k > counts:
            break
        total += g * (counts + 1 - k) / counts        # P(N >= k)
    return total


def best_cast(state, intent, est, best_hit):
    """Fear or Aid after the side has moved, before its attacks, or None. `best_hit`:
    (worth, attacker, target) of the attack the side would make next, or None."""
    die = state.game.options.die_sides
    half = _half_die(state.game.options)
    board = state.game.board
    best = None
    for c in casters(state, intent):
        spells = _spell_ids(state, c)
        sid = spells.get("fear")
        if sid is not None:
            gains = []
            for e in intent.enemies:
                if e.routed or not on_map(e) or board.distance(e.hex, c.hex) != 1:
                    continue
                morale = e.profile.morale
                if morale is None:
                    continue            # never checks morale
                needed = morale + sum(v for _, v in morale_modifiers(state, e)) + FEAR_MODIFIER
                p_fail = 1.0 - min(max(needed, 0), die) / die
                gains.append((p_fail * ROUT_WEIGHT * target_value(est, intent, e), e))
            if gains:
                gains.sort(key=lambda g: (-g[0], g[1].i))
                worth = _expected([g for g, _ in gains], half)
                if worth >= MIN_WORTH and (best is None or worth > best[0]):
                    best = (worth, Cast(c.uid, sid, tuple(e.uid for _, e in gains)))
        sid = spells.get("aid")
        if sid is not None and best_hit is not None:
            _, a, t = best_hit
            worth = aid_worth(state, est, intent, a, t)
            if worth >= MIN_WORTH and (best is None or worth > best[0]):
                best = (worth, Cast(c.uid, sid, (a.uid,), stat="attack", sign=1))
    return best[1] if best else None


def aid_worth(state, est, intent, a, t) -> float:
    """What +1D5 on `a`'s attack adds to its attack on `t` from where both stand, in points."""
    half = _half_die(state.game.options)
    aided = sum(attack_share(est, state, a, t, aid=k) for k in range(1, half + 1)) / half
    return (aided - attack_share(est, state, a, t)) * target_value(est, intent, t)

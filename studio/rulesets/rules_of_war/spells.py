"""Middle Earth magic (R40 magic): Haste, Barrier, Aid and Fear, one spell a round per caster,
one magic point each."""
from __future__ import annotations

from fractions import Fraction

from .board import OFF
from .actions import Cast
from .morale import check
from .state import ON

EFFECTS = ("haste", "barrier", "aid", "fear")
STATS = ("move", "attack", "defense", "morale")


def spell_effect(spell) -> str | None:
    for key in (spell.id, spell.name):
        k = (key or "").strip().lower()
        if k in EFFECTS:
            return k
    return None


def cast_block_reason(state, unit, spell_id: str, in_window: bool) -> str | None:
    if unit.status != ON or unit.carried_by != OFF:
        return f"{unit.uid} is not on the map"
    if unit.routed:
        return "routed units cannot cast spells"
    if not unit.profile.has("magic"):
        return f"{unit.uid} has no magic"
    if unit.magic <= 0:
        return f"{unit.uid} has no magic points left"
    if unit.cast_round == state.round:
        return f"{unit.uid} has already cast a spell this round"
    spell = state.game.sides[unit.side].spells.get(spell_id)
    if spell is None:
        known = ", ".join(state.game.sides[unit.side].spells) or "none"
        return f"spell {spell_id!r} is not in the army list (spells: {known})"
    effect = spell_effect(spell)
    if effect is None:
        return f"spell {spell_id!r} is not one the engine knows ({', '.join(EFFECTS)})"
    if in_window and effect != "aid":
        return f"only Aid may be cast outside the caster's own movement phase"
    return None


def validate(state, unit, action, in_window: bool):
    """Returns (effect, target units, hexes) or raises ValueError with the reason."""
    reason = cast_block_reason(state, unit, action.spell, in_window)
    if reason:
        raise ValueError(reason)
    board = state.game.board
    effect = spell_effect(state.game.sides[unit.side].spells[action.spell])
    targets = []
    for uid in action.targets:
        i = state.game.unit_index.get(uid)
        if i is None:
            raise ValueError(f"no unit {uid!r}")
        t = state.units[i]
        if t.status != ON or t.carried_by != OFF:
            raise ValueError(f"{uid} is not on the map")
        if t in targets:
            raise ValueError(f"{uid} is named twice")
        targets.append(t)
    hexes = []
    if effect in ("haste", "fear"):
        if not targets:
            raise ValueError(f"{effect} needs targets next to the caster")
        for t in targets:
            if board.distance(t.hex, unit.hex) != 1:
                raise ValueError(f"{t.uid} is not next to {unit.uid}")
            friendly = t.side == unit.side
            if effect == "haste" and not friendly:
                raise ValueError(f"haste targets friendly units; {t.uid} is an enemy")
            if effect == "fear" and friendly:
                raise ValueError(f"fear targets enemy units; {t.uid} is a friend")
    elif effect == "aid":
        if len(targets) != 1:
            raise ValueError("aid needs exactly one target unit")
        if action.stat not in STATS:
            raise ValueError(f"aid needs stat: one of {', '.join(STATS)} (got {action.stat!r})")
        if action.sign not in (1, -1):
            raise ValueError(f"aid sign must be 1 or -1 (got {action.sign!r})")
    elif effect == "barrier":
        if not action.hexes:
            raise ValueError("barrier needs a chain of hexes")
        for lab in action.hexes:
            try:
                h = board.index_of_label(lab)
            except ValueError as err:
                raise ValueError(f"barrier hex {lab!r}: {err}") from None
            if h in hexes:
                raise ValueError(f"barrier hex {lab} is named twice")
            if hexes and not any(board.distance(h, x) == 1 for x in hexes):
                raise ValueError(f"barrier hex {lab} is not joined to the hexes before it")
            hexes.append(h)
    return effect, targets, hexes


def cast(state, unit, action, effect, targets, hexes, events: list) -> None:
    unit.magic -= 1
    unit.cast_round = state.round
    board = state.game.board
    data = {"caster": unit.uid, "spell": action.spell, "targets": [], "hexes": [],
            "stat": None, "amount": None}
    if effect == "haste":
        n = state.roll(unit.uid, "haste-count", None, events)
        bonus = state.roll(unit.uid, "haste-move", None, events)
        for t in targets[:n]:
            t.haste = Fraction(bonus)
            t.haste_round = state.round
            data["targets"].append(t.uid)
        data["amount"] = bonus
    elif effect == "barrier":
        n = state.roll(unit.uid, "barrier-count", None, events)
        for h in hexes[:n]:
            state.barriers[h] = unit.side
            data["hexes"].append(board.labels[h])
    elif effect == "aid":
        t = targets[0]
        amount = state.roll_half(unit.uid, "aid", events) * action.sign
        if t.aid_round != state.round or not t.aid:
            t.aid = {}
        t.aid = dict(t.aid)
        t.aid[action.stat] = t.aid.get(action.stat, 0) + amount
        t.aid_round = state.round
        data.update(targets=[t.uid], stat=action.stat, amount=amount)
    elif effect == "fear":
        n = state.roll_half(unit.uid, "fear-count", events)
        hit = targets[:n]
        data["targets"] = [t.uid for t in hit]
        events.append(state.event("spell", **data))
        for t in hit:
            check(state, t, "fear", events, extra=[("fear", -2)])
        state._cache.clear()
        return
    events.append(state.event("spell", **data))
    state._cache.clear()


def castable(state, unit, in_window: bool) -> list:
    """Cast actions worth listing for `unit` (barriers as straight walls only)."""
    out = []
    side = state.game.sides[unit.side]
    board = state.game.board
    for sid, spell in side.spells.items():
        if cast_block_reason(state, unit, sid, in_window):
            continue
        effect = spell_effect(spell)
        if effect in ("haste", "fear"):
            near = [t for t in state.units if t.status == ON and t.carried_by == OFF
                    and board.distance(t.hex, unit.hex) == 1
                    and (t.side == unit.side) == (effect == "haste")]
            if near:
                out.append(Cast(unit.uid, sid, tuple(t.uid for t in near)))
        elif effect == "aid":
            for t in state.units:
                if t.status != ON or t.carried_by != OFF:
                    continue
                sign = 1 if t.side == unit.side else -1
                for stat in STATS:
                    out.append(Cast(unit.uid, sid, (t.uid,), stat=stat, sign=sign))
        elif effect == "barrier":
            for d in range(6):
                first = board.nbr[unit.hex][d]
                if first == OFF:
                    continue
                chain = [first]
                for turn in (2, -2):
                    h = first
                    for _ in range(5):
                        h = board.nbr[h][(d + turn) % 6]
                        if h == OFF:
                            break
                        chain.append(h)
                out.append(Cast(unit.uid, sid, hexes=tuple(board.labels[h] for h in chain)))
    return out

"""Who removed whom, and who moved first, read back from an Action Dice game's events (for
balance statistics)."""
from __future__ import annotations

ATTACKS = ("melee", "shot", "rammed", "fireball")


def kill_credits(events):
    """A unit removed by an attack is credited to the other side of that attack: a target
    to the attacker, an attacker removed by the answer of its target to that target."""
    last = None
    for e in events:
        if e.kind in ATTACKS:
            last = e.data
        elif e.kind == "eliminated" and last is not None:
            who = e.data["unit"]
            if who == last["target"]:
                yield who, (last["unit"],)
            elif who == last["unit"]:
                yield who, (last["target"],)
        elif e.kind in ("activated", "round", "side-turn"):
            last = None


def first_mover(events) -> str | None:
    for e in events:
        if e.kind == "order" and e.data["order"]:
            return e.data["order"][0]
    return None

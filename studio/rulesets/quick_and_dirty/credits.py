"""Who removed whom, and who moved first, read back from a Quick and Dirty game's events (for
balance statistics)."""
from __future__ import annotations


def kill_credits(events):
    """A unit eliminated by a combat's result (lost, or unable to retreat) is credited to
    the other side of that combat: the attackers share a defender, the defender takes an
    attacker. Merged units go with the unit they joined and earn nothing on their own."""
    last = None
    for e in events:
        if e.kind == "combat":
            last = e.data
        elif e.kind == "eliminated" and last is not None:
            who = e.data["unit"]
            if who == last["target"]:
                yield who, tuple(last["units"])
            elif who in last["units"]:
                yield who, (last["target"],)
        elif e.kind in ("phase", "battle-turn"):
            last = None


def first_mover(events) -> str | None:
    for e in events:
        if e.kind == "initiative" and e.data["order"]:
            return e.data["order"][0]
    return None

"""Who removed whom, and who moved first, read back from an Action Dice game's events (for
balance statistics)."""
from __future__ import annotations

ATTACKS = ("melee", "shot", "rammed", "fireball")


def kill_credits(events):
    """Each attack's figures removed, credited to the other side of that attack (a target's
    losses to the attacker, an attacker's to the target striking back) as the share of the
    unit they were: (unit, (credited unit,), share). A unit of one figure (hero, vehicle),
    whose hits remove no figures, is credited whole to whoever removes it; a unit worn down
    by several attackers is credited to each for its part."""
    last = None
    start: dict[str, int] = {}            # figures at the start, known at the first loss
    lost: dict[str, int] = {}
    for e in events:
        if e.kind == "figures-lost":
            start.setdefault(e.data["unit"], e.data["left"] + e.data["lost"])
            lost[e.data["unit"]] = lost.get(e.data["unit"], 0) + e.data["lost"]
        if e.kind in ATTACKS:
            last = e.data
        elif e.kind in ("figures-lost", "eliminated") and last is not None:
            who = e.data["unit"]
            if who == last["target"]:
                killer = last["unit"]
            elif who == last["unit"]:
                killer = last["target"]
            else:
                continue
            if e.kind == "figures-lost":
                yield who, (killer,), e.data["lost"] / start[who]
            elif who not in start:
                yield who, (killer,), 1.0
            elif lost[who] < start[who]:  # removed with figures left: the rest of the unit
                yield who, (killer,), (start[who] - lost[who]) / start[who]
        elif e.kind in ("activated", "round", "side-turn"):
            last = None


def first_mover(events) -> str | None:
    for e in events:
        if e.kind == "order" and e.data["order"]:
            return e.data["order"][0]
    return None

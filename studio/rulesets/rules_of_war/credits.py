"""Who removed whom, and who moved first, read back from a Rules of War game's events (for
balance statistics)."""
from __future__ import annotations


def kill_credits(events):
    """A unit destroyed (or captured) by attacks is shared among the attacks that hit it in
    the resolution that finished it."""
    pending: dict[str, list[str]] = {}
    for e in events:
        kind = e.kind
        if kind == "attack":
            d = e.data
            if d["damage"] and (d["destroyed"] or d["captured"]):
                pending.setdefault(d["target"], []).append(d["attacker"])
        elif kind in ("destroyed", "captured"):
            who = e.data["unit"]
            attackers = pending.pop(who, None)
            if attackers:
                yield who, tuple(attackers)


def first_mover(events) -> str | None:
    for e in events:
        if e.kind == "order" and e.data["order"]:
            return e.data["order"][0]
    return None

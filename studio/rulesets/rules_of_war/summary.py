"""A Rules of War game told round by round: initiative, moves, attacks in plain words, routs,
losses (what `studio play` prints before the result, through `outcomes.story`).

>>> from studio.engine.events import Event
>>> rounds = summarize([Event("round", {"round": 1}),
...                     Event("initiative", {"rolls": {"a": 7, "b": 3}, "winner": "a"}),
...                     Event("order", {"order": ["b", "a"], "chosen_by": "a"}),
...                     Event("moved", {"unit": "x", "path": ["0102"], "facing": "N",
...                                     "mp": "1", "charge": False, "embark": None,
...                                     "disembark": False})], {"x": "b"})
>>> for line in format_summary(rounds):
...     print(line)
Round 1
  initiative: a 7, b 3; a chose to move second; order b, a
  moves: b 1
"""
from __future__ import annotations

from dataclasses import dataclass, field

from studio.engine import scenario_events

from .event_words import describe


@dataclass
class RoundSummary:
    round: int
    initiative: str = ""
    moves: dict[str, int] = field(default_factory=dict)       # side -> units moved
    attacks: list[str] = field(default_factory=list)
    routs: list[str] = field(default_factory=list)
    rallies: list[str] = field(default_factory=list)
    losses: dict[str, list[str]] = field(default_factory=dict)   # side -> units lost
    other: list[str] = field(default_factory=list)


def summarize(events, sides: dict[str, str]) -> list[RoundSummary]:
    """Group a game's events by round."""
    rounds: list[RoundSummary] = []
    current = RoundSummary(0)
    rolls = None
    for e in events:
        d = e.data
        k = e.kind
        if k == "round":
            current = RoundSummary(d["round"])
            rounds.append(current)
        elif k == "initiative":
            rolls = ", ".join(f"{s} {v}" for s, v in d["rolls"].items())
            current.initiative = f"{rolls}; {d['winner']} chooses"
        elif k == "order":
            chooser = d.get("chosen_by")
            order = d["order"]
            if chooser is not None and rolls is not None:
                how = "first" if order and order[0] == chooser else "second"
                current.initiative = f"{rolls}; {chooser} chose to move {how}; " \
                                     f"order {', '.join(order)}"
            else:
                current.initiative = f"{rolls or ''}; order {', '.join(order)}".lstrip("; ")
        elif k == "moved":
            side = sides.get(d["unit"], "?")
            current.moves[side] = current.moves.get(side, 0) + 1
        elif k == "attack":
            current.attacks.append(describe(e))
        elif k == "routed":
            current.routs.append(d["unit"])
        elif k == "rallied":
            current.rallies.append(d["unit"])
        elif k in ("destroyed", "captured"):
            side = sides.get(d["unit"], "?")
            what = d["unit"] if k == "destroyed" else f"{d['unit']} (captured)"
            if k == "destroyed" and d.get("cause") not in (None, "attack"):
                what += f" ({d['cause']})"
            current.losses.setdefault(side, []).append(what)
        elif k == "advanced":
            current.other.append(f"{d['unit']} advances into {d['to']}")
        elif k in scenario_events.KINDS:
            current.other.append(describe(e))
        elif k in ("fled", "exited", "jumped", "spell", "strike"):
            if k != "fled" or d.get("off_map"):
                current.other.append(describe(e))
    return rounds


def format_summary(rounds: list[RoundSummary]) -> list[str]:
    lines = []
    for r in rounds:
        lines.append(f"Round {r.round}")
        if r.initiative:
            lines.append(f"  initiative: {r.initiative}")
        if r.moves:
            lines.append("  moves: " + ", ".join(f"{s} {n}" for s, n in r.moves.items()))
        if r.attacks:
            lines.append(f"  attacks ({len(r.attacks)}):")
            lines.extend(f"    {a}" for a in r.attacks)
        if r.routs:
            lines.append("  routed: " + ", ".join(r.routs))
        if r.rallies:
            lines.append("  rallied: " + ", ".join(r.rallies))
        for s, lost in r.losses.items():
            lines.append(f"  {s} lost: " + ", ".join(lost))
        lines.extend(f"  {o}" for o in r.other)
    return lines

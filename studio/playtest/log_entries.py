"""The game log as entries a log panel can list, filter and jump from: the plain-words
line, the round, the sides concerned, and the hexes where it happened.

Where a unit was comes from the positions the timeline records before each action,
followed through the moves of that action's own events (a unit that moves and is then
shot at is found in its new hex).
"""
from __future__ import annotations

from dataclasses import dataclass

from studio.engine import Event
from studio.engine.visibility import Sightings

from .log_text import event_text, is_shown
from .names import Names


def round_begun(event) -> int | None:
    """The round an event opens, or None: each game marks a new round with an event that
    carries its number (Rules of War and Action Dice "round", Quick and Dirty "battle-turn");
    no other event carries one."""
    return event.get("round") if event.kind in ("round", "battle-turn") else None


@dataclass(frozen=True)
class LogEntry:
    number: int                     # 0, 1, 2... in the order of the game
    position: int                   # the timeline position after it (0: the set-up)
    round: int
    kind: str                       # the event's kind
    text: str
    sides: frozenset                # side ids concerned; empty: the whole game (rounds...)
    hexes: tuple                    # labels, the main one first; () when nowhere
    event: Event
    seen_by: frozenset = frozenset()    # side ids that saw it happen (a hidden unit's move
    #                                     is not seen by the sides it is hidden from)

    def seen(self, side_id: str | None) -> bool:
        """Whether the log of `side_id` shows the entry (None: the whole game's log)."""
        return side_id is None or side_id in self.seen_by


class LogBuilder:
    """Turns the timeline's events into entries, action by action (`add`), keeping the
    round and where each unit is."""

    def __init__(self, state, names: Names) -> None:
        self.names = names
        self.index = {u.uid: u.i for u in state.units}
        self.round = 0
        self.entries: list[LogEntry] = []
        self.sightings = Sightings(state)
        self.side_ids = [s.id for s in state.game.sides]

    def add(self, events, position: int, positions: tuple | None) -> list[LogEntry]:
        """Entries for the events of one action (`position` = the timeline position after
        it; 0 for the set-up) given the units' hexes before it."""
        where = {uid: positions[i] for uid, i in self.index.items()} if positions else {}
        out = []
        for e in events:
            if round_begun(e) is not None:
                self.round = round_begun(e)
            hexes = _hexes(e, where)
            _follow(e, where)
            audience = self.sightings.audience(e)
            if not is_shown(e, self.names.rules):
                continue
            entry = LogEntry(len(self.entries), position, self.round, e.kind,
                             event_text(e, self.names), self._sides(e), hexes, e,
                             frozenset(self.side_ids[s] for s in audience))
            self.entries.append(entry)
            out.append(entry)
        return out

    def _sides(self, e: Event) -> frozenset:
        d = e.data
        if e.kind in ("round", "initiative", "order", "game-over") or \
                (e.kind == "phase" and d.get("side") is None):
            return frozenset()
        found = set()
        for key in ("attacker", "target", "unit", "caster", "who"):
            v = d.get(key)
            if isinstance(v, str):
                side = self.names.side_of(v)
                if side is not None:
                    found.add(side)
                elif v in self.names.side_names:
                    found.add(v)
                elif ":" in v and v.split(":", 1)[0] in self.names.side_names:
                    found.add(v.split(":", 1)[0])
        for v in d.get("targets") or ():
            side = self.names.side_of(v)
            if side is not None:
                found.add(side)
        for key in ("side", "by"):
            v = d.get(key)
            if isinstance(v, str) and v in self.names.side_names:
                found.add(v)
        return frozenset(found)


def build_entries(timeline, names: Names) -> list[LogEntry]:
    """Every entry of the timeline's whole recorded game (its future included)."""
    return entries_builder(timeline, names).entries


def entries_builder(timeline, names: Names) -> LogBuilder:
    """A builder that has added the timeline's whole recorded game: its `entries`, and the
    round and who has seen what to go on from (`add`)."""
    b = LogBuilder(timeline.initial, names)
    first = timeline.before[0] if timeline.before else None
    if first is None:
        from .timeline import unit_positions
        first = unit_positions(timeline.initial)
    b.add(timeline.opening, 0, first)
    for i, chunk in enumerate(timeline.chunks):
        b.add(chunk, i + 1, timeline.before[i])
    return b


def _hexes(e: Event, where: dict) -> tuple:
    d = e.data
    k = e.kind
    if k == "moved":
        start = where.get(d["unit"])
        end = d["path"][-1] if d.get("path") else start
        return tuple(h for h in (end, start) if h is not None) if end != start else \
            ((end,) if end else ())
    if k == "fled":
        end = d["path"][-1] if d.get("path") else where.get(d["unit"])
        return (end,) if end else ()
    if k == "advanced":
        return (d["to"],)
    if k == "attack":
        return tuple(h for h in (where.get(d["target"]), where.get(d["attacker"])) if h)
    if k == "spell":
        out = [where.get(d["caster"])] + [where.get(t) for t in d.get("targets") or ()]
        out += list(d.get("hexes") or ())
        return tuple(h for h in out if h)
    if k == "window" and d.get("window") == "react":
        h = where.get(d.get("about"))
        return (h,) if h else ()
    if k == "strike":
        return ()
    for key in ("unit", "who", "attacker"):
        v = d.get(key)
        if isinstance(v, str) and where.get(v):
            return (where[v],)
    return ()


def _follow(e: Event, where: dict) -> None:
    d = e.data
    if e.kind == "moved" and d.get("path"):
        where[d["unit"]] = d["path"][-1]
    elif e.kind == "fled" and d.get("path"):
        where[d["unit"]] = None if d.get("off_map") else d["path"][-1]
    elif e.kind == "advanced":
        where[d["unit"]] = d["to"]
    elif e.kind == "jumped":
        where[d["unit"]] = None

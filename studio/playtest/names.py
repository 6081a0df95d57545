"""Plain names for the units and sides of a game, for logs and panels.

The engine names units by id (`athenian-hoplites-3`); people read "Athenian Hoplites 3".
A unit the scenario gives an id of its own keeps it, with its type after it; a name that
two sides would share gets its side's name added.
"""
from __future__ import annotations

import re


class Names:
    """`Names(state)`: `unit(uid)`, `side(side_id)`, `who(id)` (a unit, a side, or an
    off-map support `side:support`), `side_of(uid)` (the side that fielded the unit)."""

    def __init__(self, state) -> None:
        sides = state.game.sides
        self.rules = state.game.rules
        self.side_names = {s.id: (s.name or s.id) for s in sides}
        # objective markers name the hexes a result mentions
        self.objectives = list(getattr(getattr(state.game, "scenario", None), "objectives",
                                       None) or [])
        self.unit_side = {u.uid: sides[u.original_side].id for u in state.units}
        self.unit_type = {u.uid: u.profile.id for u in state.units}
        counts: dict[tuple[int, str], int] = {}
        for u in state.units:
            key = (u.original_side, u.profile.id)
            counts[key] = counts.get(key, 0) + 1
        names = {}
        for u in state.units:
            names[u.uid] = _unit_name(u.uid, u.profile.id, u.profile.name,
                                      sides[u.original_side].id,
                                      counts[(u.original_side, u.profile.id)])
        by_name: dict[str, list[str]] = {}
        for uid, name in names.items():
            by_name.setdefault(name, []).append(uid)
        for name, uids in by_name.items():
            if len({self.unit_side[x] for x in uids}) > 1:
                for uid in uids:
                    names[uid] = f"{name} ({self.side_names[self.unit_side[uid]]})"
        self.units = names
        self._ids = None

    def unit(self, uid: str) -> str:
        return self.units.get(uid, uid)

    def side(self, side_id: str | None) -> str:
        if side_id is None:
            return ""
        return self.side_names.get(side_id, side_id)

    def side_of(self, uid: str) -> str | None:
        return self.unit_side.get(uid)

    def in_text(self, text: str) -> str:
        """`text` (a ruleset's words for an action, which name units by id) with every unit
        id replaced by the unit's name."""
        if self._ids is None:
            ids = sorted(self.units, key=len, reverse=True)
            self._ids = re.compile(r"(?<![\w-])(" + "|".join(map(re.escape, ids)) + r")(?![\w-])") \
                if ids else None
        if self._ids is None:
            return text
        return self._ids.sub(lambda m: self.units[m.group(1)], text)

    def knows(self, ident: str) -> bool:
        """Whether `ident` is the id of a unit, a side or a side's off-map support."""
        if ident in self.units or ident in self.side_names:
            return True
        side, sep, _ = ident.partition(":")
        return bool(sep) and side in self.side_names

    def who(self, ident) -> str:
        """A unit, a side or an off-map support (`side:support`) in words."""
        if not isinstance(ident, str):
            return str(ident)
        if ident in self.units:
            return self.units[ident]
        if ident in self.side_names:
            return self.side_names[ident]
        side, sep, support = ident.partition(":")
        if sep and side in self.side_names:
            return f"{self.side_names[side]}'s {support.replace('-', ' ')}"
        return ident


def _unit_name(uid: str, type_id: str, type_name: str, side_id: str, of_type: int) -> str:
    """
    >>> _unit_name("athenian-hoplites-3", "athenian-hoplites", "Athenian Hoplites", "a", 8)
    'Athenian Hoplites 3'
    >>> _unit_name("war-chariots-1", "war-chariots", "War Chariots", "a", 1)
    'War Chariots'
    >>> _unit_name("miltiades", "greek-archon", "Greek Archon", "a", 1)
    'Miltiades (Greek Archon)'
    """
    bare = uid[len(side_id) + 1:] if uid.startswith(side_id + "/") else uid
    m = re.fullmatch(re.escape(type_id) + r"-(\d+)", bare)
    if m is not None:
        return type_name if of_type == 1 else f"{type_name} {m.group(1)}"
    words = bare.replace("-", " ").replace("_", " ").strip()
    own = words[:1].upper() + words[1:] if words else uid
    return f"{own} ({type_name})"

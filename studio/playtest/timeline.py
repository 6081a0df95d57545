"""A played game as a timeline one can step through: forwards, backwards, to a round, back
to the set-up, and on from any point (which drops the old future: a new branch).

The state at position `n` (after the first `n` actions) is the kernel's replay of the
first `n` actions: rebuilt from the nearest earlier snapshot (a `GameState.copy()` kept
every `snapshot_every` actions) by re-applying the logged actions, so a step back in a
long game costs at most `snapshot_every` applies.

>>> from studio.rulesets.rules_of_war.sample import line_battle
>>> from studio.rulesets import legal_actions
>>> sc, lib = line_battle(units_per_side=2, columns=10, rows=13, seed=1)
>>> t = Timeline(sc, lib, seed=3)
>>> for _ in range(3):
...     _ = t.play(legal_actions(t.state)[-1])
>>> t.position, len(t.actions)
(3, 3)
>>> _ = t.back(); t.position
2
>>> _ = t.restart(); t.position, t.state.round
(0, 1)
"""
from __future__ import annotations

import json
from typing import Any

from studio.engine import Event, GameLog, ReplayMismatch
from studio.rulesets import apply, new_game

from .log_entries import round_begun

SNAPSHOT_EVERY = 20


def unit_positions(state) -> tuple:
    """Each unit's hex label (None off the map or gone), in the order of `state.units`."""
    label = state.hex_label
    return tuple(label(u) if u.status == "on" else None for u in state.units)


class Timeline:
    def __init__(self, scenario: Any, library: Any, seed: int,
                 options_override: dict | None = None, *, snapshot_every: int = SNAPSHOT_EVERY,
                 unit_points=None) -> None:
        if snapshot_every < 1:
            raise ValueError(f"snapshot_every must be 1 or more, got {snapshot_every}")
        self.scenario = scenario
        self.library = library
        self.seed = seed
        self.options_override = dict(options_override or {})
        self.snapshot_every = snapshot_every
        start = new_game(scenario, library, seed, self.options_override or None,
                         unit_points=unit_points)
        self.opening: list[Event] = list(start.opening_events)
        self.actions: list = []
        self.chunks: list[list[Event]] = []       # the events of each action
        self.before: list[tuple] = []             # unit_positions() before each action
        self._snapshots = {0: start}              # never played on: seek copies them
        self.state = start.copy()
        self.position = 0

    # -- what is there ---------------------------------------------------------------------

    @property
    def length(self) -> int:
        return len(self.actions)

    @property
    def at_end(self) -> bool:
        return self.position == len(self.actions)

    @property
    def initial(self):
        """The state at the set-up (do not play on it: `seek(0)` gives a playable copy)."""
        return self._snapshots[0]

    def round_starts(self) -> dict[int, int]:
        """Round number -> the position at which it starts (its initiative decision)."""
        starts: dict[int, int] = {}
        for e in self.opening:
            if round_begun(e) is not None:
                starts[round_begun(e)] = 0
        for i, chunk in enumerate(self.chunks):
            for e in chunk:
                if round_begun(e) is not None:
                    starts.setdefault(round_begun(e), i + 1)
        return starts

    def round_at(self, position: int) -> int:
        """The round being played at `position`."""
        best = 1
        for r, p in self.round_starts().items():
            if p <= position:
                best = max(best, r)
        return best

    # -- playing ---------------------------------------------------------------------------

    def play(self, action) -> list[Event]:
        """Apply `action` at the current position. Any recorded future is dropped first
        (but only once the action is known to be legal). Raises IllegalAction, leaving
        the timeline as it was."""
        before = unit_positions(self.state)
        events = apply(self.state, action)          # IllegalAction: state untouched
        if self.position < len(self.actions):
            self._drop_future()
        self.actions.append(action)
        self.chunks.append(list(events))
        self.before.append(before)
        self.position += 1
        if self.position % self.snapshot_every == 0:
            self._snapshots[self.position] = self.state.copy()
        return events

    def _drop_future(self) -> None:
        n = self.position
        del self.actions[n:], self.chunks[n:], self.before[n:]
        for k in [k for k in self._snapshots if k > n]:
            del self._snapshots[k]

    # -- moving about ----------------------------------------------------------------------

    def seek(self, position: int):
        """Go to `position` (clamped to 0..length); returns the state there."""
        n = max(0, min(len(self.actions), int(position)))
        if n == self.position:
            return self.state
        if n < self.position:
            k = max(p for p in self._snapshots if p <= n)
            self.state = self._snapshots[k].copy()
            self.position = k
        while self.position < n:
            apply(self.state, self.actions[self.position])
            self.position += 1
            if self.position % self.snapshot_every == 0 and self.position not in self._snapshots:
                self._snapshots[self.position] = self.state.copy()
        return self.state

    def back(self, steps: int = 1):
        return self.seek(self.position - steps)

    def forward(self, steps: int = 1):
        return self.seek(self.position + steps)

    def restart(self):
        return self.seek(0)

    def to_end(self):
        return self.seek(len(self.actions))

    def to_round(self, round_number: int):
        starts = self.round_starts()
        if round_number not in starts:
            known = ", ".join(str(r) for r in sorted(starts)) or "none"
            raise ValueError(f"round {round_number} has not been played (rounds: {known})")
        return self.seek(starts[round_number])

    # -- logs ------------------------------------------------------------------------------

    def log(self, upto: int | None = None) -> GameLog:
        """The kernel's GameLog of the first `upto` actions (default: all recorded)."""
        n = len(self.actions) if upto is None else max(0, min(len(self.actions), upto))
        chunks = [list(c) for c in self.chunks[:n]]
        events = list(self.opening)
        for c in chunks:
            events.extend(c)
        return GameLog(scenario=self.scenario.id, seed=self.seed,
                       options_override=dict(self.options_override),
                       actions=list(self.actions[:n]), events=events, per_action=chunks,
                       opening=list(self.opening))

    @classmethod
    def from_log(cls, scenario: Any, library: Any, log: GameLog, *, check_events: bool = True,
                 snapshot_every: int = SNAPSHOT_EVERY, unit_points=None) -> "Timeline":
        """Replay a logged game into a timeline positioned at its end. With
        `check_events`, every event must match the logged one (ReplayMismatch says where
        they first differ: the scenario or the rules changed since it was played)."""
        t = cls(scenario, library, log.seed if log.seed is not None else 0,
                log.options_override or None, snapshot_every=snapshot_every,
                unit_points=unit_points)
        if check_events and log.opening:
            _same(t.opening, log.opening, "the set-up")
        for n, action in enumerate(log.actions):
            events = t.play(action)
            if check_events and log.per_action is not None and n < len(log.per_action):
                _same(events, log.per_action[n], f"action {n + 1} ({action!r})")
        return t


def _normal(e: Event) -> str:
    return json.dumps(e.to_dict(), sort_keys=True, default=str)


def _same(got: list[Event], want: list[Event], where: str) -> None:
    for i, (g, w) in enumerate(zip(got, want)):
        if _normal(g) != _normal(w):
            raise ReplayMismatch(f"{where}: event {i + 1} differs: the log says {w!r}, the "
                                 f"replay gives {g!r}")
    if len(got) != len(want):
        raise ReplayMismatch(f"{where}: the log has {len(want)} events, the replay "
                             f"{len(got)}")

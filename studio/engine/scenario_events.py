"""Scenarios that unfold, the same for every ruleset: reinforcement waves that enter after
the start, the turn track of time of day and weather, and events (a trigger and its
effects) written as data in the scenario file.

A ruleset calls three hooks: `round_begins(state, events)` right after it counts a new
round, `round_ends(state, events)` at a round's end before it checks victory, and
`after_action(state, events)` once an action is applied, before it records it. Each
returns at once when the scenario has none of these (`game.plan` is None), so such games
play exactly as before. Nothing here rolls a die.

Triggers: round-begins / round-ends (`round`), enters (a `unit`, or any unit of a `side`,
or any unit, is in `hexes`), destroyed (`unit`), losses (`side` has lost `share` percent
of its `measure`: units or points), leader-dies (`side`'s army leader is lost). Each event
fires once a game, the first time its trigger holds. Effects: message, victory-points,
reinforcements (`wave` arrives now), time-of-day / weather (`value`), option (ruleset
option `name` takes `value` for the rest of the game), and any kind the ruleset adds
(`Ruleset.scenario_events.effects`).
"""
from __future__ import annotations

import copy
from collections.abc import Iterable, Sequence
from dataclasses import dataclass, replace
from typing import Any

from .board import OFF
from .errors import SetupError
from .state import DESTROYED, ON, WAITING, Game
from .victory import lost, points_of

STATE_TRIGGERS = ("enters", "destroyed", "losses", "leader-dies")
#: Event kinds this module adds to a game's log (`words` tells each).
KINDS = ("scenario-event", "scenario-message", "victory-points-awarded", "time-and-weather",
         "option-switched", "reinforcements-arrive", "reinforcements-delayed",
         "reinforcement-lost")


@dataclass(frozen=True, slots=True)
class Script:
    """Where a game's scenario events stand (replaced, never changed: copies share it)."""
    fired: frozenset[str] = frozenset()
    due: tuple[tuple[str, int], ...] = ()   # (wave id, round) of the waves still to arrive
    vp: tuple[float, ...] = ()              # victory points events gave, by side index
    time_of_day: str | None = None
    weather: str | None = None


class Plan:
    """A scenario's waves (with the unit ids of each), events and turn track, as a game
    reads them; hex areas are resolved on the game's board once."""

    __slots__ = ("waves", "members", "index", "events", "track", "_areas")

    def __init__(self, scenario: Any, members: dict[str, list[tuple[int, bool]]],
                 index: dict[str, int]):
        self.waves = {w.id: w for w in scenario.reinforcements}
        # By unit index, which a side's view keeps (it may rename the units it has not seen).
        self.members = members          # wave id -> [(unit index, whether it has a facing)]
        self.index = index              # unit id as the scenario names it -> unit index
        self.events = list(scenario.events)
        self.track = {t.round: t for t in scenario.turn_track}
        self._areas: dict[tuple[str, ...], tuple[int, ...]] = {}

    def area(self, board: Any, items: Iterable[str]) -> tuple[int, ...]:
        """The hexes of labels and rectangles, in board order."""
        key = tuple(items)
        hexes = self._areas.get(key)
        if hexes is None:
            found: set[int] = set()
            g = board.geometry
            for item in items:
                found.update(board.index_of_label(g.label(h)) for h in g.parse_area(item))
            hexes = self._areas[key] = tuple(sorted(found))
        return hexes

    def entry(self, board: Any, wave: Any) -> tuple[int, ...]:
        """The hexes a wave enters by, the ones it takes first first: a wave coming by an
        edge fills it from the edge's middle outwards; one given hexes takes them in board
        order."""
        if wave.edge is not None:
            key = ("edge", wave.edge)
            hexes = self._areas.get(key)
            if hexes is None:
                along = "north" if wave.edge in ("west", "east") else "west"
                middle = ((board.rows if along == "north" else board.columns) - 1) / 2
                hexes = self._areas[key] = tuple(sorted(
                    (i for i in range(board.n) if board.edge_distance(i, wave.edge) == 0),
                    key=lambda i: (abs(board.edge_distance(i, along) - middle), i)))
            return hexes
        return self.area(board, wave.hexes)


def plan_of(scenario: Any, entries: Sequence[tuple[int, str, Any, Any]],
            where: str) -> Plan | None:
    """The plan of a scenario's waves, events and turn track (None when it has none);
    `entries`: (side index, unit id, profile, roster unit) of every unit of the game."""
    arriving = [(n, si, uid, ru) for n, (si, uid, _, ru) in enumerate(entries)
                if ru.arrives is not None]
    if not (scenario.reinforcements or scenario.events or scenario.turn_track or arriving):
        return None
    sides = [s.id for s in scenario.sides]
    members: dict[str, list[tuple[int, bool]]] = {}
    for w in scenario.reinforcements:
        if w.side not in sides:
            raise SetupError(f"{where}: reinforcement wave {w.id!r} is for side {w.side!r}, "
                             f"which is not a side of the scenario ({', '.join(sides)})")
        members[w.id] = []
    for n, si, uid, ru in arriving:
        wave = scenario.wave(ru.arrives)
        if wave is None:
            raise SetupError(f"{where}, unit {uid!r}: it arrives with wave {ru.arrives!r}, "
                             "which is not in the scenario's reinforcements")
        if wave.side != sides[si]:
            raise SetupError(f"{where}, unit {uid!r} of side {sides[si]!r}: wave "
                             f"{wave.id!r} is side {wave.side!r}'s")
        members[wave.id].append((n, ru.facing is not None))
    return Plan(scenario, members, {uid: n for n, (_, uid, _, _) in enumerate(entries)})


# -- the hooks ----------------------------------------------------------------------------

def _script(state: Any) -> Script:
    s: Script | None = state.script
    if s is None:
        plan = state.game.plan
        s = state.script = Script(
            due=tuple((w.id, w.round) for w in plan.waves.values() if w.round is not None),
            vp=(0,) * len(state.game.sides))
    return s


def round_begins(state: Any, events: list[Any]) -> None:
    """The turn track's changes for the new round, the events it triggers, the waves due."""
    plan = state.game.plan
    if plan is None:
        return
    s = _script(state)
    t = plan.track.get(state.round)
    if t is not None:
        _time_and_weather(state, events, t.time_of_day or s.time_of_day,
                          t.weather or s.weather)
    _fire_where(state, events, "round-begins")
    for wave_id, when in state.script.due:
        if when <= state.round:
            arrive(state, wave_id, events)
    _check(state, events)


def round_ends(state: Any, events: list[Any]) -> None:
    plan = state.game.plan
    if plan is None:
        return
    _script(state)
    _fire_where(state, events, "round-ends")
    _check(state, events)


def after_action(state: Any, events: list[Any]) -> None:
    if state.game.plan is None or state.result is not None:
        return
    _script(state)
    _check(state, events)


# -- triggers -----------------------------------------------------------------------------

def _fire_where(state: Any, events: list[Any], kind: str) -> None:
    for e in state.game.plan.events:
        if e.when.kind == kind and e.when.get("round") == state.round \
                and e.id not in state.script.fired:
            fire(state, e, events)


def _check(state: Any, events: list[Any]) -> None:
    """Fire every event whose state trigger holds, again until none does (an effect may
    make another trigger hold: a wave arriving in a watched area)."""
    plan = state.game.plan
    fired_one = True
    while fired_one:
        fired_one = False
        for e in plan.events:
            if e.when.kind in STATE_TRIGGERS and e.id not in state.script.fired \
                    and holds(state, e.when):
                fire(state, e, events)
                fired_one = True


def holds(state: Any, when: Any) -> bool:
    """Whether a state trigger holds now."""
    game = state.game
    kind = when.kind
    if kind == "enters":
        area = set(game.plan.area(game.board, when.get("hexes") or ()))
        uid, side = when.get("unit"), when.get("side")
        if uid is not None:
            u = state.units[game.plan.index[uid]]
            return bool(u.status == ON and u.hex in area)
        si = game.side_index[side] if side is not None else None
        return any(u.status == ON and u.hex in area and (si is None or u.side == si)
                   for u in state.units)
    if kind == "destroyed":
        return bool(state.units[game.plan.index[when.get("unit")]].status == DESTROYED)
    if kind == "leader-dies":
        return bool(state.leader_lost(game.side_index[when.get("side")]))
    if kind == "losses":
        si = game.side_index[when.get("side")]
        pool = [u for u in state.units if u.original_side == si]
        if when.get("measure", "units") == "points":
            total = sum(points_of(state, u) for u in pool)
            gone = sum(points_of(state, u) for u in pool if lost(state, u, si))
        else:
            total, gone = len(pool), sum(1 for u in pool if lost(state, u, si))
        return total > 0 and gone * 100 >= float(when.get("share")) * total
    return False


# -- effects ------------------------------------------------------------------------------

def fire(state: Any, e: Any, events: list[Any]) -> None:
    """Mark the event fired, tell it, and apply its effects in order."""
    state.script = replace(state.script, fired=state.script.fired | {e.id})
    events.append(state.event("scenario-event", id=e.id, name=e.name or e.id))
    own = state.game.rules.scenario_events.effects
    for effect in e.then:
        kind = effect.kind
        if kind == "message":
            events.append(state.event("scenario-message", text=effect.get("text")))
        elif kind == "victory-points":
            si = state.game.side_index[effect.get("side")]
            vp = list(state.script.vp)
            vp[si] += effect.get("points")
            state.script = replace(state.script, vp=tuple(vp))
            events.append(state.event("victory-points-awarded", side=effect.get("side"),
                                      points=effect.get("points")))
        elif kind == "reinforcements":
            arrive(state, effect.get("wave"), events)
        elif kind == "time-of-day":
            _time_and_weather(state, events, effect.get("value"), state.script.weather)
        elif kind == "weather":
            _time_and_weather(state, events, state.script.time_of_day, effect.get("value"))
        elif kind == "option":
            switch_option(state, effect.get("name"), effect.get("value"), events)
        elif kind in own:
            own[kind](state, effect.params, events)
        else:
            raise SetupError(f"scenario event {e.id!r}: effect {kind!r} is not one "
                             f"{state.game.rules.name} knows")


def _time_and_weather(state: Any, events: list[Any], time_of_day: str | None,
                      weather: str | None) -> None:
    s = state.script
    if (time_of_day, weather) == (s.time_of_day, s.weather):
        return
    state.script = replace(s, time_of_day=time_of_day, weather=weather)
    events.append(state.event("time-and-weather", round=state.round, time_of_day=time_of_day,
                              weather=weather))


def switch_option(state: Any, name: str, value: object, events: list[Any]) -> None:
    """Ruleset option `name` is `value` from now on. The game's fixed record is copied for
    this state alone (earlier states and other games keep theirs); the value is checked as
    the ruleset checks a ruleset file's."""
    game: Any = state.game
    typed = value
    if game.library is not None:        # a side's view has none: it plays the value on
        ruleset_file = game.library.ruleset(game.scenario.ruleset)
        typed = getattr(game.rules.options(ruleset_file, {name: value}), name)
    options = copy.copy(game.options)
    object.__setattr__(options, name, typed)
    new: Any = Game()
    for slot in Game.__slots__:
        if hasattr(game, slot):
            setattr(new, slot, getattr(game, slot))
    new.options = options
    new.views = {}                      # views of the old options are no views of these
    state.game = new
    events.append(state.event("option-switched", name=name, value=typed))


# -- reinforcements -----------------------------------------------------------------------

def arrive(state: Any, wave_id: str, events: list[Any]) -> None:
    """The waiting units of a wave enter now, each on the first free hex of its entry in
    board order; a unit with none waits a round, takes the nearest free hex or is lost, as
    the wave says."""
    plan = state.game.plan
    board = state.game.board
    wave = plan.waves[wave_id]
    entry = plan.entry(board, wave)
    taken = {u.hex for u in state.units if u.status == ON}
    came: list[Any] = []
    waiting: list[str] = []
    for i, faced in plan.members[wave_id]:
        u = state.units[i]
        uid = u.uid
        if u.status != WAITING:
            continue
        h = next((h for h in entry if h not in taken and _enterable(board, h)), None)
        if h is None and wave.if_blocked == "nearest":
            h = _nearest_free(board, entry, taken)
        if h is None:
            if wave.if_blocked == "lost":
                u.status = DESTROYED
                events.append(state.event("reinforcement-lost", unit=uid, wave=wave_id))
            else:
                waiting.append(uid)
            continue
        u.hex, u.status = h, ON
        taken.add(h)
        if not faced and wave.edge is not None:
            u.facing = _inward(board, h, wave.edge)
        came.append(u)
    due = tuple(d for d in state.script.due if d[0] != wave_id)
    if waiting:
        due += ((wave_id, state.round + 1),)
        events.append(state.event("reinforcements-delayed", wave=wave_id, held_back=waiting,
                                  round=state.round + 1))
    state.script = replace(state.script, due=due)
    if came:
        state._cache.clear()
        events.append(state.event("reinforcements-arrive", wave=wave_id, side=wave.side,
                                  name=wave.name or wave_id, arrived=[u.uid for u in came],
                                  hexes=[board.labels[u.hex] for u in came]))
        hook = state.game.rules.scenario_events.arrived
        if hook is not None:
            hook(state, came)


def _enterable(board: Any, h: int) -> bool:
    return board.terrain[h].mp is not None


def _nearest_free(board: Any, entry: Sequence[int], taken: set[int]) -> int | None:
    best: tuple[int, int] | None = None
    for h in range(board.n):
        if h in taken or not _enterable(board, h):
            continue
        d = min(board.distance(h, e) for e in entry)
        if best is None or d < best[0]:
            best = (d, h)
    return best[1] if best else None


def _inward(board: Any, h: int, edge: str) -> int:
    """The facing from `h` that leads furthest from `edge` (into the map)."""
    best = (-1, 0)
    for d, n in enumerate(board.nbr[h]):
        if n != OFF:
            best = max(best, (board.edge_distance(n, edge), -d))
    return -best[1]


# -- words --------------------------------------------------------------------------------

def words(event: Any) -> str | None:
    """The log line of an event this module made (None for any other)."""
    k, d = event.kind, event.data
    if k == "scenario-event":
        return f"Event: {d['name']}"
    if k == "scenario-message":
        return str(d["text"])
    if k == "victory-points-awarded":
        return f"{d['side']} scores {d['points']:+g} victory points"
    if k == "time-and-weather":
        parts = [x for x in (d["time_of_day"], d["weather"]) if x]
        return f"Round {d['round']}: {', '.join(parts) if parts else 'no time or weather set'}"
    if k == "option-switched":
        return f"Option {d['name'].replace('_', ' ')} is now {d['value']}"
    if k == "reinforcements-arrive":
        where = ", ".join(f"{u} at {h}" for u, h in zip(d["arrived"], d["hexes"]))
        return f"Reinforcements ({d['name']}) arrive for {d['side']}: {where}"
    if k == "reinforcements-delayed":
        return f"Reinforcements ({d['wave']}) blocked: {', '.join(d['held_back'])} wait for " \
               f"round {d['round']}"
    if k == "reinforcement-lost":
        return f"{d['unit']} ({d['wave']}) finds no way onto the map and is lost"
    return None

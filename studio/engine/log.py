"""Game logs: the seed and the actions replay a game exactly; JSON lines for files.

Pure functions on strings: the CLI does the file I/O. The header names the ruleset whose
actions follow (a log without one is the default ruleset's, as every log was before there
were several).
"""
from __future__ import annotations

import json
from collections.abc import Callable, Mapping
from dataclasses import dataclass, field
from typing import TYPE_CHECKING, Any

from .errors import ReplayMismatch
from .events import Event
from .rules import rules_named

if TYPE_CHECKING:
    from studio.model import Scenario

    from .contract.library import Library
    from .dice import Dice, ScriptedDice
    from .state import GameState

LOG_FORMAT = 1


@dataclass
class GameLog:
    scenario: str
    seed: int | None
    options_override: dict[str, Any] = field(default_factory=dict)
    actions: list[Any] = field(default_factory=list)
    events: list[Event] = field(default_factory=list)   # every event, opening included
    per_action: list[list[Event]] | None = None         # events grouped by action, if known
    opening: list[Event] = field(default_factory=list)
    rules: str | None = None                            # the ruleset's id (None: the default)


def record(state: GameState) -> GameLog:
    """The log of the game so far."""
    chunks: list[list[Event]] = []
    node = state._events
    while node is not None:
        chunks.append(list(node[0]))
        node = node[1]
    chunks.reverse()
    game = state.game
    return GameLog(scenario=game.scenario.id, seed=game.seed,
                   options_override=dict(game.options_override), actions=state.actions(),
                   events=state.events(), per_action=chunks, opening=list(state.opening_events),
                   rules=game.rules.id)


def _jsonable(v: Any) -> Any:
    if isinstance(v, dict):
        return {str(k): _jsonable(x) for k, x in v.items()}
    if isinstance(v, (list, tuple)):
        return [_jsonable(x) for x in v]
    if isinstance(v, (int, float, str, bool)) or v is None:
        return v
    return str(v)


def to_jsonl(log: GameLog) -> str:
    rules = rules_named(log.rules)
    header = {"type": "game", "format": LOG_FORMAT, "scenario": log.scenario,
              "seed": log.seed, "options_override": _jsonable(log.options_override),
              "rules": rules.id}
    lines = [json.dumps(header, sort_keys=True)]
    action_to_dict = rules.action_to_dict
    for e in log.opening:
        lines.append(json.dumps({"type": "event", **_jsonable(e.to_dict())}, sort_keys=True))
    groups = log.per_action or [[] for _ in log.actions]
    for a, evs in zip(log.actions, groups):
        lines.append(json.dumps({"type": "action", "action": _jsonable(action_to_dict(a))},
                                sort_keys=True))
        for e in evs:
            lines.append(json.dumps({"type": "event", **_jsonable(e.to_dict())}, sort_keys=True))
    return "\n".join(lines) + "\n"


def from_jsonl(text: str) -> GameLog:
    log: GameLog | None = None
    current: list[Event] | None = None
    action_from_dict: Callable[[Mapping[str, object]], Any] | None = None
    for n, line in enumerate(text.splitlines(), 1):
        if not line.strip():
            continue
        try:
            d = json.loads(line)
        except json.JSONDecodeError as err:
            raise ValueError(f"game log line {n}: not JSON ({err.msg})") from None
        kind = d.pop("type", None)
        if kind == "game":
            log = GameLog(scenario=d.get("scenario"), seed=d.get("seed"),
                          options_override=d.get("options_override") or {}, per_action=[],
                          rules=d.get("rules"))
            try:
                action_from_dict = rules_named(log.rules).action_from_dict
            except ValueError as err:
                raise ValueError(f"game log line {n}: {err}") from None
        elif log is None:
            raise ValueError(f"game log line {n}: the first line must be the game header")
        elif kind == "action":
            assert action_from_dict is not None and log.per_action is not None  # the header's
            try:
                log.actions.append(action_from_dict(d["action"]))
            except (TypeError, ValueError, KeyError) as err:
                raise ValueError(f"game log line {n}: {err}") from None
            current = []
            log.per_action.append(current)
        elif kind == "event":
            e = Event.from_dict(d)
            log.events.append(e)
            if current is None:
                log.opening.append(e)
            else:
                current.append(e)
        else:
            raise ValueError(f"game log line {n}: unknown line type {kind!r}")
    if log is None:
        raise ValueError("game log is empty: expected a header line {\"type\": \"game\", ...}")
    return log


def _normal(e: Event) -> dict[str, Any]:
    normal: dict[str, Any] = json.loads(json.dumps(_jsonable(e.to_dict()), sort_keys=True))
    return normal


def replay(scenario: Scenario, library: Library, log: GameLog, check_events: bool = True,
           dice: Dice | ScriptedDice | None = None,
           unit_points: Callable[..., float] | None = None) -> GameState:
    """Re-apply the log's actions to a new game; with `check_events`, the events must match
    the logged ones (ReplayMismatch says where they first differ)."""
    rules = rules_named(log.rules)
    state: GameState = rules.new_game(scenario, library, seed=log.seed if log.seed is not None else 0,
                     options_override=log.options_override or None, dice=dice,
                     unit_points=unit_points)
    if check_events and log.opening:
        _compare(list(state.opening_events), log.opening, "the opening")
    for n, a in enumerate(log.actions):
        events = rules.apply(state, a)
        if check_events and log.per_action is not None and n < len(log.per_action):
            _compare(events, log.per_action[n], f"action {n + 1} {a!r}")
    return state


def _compare(got: list[Event], want: list[Event], where: str) -> None:
    for i, (g, w) in enumerate(zip(got, want)):
        if _normal(g) != _normal(w):
            raise ReplayMismatch(f"{where}: event {i + 1} differs: logged {w!r}, replayed {g!r}")
    if len(got) != len(want):
        raise ReplayMismatch(f"{where}: logged {len(want)} events, replayed {len(got)}")

"""Saved games: the kernel's JSON-lines log, its header naming the scenario file, the seed,
who played each side, and the scenario as it was played (so a game opens again even after
the scenario file has been edited or moved).

Pure functions on strings: the studio does the file I/O. `studio replay` reads these files
too (it uses the `scenario_path` the header records).

>>> header_of('{"type": "game", "seed": 4, "scenario": "x"}\\n')["seed"]
4
"""
from __future__ import annotations

import json
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

from studio.engine import GameLog, to_jsonl

from .log_check import checked_log
from .log_closing import closed

GAME_SUFFIX = ".jsonl"


@dataclass
class SavedGame:
    log: GameLog
    scenario_path: str | None
    scenario_text: str | None               # the scenario as played (YAML)
    players: dict = field(default_factory=dict)   # side id -> {"kind": ..., "seed": ...}
    position: int | None = None             # where the timeline stood when saved


def game_text(timeline, scenario_path: str | Path | None = None,
              players: dict | None = None, position: int | None = None) -> str:
    """The whole recorded game as JSON lines (header first, closing record last)."""
    from studio.io import dump_model
    log = timeline.log()
    text = to_jsonl(log)
    first, _, rest = text.partition("\n")
    header = json.loads(first)
    header["scenario_path"] = str(Path(scenario_path).resolve()) if scenario_path else None
    header["scenario_yaml"] = dump_model(timeline.scenario)
    header["players"] = dict(players or {})
    if position is not None:
        header["position"] = int(position)
    return closed(json.dumps(header, sort_keys=True) + "\n" + rest, log.events)


def header_of(text: str) -> dict:
    first = text.split("\n", 1)[0]
    try:
        header = json.loads(first)
    except json.JSONDecodeError as err:
        raise ValueError(f"line 1 is not JSON ({err.msg}): a saved game starts with its "
                         "header line {\"type\": \"game\", ...}") from None
    if not isinstance(header, dict) or header.get("type") != "game":
        raise ValueError("line 1 is not a game header: a saved game starts with "
                         "{\"type\": \"game\", ...}")
    return header


def read_game(text: str) -> SavedGame:
    """Parse a saved game; ValueError (with the line number) when it is not one."""
    header = header_of(text)
    log = checked_log(text)
    players = header.get("players") if isinstance(header.get("players"), dict) else {}
    position = header.get("position")
    return SavedGame(log, header.get("scenario_path"), header.get("scenario_yaml"), players,
                     position if isinstance(position, int) else None)


def scenario_of(saved: SavedGame, next_to: str | Path | None = None) -> Any:
    """The scenario model the game was played on: the copy in the header, else the file
    it names (also looked for next to the saved game). ValueError says what is missing."""
    from studio.io import load_file, load_text
    from studio.model import Scenario
    if saved.scenario_text:
        loaded = load_text(saved.scenario_text, saved.scenario_path or "saved-game.yaml")
        if isinstance(loaded.model, Scenario):
            return loaded.model
    candidates = []
    if saved.scenario_path:
        candidates.append(Path(saved.scenario_path))
        if next_to is not None:
            candidates.append(Path(next_to).parent / Path(saved.scenario_path).name)
    for path in candidates:
        if path.exists():
            loaded = load_file(path)
            if isinstance(loaded.model, Scenario):
                return loaded.model
    where = saved.scenario_path or "no scenario file"
    raise ValueError(f"the saved game holds no copy of its scenario and {where} cannot be "
                     "read; open the scenario and play it again")

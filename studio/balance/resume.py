"""Picking a balance study up where it stopped: the games played so far, saved beside the
study's output after every round (`studio balance --resume`, the Balance lab's Resume).

Game `i` of a variant is always played from the same seeds, so the games saved need not be
played again, and the study resumed gives the report an uninterrupted run gives. The state
names the study it belongs to by a fingerprint of everything that decides the games (the
variants' scenarios and options, the side, target, band, error rate and seed; not the cap
of games, which may be raised to go on): a state of another study, or of this one changed
since, is refused.
"""
from __future__ import annotations

import hashlib
import json
import os
from dataclasses import asdict, dataclass, field, fields
from pathlib import Path
from typing import Any

from studio.simulate.worker import GameRecord

FORMAT = 1
STATE_SUFFIX = ".state.json"


class ResumeRefused(ValueError):
    """The saved state cannot be used for this study; the message says why and what to do."""


@dataclass
class StudyState:
    """The games of each variant (by variant number, "0" first) and how many of them the
    tests have looked at (whole rounds)."""
    records: dict[str, list[GameRecord]] = field(default_factory=dict)
    checked: dict[str, int] = field(default_factory=dict)

    @classmethod
    def empty(cls, variants: int) -> "StudyState":
        return cls({str(k): [] for k in range(variants)}, {str(k): 0 for k in range(variants)})

    def copy(self) -> "StudyState":
        return StudyState({k: list(v) for k, v in self.records.items()}, dict(self.checked))

    @property
    def games(self) -> int:
        return sum(len(r) for r in self.records.values())


def state_path(output: str | os.PathLike) -> Path:
    """Where the state of a study writing `output` (its report, else the study file) goes:
    beside it, `report.json` -> `report.state.json`."""
    path = Path(output)
    return path.with_name(path.stem + STATE_SUFFIX)


def fingerprint(prepared: Any) -> str:
    """What decides the study's games, hashed."""
    from studio.io import dump_model
    study = prepared.study
    parts = {"side": study.side, "target": study.target, "band": study.band,
             "error_rate": study.error_rate, "seed": study.seed,
             "variants": [[v.label, dump_model(v.scenario), sorted(v.options_override.items())]
                          for v in prepared.variants]}
    return hashlib.sha256(json.dumps(parts, sort_keys=True, default=str).encode()).hexdigest()


def save_state(path: str | os.PathLike, prepared: Any, state: StudyState) -> None:
    """Write the state (atomically: a cancel or a crash leaves the earlier one whole)."""
    from studio.io.atomic_write import write_text_atomic
    data = {"kind": "balance-study-state", "format": FORMAT, "study": prepared.study.id,
            "fingerprint": fingerprint(prepared), "checked": state.checked,
            "records": {k: [asdict(r) for r in sorted(v, key=lambda r: r.index)]
                        for k, v in state.records.items()}}
    write_text_atomic(path, json.dumps(data, separators=(",", ":")) + "\n")


def load_state(path: str | os.PathLike, prepared: Any) -> StudyState:
    """The saved games of this study; raises ResumeRefused saying why they cannot be used."""
    name = os.fspath(path)
    try:
        data = json.loads(Path(name).read_text(encoding="utf-8"))
    except FileNotFoundError:
        raise ResumeRefused(f"no saved study at {name}: run the study without --resume "
                            "to start it") from None
    except (OSError, ValueError) as err:
        raise ResumeRefused(f"{name} cannot be read ({err}): run the study without "
                            "--resume to start over") from None
    if not isinstance(data, dict) or data.get("kind") != "balance-study-state" or \
            data.get("format") != FORMAT:
        raise ResumeRefused(f"{name} is not a saved balance study: run the study without "
                            "--resume to start over")
    if data.get("fingerprint") != fingerprint(prepared):
        raise ResumeRefused(f"{name} was saved for another study, or for this one before its "
                            "scenario, a variant, the side, target, band, error rate or seed "
                            "changed: run the study without --resume to start over")
    names = [f.name for f in fields(GameRecord)]
    state = StudyState.empty(len(prepared.variants))
    for key, rows in data.get("records", {}).items():
        if key not in state.records:
            continue
        games = [GameRecord(**{n: _tuples(row[n]) for n in names if n in row}) for row in rows]
        # Only games 0, 1, 2, ... without a gap: a round cut short is played on from its
        # first missing game (the games after a gap are played again, identically).
        games.sort(key=lambda r: r.index)
        prefix = 0
        while prefix < len(games) and games[prefix].index == prefix:
            prefix += 1
        state.records[key] = games[:prefix]
        state.checked[key] = min(int(data.get("checked", {}).get(key, 0)), prefix)
    return state


def _tuples(value: Any) -> Any:
    """JSON lists back into the tuples a GameRecord holds."""
    if isinstance(value, list):
        return tuple(_tuples(v) for v in value)
    return value

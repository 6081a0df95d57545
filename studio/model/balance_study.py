"""A balance study (`kind: balance-study`): a scenario, the side whose win rate is aimed at
a target band, and the candidate changes ("variants") to try, one change each."""
from __future__ import annotations

from dataclasses import dataclass, field
from typing import Any

# The kinds of change a variant makes, as the file names them.
CHANGE_KINDS = ("add", "remove", "points_limit", "round_limit", "objective_points", "option")


@dataclass(slots=True)
class StudyVariant:
    kind: str                   # one of CHANGE_KINDS
    params: Any                 # the change's mapping (or the round limit, a number)
    name: str = ""              # the designer's name for it; empty: described from the change


@dataclass(slots=True)
class BalanceStudy:
    id: str
    name: str
    scenario: str               # scenario file, relative to the study file
    side: str                   # whose win rate is measured
    variants: list[StudyVariant] = field(default_factory=list)
    target: float | None = None  # None: an even share, 1/N for the scenario's N sides
    band: float = 0.03          # the target band is target ± band
    seed: int = 1
    error_rate: float = 0.05    # chance that any verdict of the study is wrong, at most
    max_games: int = 2000       # games per variant at most
    # side id -> player spec (studio.ai.kinds: "search:200", "random"); others: heuristic
    players: dict[str, str] = field(default_factory=dict)
    format: int = 1

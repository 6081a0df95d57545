"""The balance runs a session keeps: each batch report with what the scenario was when it
ran, so two runs can be compared (before and after changing a points limit or a victory
condition).

>>> from types import SimpleNamespace
>>> r = SimpleNamespace(games=50, games_requested=50, seed=7, cancelled=False)
>>> BalanceRun(1, r, {"Round limit": "12"}, workers=2, seconds=3.5).label()
'Run 1: 50 games, seed 7'
>>> BalanceRun(2, SimpleNamespace(games=9, games_requested=50, seed=7, cancelled=True),
...            {}).label()
'Run 2: 9 of 50 games, seed 7 (cancelled)'
"""
from __future__ import annotations

from dataclasses import dataclass, field
from datetime import datetime
from typing import Any

from .report_compare import comparison_refused, compare_reports, digest_changes

MAX_RUNS = 12


@dataclass
class BalanceRun:
    number: int
    report: Any                         # studio.simulate.BatchReport
    digest: dict[str, str]              # report_compare.scenario_digest of the scenario run
    workers: int = 1
    seconds: float = 0.0
    finished: datetime = field(default_factory=datetime.now)

    def label(self) -> str:
        r = self.report
        games = f"{r.games} of {r.games_requested} games" if r.cancelled else f"{r.games} games"
        return f"Run {self.number}: {games}, seed {r.seed}" + (" (cancelled)" if r.cancelled else "")


class RunHistory:
    """The last `MAX_RUNS` runs, newest last."""

    def __init__(self, limit: int = MAX_RUNS) -> None:
        self.limit = limit
        self.runs: list[BalanceRun] = []
        self._next = 1

    def add(self, report: Any, digest: dict[str, str], workers: int = 1,
            seconds: float = 0.0) -> BalanceRun:
        run = BalanceRun(self._next, report, dict(digest), workers, seconds)
        self._next += 1
        self.runs.append(run)
        del self.runs[:-self.limit]
        return run

    def find(self, number: int) -> BalanceRun | None:
        return next((r for r in self.runs if r.number == number), None)

    def compare(self, a: BalanceRun, b: BalanceRun):
        """(figure rows, scenario changes) from run `a` to run `b`. Raises ValueError, saying
        why, for runs of different rulesets or scenarios (a side of one name is another
        army there: a difference of its win rate means nothing)."""
        refused = comparison_refused(a.digest, b.digest)
        if not refused and a.report.scenario != b.report.scenario:
            refused = (f"the runs are of different scenarios ({a.report.scenario} and "
                       f"{b.report.scenario})")
        if refused:
            raise ValueError(f"Run {a.number} and Run {b.number} cannot be compared: {refused}. "
                             "Compare two runs of one scenario (for example before and after "
                             "changing a points limit).")
        return compare_reports(a.report, b.report), digest_changes(a.digest, b.digest)

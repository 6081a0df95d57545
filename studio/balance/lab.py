"""Running a balance study: adaptive batches of every variant until each is decided.

Rounds: every variant still open plays its next games (100 first, then half as many
again as it has, up to the study's cap), all variants of a round together, on the same
runner as `run_batch` (this process, local worker processes or a Dask cluster). After each
round the two sequential tests of each variant (`studio.balance.sequential`) look at its
counts; a decided variant plays no more. Game `i` of every variant is played from seeds
derived from the study seed and `i` (as game `i` of a batch), so the variants meet the
same dice and a study reruns identically, wherever it runs.
"""
from __future__ import annotations

from typing import Any, Callable

from studio.simulate.batch import cancel_check, points_table
from studio.simulate.runners import open_runner
from studio.simulate.worker import BatchSetup, GameRecord, make_resolver

from .report import StudyReport, VariantResult
from .sequential import SprtPair, next_total
from .study_input import PreparedStudy

FIRST_GAMES = 100

StudyProgress = Callable[[int, int], Any]      # (games played, games planned so far)


def run_study(prepared: PreparedStudy, library: Any, workers: int = 1,
              progress: StudyProgress | None = None, cancel: Any = None, *,
              cluster: str | None = None, first_games: int = FIRST_GAMES,
              runner: Any = None) -> StudyReport:
    """Play the study; a cancel stops it between games and the report keeps every game
    played (`cancelled` is then True). `runner`: an open runner to play on (it must know
    the setups by variant number, "0", "1", ...); by default one is opened for `workers`
    or `cluster` and closed at the end."""
    study = prepared.study
    variants = prepared.variants
    scenario = variants[0].scenario
    side_index = [s.id for s in scenario.sides].index(study.side)
    setups = {str(k): BatchSetup(v.scenario, make_resolver(v.scenario, library),
                                 points_table(v.scenario, library), v.options_override,
                                 study.players)
              for k, v in enumerate(variants)}
    # Split the study's error rate over its variants (Bonferroni), and within a variant
    # between calling a variant at an edge "reaches" (alpha) and one on target "misses"
    # (once per edge, so beta is half).
    alpha = study.error_rate / len(variants)
    tests = [SprtPair(study.target, study.band, alpha, alpha / 2) for _ in variants]
    records: dict[str, list[GameRecord]] = {key: [] for key in setups}
    should_stop = cancel_check(cancel)
    planned = 0
    cancelled = False

    def finished(key: str, part: list[GameRecord]) -> None:
        records[key].extend(part)
        if progress is not None:
            progress(sum(len(r) for r in records.values()), planned)

    own = runner is None
    runner = open_runner(setups, workers, cluster) if own else runner
    try:
        while not cancelled:
            tasks = []
            for k, test in enumerate(tests):
                played = len(records[str(k)])
                if test.verdict != "open" or played >= study.max_games:
                    continue
                total = next_total(played, first_games, study.max_games)
                tasks += runner.tasks(str(k), study.seed, range(played, total))
                planned += total - played
            if not tasks:
                break
            if progress is not None:
                progress(sum(len(r) for r in records.values()), planned)
            cancelled = runner.play(tasks, finished, should_stop)
            for k, test in enumerate(tests):
                wins, games, _draws = _counts(records[str(k)], side_index)
                test.update(wins, games)
    finally:
        if own:
            runner.close()

    results = []
    for k, (v, test) in enumerate(zip(variants, tests)):
        wins, games, draws = _counts(records[str(k)], side_index)
        results.append(VariantResult(k, v.label, v.size, games, wins, draws, test.verdict,
                                     test.direction, v.details))
    side = scenario.side(study.side)
    return StudyReport(study.id, study.name, scenario.id, scenario.name, study.side,
                       side.name or side.id, study.target, study.band, study.error_rate,
                       study.seed, study.max_games, results, cancelled,
                       {s: k for s, k in study.players.items() if k != "heuristic"})


def _counts(records: list[GameRecord], side_index: int) -> tuple[int, int, int]:
    wins = sum(1 for r in records if r.outcome == "win" and r.winner == side_index)
    draws = sum(1 for r in records if r.outcome == "draw")
    return wins, len(records), draws

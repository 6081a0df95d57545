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

import copy
from typing import Any, Callable

from studio.simulate.batch import cancel_check, points_table
from studio.simulate.runners import open_runner
from studio.simulate.worker import BatchSetup, GameRecord, make_resolver

from .effect import no_effect, touches
from .report import StudyReport, VariantResult
from .resume import StudyState
from .sequential import SprtPair, next_total
from .study_input import PreparedStudy

FIRST_GAMES = 100

StudyProgress = Callable[[int, int], Any]      # (games played, games planned so far)


def run_study(prepared: PreparedStudy, library: Any, workers: int = 1,
              progress: StudyProgress | None = None, cancel: Any = None, *,
              cluster: str | None = None, first_games: int = FIRST_GAMES,
              runner: Any = None, resume: StudyState | None = None,
              on_round: Callable[[StudyState], Any] | None = None) -> StudyReport:
    """Play the study; a cancel stops it between games and the report keeps every game
    played (`cancelled` is then True). `runner`: an open runner to play on (it must know
    the setups by variant number, "0", "1", ...); by default one is opened for `workers`
    or `cluster` and closed at the end.

    `resume`: the games of an earlier run of this study (`studio.balance.resume`), played
    on from where it stopped; the report is the one an uninterrupted run gives. `on_round`
    gets the state after every round (and after a cancel), to save it."""
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
    state = resume.copy() if resume is not None else StudyState.empty(len(variants))
    records, checked = state.records, state.checked
    for k, test in enumerate(tests):
        # The tests look at the counts of whole rounds only, as an uninterrupted run does.
        if checked[str(k)]:
            test.update(*_counts(_first(records[str(k)], checked[str(k)]), side_index)[:2])
    should_stop = cancel_check(cancel)
    planned = sum(len(r) for r in records.values())
    cancelled = False

    def finished(key: str, part: list[GameRecord]) -> None:
        records[key].extend(part)
        if progress is not None:
            progress(sum(len(r) for r in records.values()), planned)

    own = runner is None
    runner = open_runner(setups, workers, cluster) if own else runner
    try:
        while not cancelled:
            tasks, goals = [], {}
            for k, test in enumerate(tests):
                key = str(k)
                if test.verdict != "open" or checked[key] >= study.max_games:
                    continue
                goals[key] = total = next_total(checked[key], first_games, study.max_games)
                have = len(records[key])
                if have < total:
                    tasks += runner.tasks(key, study.seed, range(have, total))
                    planned += total - have
            if not goals:
                break
            if progress is not None:
                progress(sum(len(r) for r in records.values()), planned)
            if tasks:
                cancelled = runner.play(tasks, finished, should_stop)
            for key, total in goals.items():
                if len(records[key]) >= total:          # the variant's round is complete
                    tests[int(key)].update(*_counts(_first(records[key], total), side_index)[:2])
                    checked[key] = total
            if on_round is not None:
                on_round(state)
    finally:
        if own:
            runner.close()
    if cancelled:
        # The report judges every game played, a round cut short by the cancel included.
        tests = [copy.deepcopy(t).update(*_counts(records[str(k)], side_index)[:2])
                 for k, t in enumerate(tests)]

    results = []
    asked = [None] + list(study.variants)
    for k, (v, test) in enumerate(zip(variants, tests)):
        wins, games, draws = _counts(records[str(k)], side_index)
        change = asked[k] if k < len(asked) else None
        results.append(VariantResult(
            k, v.label, v.size, games, wins, draws, test.verdict, test.direction, v.details,
            touches(scenario, change) if change is not None else "",
            no_effect(change, records[str(k)], records["0"], scenario) if k else ""))
    side = scenario.side(study.side)
    return StudyReport(study.id, study.name, scenario.id, scenario.name, study.side,
                       side.name or side.id, study.target, study.band, study.error_rate,
                       study.seed, study.max_games, results, cancelled,
                       {s: k for s, k in study.players.items() if k != "heuristic"})


def _first(records: list[GameRecord], count: int) -> list[GameRecord]:
    """Games 0 to `count` - 1 (a round's games finish in any order)."""
    return [r for r in records if r.index < count]


def _counts(records: list[GameRecord], side_index: int) -> tuple[int, int, int]:
    wins = sum(1 for r in records if r.outcome == "win" and r.winner == side_index)
    draws = sum(1 for r in records if r.outcome == "draw")
    return wins, len(records), draws

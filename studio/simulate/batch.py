"""Batches of AI-against-AI games and what they say about a scenario's balance.

    report = run_batch(scenario, library, games=1000, seed=7, workers=2,
                       progress=lambda done, total: ..., cancel=lambda: False)
    print(format_report(report)); report.to_json()

Game `i` of a batch is played from seeds derived from (batch seed, i) only, and the records
are put together in game order, so a report is the same whatever the number of worker
processes or whether they run on a Dask cluster (`studio.simulate.runners`).
A scenario with validation errors is refused (`ScenarioRefused`, with the diagnostics)
before any game is played.
"""
from __future__ import annotations

import json
import os
from dataclasses import asdict, dataclass, field
from typing import Any, Callable

from studio.ai.kinds import check_kind
from studio.diagnostics import Diagnostic, has_errors
from studio.engine import SetupError
from studio.rulesets import new_game, rules_for

from .stats import summarize_counts, wilson_interval
from .runners import open_runner
from .worker import BatchSetup, GameRecord, make_resolver

Progress = Callable[[int, int], Any]


class ScenarioRefused(ValueError):
    """The scenario has errors; `diagnostics` lists every finding (errors and warnings)."""

    WHAT, BEFORE = "the scenario", "simulating"

    def __init__(self, diagnostics: list[Diagnostic]):
        self.diagnostics = list(diagnostics)
        errors = [d for d in self.diagnostics if d.severity == "error"]
        first = errors[0].format() if errors else "unknown error"
        super().__init__(f"{self.WHAT} has {len(errors)} error(s); fix them before "
                         f"{self.BEFORE} (first: {first})")


# -- the report ------------------------------------------------------------------------------
@dataclass
class UnitTypeReport:
    unit_type: str
    name: str
    fielded: int                  # units of this type in the side's army
    points: float                 # points of one unit
    lost_per_game: float          # mean units of this type lost per game
    loss_rate: float              # share of the fielded units lost, over all games
    kills_per_game: float         # mean enemy units destroyed or captured per game
    kills_per_point: float        # kills per game per point of this type fielded
    points_killed_per_point: float


@dataclass
class SideReport:
    side: str
    name: str
    army_list: str
    wins: int
    win_rate: float
    win_rate_ci95: tuple[float, float]
    victory_conditions: dict[str, int]     # kind of condition -> games it won
    units_lost_per_game: float
    unit_types: list[UnitTypeReport] = field(default_factory=list)


@dataclass
class BatchReport:
    scenario: str
    scenario_name: str
    seed: int
    games_requested: int
    games: int                              # games played (fewer when cancelled)
    players: dict[str, str]                 # side -> player spec (studio.ai.kinds)
    cancelled: bool
    draws: int
    undecided: int                          # round limit reached, no winner and no draw
    draw_rate: float
    rounds: dict                            # mean, min, max, distribution {round: games}
    first_mover: dict                       # wins of the side that moved first in round 1
    sides: list[SideReport]
    not_simulated: list[dict]               # [{side, ability, unit_types}]
    # each kind in the sides' `victory_conditions` -> its words for a report
    cause_words: dict[str, str] = field(default_factory=dict)

    def cause_text(self, kind: str) -> str:
        """What decided a game of this kind, in words ("last army on the field")."""
        return self.cause_words.get(kind) or kind.replace("-", " ")

    def to_dict(self) -> dict:
        d = asdict(self)
        for s in d["sides"]:
            s["win_rate_ci95"] = list(s["win_rate_ci95"])
        return d

    def to_json(self, indent: int | None = 2) -> str:
        return json.dumps(self.to_dict(), indent=indent, sort_keys=False)

    def side(self, side_id: str) -> SideReport | None:
        return next((s for s in self.sides if s.side == side_id), None)

    def summary_lines(self) -> list[str]:
        """A few lines for a log: each side's wins with the 95% interval, draws, rounds."""
        played = f"{self.games} game(s)" + (f" of {self.games_requested}, cancelled"
                                             if self.cancelled else "")
        lines = [f"{self.scenario_name}: {played}, seed {self.seed}"]
        for s in self.sides:
            low, high = s.win_rate_ci95
            lines.append(f"{s.name}: {s.wins} win(s), {_pct(s.win_rate)} "
                         f"(95% CI {_pct(low)}-{_pct(high)})")
        lines.append(f"Draws: {self.draws} ({_pct(self.draw_rate)})"
                     + (f"; undecided: {self.undecided}" if self.undecided else ""))
        if self.games:
            lines.append(f"Rounds played: mean {self.rounds['mean']:.2f} "
                         f"(min {self.rounds['min']}, max {self.rounds['max']})")
        return lines


# -- running ---------------------------------------------------------------------------------
def run_batch(scenario: Any, library: Any, games: int, seed: int, workers: int = 1,
              progress: Progress | None = None, cancel: Any = None, *,
              options_override: dict | None = None,
              players: dict[str, str] | None = None,
              cluster: str | None = None) -> BatchReport:
    """Play `games` AI-against-AI games of `scenario` in `workers` processes, or on the
    Dask scheduler at `cluster` ("tcp://host:8786"; ClusterUnavailable when unreachable).

    `scenario`: a Scenario model, or a loaded Document (its load findings count). `library`:
    a `studio.io.Library` (the scenario is validated against it) or any object with
    `terrain_set`, `army_list` and `ruleset` look-ups. `progress(done, total)` is called as
    games finish; `cancel` (a callable returning True, or an object with `is_set()`, like
    threading.Event) stops the batch between games, and the report covers the games played.
    `players` seats another player than the heuristic AI on some sides (side id -> a spec
    of `studio.ai.kinds`: "random", "search", "search:200", ...). Raises ScenarioRefused when the scenario has errors.
    """
    if games < 0:
        raise ValueError(f"games must be 0 or more, got {games}")
    if workers < 1:
        raise ValueError(f"workers must be 1 or more, got {workers}")
    scenario = refuse_invalid(scenario, library, options_override)
    sides = [s.id for s in scenario.sides]
    for side, kind in (players or {}).items():
        if side not in sides:
            raise ValueError(f"players: {side!r} is not a side of the scenario "
                             f"({', '.join(sides)})")
        try:
            check_kind(kind)
        except ValueError as err:
            raise ValueError(f"players: {side!r}: {err}") from None
    setup = BatchSetup(scenario, make_resolver(scenario, library),
                       points_table(scenario, library), options_override, players)
    should_stop = cancel_check(cancel)
    records: list[GameRecord] = []
    if progress is not None:
        progress(0, games)

    def finished(_key: str, part: list[GameRecord]) -> None:
        records.extend(part)
        if progress is not None:
            progress(len(records), games)

    with open_runner({"": setup}, workers, cluster, games) as runner:
        cancelled = runner.play(runner.tasks("", seed, range(games)), finished, should_stop)
    return build_report(scenario, setup, seed, games, records, cancelled)


def refuse_invalid(scenario: Any, library: Any, options_override: dict | None = None):
    """The scenario model, once it is known to be playable; raises ScenarioRefused."""
    from studio.io import Document
    doc = scenario if isinstance(scenario, Document) else None
    model = doc.model if doc is not None else scenario
    found: list[Diagnostic] = []
    if doc is not None:
        found.extend(doc.diagnostics)
        if model is None:
            raise ScenarioRefused(found or [Diagnostic("error", "no-model",
                                                       "the scenario could not be read")])
    if hasattr(library, "documents") and hasattr(library, "ids"):
        from studio.validate import validate_document
        if doc is None:
            doc = Document(path=None, kind="scenario", data=None, model=model)
        found = validate_document(doc, library)
    if has_errors(found):
        raise ScenarioRefused(found)
    try:
        new_game(model, library, 0, options_override or None)
    except SetupError as err:
        raise ScenarioRefused(found + [Diagnostic("error", "not-playable", str(err),
                                                  file=getattr(doc, "path", None))]) from None
    return model


def points_table(scenario, library) -> dict[tuple[str, str], float]:
    """Points of every unit type fielded, worked out once with the full library."""
    from studio.armies.points import PointsError, unit_points
    table = {}
    for s in scenario.sides:
        al = library.army_list(s.army.army_list)
        if al is None:
            continue
        for ru in s.army.units:
            ut = al.unit(ru.type)
            if ut is None or (al.id, ut.id) in table:
                continue
            try:
                table[(al.id, ut.id)] = float(unit_points(al, ut, library))
            except PointsError:
                table[(al.id, ut.id)] = 0.0
    return table


def not_simulated(scenario, library) -> list[dict]:
    """Abilities of the units in play that have no effect in AI-against-AI games, per side:
    those the engine does not simulate, and those the ruleset's AI never uses."""
    rules = rules_for(scenario, library)
    out = []
    for s in scenario.sides:
        al = library.army_list(s.army.army_list)
        if al is None:
            continue
        placed = [ru for ru in s.army.units if ru.hex is not None]
        out.extend({"side": s.id, **gap} for gap in rules.test_game_gaps(al, placed))
    return out


def default_workers() -> int:
    return max(1, min(os.cpu_count() or 1, 8))


def cancel_check(cancel) -> Callable[[], bool]:
    if cancel is None:
        return lambda: False
    if hasattr(cancel, "is_set"):
        return cancel.is_set
    if callable(cancel):
        return lambda: bool(cancel())
    raise TypeError(f"cancel must be a callable or have is_set(), got {cancel!r}")


# -- aggregation -----------------------------------------------------------------------------
def build_report(scenario, setup: BatchSetup, seed: int, requested: int,
                 records: list[GameRecord], cancelled: bool) -> BatchReport:
    records = sorted(records, key=lambda r: r.index)
    n = len(records)
    rounds: dict[int, int] = {}
    draws = undecided = 0
    wins = [0] * len(scenario.sides)
    first_wins = 0
    kinds: list[dict[str, int]] = [{} for _ in scenario.sides]
    for r in records:
        rounds[r.rounds] = rounds.get(r.rounds, 0) + 1
        if r.outcome == "win" and r.winner is not None:
            wins[r.winner] += 1
            first_wins += r.winner == r.first_mover
            # a win whose conditions name no kind is still counted, never dropped
            for k in r.kinds or (UNRECORDED,):
                kinds[r.winner][k] = kinds[r.winner].get(k, 0) + 1
        elif r.outcome == "draw":
            draws += 1
        else:
            undecided += 1
    sides = []
    for si, s in enumerate(scenario.sides):
        types = setup.types[si]
        lost = [0] * len(types)
        kills = [0.0] * len(types)
        pk = [0.0] * len(types)
        for r in records:
            for k in range(len(types)):
                lost[k] += r.lost[si][k]
                kills[k] += r.kills[si][k]
                pk[k] += r.points_killed[si][k]
        al_id = s.army.army_list
        al = setup.resolver.army_list(al_id)
        unit_reports = []
        for k, t in enumerate(types):
            fielded = sum(1 for ru in s.army.units if ru.hex is not None and ru.type == t)
            pts = setup.points.get((al_id, t), 0.0)
            ut = al.unit(t) if al is not None else None
            invested = fielded * pts * n
            unit_reports.append(UnitTypeReport(
                unit_type=t, name=ut.name if ut is not None else t, fielded=fielded,
                points=pts, lost_per_game=lost[k] / n if n else 0.0,
                loss_rate=lost[k] / (fielded * n) if n and fielded else 0.0,
                kills_per_game=kills[k] / n if n else 0.0,
                kills_per_point=kills[k] / invested if invested else 0.0,
                points_killed_per_point=pk[k] / invested if invested else 0.0))
        low, high = wilson_interval(wins[si], n)
        sides.append(SideReport(
            side=s.id, name=s.name, army_list=al_id, wins=wins[si],
            win_rate=wins[si] / n if n else 0.0, win_rate_ci95=(low, high),
            victory_conditions=dict(sorted(kinds[si].items())),
            units_lost_per_game=sum(lost) / n if n else 0.0, unit_types=unit_reports))
    return BatchReport(
        scenario=scenario.id, scenario_name=scenario.name, seed=seed,
        games_requested=requested, games=n, players=dict(setup.players),
        cancelled=cancelled, draws=draws,
        undecided=undecided, draw_rate=draws / n if n else 0.0,
        rounds=summarize_counts(rounds),
        first_mover={"wins": first_wins, "win_rate": first_wins / n if n else 0.0,
                     "win_rate_ci95": list(wilson_interval(first_wins, n))},
        sides=sides,
        not_simulated=not_simulated(scenario, setup.resolver),
        cause_words=cause_words(scenario, setup.resolver,
                                {k for side in kinds for k in side}))


UNRECORDED = "unrecorded"


def cause_words(scenario, library, kinds: set[str]) -> dict[str, str]:
    """Words for each kind of win in `kinds`: the ruleset's own deciding causes, then the
    scenario conditions'."""
    from studio.engine.victory import KIND_WORDS
    try:
        own = rules_for(scenario, library).outcomes.cause_words
    except SetupError:
        own = {}
    known = {**KIND_WORDS, **own, UNRECORDED: "cause not recorded"}
    return {k: known.get(k, k.replace("-", " ")) for k in sorted(kinds)}


# -- plain text ------------------------------------------------------------------------------
def format_not_simulated(items: list[dict]) -> str:
    if not items:
        return "Every ability in play is simulated."
    lines = ["Not simulated in these games (abilities in play that the engine does not "
             "simulate, or that the AI does not use):"]
    for it in items:
        lines.append(f"  {it['side']}: {it['ability']} ({', '.join(it['unit_types'])})")
    return "\n".join(lines)


def format_report(r: BatchReport) -> str:
    """The report as plain text for a terminal."""
    out = [f"{r.scenario_name} ({r.scenario}): {r.games} game(s), seed {r.seed}"
           + (f", cancelled after {r.games} of {r.games_requested}" if r.cancelled else "")]
    if any(k != "heuristic" for k in r.players.values()):
        out.append("Players: " + ", ".join(f"{s} {k}" for s, k in r.players.items()))
    rounds = r.rounds
    if r.games:
        dist = ", ".join(f"{k}: {v}" for k, v in rounds["distribution"].items())
        out.append(f"Rounds played: mean {rounds['mean']:.2f} (min {rounds['min']}, max "
                   f"{rounds['max']}); games by round: {dist}")
    out.append(f"Draws: {r.draws} ({_pct(r.draw_rate)})"
               + (f"; undecided: {r.undecided}" if r.undecided else ""))
    if r.games:
        fm = r.first_mover
        low, high = fm["win_rate_ci95"]
        out.append(f"The side moving first in round 1 won {fm['wins']} ({_pct(fm['win_rate'])}, "
                   f"95% CI {_pct(low)}-{_pct(high)})")
    for s in r.sides:
        low, high = s.win_rate_ci95
        out.append("")
        out.append(f"{s.name} ({s.side}, {s.army_list}): {s.wins} win(s), {_pct(s.win_rate)} "
                   f"(95% CI {_pct(low)}-{_pct(high)})")
        if s.victory_conditions:
            out.append("  won by: " + ", ".join(f"{r.cause_text(k)} {v}" for k, v in
                                                 s.victory_conditions.items()))
        out.append(f"  units lost per game: {s.units_lost_per_game:.2f}")
        out.append(f"  {'unit type':<28} {'n':>3} {'pts':>6} {'lost/game':>9} {'lost %':>7} "
                   f"{'kills/game':>10} {'kills/pt':>9}")
        for u in s.unit_types:
            out.append(f"  {u.unit_type[:28]:<28} {u.fielded:>3} {u.points:>6g} "
                       f"{u.lost_per_game:>9.2f} {_pct(u.loss_rate):>7} "
                       f"{u.kills_per_game:>10.2f} {u.kills_per_point:>9.4f}")
    return "\n".join(out)


def _pct(x: float) -> str:
    return f"{100 * x:.1f}%"

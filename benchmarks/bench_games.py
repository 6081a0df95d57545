"""How fast AI-against-AI games run: ms per game on one core, games/s with 1 and 2 worker
processes, and the time for 1,000 games.

    python benchmarks/bench_games.py [--scenario FILE] [--games N] [--batch N] [--thousand]

Uses the bundled 25-a-side sample (templates/scenarios/marathon.yaml), or a generated
25-against-25 mirror match when the sample is missing. Goals: <= 50 ms a game on one core,
2 workers >= 1.8x one, 1,000 games <= 30 s. On a shared machine the wall-clock figures
move with the load; the CPU-time figure for one game is the steadiest.
"""
from __future__ import annotations

import argparse
import os
import sys
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(ROOT))

from studio.ai import HeuristicAI, game_seeds, run_game  # noqa: E402
from studio.rulesets.rules_of_war import new_game  # noqa: E402
from studio.io import default_library, load_file  # noqa: E402
from studio.simulate import run_batch  # noqa: E402
from studio.simulate.mirror import mirror_scenario  # noqa: E402

SAMPLE = ROOT / "templates" / "scenarios" / "marathon.yaml"


def scenario_and_library(path: str | None):
    library = default_library()
    file = Path(path) if path else SAMPLE
    if file.is_file():
        doc = load_file(file)
        if doc.model is None:
            sys.exit(f"{file}: cannot be loaded: {doc.diagnostics[0].format()}")
        return doc.model, library, str(file.relative_to(ROOT) if file.is_relative_to(ROOT)
                                       else file)
    lst = library.army_list("persian-wars-greek")
    others = ["athenian-hoplites"] * 12 + ["cretan-bowmen"] * 4 + ["war-chariots"] * 2 + \
        ["corinthian-phalanx"] * 6
    sc = mirror_scenario(lst, "greek-archon", others, columns=31, rows=28)
    return sc, library, "generated 25-against-25 mirror match"


def one_core(scenario, library, games: int) -> tuple[float, float, float, float]:
    """(wall ms, CPU ms, mean rounds, mean actions) per game, played in this process."""
    side_ids = [s.id for s in scenario.sides]
    wall = cpu = 0.0
    rounds = actions = 0
    for i in range(games):
        dice, ai = game_seeds(1, i, side_ids)
        w0, c0 = time.perf_counter(), time.process_time()
        state = new_game(scenario, library, dice)
        run_game(state, {s: HeuristicAI(ai[s]) for s in side_ids})
        wall += time.perf_counter() - w0
        cpu += time.process_time() - c0
        rounds += state.result.round
        actions += state.version
    return 1000 * wall / games, 1000 * cpu / games, rounds / games, actions / games


def batch_rate(scenario, library, games: int, workers: int) -> float:
    start = time.perf_counter()
    run_batch(scenario, library, games, seed=1, workers=workers)
    return games / (time.perf_counter() - start)


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--scenario", help="scenario file (default: the 25-a-side sample)")
    parser.add_argument("--games", type=int, default=20, help="games timed on one core")
    parser.add_argument("--batch", type=int, default=60, help="games per worker-count run")
    parser.add_argument("--thousand", action="store_true",
                        help="time 1,000 games with 2 workers (else extrapolated)")
    args = parser.parse_args()
    scenario, library, name = scenario_and_library(args.scenario)
    units = sum(1 for s in scenario.sides for u in s.army.units if u.hex)
    print(f"scenario: {name} ({units} units), {os.cpu_count()} CPU(s)")
    one_core(scenario, library, 1)                 # warm the caches and imports
    wall, cpu, rounds, actions = one_core(scenario, library, args.games)
    print(f"one core: {wall:.1f} ms/game wall, {cpu:.1f} ms/game CPU "
          f"({rounds:.1f} rounds, {actions:.0f} actions a game; goal <= 50 ms)")
    r1 = batch_rate(scenario, library, args.batch, 1)
    r2 = batch_rate(scenario, library, args.batch, 2)
    print(f"batch of {args.batch}: {r1:.2f} games/s with 1 worker, {r2:.2f} games/s with 2 "
          f"workers: {r2 / r1:.2f}x (goal >= 1.8x)")
    if args.thousand:
        start = time.perf_counter()
        run_batch(scenario, library, 1000, seed=1, workers=2)
        print(f"1,000 games with 2 workers: {time.perf_counter() - start:.1f} s (goal <= 30 s)")
    else:
        print(f"1,000 games with 2 workers: about {1000 / r2:.0f} s at that rate "
              "(goal <= 30 s; --thousand to time it)")


if __name__ == "__main__":
    main()

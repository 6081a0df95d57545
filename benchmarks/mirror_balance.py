"""How even a mirror scenario is under the AI of its ruleset: the games of a batch, played
one by one by the batch machinery (the same seeds as `studio simulate --seed`), with a
running tally printed every `--every` games, so that a long batch on a busy machine still
reports what it has played.

    python benchmarks/mirror_balance.py SCENARIO [games] [--seed S] [--every N]

Prints each side's wins, the draws, and the wins of the side that moved first in round 1,
each as a share of all games and of the decided ones (a draw counts for neither side)."""
from __future__ import annotations

import argparse
import sys
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))

from studio.io import default_library, load_file  # noqa: E402
from studio.simulate.batch import points_table  # noqa: E402
from studio.simulate.worker import BatchSetup, make_resolver  # noqa: E402


def tally_line(scenario, played, wins, draws, first, seconds) -> str:
    decided = played - draws
    parts = [f"{s.id} {w} ({100 * w / played:.1f} %; {100 * w / max(1, decided):.1f} % of "
             f"decided)" for s, w in zip(scenario.sides, wins)]
    return (f"{played} games: " + ", ".join(parts) + f", draws {draws} "
            f"({100 * draws / played:.1f} %); first mover won {first} "
            f"({100 * first / played:.1f} %; {100 * first / max(1, decided):.1f} % of decided), "
            f"{seconds:.0f} s")


def main():
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("scenario")
    ap.add_argument("games", type=int, nargs="?", default=2000)
    ap.add_argument("--seed", type=int, default=25)
    ap.add_argument("--every", type=int, default=50)
    args = ap.parse_args()
    scenario = load_file(args.scenario).model
    lib = default_library()
    # the points the victory conditions count, as `studio simulate` hands them over
    setup = BatchSetup(scenario, make_resolver(scenario, lib), points_table(scenario, lib))
    wins = [0] * len(scenario.sides)
    draws = first = 0
    start = time.perf_counter()
    for i in range(args.games):
        record = setup.play(args.seed, i)
        if record.winner is None:
            draws += 1
        else:
            wins[record.winner] += 1
            first += record.winner == record.first_mover
        if (i + 1) % args.every == 0 or i + 1 == args.games:
            print(tally_line(scenario, i + 1, wins, draws, first, time.perf_counter() - start),
                  flush=True)


if __name__ == "__main__":
    main()

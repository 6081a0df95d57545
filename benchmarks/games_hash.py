"""A fingerprint of seeded AI-against-AI games: the BLAKE2b hash of their logs.

    python benchmarks/games_hash.py [--per-scenario N] [--scenario FILE ...]

Plays N games (default 4) of each bundled sample with the AI on both sides, batch seed 1,
and prints one hash over every game's actions and events (the JSON lines of its log after
the header). A change that
must not alter play (a refactor, a speed-up) keeps this hash; tests/rulesets/rules_of_war/test_games_fingerprint.py
pins it. Under `valgrind --tool=callgrind` with `--per-scenario 1` it gives the instruction
count used to compare engine versions on a noisy machine.
"""
from __future__ import annotations

import argparse
import hashlib
import sys
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(ROOT))

from studio.ai import HeuristicAI, game_seeds, run_game  # noqa: E402
from studio.engine import record, to_jsonl  # noqa: E402
from studio.rulesets import new_game  # noqa: E402
from studio.io import default_library, load_file  # noqa: E402

SAMPLES = ("marathon", "trench-assault", "belt-skirmish")


def game_logs(paths, per_scenario: int):
    """The JSON-lines log of each seeded game, scenario by scenario."""
    library = default_library()
    for path in paths:
        scenario = load_file(path).model
        side_ids = [s.id for s in scenario.sides]
        for index in range(per_scenario):
            dice, ai = game_seeds(1, index, side_ids)
            state = new_game(scenario, library, dice)
            run_game(state, {s: HeuristicAI(ai[s]) for s in side_ids})
            yield to_jsonl(record(state))


def fingerprint(paths, per_scenario: int) -> str:
    digest = hashlib.blake2b(digest_size=8)
    for log in game_logs(paths, per_scenario):
        digest.update(log.split("\n", 1)[1].encode("utf-8"))
    return digest.hexdigest()


def sample_paths() -> list[Path]:
    return [ROOT / "templates" / "scenarios" / f"{name}.yaml" for name in SAMPLES]


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--per-scenario", type=int, default=4)
    parser.add_argument("--scenario", action="append", type=Path,
                        help="scenario file (default: the three bundled samples)")
    args = parser.parse_args()
    paths = args.scenario or sample_paths()
    print(fingerprint(paths, args.per_scenario))


if __name__ == "__main__":
    main()

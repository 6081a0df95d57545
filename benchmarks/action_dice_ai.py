"""How strong and how even the Action Dice AI is: its wins against a random legal player
(on both sides of the border-skirmish sample) and the split of a mirrored scenario between
two copies of itself.

    python benchmarks/action_dice_ai.py [games_vs_random] [mirror_games] [workers]

The issue asks for >= 95 % wins against the random player and no side above 54 % of 2,000
mirror games."""
from __future__ import annotations

import sys
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))

from studio.ai import HeuristicAI, RandomPlayer, game_seeds, run_game  # noqa: E402
from studio.io import default_library, load_file  # noqa: E402
from studio.rulesets import new_game  # noqa: E402


def versus_random(scenario, library, games):
    wins = 0
    ids = [s.id for s in scenario.sides]
    for n in range(games):
        dice, seeds = game_seeds(101, n, ids)
        ai_side = ids[n % 2]
        players = {s: (HeuristicAI(seeds[s]) if s == ai_side else RandomPlayer(seeds[s]))
                   for s in ids}
        state = run_game(new_game(scenario, library, dice), players)
        wins += state.result.winner == ai_side
    return wins


def mirror(scenario, library, games, workers):
    """The seeded batch path, as the balance window runs it."""
    from studio.simulate import run_batch
    report = run_batch(scenario, library, games, seed=7, workers=workers)
    tally = {s.side: s.wins for s in report.sides}
    tally["draw"] = report.games - sum(s.wins for s in report.sides)
    return tally


def main():
    vs = int(sys.argv[1]) if len(sys.argv) > 1 else 200
    mg = int(sys.argv[2]) if len(sys.argv) > 2 else 2000
    workers = int(sys.argv[3]) if len(sys.argv) > 3 else 2
    lib = default_library()
    scen = ROOT / "templates" / "scenarios"
    border = load_file(scen / "ad-border-skirmish.yaml").model
    start = time.perf_counter()
    if vs:
        wins = versus_random(border, lib, vs)
        print(f"AI against a random player, border skirmish: {wins}/{vs} won "
              f"({100 * wins / vs:.1f} %), {time.perf_counter() - start:.0f} s")
    if mg:
        start = time.perf_counter()
        tally = mirror(load_file(scen / "ad-mirror.yaml").model, lib, mg, workers)
        shares = ", ".join(f"{k} {v} ({100 * v / mg:.1f} %)" for k, v in tally.items())
        print(f"AI against itself, mirror, {mg} games: {shares}, "
              f"{time.perf_counter() - start:.0f} s")


if __name__ == "__main__":
    main()

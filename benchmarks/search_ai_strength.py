"""How strong the search player is: its win rate against the random legal player and against
each game's own heuristic AI, over mirrored games (each dice seed played twice, the search
player on one side then the other), on every bundled sample scenario, single process.

    python benchmarks/search_ai_strength.py [--games N] [--budget SPEC] [--depth D]
        [--opponent random|heuristic|both] [SCENARIO ...]

SPEC is what `--player SIDE=search:SPEC` takes (playouts, or milliseconds with `ms`).
Prints, per scenario and opponent, wins/draws/losses of the search player, its win rate
with a 95% Wilson interval, CPU seconds per game, and playouts per decision.
"""
from __future__ import annotations

import argparse
import math
import sys
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))

from studio.ai import HeuristicAI, RandomPlayer, derive_seed, run_game  # noqa: E402
from studio.ai.search import SearchPlayer, parse_budget  # noqa: E402
from studio.ai.search.player import DEFAULT_DEPTH  # noqa: E402
from studio.io import default_library, load_file  # noqa: E402
from studio.rulesets import new_game  # noqa: E402


def samples() -> list[Path]:
    """Every bundled sample that plays (the blank maps have no armies)."""
    return [p for p in sorted((ROOT / "templates" / "scenarios").glob("*.yaml"))
            if not p.name.startswith("blank-")]


def wilson(wins: int, n: int) -> tuple[float, float]:
    if n == 0:
        return 0.0, 1.0
    z = 1.96
    p = wins / n
    centre = (p + z * z / (2 * n)) / (1 + z * z / n)
    half = z * math.sqrt(p * (1 - p) / n + z * z / (4 * n * n)) / (1 + z * z / n)
    return max(0.0, centre - half), min(1.0, centre + half)


def match(scenario, library, games: int, budget: str, depth: int, opponent: str) -> dict:
    sides = [s.id for s in scenario.sides]
    wins = draws = losses = 0
    cpu = 0.0
    playouts = decisions = 0
    for g in range(games):
        dice_seed = derive_seed("search-strength", g // 2)
        me = sides[g % 2]              # mirrored: the same dice, the search player swaps side
        search = SearchPlayer(derive_seed(dice_seed, "search"), parse_budget(budget), depth)
        players = {}
        for s in sides:
            seed = derive_seed(dice_seed, "ai", s)
            players[s] = (search if s == me else
                          RandomPlayer(seed) if opponent == "random" else HeuristicAI(seed))
        state = new_game(scenario, library, dice_seed)
        counted = _Counting(search)
        players[me] = counted
        started = time.process_time()
        run_game(state, players)
        cpu += time.process_time() - started
        playouts += search.playouts
        decisions += counted.decisions
        winner = state.result.winner
        if winner == me:
            wins += 1
        elif winner is None:
            draws += 1
        else:
            losses += 1
    return {"wins": wins, "draws": draws, "losses": losses, "cpu": cpu / max(games, 1),
            "per_decision": playouts / max(decisions, 1)}


class _Counting:
    """The search player, counting its decisions."""

    def __init__(self, player):
        self.player, self.decisions = player, 0

    def choose(self, state):
        self.decisions += 1
        return self.player.choose(state)


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("scenarios", nargs="*", help="scenario files (default: every sample)")
    parser.add_argument("--games", type=int, default=20, help="games per scenario (even)")
    parser.add_argument("--budget", default="8", help="search budget (default 8 playouts)")
    parser.add_argument("--depth", type=int, default=DEFAULT_DEPTH,
                        help=f"rollout decisions (default {DEFAULT_DEPTH})")
    parser.add_argument("--opponent", choices=("random", "heuristic", "both"), default="both")
    args = parser.parse_args(argv)
    library = default_library()
    opponents = ["random", "heuristic"] if args.opponent == "both" else [args.opponent]
    paths = [Path(p) for p in args.scenarios] or samples()
    print(f"search:{args.budget}, rollout depth {args.depth}, {args.games} mirrored games "
          f"per scenario and opponent")
    print(f"{'scenario':32} {'ruleset':16} {'opponent':9} {'W-D-L':>9} {'win rate':>8} "
          f"{'95% CI':>13} {'CPU s/game':>10} {'playouts/dec':>12}")
    for path in paths:
        scenario = load_file(path).model
        for opponent in opponents:
            r = match(scenario, library, args.games, args.budget, args.depth, opponent)
            n = r["wins"] + r["draws"] + r["losses"]
            lo, hi = wilson(r["wins"], n)
            print(f"{path.stem:32} {scenario.ruleset or '-':16} {opponent:9} "
                  f"{r['wins']}-{r['draws']}-{r['losses']:<3} {r['wins'] / max(n, 1):8.1%} "
                  f"{lo:6.1%}-{hi:6.1%} {r['cpu']:10.2f} {r['per_decision']:12.1f}",
                  flush=True)
    return 0


if __name__ == "__main__":
    raise SystemExit(main())

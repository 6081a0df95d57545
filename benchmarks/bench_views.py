"""What a side's view costs: ms per view and its share of an AI-against-AI game, on the
Quick and Dirty samples with hidden set-up (every AI decision asks for one), next to an
open Rules of War game's view.

    python benchmarks/bench_views.py [games]
"""
from __future__ import annotations

import sys
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))

from studio.ai import HeuristicAI, run_game  # noqa: E402
from studio.io import default_library, load_file  # noqa: E402
from studio.rulesets import new_game  # noqa: E402


def timed_views(scenario, library, games, options=None):
    """(ms per game, ms per view, views per game, share of the game's time in views)."""
    spent = [0.0, 0]
    total = 0.0
    for seed in range(games):
        state = new_game(scenario, library, seed, options)
        rules = state.game.rules
        view = rules.view

        def counted(st, side, view=view):
            t = time.perf_counter()
            out = view(st, side)
            spent[0] += time.perf_counter() - t
            spent[1] += 1
            return out

        rules.view = counted                   # this process only: the benchmark's own count
        try:
            start = time.perf_counter()
            run_game(state, {s.id: HeuristicAI(seed + k) for k, s in enumerate(scenario.sides)})
            total += time.perf_counter() - start
        finally:
            del rules.view
    return (total / games * 1000, spent[0] / max(1, spent[1]) * 1000, spent[1] / games,
            spent[0] / total)


def open_view_ms(scenario, library, n=200):
    state = new_game(scenario, library, 1)
    side = scenario.sides[0].id
    start = time.perf_counter()
    for _ in range(n):
        state.game.rules.view(state, side)
    return (time.perf_counter() - start) / n * 1000


def main():
    games = int(sys.argv[1]) if len(sys.argv) > 1 else 10
    lib = default_library()
    scen = ROOT / "templates" / "scenarios"
    three = load_file(scen / "qnd-battle-of-three-armies.yaml").model
    mirror = load_file(scen / "qnd-mirror.yaml").model
    for name, scenario, options in (("QnD three armies (hidden)", three, None),
                                    ("QnD mirror made hidden", mirror, {"setup": "hidden"})):
        game_ms, view_ms, views, share = timed_views(scenario, lib, games, options)
        print(f"{name:28s} {game_ms:8.1f} ms/game  {view_ms:6.3f} ms/view  "
              f"{views:5.0f} views/game  {100 * share:4.1f}% of the game")
    marathon = load_file(scen / "marathon.yaml").model
    print(f"{'Rules of War Marathon':28s} {open_view_ms(marathon, lib):6.3f} ms/view (at set-up)")


if __name__ == "__main__":
    main()

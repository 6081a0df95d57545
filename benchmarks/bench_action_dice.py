"""ms per AI-against-AI game of the Action Dice samples (the border skirmish and the
mirror), next to Rules of War's Marathon on the same run.

    python benchmarks/bench_action_dice.py [games]
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


def per_game(scenario, library, games):
    start = time.perf_counter()
    decisions = 0
    for seed in range(games):
        st = new_game(scenario, library, seed)
        run_game(st, {s.id: HeuristicAI(seed * 7 + k) for k, s in enumerate(scenario.sides)})
        decisions += len(st.actions())
    elapsed = time.perf_counter() - start
    return elapsed / games * 1000, decisions / games


def main():
    games = int(sys.argv[1]) if len(sys.argv) > 1 else 20
    lib = default_library()
    scen = ROOT / "templates" / "scenarios"
    rows = [("Action Dice border skirmish, 6 v 7", load_file(scen / "ad-border-skirmish.yaml").model,
             games),
            ("Action Dice mirror, 6 a side", load_file(scen / "ad-mirror.yaml").model, games),
            ("Rules of War Marathon, 25 a side", load_file(scen / "marathon.yaml").model,
             max(2, games // 10))]
    for name, scenario, n in rows:
        ms, decisions = per_game(scenario, lib, n)
        print(f"{name:36s} {ms:9.1f} ms/game  {decisions:6.0f} decisions/game  ({n} games)")


if __name__ == "__main__":
    main()

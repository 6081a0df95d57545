"""Engine kernel speed: random-legal-player games per second on a generated 25-vs-25 battle.

    python3 benchmarks/bench_engine_kernel.py [games] [units_per_side]

Prints games/s and where the time goes (legal_actions vs apply vs state.copy). A random
player asks for *every* legal action before each decision, which is far more than an AI
needs; the apply figure is the kernel's own cost.
"""
from __future__ import annotations

import sys
import time
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parents[1]))

from studio.rulesets.rules_of_war import Dice, apply, legal_actions, new_game  # noqa: E402
from studio.rulesets.rules_of_war.sample import line_battle  # noqa: E402


def main(games: int = 5, per_side: int = 25) -> None:
    sc, lib = line_battle(per_side, seed=1)
    t_legal = t_apply = t_copy = 0.0
    decisions = 0
    start = time.perf_counter()
    for g in range(games):
        state = new_game(sc, lib, seed=g)
        pick = Dice(1000 + g)
        while not state.over:
            t0 = time.perf_counter()
            acts = legal_actions(state)
            t1 = time.perf_counter()
            state.copy()
            t2 = time.perf_counter()
            apply(state, acts[pick.roll(len(acts)) - 1])
            t3 = time.perf_counter()
            t_legal += t1 - t0
            t_copy += t2 - t1
            t_apply += t3 - t2
            decisions += 1
    total = time.perf_counter() - start
    print(f"{games} random games, {per_side} vs {per_side} units, {decisions} decisions")
    print(f"  games/s              {games / total:8.2f}")
    print(f"  decisions/s          {decisions / total:8.0f}")
    print(f"  legal_actions        {1e3 * t_legal / decisions:8.3f} ms per call")
    print(f"  apply                {1e3 * t_apply / decisions:8.3f} ms per call")
    print(f"  state.copy           {1e3 * t_copy / decisions:8.3f} ms per call")
    print(f"  apply-only per game  {1e3 * t_apply / games:8.1f} ms")


if __name__ == "__main__":
    args = [int(a) for a in sys.argv[1:3]]
    main(*args)

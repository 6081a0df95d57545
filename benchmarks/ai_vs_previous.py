"""A ruleset's AI against its previous self: mirrored pairs of games on a bundled mirror
scenario, the same dice with the new AI on each side in turn, so neither the side nor the
dice favour either version.

    python benchmarks/ai_vs_previous.py quick-and-dirty|action-dice [games] [--against REF]

The previous AI is the ruleset's `ai.py` at git REF (default `main`), read with `git show`
into a throw-away module of the ruleset's package: it plays by today's rules and nothing of
it is kept in the product. Prints the games each version won, the draws, and the new AI's
score (a draw counts half) with its 95 % interval, every `--every` games."""
from __future__ import annotations

import argparse
import math
import subprocess
import sys
import time
import types
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))

from studio.ai import game_seeds, run_game  # noqa: E402
from studio.io import default_library, load_file  # noqa: E402
from studio.rulesets import new_game  # noqa: E402

GAMES = {"quick-and-dirty": ("quick_and_dirty", "QuickAndDirtyAI", "qnd-mirror.yaml"),
         "action-dice": ("action_dice", "ActionDiceAI", "ad-mirror.yaml")}


def previous_ai(package: str, class_name: str, ref: str):
    """The AI class of `package` as it was at git `ref`."""
    path = f"studio/rulesets/{package}/ai.py"
    source = subprocess.run(["git", "show", f"{ref}:{path}"], cwd=ROOT, check=True,
                            capture_output=True, text=True).stdout
    name = f"studio.rulesets.{package}._previous_ai"
    module = types.ModuleType(name)
    module.__package__ = f"studio.rulesets.{package}"
    module.__file__ = f"{ref}:{path}"
    exec(compile(source, module.__file__, "exec"), module.__dict__)
    ADAPTERS.get(package, lambda m: None)(module)
    return getattr(module, class_name)


def _one_forced_facing(module) -> None:
    """Quick and Dirty's `unit_moves` now gives every facing a zone of control allows (a
    tuple); the AI of before took the one forced facing: hand it the first."""
    moves = module.unit_moves

    def unit_moves(state, u):
        ends, reach = moves(state, u)
        return {h: (f[0] if isinstance(f, tuple) else f) for h, f in ends.items()}, reach
    module.unit_moves = unit_moves


# What an AI of before needs to play by today's interfaces, by ruleset package.
ADAPTERS = {"quick_and_dirty": _one_forced_facing}


class Seated:
    """A ruleset AI at the table: shown only its side's view where the game hides things."""

    def __init__(self, ai):
        self.ai = ai

    def choose(self, state):
        rules = state.game.rules
        if rules.hidden_information:
            return self.ai.choose(rules.view(state, state.to_act))
        return self.ai.choose(state)


def main():
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("ruleset", choices=sorted(GAMES))
    ap.add_argument("games", type=int, nargs="?", default=1000)
    ap.add_argument("--against", default="main", help="git ref of the previous AI")
    ap.add_argument("--seed", type=int, default=25)
    ap.add_argument("--every", type=int, default=50, help="print the tally every N games")
    args = ap.parse_args()
    package, class_name, scenario_file = GAMES[args.ruleset]
    new_cls = getattr(__import__(f"studio.rulesets.{package}.ai", fromlist=[class_name]),
                      class_name)
    old_cls = previous_ai(package, class_name, args.against)
    scenario = load_file(ROOT / "templates" / "scenarios" / scenario_file).model
    lib = default_library()
    ids = [s.id for s in scenario.sides]
    new_wins = old_wins = draws = 0
    start = time.perf_counter()

    def report(n):
        score = (new_wins + draws / 2) / n
        half = 1.96 * math.sqrt(max(score * (1 - score), 1e-9) / n)
        print(f"{args.ruleset} ({scenario_file}), {n} games, new AI against its version at "
              f"{args.against}: new won {new_wins} ({100 * new_wins / n:.1f} %), previous won "
              f"{old_wins} ({100 * old_wins / n:.1f} %), draws {draws} "
              f"({100 * draws / n:.1f} %); new AI's score {100 * score:.1f} % (95 % CI "
              f"{100 * (score - half):.1f}-{100 * (score + half):.1f} %), "
              f"{time.perf_counter() - start:.0f} s", flush=True)
    for n in range(args.games):
        dice, seeds = game_seeds(args.seed, n // 2, ids)
        new_side = ids[n % 2]              # each pair: the same dice, the sides swapped
        players = {s: Seated((new_cls if s == new_side else old_cls)(seeds[s])) for s in ids}
        state = run_game(new_game(scenario, lib, dice), players)
        winner = state.result.winner
        if winner is None:
            draws += 1
        elif winner == new_side:
            new_wins += 1
        else:
            old_wins += 1
        if (n + 1) % args.every == 0 or n + 1 == args.games:
            report(n + 1)


if __name__ == "__main__":
    main()

"""ms per AI-against-AI game of Quick and Dirty (the three-sided sample with hidden set-up,
and a 25-a-side mirror), next to Rules of War's Marathon on the same run.

    python benchmarks/bench_quick_and_dirty.py [games]
"""
from __future__ import annotations

import sys
import time
from dataclasses import replace
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))

from studio.ai import HeuristicAI, run_game  # noqa: E402
from studio.io import default_library, load_file  # noqa: E402
from studio.rulesets import new_game  # noqa: E402


def mirror_25(base):
    """The bundled mirror widened to 25 units a side, on a 30 x 26 field."""
    from studio.io.to_model import hex_map
    side_units = []
    types = ["knights", "footmen", "footmen", "crossbowmen", "footmen"]
    for si, (col, facing) in enumerate(((3, "NE"), (28, "NW"))):
        units = []
        for n in range(25):
            ru = replace(base.sides[si].army.units[0], id=f"u{n}", type=types[n % 5],
                         hex=f"{col + n // 13:02d}{1 + 2 * (n % 13):02d}", facing=facing,
                         leader=(n == 0))
            units.append(ru)
        side_units.append(units)
    sides = [replace(s, army=replace(s.army, units=u)) for s, u in zip(base.sides, side_units)]
    grid = hex_map({"columns": 30, "rows": 26, "orientation": "flat", "offset": "even",
                    "terrain": "\n".join(["." * 30] * 26) + "\n"})
    return replace(base, id="qnd-mirror-25", map=grid, sides=sides, round_limit=12)


def per_game(scenario, library, games):
    start = time.perf_counter()
    for seed in range(games):
        st = new_game(scenario, library, seed)
        run_game(st, {s.id: HeuristicAI(seed * 7 + k) for k, s in enumerate(scenario.sides)})
    return (time.perf_counter() - start) / games * 1000


def main():
    games = int(sys.argv[1]) if len(sys.argv) > 1 else 20
    lib = default_library()
    scen = ROOT / "templates" / "scenarios"
    three = load_file(scen / "qnd-battle-of-three-armies.yaml").model
    mirror = load_file(scen / "qnd-mirror.yaml").model
    marathon = load_file(scen / "marathon.yaml").model
    rows = [("QnD three-sided sample (hidden)", three, games),
            ("QnD mirror, 8 a side", mirror, games),
            ("QnD mirror, 25 a side", mirror_25(mirror), games),
            ("Rules of War Marathon, 25 a side", marathon, max(2, games // 10))]
    for name, scenario, n in rows:
        print(f"{name:36s} {per_game(scenario, lib, n):9.1f} ms/game  ({n} games)")


if __name__ == "__main__":
    main()

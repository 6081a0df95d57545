"""What the engine needs at the size limits validate accepts (issue 29): a Rules of War
scenario of N × N hexes with U units a side is simulated for one game in a child process,
and its wall time and peak memory (the child's maximum resident set) are printed.

    nice python3 benchmarks/bench_limits.py [--sizes 100x50,150x100,200x100] [--games 1]

The figures go into docs/limits.md; studio/validate/limits.py keeps validate from accepting
what simulate cannot finish within that budget.
"""
from __future__ import annotations

import argparse
import os
import resource
import subprocess
import sys
import tempfile
import time
from pathlib import Path

import yaml

ROOT = Path(__file__).resolve().parent.parent


def scenario(columns: int, rows: int, units: int) -> dict:
    """Open ground, Greeks against Greeks, `units` units a side (a general each) placed
    column by column from the west and east edges inwards."""
    digits = 2 if columns < 100 and rows < 100 else 3       # hex labels: column, row

    def side(sid: str, colour: str, first_col: int, step: int) -> dict:
        placed = []
        for k in range(units):
            col, row = first_col + step * (k // rows), k % rows + 1
            placed.append({"type": "general" if k == 0 else "hoplites-standard",
                           "hex": f"{col:0{digits}d}{row:0{digits}d}",
                           "facing": "NE" if step > 0 else "NW",
                           **({"leader": True} if k == 0 else {})})
        return {"id": sid, "name": sid.title(), "colour": colour, "army_list": "ancient-greek",
                "units": placed}
    return {"kind": "scenario", "format": 1, "id": "bench", "name": "bench",
            "ruleset": "rules-of-war", "terrain_set": "basic-ground", "round_limit": 12,
            "map": {"columns": columns, "rows": rows, "orientation": "flat", "offset": "even",
                    "terrain": "\n".join("." * columns for _ in range(rows)) + "\n"},
            "sides": [side("west", "#2b5fa8", 1, 1), side("east", "#b03a2e", columns, -1)],
            "victory": [{"side": "west", "kind": "destroy-leader"},
                        {"side": "east", "kind": "destroy-leader"}]}


def measure(columns: int, rows: int, units: int, games: int, folder: Path) -> tuple:
    path = folder / f"bench-{columns}x{rows}-{units}.yaml"
    path.write_text(yaml.safe_dump(scenario(columns, rows, units), sort_keys=False))
    env = dict(os.environ, PYTHONPATH=str(ROOT))
    start = time.perf_counter()
    done = subprocess.run([sys.executable, "-c", CHILD, str(path), str(games)], env=env,
                          cwd=ROOT, capture_output=True, text=True)
    took = time.perf_counter() - start
    code, peak, cpu = (done.stdout.split() or ["?", "0", "0"])[-3:]
    if done.returncode != 0 or code != "0":
        return took, None, None, done.stdout[-300:] + done.stderr[-300:]
    return took, int(peak), float(cpu), ""


# The child reports its own peak (ru_maxrss of the parent would mix in earlier children).
CHILD = """
import resource, sys
from studio.cli import main
code = main(["simulate", sys.argv[1], "--games", sys.argv[2], "--workers", "1"])
used = resource.getrusage(resource.RUSAGE_SELF)
print(code, used.ru_maxrss, used.ru_utime + used.ru_stime)
"""


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--sizes", default="64x44x50,100x100x100,150x150x100",
                        help="COLUMNSxROWSxUNITS,... (units a side)")
    parser.add_argument("--games", type=int, default=1)
    args = parser.parse_args()
    with tempfile.TemporaryDirectory(prefix="bench-limits-") as folder:
        # CPU seconds are the child's own: a busy machine stretches the wall time only
        print(f"{'map':>9} {'hexes':>7} {'units':>6} {'wall s':>8} {'CPU s':>7} "
              f"{'peak MiB':>9}")
        for spec in args.sizes.split(","):
            columns, rows, units = (int(x) for x in spec.split("x"))
            took, peak_kib, cpu, problem = measure(columns, rows, units, args.games,
                                                   Path(folder))
            peak = f"{cpu:7.1f} {peak_kib / 1024:9.0f}" if peak_kib else "  failed"
            print(f"{columns:>4}x{rows:<4} {columns * rows:>7,} {2 * units:>6} {took:>8.1f} "
                  f"{peak} {problem}", flush=True)


if __name__ == "__main__":
    main()

"""How `studio validate` copes with a file that floods it with findings.

A scenario is padded with N unknown keys (one line each: a `schema` finding apiece if nothing
capped them); the script times the command in a child process and prints its wall time, its
peak memory (max RSS) and how many lines it printed, for a few sizes, so that the cost can be
seen to grow linearly and stay small.

    python3 benchmarks/bench_validate_flood.py [--sizes 10000,100000,293000]
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

ROOT = Path(__file__).resolve().parent.parent
TEMPLATE = ROOT / "templates" / "scenarios" / "belt-skirmish.yaml"


def flooded(path: Path, keys: int) -> None:
    text = TEMPLATE.read_text()
    with open(path, "w") as out:
        out.write(text)
        out.writelines(f"unknown_key_{i}: {i}\n" for i in range(keys))


def run(path: Path) -> tuple[float, float, int, int]:
    """(seconds, peak MiB, lines printed, exit code) of `studio validate path`."""
    before = resource.getrusage(resource.RUSAGE_CHILDREN).ru_maxrss
    start = time.perf_counter()
    done = subprocess.run([sys.executable, "-m", "studio", "validate", str(path)], cwd=ROOT,
                          capture_output=True, text=True)
    seconds = time.perf_counter() - start
    peak = resource.getrusage(resource.RUSAGE_CHILDREN).ru_maxrss
    # ru_maxrss of children is the largest child so far: run sizes in increasing order.
    return seconds, max(peak, before) / 1024, len(done.stdout.splitlines()), done.returncode


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--sizes", default="1000,30000,100000,293000")
    args = parser.parse_args()
    sizes = sorted(int(s) for s in args.sizes.split(","))
    with tempfile.TemporaryDirectory() as folder:
        print(f"{'unknown keys':>12} {'seconds':>8} {'peak MiB':>9} {'lines':>6} {'exit':>4}")
        for keys in sizes:
            path = Path(folder) / f"flood-{keys}.yaml"
            flooded(path, keys)
            seconds, peak, lines, code = run(path)
            print(f"{keys:>12} {seconds:>8.2f} {peak:>9.0f} {lines:>6} {code:>4}")
            os.unlink(path)


if __name__ == "__main__":
    main()

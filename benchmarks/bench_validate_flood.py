"""How `studio validate` copes with a file that floods it with findings.

A scenario is padded with N unknown keys (one line each: a `schema` finding apiece if nothing
capped them); the script times the command in a child process and prints its wall time, its
peak memory (max RSS) and how many lines it printed, for a few sizes, so that the cost can be
seen to grow linearly and stay small.

    python3 benchmarks/bench_validate_flood.py [--sizes 1000,30000,99000,293000]

Files of over 100,000 lines are refused unread (`file-too-long`), so the last size shows the
cost of that refusal.
"""
from __future__ import annotations

import argparse
import os
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
    start = time.perf_counter()
    with tempfile.TemporaryFile("w+") as out:
        child = subprocess.Popen([sys.executable, "-m", "studio", "validate", str(path)],
                                 cwd=ROOT, stdout=out, stderr=subprocess.DEVNULL)
        _pid, status, usage = os.wait4(child.pid, 0)     # this child's own peak memory
        seconds = time.perf_counter() - start
        out.seek(0)
        lines = len(out.read().splitlines())
    return seconds, usage.ru_maxrss / 1024, lines, os.waitstatus_to_exitcode(status)


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--sizes", default="1000,30000,99000,293000")
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

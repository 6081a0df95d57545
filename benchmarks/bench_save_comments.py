"""What keeping a designer's comments costs at save: a 200×200 scenario with 60 units a side,
written plain (`dump_model(model)`) and merged with a commented source text
(`dump_model(model, source)`, a comment above every unit and at the end of every key line).

Prints the best of N runs in milliseconds.

    python3 benchmarks/bench_save_comments.py [--size 200] [--units-per-side 60] [--repeat 5]
"""
from __future__ import annotations

import argparse
import random
import sys
import time
from pathlib import Path

if __package__ in (None, ""):
    sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

from bench_load import big_scenario  # noqa: E402

from studio.io import default_library, dump_model  # noqa: E402
from studio.io import load_text  # noqa: E402


def commented(text: str) -> str:
    out = ["# a designer's file, comments everywhere"]
    for line in text.split("\n")[:-1]:
        stripped = line.lstrip()
        if stripped.startswith("- {"):
            out.append(line[: len(line) - len(stripped)] + "# this unit")
        if ": " in line and not line.endswith("|"):
            line += "  # note"
        out.append(line)
    return "\n".join(out) + "\n"


def best(fn, repeat: int) -> float:
    times = []
    for _ in range(repeat):
        start = time.perf_counter()
        fn()
        times.append(time.perf_counter() - start)
    return min(times) * 1000


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--size", type=int, default=200)
    parser.add_argument("--units-per-side", type=int, default=60)
    parser.add_argument("--repeat", type=int, default=5)
    args = parser.parse_args()
    lib = default_library()
    lists = [lib.army_list("ancient-greek"), lib.army_list("ancient-persian")]
    units = [[u.id for u in a.units] for a in lists]
    terrain = lib.terrain_set("basic-ground")
    model = big_scenario(args.size, args.units_per_side, terrain.id,
                         [t.symbol for t in terrain.terrain],
                         [lists[0].id, lists[1].id, units[0], units[1]], random.Random(1))
    source = commented(dump_model(model))
    assert dump_model(load_text(source).model) == dump_model(model)   # comments change no data
    assert dump_model(model, source) == source
    plain = best(lambda: dump_model(model), args.repeat)
    kept = best(lambda: dump_model(model, source), args.repeat)
    print(f"{args.size}x{args.size} map, {2 * args.units_per_side} units, "
          f"{source.count('#')} comments")
    print(f"  dump_model(model)          {plain:8.1f} ms")
    print(f"  dump_model(model, source)  {kept:8.1f} ms  ({kept / plain:.1f}x)")


if __name__ == "__main__":
    main()

"""`studio export vassal` of a 200x200 map: time and .vmod size (prints numbers).

    python3 benchmarks/bench_vassal.py [--size 200] [--dpi 100,50] [--runs 1]

The scenario is Marathon's two sides and objectives on a generated 200x200 map of its
terrain set (the map bench_render.py draws), hex labels widened to the larger map. The
time covers everything: counter images, the playsheet, drawing the board, rasterising and
compressing it into the module. The board's share is printed apart.
"""
from __future__ import annotations

import argparse
import dataclasses
import os
import sys
import tempfile
import time
import zipfile
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(ROOT))

from studio.edit.sample import sample_scenario  # noqa: E402
from studio.hexgrid import MapGeometry  # noqa: E402
from studio.interop.vassal import VassalOptions, export_vassal  # noqa: E402
from studio.io import default_library, load_file  # noqa: E402
from studio.io.samples import scenarios_dir  # noqa: E402


def big_marathon(size: int, library):
    """Marathon's sides on a generated size x size map of the same terrain set."""
    marathon = load_file(scenarios_dir() / "marathon.yaml").model
    old = MapGeometry(marathon.map.columns, marathon.map.rows, marathon.map.orientation,
                      marathon.map.offset)
    terrain = library.terrain_set(marathon.terrain_set)
    generated = sample_scenario(size, size, terrain, seed=1)
    new = MapGeometry(size, size, generated.map.orientation, generated.map.offset)

    def relabel(text: str) -> str:
        return "-".join(new.label(new.to_hex(*old.to_offset(old.parse_label(part))))
                        for part in text.split("-"))

    sides = []
    for side in marathon.sides:
        units = [dataclasses.replace(u, hex=relabel(u.hex) if u.hex else None)
                 for u in side.army.units]
        sides.append(dataclasses.replace(
            side, army=dataclasses.replace(side.army, units=units),
            setup_zone=[relabel(z) for z in side.setup_zone]))
    objectives = [dataclasses.replace(o, hex=relabel(o.hex)) for o in marathon.objectives]
    return dataclasses.replace(marathon, map=generated.map, sides=sides, objectives=objectives,
                               victory=[])


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--size", type=int, default=200)
    parser.add_argument("--dpi", default="100,50")
    parser.add_argument("--runs", type=int, default=1)
    args = parser.parse_args()
    library = default_library()
    scenario = big_marathon(args.size, library)
    print(f"map {args.size}x{args.size}, {sum(len(s.army.expanded()) for s in scenario.sides)} "
          f"units; best of {args.runs}; load average {os.getloadavg()[0]:.1f} on "
          f"{os.cpu_count()} CPUs")
    with tempfile.TemporaryDirectory() as folder:
        target = Path(folder) / "big.vmod"
        for dpi in (int(v) for v in args.dpi.split(",")):
            best, board_time = None, None
            for _ in range(args.runs):
                marks = {}

                def progress(done, total, message):
                    if message == "board drawn":
                        marks["board"] = time.perf_counter()

                start = time.perf_counter()
                done = export_vassal(scenario, library, target, VassalOptions(dpi=dpi), progress)
                elapsed = time.perf_counter() - start
                if best is None or elapsed < best:
                    best, board_time = elapsed, time.perf_counter() - marks["board"]
            archive = zipfile.ZipFile(target)
            board = next(i for i in archive.infolist() if i.filename.endswith("-board.png"))
            w, h = done.board_size
            print(f"dpi {dpi:3d}: {best:6.1f} s, module {target.stat().st_size / 1e6:6.1f} MB; "
                  f"board {w}x{h} px, {board.file_size / 1e6:.1f} MB, rasterised and "
                  f"compressed in {board_time:.1f} s; {done.pieces} counters, "
                  f"{done.placed} set up")
    return 0


if __name__ == "__main__":
    raise SystemExit(main())

"""Forms against redrawing: 600 double-sided counters and a 200×200 map tiled on A4.

Repeated artwork (counter frames and symbols, hexes with their patterns) is drawn once as
a PDF form and placed many times; this prints the time and file size of each export both
ways. The goal is for forms to take at most half the time and half the bytes.

    python3 benchmarks/bench_export.py [--quick]
"""
from __future__ import annotations

import argparse
import sys
import tempfile
import time
from fractions import Fraction
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parents[1]))

from studio.export.counter_sheet import all_counters, write_counter_sheets  # noqa: E402
from studio.export.map_sheet import export_map  # noqa: E402
from studio.export.options import CounterOptions, MapOptions  # noqa: E402
from studio.export.rosters import RosterSource  # noqa: E402
from studio.model import (Army, ArmyList, Attack, HexMap, ListDefaults, RosterUnit,  # noqa: E402
                          Scenario, Side, TerrainSet, TerrainType, UnitType)

TAGS = [["infantry"], ["infantry", "missile"], ["cavalry"], ["cavalry", "missile"], ["chariot"],
        ["elephant"], ["artillery"], ["infantry", "leader"], ["hero"], ["flyer"], ["ship"],
        ["fighter"], ["vehicle"], ["siege"], ["infantry", "undead"]]


def army_list() -> ArmyList:
    units = [UnitType(f"type-{i}", f"Unit Type {i}", TAGS[i % len(TAGS)], move=2 + i % 5,
                      range=1 + i % 4, attack=Attack.melee_ranged(4 + i % 5, 2 if i % 4 else None),
                      defense=3 + i % 6, morale=5 + i % 5, hits=1 + (i % 7 == 0))
             for i in range(20)]
    return ArmyList("bench", "Bench", "ancients", ["tactical"], "bench-ground",
                    defaults=ListDefaults(hits=1), units=units)


def sources() -> list[RosterSource]:
    lst = army_list()
    out = []
    for side, colour in (("Blue", "#2b5fa8"), ("Red", "#a83232")):
        units = [RosterUnit(u.id, count=15) for u in lst.units]       # 20 x 15 = 300 a side
        out.append(RosterSource(side, colour, Army("bench", units), lst))
    return out


class _Library:
    def __init__(self, terrain: TerrainSet) -> None:
        self.terrain = terrain

    def terrain_set(self, ident):
        return self.terrain

    def army_list(self, ident):
        return army_list()

    def ruleset(self, ident):
        return None


def terrain_set() -> TerrainSet:
    patterns = [None, "trees", "dots", "waves", "marsh", "hatch", "bricks", "rocks", "sand", "cross"]
    colours = ["#e3edc1", "#5e9a4a", "#d8c8a0", "#5b8fd0", "#9fb98a", "#c07a5a", "#8c8c96",
               "#9a8a78", "#ecd9a0", "#d7c4a3"]
    return TerrainSet("bench-ground", "Bench Ground", [
        TerrainType(f"t{i}", f"Terrain {i}", ".fdwmhbrsx"[i], colours[i], Fraction(1), pattern=p)
        for i, p in enumerate(patterns)])


def big_scenario(size: int) -> Scenario:
    symbols = ".fdwmhbrsx"
    terrain = ["".join(symbols[((c // 3) * 7 + (r // 4) * 3 + (c * r) % 5) % 10] for c in range(size))
               for r in range(size)]
    elevation = ["".join(str(((c // 9) + (r // 11)) % 4) for c in range(size)) for r in range(size)]
    width = len(str(size)) if size > 99 else 2
    zone = f"{1:0{width}d}{1:0{width}d}-{5:0{width}d}{size:0{width}d}"
    sides = [Side("blue", "Blue", "#2b5fa8", Army("bench", []), setup_zone=[zone])]
    return Scenario("bench", "Bench map", "rules-of-war", "bench-ground",
                    HexMap(size, size, "flat", "even", terrain, elevation), sides)


def _run(label: str, fn, path: Path) -> tuple[float, int]:
    start = time.perf_counter()
    pages = fn(path)
    seconds = time.perf_counter() - start
    size = path.stat().st_size
    print(f"  {label:<26} {seconds:7.2f} s  {size / 1e6:8.2f} MB  {pages} pages")
    return seconds, size


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--quick", action="store_true", help="a 60x60 map instead of 200x200")
    args = parser.parse_args()
    size = 60 if args.quick else 200
    with tempfile.TemporaryDirectory() as tmp:
        folder = Path(tmp)
        counters = all_counters(sources(), CounterOptions())
        options = CounterOptions.parse(page="a4")
        sc = big_scenario(size)
        lib = _Library(terrain_set())
        map_options = MapOptions.parse(page="a4", legend=False)
        jobs = [
            (f"{len(counters)} double-sided counters, 5/8in, A4",
             lambda p, forms, z: write_counter_sheets(counters, p, options, use_forms=forms,
                                                      compress=z)),
            (f"{size}x{size} map, hex {map_options.hex_flat_to_flat * 25.4 / 72:.1f} mm "
             f"across flats, tiled on A4",
             lambda p, forms, z: export_map(sc, lib, p, map_options, use_forms=forms, compress=z)),
        ]
        for title, job in jobs:
            print(title)
            for compress in (True, False):
                how = "compressed" if compress else "uncompressed"
                forms = _run(f"forms, {how}", lambda p: job(p, True, compress), folder / "f.pdf")
                fresh = _run(f"afresh, {how}", lambda p: job(p, False, compress), folder / "d.pdf")
                print(f"  forms/afresh ({how}): time {forms[0] / fresh[0]:.2f}x, "
                      f"size {forms[1] / fresh[1]:.2f}x")
    return 0


if __name__ == "__main__":
    sys.exit(main())

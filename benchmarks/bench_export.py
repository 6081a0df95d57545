"""Forms against redrawing: 600 double-sided counters and a 200×200 map tiled on A4.

Repeated artwork (whole counter faces, hexes with their patterns) is drawn once as a PDF
form and placed many times; this prints the time and file size of each export both ways.
The goal is for forms to take at most half the time and half the bytes.

Each size is followed by the bytes of the embedded fonts in it: they are the same both
ways (the same glyphs are printed), so they set a floor under the size ratio that no way
of drawing can go below.

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

from pypdf import PdfReader  # noqa: E402
from pypdf.generic import ArrayObject, DictionaryObject, IndirectObject  # noqa: E402

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


def _object_sizes(path: Path, reader: PdfReader) -> dict[int, int]:
    """Bytes each object takes in the file: from its offset to the next object's."""
    data = path.read_bytes()
    starts = sorted((offset, ident) for ident, offset in reader.xref[0].items())
    ends = [offset for offset, _ in starts[1:]] + [data.rfind(b"xref")]
    return {ident: end - offset for (offset, ident), end in zip(starts, ends)}


def font_bytes(path: Path) -> int:
    """Bytes of the fonts the pages and their forms use, with everything the font
    dictionaries refer to (descriptors, embedded font programs, character maps)."""
    reader = PdfReader(str(path))
    sizes = _object_sizes(path, reader)
    seen: set[int] = set()

    def walk(obj) -> None:
        if isinstance(obj, IndirectObject):
            if obj.idnum in seen:
                return
            seen.add(obj.idnum)
            obj = obj.get_object()
        if isinstance(obj, DictionaryObject):
            for key, value in obj.items():
                if key != "/Parent":
                    walk(value)
        elif isinstance(obj, ArrayObject):
            for value in obj:
                walk(value)

    resources = [page.get("/Resources") for page in reader.pages]
    visited_forms: set[int] = set()
    while resources:
        res = resources.pop()
        if res is None:
            continue
        res = res.get_object()
        fonts = res.get("/Font")
        if fonts is not None:
            for font in fonts.get_object().values():
                walk(font)
        for ref in (res.get("/XObject") or {}).values():
            if ref.idnum not in visited_forms:
                visited_forms.add(ref.idnum)
                resources.append(ref.get_object().get("/Resources"))
    return sum(sizes.get(ident, 0) for ident in seen)


def _run(label: str, fn, path: Path, repeat: int) -> tuple[float, int, int]:
    """Best time of ``repeat`` runs (short jobs are noisy), file size, font bytes."""
    seconds = float("inf")
    for _ in range(repeat):
        start = time.perf_counter()
        pages = fn(path)
        seconds = min(seconds, time.perf_counter() - start)
    size = path.stat().st_size
    fonts = font_bytes(path)
    print(f"  {label:<26} {seconds:7.2f} s  {_bytes(size):>9}  {pages} pages  "
          f"(fonts {_bytes(fonts)})")
    return seconds, size, fonts


def _bytes(n: int) -> str:
    return f"{n / 1e6:.2f} MB" if n >= 1e6 else f"{n / 1e3:.1f} kB"


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--quick", action="store_true", help="a 60x60 map instead of 200x200")
    args = parser.parse_args()
    size = 60 if args.quick else 200
    with tempfile.TemporaryDirectory() as tmp:
        folder = Path(tmp)
        counters = all_counters(sources(), CounterOptions(markers=0))
        options = CounterOptions.parse(page="a4")
        sc = big_scenario(size)
        lib = _Library(terrain_set())
        map_options = MapOptions.parse(page="a4", legend=False)
        jobs = [
            (f"{len(counters)} double-sided counters, 5/8in, A4", 3,
             lambda p, forms, z: write_counter_sheets(counters, p, options, use_forms=forms,
                                                      compress=z)),
            (f"{size}x{size} map, hex {map_options.hex_flat_to_flat * 25.4 / 72:.1f} mm "
             f"across flats, tiled on A4", 1,
             lambda p, forms, z: export_map(sc, lib, p, map_options, use_forms=forms, compress=z)),
        ]
        for title, repeat, job in jobs:
            print(title)
            for compress in (True, False):
                how = "compressed" if compress else "uncompressed"
                forms = _run(f"forms, {how}", lambda p: job(p, True, compress),
                             folder / "f.pdf", repeat)
                fresh = _run(f"afresh, {how}", lambda p: job(p, False, compress),
                             folder / "d.pdf", repeat)
                print(f"  forms/afresh ({how}): time {forms[0] / fresh[0]:.2f}x, "
                      f"size {forms[1] / fresh[1]:.2f}x; without the fonts "
                      f"{(forms[1] - forms[2]) / (fresh[1] - fresh[2]):.2f}x, "
                      f"floor set by the fonts {fresh[2] / fresh[1]:.2f}x")
    return 0


if __name__ == "__main__":
    sys.exit(main())

"""Tiled TMX export and import of a 200x200 map: times and sizes (prints numbers).

    python3 benchmarks/bench_tmx.py [--size 200] [--hex-size 32] [--runs 3]

Export is `studio export tmx`'s function (`export_tmx`) with and without the hidden layer of
hex labels; import is `studio import tmx`'s (`import_tiled_map`) on that file, and, when
Tiled is installed, on the same map re-saved by Tiled as TMJ (JSON) and as TMX. The map is the benchmarks' seeded random map with both sides' units,
so every layer and object group is written.
"""
from __future__ import annotations

import argparse
import os
import shutil
import subprocess
import sys
import tempfile
import time
from pathlib import Path

os.environ.setdefault("QT_QPA_PLATFORM", "offscreen")
ROOT = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(ROOT))

from studio.edit.sample import sample_scenario  # noqa: E402
from studio.interop.tiled import TmxOptions, export_tmx, import_tiled_map  # noqa: E402
from studio.io import default_library  # noqa: E402


def best(runs, fn):
    times, result = [], None
    for _ in range(runs):
        t0 = time.perf_counter()
        result = fn()
        times.append(time.perf_counter() - t0)
    return min(times), result


def size(path: Path) -> str:
    n = path.stat().st_size
    return f"{n / 1e6:6.2f} MB" if n >= 100_000 else f"{n / 1e3:6.1f} kB"


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--size", type=int, default=200)
    parser.add_argument("--hex-size", type=int, default=32)
    parser.add_argument("--runs", type=int, default=3)
    args = parser.parse_args()
    library = default_library()
    ts = library.terrain_set("basic-ground")
    n = args.size
    scenario = sample_scenario(n, n, ts, seed=1)
    units = sum(1 for s in scenario.sides for u in s.army.units if u.hex)
    print(f"map {n}x{n} ({n * n} hexes, {units} placed units, "
          f"{len(scenario.objectives)} objectives), hex size {args.hex_size} px; best of "
          f"{args.runs}; load average {os.getloadavg()[0]:.1f} on {os.cpu_count()} CPUs")
    with tempfile.TemporaryDirectory() as tmp:
        folder = Path(tmp)
        for labels in (True, False):
            target = folder / ("labels.tmx" if labels else "map.tmx")
            options = TmxOptions(args.hex_size, labels)
            t, done = best(args.runs, lambda: export_tmx(scenario, library, target, options))
            what = "with the hex-label layer" if labels else "without hex labels     "
            print(f"export {what}  {t:6.2f} s   TMX {size(done.tmx)}, TSX "
                  f"{size(done.tsx)}, tiles PNG {size(done.image)}")
        for label, path in (("import (our TMX, CSV layers)", folder / "map.tmx"),
                            ("import (with the label layer)", folder / "labels.tmx")):
            t, back = best(args.runs, lambda: import_tiled_map(path, library))
            assert back.map.terrain == scenario.map.terrain
            print(f"{label:31} {t:6.2f} s")
        tiled = shutil.which("tiled")
        if tiled is None:
            print("tiled: not installed (Debian package `tiled`): no TMJ / zlib import figures")
            return 0
        env = dict(os.environ, QT_QPA_PLATFORM="offscreen")
        tmj = folder / "map.tmj"
        subprocess.run([tiled, "--export-map", "json", "--embed-tilesets",
                        str(folder / "map.tmx"), str(tmj)], env=env, check=True,
                       capture_output=True)
        t, back = best(args.runs, lambda: import_tiled_map(tmj, library))
        assert back.map.terrain == scenario.map.terrain
        print(f"import (TMJ saved by Tiled)     {t:6.2f} s   TMJ {size(tmj)}")
        zlib_tmx = folder / "resaved.tmx"
        subprocess.run([tiled, "--export-map", "tmx", str(folder / "map.tmx"), str(zlib_tmx)],
                       env=env, check=True, capture_output=True)
        t, back = best(args.runs, lambda: import_tiled_map(zlib_tmx, library))
        assert back.map.terrain == scenario.map.terrain
        print(f"import (TMX re-saved by Tiled)  {t:6.2f} s   TMX {size(zlib_tmx)}")
    return 0


if __name__ == "__main__":
    sys.exit(main())

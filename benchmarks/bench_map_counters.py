"""Counters on the map: milliseconds per full repaint of the map view at a few zooms, with
the compact counters (letters and a facing wedge, as before) and with the printed
counters' pictures (cold: every picture drawn by the export artwork; warm: from the cache).
Prints numbers; not a test.

    python benchmarks/bench_map_counters.py [--viewport 1366x768] [--units 1500] [--repo DIR]

``--repo`` measures another checkout of the studio (say the main branch, before the
printed counters: then only the compact column is printed).

Maps: the Marathon sample, and a 200x200 map with its units copied over the whole map
(``--units`` a side). Terrain tiles are rendered before timing, so the figures are what a
pan or a zoom costs once the terrain is cached: the counters and the other overlays.
"""
from __future__ import annotations

import argparse
import os
import random
import sys
import time
from dataclasses import replace
from pathlib import Path

os.environ.setdefault("QT_QPA_PLATFORM", "offscreen")
ROOT = Path(__file__).resolve().parents[1]


def _repo_argument() -> Path:
    # The checkout to import comes first: every studio import below is from it.
    if "--repo" in sys.argv:
        return Path(sys.argv[sys.argv.index("--repo") + 1]).resolve()
    return ROOT


sys.path.insert(0, str(_repo_argument()))

from PySide6.QtWidgets import QApplication  # noqa: E402

from studio.edit.sample import sample_scenario  # noqa: E402
from studio.gui.document import ScenarioDocument  # noqa: E402
from studio.gui.mapview import MapView  # noqa: E402
from studio.io import default_library  # noqa: E402
from studio.io.samples import sample_scenario_path  # noqa: E402

try:
    from studio.gui.mapview.counter_pictures import CounterPictures  # noqa: E402
except ImportError:          # a checkout from before the printed counters
    CounterPictures = None

RADII = (3, 12, 30, 60, 110)   # hex radius on screen, px: fit (dots), compact, printed, close
REPEAT = 5


def marathon(library) -> ScenarioDocument:
    return ScenarioDocument.open(sample_scenario_path(), library)


def crowded(library, per_side: int, seed: int = 3) -> ScenarioDocument:
    """A 200x200 map of generated terrain with Marathon's sides, each unit of each side
    repeated on random hexes until a side has `per_side` units."""
    doc = marathon(library)
    scenario = doc.model
    big = sample_scenario(200, 200, doc.terrain_set, seed=seed)
    scenario.map = big.map
    rng = random.Random(seed)
    geometry = ScenarioDocument(scenario, library=library).geometry
    labels = [geometry.label(h) for h in geometry.hexes()]
    for side in scenario.sides:
        kinds = [u for u in side.army.units if u.hex]
        side.army.units = [replace(kinds[k % len(kinds)], id=None, hex=rng.choice(labels))
                           for k in range(per_side)]
    return ScenarioDocument(scenario, library=library)


def repaint_ms(app, view) -> float:
    best = float("inf")
    for _ in range(REPEAT):
        t0 = time.perf_counter()
        view.viewport().repaint()
        best = min(best, time.perf_counter() - t0)
    return best * 1000


def counters_ms(view) -> float:
    """Just the counters of the visible area painted into an image (the rest of a repaint,
    zones and tiles, is the same before and after), best of REPEAT."""
    from PySide6.QtGui import QImage, QPainter
    from studio.gui.mapview.overlays import paint_units
    image = QImage(view.viewport().size(), QImage.Format_ARGB32_Premultiplied)
    pictures = getattr(view, "counter_pictures", None)
    extra = () if CounterPictures is None else (pictures, view.shown_elevation())
    best = float("inf")
    for _ in range(REPEAT):
        painter = QPainter(image)
        painter.setTransform(view.viewportTransform())
        t0 = time.perf_counter()
        paint_units(painter, view._units, view.metrics, view.zoom(), None,
                    view.visible_scene_rect(), *extra)
        best = min(best, time.perf_counter() - t0)
        painter.end()
    return best * 1000


def measure(app, name: str, doc: ScenarioDocument, viewport: tuple[int, int]) -> None:
    view = MapView(doc)
    view.resize(*viewport)
    view.show()
    app.processEvents()
    placed = sum(1 for side in doc.model.sides for u in side.army.units if u.hex)
    print(f"\n{name}: {placed} units placed, viewport {viewport[0]}x{viewport[1]}")
    print(f"{'hex px':>7} {'compact':>10} {'printed cold':>13} {'printed warm':>13} {'pictures':>9}"
          f" {'counters only: compact':>23} {'printed':>8}")
    centre = doc.geometry.parse_label(next(u.hex for s in doc.model.sides
                                           for u in s.army.units if u.hex))
    for radius in RADII:
        view.zoom_to_radius(radius)
        view.center_on_hex(centre)
        view.flush()                               # terrain tiles cached: not timed
        view.counter_pictures = None               # the compact counters of before
        compact = repaint_ms(app, view)
        compact_only = counters_ms(view)
        if CounterPictures is None:
            print(f"{view.hex_radius_px():7.0f} {compact:8.1f}ms {'':>13} {'':>13} {'':>9} "
                  f"{compact_only:21.2f}ms")
            continue
        view.counter_pictures = CounterPictures()
        t0 = time.perf_counter()
        view.viewport().repaint()
        cold = (time.perf_counter() - t0) * 1000
        warm = repaint_ms(app, view)
        printed_only = counters_ms(view)
        print(f"{view.hex_radius_px():7.0f} {compact:8.1f}ms {cold:11.1f}ms {warm:11.1f}ms "
              f"{view.counter_pictures.rendered:9d} {compact_only:21.2f}ms {printed_only:6.2f}ms")
    view.close()


def main() -> None:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--viewport", default="1366x768")
    ap.add_argument("--units", type=int, default=1500, help="units a side on the 200x200 map")
    ap.add_argument("--repo", help="the studio checkout to measure (default: this one)")
    args = ap.parse_args()
    viewport = tuple(int(v) for v in args.viewport.lower().split("x"))
    app = QApplication.instance() or QApplication([])
    library = default_library()
    print(f"studio from {_repo_argument()}")
    measure(app, "Marathon sample", marathon(library), viewport)
    measure(app, "200x200 map", crowded(library, args.units), viewport)


if __name__ == "__main__":
    main()

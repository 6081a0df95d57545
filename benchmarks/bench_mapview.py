"""Map view and `studio render` figures on a 200x200 map (prints numbers; not a test).

    python3 benchmarks/bench_mapview.py [--size 200] [--viewport 1280x800] [--no-tiled]

Goals from the issue: open and first paint <= 0.5 s; repaint per hex of a brush stroke
<= 8 ms. Also printed: a full repaint zoomed out and at an editing zoom, and `studio render`
at 32 px against Tiled's `tmxrasterizer` on the same map (when the Debian package `tiled` is
installed: the script writes an equivalent .tmx with a generated hex tileset).
"""
from __future__ import annotations

import argparse
import math
import os
import shutil
import statistics
import subprocess
import sys
import tempfile
import time
from pathlib import Path

os.environ.setdefault("QT_QPA_PLATFORM", "offscreen")
ROOT = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(ROOT))

from PySide6.QtCore import QPointF, Qt  # noqa: E402
from PySide6.QtGui import QColor, QImage, QImageReader, QPainter, QPolygonF  # noqa: E402
from PySide6.QtTest import QTest  # noqa: E402
from PySide6.QtWidgets import QApplication  # noqa: E402

from studio.edit.brush import line_hexes  # noqa: E402
from studio.edit.sample import sample_scenario  # noqa: E402
from studio.gui.document import ScenarioDocument  # noqa: E402
from studio.gui.mapview import MapView  # noqa: E402
from studio.gui.render import render_png  # noqa: E402
from studio.gui.tools import ToolController  # noqa: E402
from studio.io import load_file  # noqa: E402


REPEAT = 3


def terrain_set():
    return load_file(ROOT / "libraries" / "terrain-sets" / "basic-ground.yaml").model


def ms(seconds: float) -> str:
    return f"{seconds * 1000:8.1f} ms"


def open_and_first_paint(app, scenario, ts, viewport):
    t0 = time.perf_counter()
    doc = ScenarioDocument(scenario, terrain_set=ts)
    view = MapView(doc)
    view.resize(*viewport)
    view.show()
    app.processEvents()
    tiles = view.flush()
    elapsed = time.perf_counter() - t0
    return doc, view, elapsed, tiles


def full_repaint(view, radius=None):
    """(first, best, hexes): the first render at this zoom builds the hexes' Qt geometry,
    which the view keeps; later renders (other zoom levels, edits) reuse it."""
    if radius is not None:
        view.zoom_to_radius(radius)
    times = []
    hexes = 0
    for _ in range(REPEAT):
        view.tiles.clear()
        before = view.tiles.hexes_painted
        t0 = time.perf_counter()
        view.flush()
        times.append(time.perf_counter() - t0)
        hexes = view.tiles.hexes_painted - before
    return times[0], min(times), hexes


def stroke_cost(app, doc, view, tools, radius: int, length: int = 60):
    """A brush drag across the view driven by mouse events (QTest), each step followed by
    the repaint Qt would do (the pending update of the changed region)."""
    g = doc.geometry
    centre = g.to_hex(g.columns // 2, g.rows // 2)
    view.zoom_to_radius(20)
    view.center_on_hex(centre)
    view.flush()
    tools.set_tool("brush")
    tools.set_brush_radius(radius)
    c0, r0 = g.to_offset(centre)
    path = line_hexes(g, g.to_hex(c0 - length // 2, r0 - 8), g.to_hex(c0 + length // 2, r0 + 8))
    path = [h for h in path if view.viewport().rect().contains(view.hex_to_viewport(h).toPoint())]
    vp = view.viewport()
    count_before = sum(len(doc.undo_stack.command(i).new_symbols) for i in range(doc.undo_stack.count()))
    times = []
    for i, h in enumerate(path):
        tools.set_symbol("f~m."[i % 4])
        pos = view.hex_to_viewport(h).toPoint()
        t0 = time.perf_counter()
        if i == 0:
            QTest.mousePress(vp, Qt.LeftButton, Qt.NoModifier, pos)
        else:
            QTest.mouseMove(vp, pos)
        app.processEvents()
        times.append(time.perf_counter() - t0)
    QTest.mouseRelease(vp, Qt.LeftButton, Qt.NoModifier, view.hex_to_viewport(path[-1]).toPoint())
    app.processEvents()
    changed = sum(len(doc.undo_stack.command(i).new_symbols)
                  for i in range(doc.undo_stack.count())) - count_before
    return sum(times), changed, len(path), statistics.median(times)


# -- Tiled comparison -----------------------------------------------------------------------

def write_tmx(scenario, ts, folder: Path, hex_size: int) -> Path:
    """A Tiled hexagonal map equal to the scenario's terrain: one tile per terrain type."""
    m = scenario.map
    tile_w = 2 * hex_size
    tile_h = round(math.sqrt(3) * hex_size)
    types = ts.terrain
    sheet = QImage(tile_w * len(types), tile_h, QImage.Format_ARGB32)
    sheet.fill(Qt.transparent)
    p = QPainter(sheet)
    p.setRenderHint(QPainter.Antialiasing)
    for i, t in enumerate(types):
        cx, cy = i * tile_w + tile_w / 2, tile_h / 2
        corners = [QPointF(cx + hex_size * math.cos(math.radians(60 * k)),
                           cy + hex_size * math.sin(math.radians(60 * k))) for k in range(6)]
        p.setPen(QColor(0, 0, 0, 80))
        p.setBrush(QColor(t.colour))
        p.drawPolygon(QPolygonF(corners))
    p.end()
    sheet.save(str(folder / "terrain.png"))
    gid = {t.symbol: i + 1 for i, t in enumerate(types)}
    rows = [",".join(str(gid.get(ch, 1)) for ch in row) for row in m.terrain]
    stagger = "x" if m.orientation == "flat" else "y"
    tmx = f"""<?xml version="1.0" encoding="UTF-8"?>
<map version="1.10" orientation="hexagonal" renderorder="right-down" width="{m.columns}" height="{m.rows}" tilewidth="{tile_w}" tileheight="{tile_h}" hexsidelength="{hex_size}" staggeraxis="{stagger}" staggerindex="{'even' if m.offset == 'even' else 'odd'}" infinite="0">
 <tileset firstgid="1" name="terrain" tilewidth="{tile_w}" tileheight="{tile_h}" tilecount="{len(types)}" columns="{len(types)}">
  <image source="terrain.png" width="{sheet.width()}" height="{sheet.height()}"/>
 </tileset>
 <layer id="1" name="terrain" width="{m.columns}" height="{m.rows}">
  <data encoding="csv">
{(','+chr(10)).join(rows)}
  </data>
 </layer>
</map>
"""
    path = folder / "map.tmx"
    path.write_text(tmx, encoding="utf-8")
    return path


def compare_with_tiled(scenario, ts, hex_size: int, studio_seconds: float) -> None:
    exe = shutil.which("tmxrasterizer")
    if exe is None:
        print("  tmxrasterizer: not available (install the Debian package `tiled` to compare)")
        return
    with tempfile.TemporaryDirectory() as tmp:
        folder = Path(tmp)
        tmx = write_tmx(scenario, ts, folder, hex_size)
        out = folder / "tiled.png"
        env = dict(os.environ, QT_QPA_PLATFORM="offscreen")
        t0 = time.perf_counter()
        done = subprocess.run([exe, str(tmx), str(out)], capture_output=True, text=True, env=env)
        elapsed = time.perf_counter() - t0
        if done.returncode != 0 or not out.exists():
            print(f"  tmxrasterizer failed ({done.returncode}): {done.stderr.strip()[:300]}")
            return
        size = QImageReader(str(out)).size()      # the header only: no 256 MB decode limit
        print(f"  tmxrasterizer   {ms(elapsed)}   {size.width()}x{size.height()} px, "
              f"{out.stat().st_size / 1e6:.1f} MB "
              f"(terrain tiles only: no patterns, contours, labels, zones, units)")
        print(f"  studio / tiled  {studio_seconds / elapsed:8.2f} x")


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--size", type=int, default=200)
    parser.add_argument("--viewport", default="1280x800")
    parser.add_argument("--no-tiled", action="store_true")
    args = parser.parse_args()
    viewport = tuple(int(v) for v in args.viewport.lower().split("x"))
    app = QApplication.instance() or QApplication([])
    ts = terrain_set()
    n = args.size
    print(f"map {n}x{n} ({n * n} hexes), viewport {viewport[0]}x{viewport[1]}, "
          f"Python {sys.version.split()[0]}")

    print(f"(best of {REPEAT} runs; the machine's load average is {os.getloadavg()[0]:.1f} "
          f"on {os.cpu_count()} CPUs)")
    scenario = sample_scenario(n, n, ts, seed=1)
    runs = []
    for _ in range(REPEAT):
        doc, view, elapsed, tiles = open_and_first_paint(app, scenario, ts, viewport)
        runs.append(elapsed)
        if len(runs) < REPEAT:
            view.deleteLater()
            app.processEvents()
    print(f"open and first paint (whole map fitted, {tiles} tiles)  {ms(min(runs))}   goal <= 500 ms")

    print("full repaint of the view (tiles thrown away): first time at that zoom / again")
    first, t, hexes = full_repaint(view)
    print(f"  whole map in view ({hexes} hexes)            {ms(first)} / {ms(t)}")
    for px in (3, 6, 12, 20, 40):
        first, t, hexes = full_repaint(view, px)
        print(f"  hex radius {view.hex_radius_px():4.1f} px ({hexes:5d} hexes)        {ms(first)} / {ms(t)}"
              f"   ({first / max(hexes, 1) * 1e6:5.1f} / {t / max(hexes, 1) * 1e6:5.1f} us per hex)")
    t0 = time.perf_counter()
    for _ in range(10):
        view.viewport().repaint()
    print(f"repaint of the whole viewport from cached tiles      {ms((time.perf_counter() - t0) / 10)}")

    tools = ToolController(doc, view)
    for radius in (0, 1, 2):
        total, changed, steps, median = stroke_cost(app, doc, view, tools, radius)
        print(f"brush stroke, radius {radius}: {steps} steps, {changed} hexes changed: "
              f"{ms(total / max(changed, 1))} per hex, {ms(median)} per mouse step (median)   "
              "goal <= 8 ms per hex")

    with tempfile.TemporaryDirectory() as tmp:
        out = Path(tmp) / "map.png"
        t0 = time.perf_counter()
        w, h = render_png(scenario, out, ts, 32)
        studio_seconds = time.perf_counter() - t0
        print(f"studio render --hex-size 32   {ms(studio_seconds)}   {w}x{h} px, "
              f"{out.stat().st_size / 1e6:.1f} MB")
    if args.no_tiled:
        print("  tmxrasterizer: skipped (--no-tiled)")
    else:
        compare_with_tiled(scenario, ts, 32, studio_seconds)
    return 0


if __name__ == "__main__":
    sys.exit(main())

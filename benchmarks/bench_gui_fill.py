"""Whole-map fill and its undo on a blank 200x200 map in the main window (prints numbers;
not a test). Issue 15 item 6: the window froze ~2.5 s for the fill and ~1.9 s for the undo.

    python3 benchmarks/bench_gui_fill.py [--size 200] [--repeat 3] [--profile]

Each figure is the time from the edit to the window having handled every event it caused
(the view's repaint included), the median of `--repeat` runs.
"""
from __future__ import annotations

import argparse
import cProfile
import os
import pstats
import statistics
import sys
import tempfile
import time
from pathlib import Path

os.environ.setdefault("QT_QPA_PLATFORM", "offscreen")
os.environ.setdefault("WARGAME_STUDIO_HOME", tempfile.mkdtemp(prefix="bench-home-"))
ROOT = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(ROOT))

from PySide6.QtWidgets import QApplication  # noqa: E402

from studio.gui.dialogs.new_scenario import NewScenarioChoice, blank_scenario  # noqa: E402
from studio.gui.document import ScenarioDocument  # noqa: E402
from studio.gui.main_window import MainWindow  # noqa: E402
from studio.io import default_library  # noqa: E402


def settle(app) -> None:
    for _ in range(3):
        app.processEvents()


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--size", type=int, default=200)
    parser.add_argument("--repeat", type=int, default=3)
    parser.add_argument("--profile", action="store_true",
                        help="profile one more fill and undo (not in the figures)")
    args = parser.parse_args()
    app = QApplication.instance() or QApplication([])
    library = default_library()
    window = MainWindow(library=library, autosave_seconds=0)
    doc = ScenarioDocument(blank_scenario(NewScenarioChoice(columns=args.size, rows=args.size),
                                          library), None, library=library)
    window.set_document(doc)
    window.resize(1600, 1000)
    window.show()
    settle(app)
    window.view.flush()
    start = doc.geometry.to_hex(1, 1)
    symbols = [t.symbol for t in doc.terrain_set.terrain if not t.impassable]
    other = next(s for s in symbols if s != doc.symbol_at(start))
    fills, undos = [], []
    profile = cProfile.Profile() if args.profile else None
    for i in range(args.repeat + (profile is not None)):
        profiling = profile is not None and i == args.repeat
        if profiling:
            profile.enable()
        t0 = time.perf_counter()
        command = doc.fill(start, other)
        settle(app)
        elapsed_fill = time.perf_counter() - t0
        assert command is not None
        t0 = time.perf_counter()
        doc.undo_stack.undo()
        settle(app)
        if profiling:
            profile.disable()
            break
        fills.append(elapsed_fill)
        undos.append(time.perf_counter() - t0)
    hexes = args.size * args.size
    print(f"map {args.size}x{args.size} ({hexes} hexes), window 1600x1000, "
          f"median of {args.repeat}")
    print(f"whole-map fill: {statistics.median(fills) * 1000:8.1f} ms")
    print(f"undo of it:     {statistics.median(undos) * 1000:8.1f} ms")
    if profile is not None:
        pstats.Stats(profile).sort_stats("cumulative").print_stats(25)
    window.close()


if __name__ == "__main__":
    main()

"""The main window with the overview dock at 1366×768 and 1920×1080, on the Marathon sample
and on a 200×200 map crowded with units, and a close-up of a printed counter on the map.

`STUDIO_SCREENSHOTS=docs/images python3 -m pytest tests/gui/test_gui_map_screenshots.py`
refreshes docs/images/studio-map-counter.png; the window shots go to a temporary folder
(or that folder) and are checked.
"""
import os
import random
from dataclasses import replace
from pathlib import Path

import pytest
from PySide6.QtGui import QColor

from studio.edit.sample import sample_scenario
from studio.gui.document import ScenarioDocument
from studio.io import default_library
from studio.io.samples import sample_scenario_path

BACKGROUND = "#787c82"


def crowded(per_side=300, seed=5):
    """Marathon's sides on a generated 200x200 map, each side's units repeated over it."""
    library = default_library()
    doc = ScenarioDocument.open(sample_scenario_path(), library)
    scenario = doc.model
    scenario.map = sample_scenario(200, 200, doc.terrain_set, seed=seed).map
    labels = [doc.geometry.label(h) for h in ScenarioDocument(scenario).geometry.hexes()]
    rng = random.Random(seed)
    for side in scenario.sides:
        kinds = [u for u in side.army.units if u.hex]
        side.army.units = [replace(kinds[k % len(kinds)], id=None, hex=rng.choice(labels))
                           for k in range(per_side)]
    return ScenarioDocument(scenario, library=library)


@pytest.mark.parametrize("size", [(1366, 768), (1920, 1080)], ids=lambda s: f"{s[0]}x{s[1]}")
@pytest.mark.parametrize("which", ["marathon", "200x200"])
def test_window_with_overview(which, size, make_window, qtbot, tmp_path):
    out = Path(os.environ.get("STUDIO_SCREENSHOTS") or tmp_path)
    out.mkdir(parents=True, exist_ok=True)
    if which == "marathon":
        w = make_window(size=size, exposed=True)
    else:
        w = make_window(load=lambda win: win.set_document(crowded()), size=size, exposed=True)
    view, overview = w.view, w.overview_dock.overview
    view.fit_map()
    if which == "200x200":
        view.zoom_to_radius(60)            # the printed counters, somewhere in the middle
        view.center_on_hex(view.doc.geometry.to_hex(100, 100))
    view.flush()
    overview.rebuild()
    image = w.grab().toImage()
    assert image.save(str(out / f"map-{which}-{size[0]}x{size[1]}.png"))
    # (the window's minimum height, set by the docks' layout, may still exceed 768)
    assert image.width() == size[0] and size[1] <= image.height() <= size[1] + 40
    centre = view.mapTo(w, view.viewport().rect().center())
    assert QColor(image.pixel(centre)).name() != BACKGROUND
    # the overview is on screen and shows the map, not just its background
    assert overview.isVisible() and overview.width() >= 100 and overview.height() >= 80
    o = overview.mapTo(w, overview.rect().center())
    assert QColor(image.pixel(o)).name() != BACKGROUND


def test_zoomed_counter_close_up(make_window, qtbot, tmp_path):
    out = Path(os.environ.get("STUDIO_SCREENSHOTS") or tmp_path)
    out.mkdir(parents=True, exist_ok=True)
    w = make_window(size=(1366, 768), exposed=True)
    view = w.view
    unit = next(u for u in view.doc.model.sides[0].army.units if u.type == "greek-archon")
    h = view.doc.geometry.parse_label(unit.hex)
    view.zoom_to_radius(160)
    view.center_on_hex(h)
    view.flush()
    c = view.hex_to_viewport(h).toPoint()
    r = round(view.hex_radius_px() * 1.3)
    picture = view.viewport().grab().copy(c.x() - r, c.y() - r, 2 * r, 2 * r).toImage()
    assert picture.save(str(out / "studio-map-counter.png"))
    # the side's blue counter fills the middle
    middle = QColor(picture.pixel(r, r + r // 8))
    assert middle.blue() > middle.red() + 40 or middle.lightness() > 200

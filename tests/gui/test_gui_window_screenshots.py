"""The main window rendered offscreen on every bundled scenario, at 1400×900.

`STUDIO_SCREENSHOTS=docs/images python3 -m pytest tests/gui/test_gui_window_screenshots.py`
refreshes the user guide's pictures (docs/images/studio-<id>.png); otherwise they go to a
temporary folder and are only checked.
"""
import os
from pathlib import Path

import pytest
from PySide6.QtGui import QColor

from studio.io.samples import scenario_templates

# Which Scenario-dock tab each picture shows, so the guide shows them all.
TABS = {"marathon": 3, "trench-assault": 1, "belt-skirmish": 0}


@pytest.mark.parametrize("template", scenario_templates(), ids=lambda p: p.stem)
def test_main_window_screenshot(template, make_window, qtbot, tmp_path):
    out = Path(os.environ.get("STUDIO_SCREENSHOTS") or tmp_path)
    out.mkdir(parents=True, exist_ok=True)
    w = make_window(template, size=(1400, 900), exposed=True, validation_delay_ms=0)
    qtbot.waitUntil(w.validation.idle)
    if w.doc.model.id in TABS:
        w.scenario_dock.raise_()            # a tab of the right-hand column
    w.scenario_dock.tabs.setCurrentIndex(TABS.get(w.doc.model.id, 0))
    if w.doc.model.victory:
        w.scenario_dock.victory.list.setCurrentRow(0)
    w.view.fit_map()
    w.view.flush()
    image = w.grab().toImage()
    target = out / f"studio-{w.doc.model.id}.png"
    assert image.save(str(target))
    assert (image.width(), image.height()) == (1400, 900)
    # The map is painted: the centre of the view is not the empty background.
    centre = w.view.mapTo(w, w.view.viewport().rect().center())
    assert QColor(image.pixel(centre)).name() != "#787c82"
    assert w.problems_dock.windowTitle().startswith("Problems: ")

"""Screenshots of the army builder and the two library editors, drawn offscreen.

Each test renders a realistic state and checks the picture is there; with
STUDIO_SCREENSHOTS set, as for the other screenshot tests
(`STUDIO_SCREENSHOTS=docs/images pytest tests/gui/test_gui_armies_screenshots.py`; the older
STUDIO_SCREENSHOT_DIR still works), it also writes the PNGs docs/armies.md shows.
"""
import os
from pathlib import Path

import pytest
from PySide6.QtWidgets import QApplication, QMessageBox

from studio.gui.armies import ArmyBuilder
from studio.gui.document import ScenarioDocument
from studio.gui.editors import ArmyListEditor, TerrainSetEditor
from studio.io import Library, bundled_library_dir
from studio.model import Army, HexMap, Scenario, Side


@pytest.fixture(scope="module")
def lib():
    return Library.load([bundled_library_dir()])


@pytest.fixture(autouse=True)
def home(tmp_path, monkeypatch):
    monkeypatch.setenv("WARGAME_STUDIO_HOME", str(tmp_path))
    monkeypatch.setattr(QMessageBox, "question", lambda *a, **k: QMessageBox.Discard)


def shoot(widget, name: str, tmp_path: Path) -> None:
    widget.show()
    for _ in range(3):
        QApplication.processEvents()
    image = widget.grab().toImage()
    assert not image.isNull() and image.width() >= 800
    folder = os.environ.get("STUDIO_SCREENSHOTS") or os.environ.get("STUDIO_SCREENSHOT_DIR")
    target = Path(folder) if folder else tmp_path
    target.mkdir(parents=True, exist_ok=True)
    assert image.save(str(target / name))


def test_builder_screenshot(qtbot, lib, tmp_path):
    scenario = Scenario("marathon", "Marathon", "rules-of-war", "basic-ground",
                        HexMap.blank(16, 12, "."), [
        Side("greeks", "Greeks", "#2b5fa8",
             Army("ancient-greek", composition="greek-army", points_limit=100), "west",
             ["0101-0412"]),
        Side("persians", "Persians", "#a82b2b", Army("ancient-persian", points_limit=100),
             "east")])
    doc = ScenarioDocument(scenario, library=lib)
    b = ArmyBuilder(doc, lib, "greeks")
    qtbot.addWidget(b)
    b.resize(980, 1040)
    for type_id, n in {"general": 1, "hoplites-standard": 8, "peltasts": 2,
                       "psiloi-bow": 2, "medium-cavalry": 2, "light-cavalry-javelin": 1}.items():
        b.set_count(type_id, n)
    doc.place_unit("greeks", doc.geometry.parse_label("0305"), index=0)
    doc.place_unit("greeks", doc.geometry.parse_label("0306"), index=1)
    b.count_table.select_type("psiloi-bow")
    b.suggest_fill()
    assert b.checklist.all_met()
    shoot(b, "armies-builder.png", tmp_path)


def test_army_list_editor_screenshot(qtbot, lib, tmp_path):
    e = ArmyListEditor.copy_of(lib, "ancient-greek", reload_library=lambda: lib)
    qtbot.addWidget(e)
    e.resize(1200, 760)
    e.tabs.setCurrentIndex(1)
    e.select_row(0)
    e.table_model.setData(e.table_model.index(5, 6), "9x")     # refused: see the status bar
    shoot(e, "editor-army-list.png", tmp_path)
    e.undo_stack.setClean()


def test_terrain_set_editor_screenshot(qtbot, lib, tmp_path):
    e = TerrainSetEditor.copy_of(lib, "basic-ground", reload_library=lambda: lib)
    qtbot.addWidget(e)
    e.resize(1200, 700)
    e.select_row(1)
    shoot(e, "editor-terrain-set.png", tmp_path)

"""File ▸ Import ▸ Tiled map… on the real window: maps our export writes open at once, foreign
maps go through the mapping dialog, unusable maps are refused naming the file and the reason,
and the imported scenario is a new unsaved, undoable document."""
from __future__ import annotations

import os
import shutil
import subprocess

import pytest
from PySide6.QtGui import QColor, QImage
from PySide6.QtWidgets import QDialogButtonBox, QMessageBox

from studio.gui.dialogs import prompts
from studio.hexgrid import Hex
from studio.interop.tiled import TmxOptions, export_tmx
from studio.io import load_file
from studio.io.samples import scenarios_dir

TILE_COLOURS = ("#3a7d2c", "#2d5fa8", "#d8c98a", "#777777")

HAND_TSX = """<?xml version="1.0" encoding="UTF-8"?>
<tileset version="1.8" name="Hand drawn" tilewidth="28" tileheight="32" tilecount="4" columns="4">
 <image source="hand.png" width="112" height="32"/>
 <tile id="0" type="Forest"/>
 <tile id="1" type="lake"/>
</tileset>
"""

HAND_TMX = """<?xml version="1.0" encoding="UTF-8"?>
<map version="1.8" orientation="hexagonal" renderorder="right-down" width="4" height="3"
     tilewidth="28" tileheight="32" infinite="0" hexsidelength="16" staggeraxis="y"
     staggerindex="even" nextlayerid="2" nextobjectid="1">
 <tileset firstgid="1" source="hand.tsx"/>
 <layer id="1" name="ground" width="4" height="3">
  <data encoding="csv">
1,1,2,1,
1,3,3,0,
4,1,1,1
</data>
 </layer>
</map>
"""


@pytest.fixture
def warnings(monkeypatch):
    """The refusals the window shows, as (title, text)."""
    shown = []
    monkeypatch.setattr(QMessageBox, "warning",
                        lambda parent, title, text, *a: shown.append((title, text)))
    return shown


def hand_map(folder):
    sheet = QImage(112, 32, QImage.Format_ARGB32)
    for i, colour in enumerate(TILE_COLOURS):
        for x in range(i * 28, (i + 1) * 28):
            for y in range(32):
                sheet.setPixelColor(x, y, QColor(colour))
    assert sheet.save(str(folder / "hand.png"))
    (folder / "hand.tsx").write_text(HAND_TSX)
    (folder / "hand.tmx").write_text(HAND_TMX)
    return folder / "hand.tmx"


def add_layer(path, name: str, csv: str) -> None:
    """A second tile layer on the hand-drawn map."""
    layer = (f' <layer id="2" name="{name}" width="4" height="3">\n'
             f'  <data encoding="csv">\n{csv}\n</data>\n </layer>\n</map>')
    path.write_text(path.read_text().replace("</map>", layer))


def exported(tmp_path, name="marathon"):
    from studio.io import default_library
    scenario = load_file(scenarios_dir() / f"{name}.yaml").model
    export_tmx(scenario, default_library(), tmp_path / f"{name}.tmx", TmxOptions(hex_size=12))
    return scenario, tmp_path / f"{name}.tmx"


def test_file_menu_has_import_tiled_map(make_window):
    w = make_window()
    file_menu = w.menuBar().actions()[0].menu()
    imports = next(a.menu() for a in file_menu.actions() if a.text() == "&Import")
    assert [a.text() for a in imports.actions()] == ["&Tiled map…"]


def test_our_own_export_opens_as_a_new_unsaved_undoable_scenario(make_window, tmp_path,
                                                                  monkeypatch, sample_copy):
    w = make_window(sample_copy)
    original, tmx = exported(tmp_path)
    monkeypatch.setattr(prompts, "ask_tiled_path", lambda parent, start: tmx)
    assert w.import_tiled_action.isEnabled()
    w.import_tiled_action.trigger()
    doc = w.doc
    assert doc.path is None and doc.is_modified()
    assert w.windowTitle().startswith(f"{original.name}[*]") and w.isWindowModified()
    assert doc.model.map.terrain == original.map.terrain
    assert doc.model.map.elevation == original.map.elevation
    assert [o.hex for o in doc.model.objectives] == [o.hex for o in original.objectives]
    assert "Imported marathon.tmx: 32×22 flat-top hexes on basic-ground" in \
        w.statusBar().currentMessage()
    # Edits on it are undoable like any other document's.
    before = doc.symbol_at(Hex(0, 0))
    doc.paint([Hex(0, 0)], "~" if before != "~" else ".")
    assert doc.symbol_at(Hex(0, 0)) != before
    w.undo_action.trigger()
    assert doc.symbol_at(Hex(0, 0)) == before
    assert doc.is_modified()            # still in no file


def test_unsaved_changes_are_asked_about_and_cancel_keeps_the_scenario(
        make_window, tmp_path, monkeypatch, sample_copy):
    w = make_window(sample_copy)
    w.doc.paint([Hex(1, 1)], "~")
    asked = []

    def question(parent, title, text, *args):
        asked.append(text)
        return QMessageBox.Cancel
    monkeypatch.setattr(QMessageBox, "question", question)
    _, tmx = exported(tmp_path)
    before = w.doc
    assert not w.import_tiled_map(tmx)
    assert w.doc is before and "Save them before opening the imported map?" in asked[0]
    # Closing the imported scenario asks too.
    monkeypatch.setattr(QMessageBox, "question", lambda *a: QMessageBox.Discard)
    assert w.import_tiled_map(tmx)
    asked.clear()
    monkeypatch.setattr(QMessageBox, "question", question)
    assert not w.maybe_save("closing")
    assert asked and "marathon" in asked[0].lower()


def test_tiles_without_terrain_go_through_the_mapping_dialog(make_window, tmp_path, qtbot):
    w = make_window()
    path = hand_map(tmp_path)
    assert w.import_tiled_map(path)
    dialog = w.tiled_import.dialog
    qtbot.waitExposed(dialog)
    table = dialog.table
    assert table.rowCount() == 5                # four tiles and the empty hexes
    assert [table.item(r, 0).text() for r in range(4)] == [
        "Hand drawn #0 · Forest", "Hand drawn #1 · lake", "Hand drawn #2", "Hand drawn #3"]
    assert [table.item(r, 1).text() for r in range(5)] == ["7", "1", "2", "1", "1"]
    assert table.item(4, 0).text() == "Hexes with no tile"
    # The tiles' pictures come from the tileset image.
    icon = table.item(1, 0).icon().pixmap(16, 16).toImage()
    assert icon.pixelColor(8, 8).name() == TILE_COLOURS[1]
    ok = dialog.buttons.button(QDialogButtonBox.Ok)
    # A tile of class "Forest" is guessed as Forest; the others wait for a choice.
    assert dialog.combos["Hand drawn:0"].currentData() == "forest"
    assert not ok.isEnabled() and len(dialog.missing()) == 4
    dialog.set_terrain("Hand drawn:1", "water")
    dialog.set_terrain("Hand drawn:2", "desert")
    dialog.set_terrain("Hand drawn:3", "mountainous")
    assert not ok.isEnabled()
    dialog.set_terrain("no tile", "open")
    assert ok.isEnabled()
    ok.click()
    m = w.doc.model.map
    # Stagger axis y: pointy tops. Tiled counts rows from 0 and we from 1, so its even
    # stagger index is our odd offset.
    assert (m.columns, m.rows, m.orientation, m.offset) == (4, 3, "pointy", "odd")
    assert m.terrain == ["ff~f", "fdd.", "^fff"]
    assert w.doc.path is None and w.doc.is_modified()


def test_a_tmj_map_saved_by_tiled_imports(make_window, tmp_path, warnings):
    tiled = shutil.which("tiled")
    assert tiled, "Tiled is missing: apt-get install tiled (scripts/setup.sh)"
    original, tmx = exported(tmp_path, "trench-assault")
    tmj = tmp_path / "trench.tmj"
    subprocess.run([tiled, "--export-map", "json", "--embed-tilesets", str(tmx), str(tmj)],
                   check=True, capture_output=True, timeout=120,
                   env=dict(os.environ, QT_QPA_PLATFORM="offscreen"))
    w = make_window()
    assert w.import_tiled_map(tmj), warnings
    m = w.doc.model.map
    assert (m.orientation, m.offset) == (original.map.orientation, original.map.offset)
    assert m.terrain == original.map.terrain


@pytest.mark.parametrize("what,change,reason", [
    ("not hexagonal", lambda t: t.replace('orientation="hexagonal"', 'orientation="isometric"'),
     "the map is isometric orientation, not hexagonal"),
    ("too large", lambda t: t.replace('width="4" height="3"\n', 'width="1200" height="3"\n'),
     "the map is 1200×3 tiles; the studio takes at most 999×999"),
    ("unknown tiles", lambda t: t.replace("4,1,1,1", "4,1,9,1"),
     "holds tile 9, which belongs to no tileset of the map"),
])
def test_unusable_maps_are_refused_naming_the_file_and_the_reason(
        make_window, tmp_path, warnings, what, change, reason):
    path = hand_map(tmp_path)
    path.write_text(change(path.read_text()))
    w = make_window()
    before = w.doc
    assert not w.import_tiled_map(path)
    assert len(warnings) == 1, what
    title, text = warnings[0]
    assert title == "Cannot import the Tiled map"
    assert text.startswith(str(path)) and reason in text
    assert w.doc is before and w.tiled_import.dialog is None


def test_mapping_dialog_screenshot_at_1366x768(make_window, tmp_path, qtbot):
    """The dialog over the window at 1366×768; `STUDIO_SCREENSHOTS=docs/images` keeps it."""
    from pathlib import Path

    from PySide6.QtGui import QPainter
    out = Path(os.environ.get("STUDIO_SCREENSHOTS") or tmp_path)
    out.mkdir(parents=True, exist_ok=True)
    w = make_window(size=(1366, 768), exposed=True)
    assert w.import_tiled_map(hand_map(tmp_path))
    dialog = w.tiled_import.dialog
    dialog.set_terrain("Hand drawn:1", "water")
    qtbot.waitExposed(dialog)
    shot = w.grab().toImage()
    assert shot.width() == 1366         # (the main window's own minimum height is 788)
    panel = dialog.grab().toImage()
    assert panel.width() <= 1366 and panel.height() <= 768      # fits the small screen
    painter = QPainter(shot)
    x, y = (shot.width() - panel.width()) // 2, (shot.height() - panel.height()) // 2
    painter.drawImage(x, y, panel)
    painter.setPen(QColor("#505050"))
    painter.drawRect(x - 1, y - 1, panel.width() + 1, panel.height() + 1)    # its frame
    painter.end()
    assert shot.save(str(out / "import-tiled-mapping.png"))


def test_a_problem_found_on_import_is_shown_in_the_dialog_which_stays_open(
        make_window, tmp_path, qtbot):
    path = hand_map(tmp_path)
    # An elevation layer whose tile has no 'elevation' property: found when building.
    add_layer(path, "elevation", "0,0,0,0,\n0,0,2,0,\n0,0,0,0")
    w = make_window()
    before = w.doc
    assert w.import_tiled_map(path)
    dialog = w.tiled_import.dialog
    for key, terrain in (("Hand drawn:1", "water"), ("Hand drawn:2", "desert"),
                         ("Hand drawn:3", "open"), ("no tile", "open")):
        dialog.set_terrain(key, terrain)
    dialog.buttons.button(QDialogButtonBox.Ok).click()
    assert dialog.isVisible() and w.doc is before
    text = dialog.problem.text()
    assert text.startswith(str(path)) and "layer 'elevation'" in text
    assert "needs an 'elevation' property of 0 to 9" in text and "0302" in text
    dialog.reject()
    assert w.doc is before


def test_with_several_tile_layers_the_dialog_asks_which_holds_the_terrain(
        make_window, tmp_path, qtbot):
    path = hand_map(tmp_path)
    add_layer(path, "trees", "1,1,1,1,\n1,1,1,1,\n1,1,1,2")
    w = make_window()
    assert w.import_tiled_map(path)
    dialog = w.tiled_import.dialog
    assert dialog.layer_combo.isEnabled()
    assert [dialog.layer_combo.itemText(i) for i in range(2)] == ["ground", "trees"]
    assert dialog.table.rowCount() == 5
    dialog.layer_combo.setCurrentText("trees")
    assert [dialog.table.item(r, 1).text() for r in range(dialog.table.rowCount())] == [
        "11", "1"]
    dialog.set_terrain("Hand drawn:1", "water")
    dialog.buttons.button(QDialogButtonBox.Ok).click()
    assert w.doc.model.map.terrain == ["ffff", "ffff", "fff~"]

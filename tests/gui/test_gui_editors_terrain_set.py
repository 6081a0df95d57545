"""The terrain-set editor on the real widgets: symbols, MP, colours and patterns checked per
cell, previews painted by the map's own code, undo, and saving into the user library."""
from fractions import Fraction
from pathlib import Path

import pytest
from PySide6.QtCore import Qt
from PySide6.QtGui import QColor
from PySide6.QtWidgets import QComboBox, QMessageBox

from studio.gui.editors import TerrainSetEditor
from studio.gui.editors.terrain_swatch import terrain_swatch
from studio.gui.editors.terrain_table import COL
from studio.io import Library, bundled_library_dir, load_file, user_library_dir
from studio.model import TerrainType


def load_library():
    return Library.load([bundled_library_dir(), user_library_dir()])


@pytest.fixture(scope="module")
def bundled():
    return Library.load([bundled_library_dir()])


@pytest.fixture
def home(tmp_path, monkeypatch):
    monkeypatch.setenv("WARGAME_STUDIO_HOME", str(tmp_path))
    monkeypatch.setattr(QMessageBox, "question", lambda *a, **k: QMessageBox.Discard)
    return tmp_path


@pytest.fixture
def editor(qtbot, home, bundled):
    e = TerrainSetEditor.copy_of(bundled, "basic-ground", reload_library=load_library)
    qtbot.addWidget(e)
    e.show()
    return e


def cell(e, row, key):
    return e.table_model.index(row, COL[key])


def row_of(e, terrain_id):
    return next(i for i, t in enumerate(e.model.terrain) if t.id == terrain_id)


@pytest.mark.parametrize("key, text, reason", [
    ("symbol", ".", "symbol '.' is already used by another terrain of the set"),
    ("symbol", " ", "symbol ' ' cannot be a space or '#'"),
    ("symbol", "#", "symbol '#' cannot be a space or '#'"),
    ("symbol", "ff", "symbol 'ff' must be exactly one character"),
    ("mp", "fast", "MP 'fast' is not a cost"),
    ("colour", "green", "colour 'green' must be written #rrggbb"),
    ("pattern", "stripes", "pattern 'stripes' is unknown"),
    ("save", "0", "save must be a whole number ≥ 1"),
    ("id", "open", "terrain id 'open' is already used"),
])
def test_bad_values_are_refused_with_the_reason(editor, key, text, reason):
    row = row_of(editor, "forest")
    before = editor.model.terrain[row]
    assert editor.table_model.setData(cell(editor, row, key), text) is False
    assert editor.model.terrain[row] == before
    assert editor.last_refusal.startswith(reason)
    assert reason in editor.statusBar().currentMessage()


def test_good_values_are_stored_and_undo(editor):
    row = row_of(editor, "forest")
    model = editor.table_model
    assert model.setData(cell(editor, row, "mp"), "1/2")
    assert editor.model.terrain[row].mp == Fraction(1, 2)
    assert model.data(cell(editor, row, "mp")) == "1/2"
    assert model.setData(cell(editor, row, "mp"), "impassable")
    assert editor.model.terrain[row].impassable
    assert model.setData(cell(editor, row, "symbol"), "T")
    assert model.setData(cell(editor, row, "forbidden_tags"), "cavalry, chariot")
    assert editor.model.terrain[row].forbidden_tags == ["cavalry", "chariot"]
    assert model.setData(cell(editor, row, "blocks_los"), Qt.Unchecked, Qt.CheckStateRole)
    assert not editor.model.terrain[row].blocks_los
    for _ in range(5):
        editor.undo_stack.undo()
    assert editor.model.terrain[row].mp == 2 and editor.model.terrain[row].symbol == "f"
    assert editor.model.terrain[row].blocks_los


def test_pattern_editor_is_a_combo_of_known_patterns(editor, qtbot):
    row = row_of(editor, "open")
    index = cell(editor, row, "pattern")
    editor.table.setCurrentIndex(index)
    editor.table.edit(index)
    combo = editor.table.indexWidget(index)
    assert isinstance(combo, QComboBox) and combo.itemText(0) == "(none)"
    combo.setCurrentIndex(combo.findData("dots"))
    editor.table.commitData(combo)
    assert editor.model.terrain[row].pattern == "dots"


def test_swatches_are_painted_by_the_map_code(editor):
    plain = terrain_swatch(TerrainType("x", "X", "x", "#336699"), 20)
    image = plain.toImage()
    centre = image.pixelColor(image.width() // 2, image.height() // 2)
    assert centre == QColor("#336699")
    assert image.pixelColor(0, 0).alpha() == 0                   # outside the hex
    row = row_of(editor, "forest")
    icon = editor.table_model.data(cell(editor, row, "preview"), Qt.DecorationRole)
    assert not icon.isNull()
    editor.select_row(row)
    assert "Forest 'f'" in editor.preview_caption.text()
    assert not editor.preview_flat.pixmap().isNull()
    editor.set_colour(row, "#ff0000")
    assert editor.model.terrain[row].colour == "#ff0000"


def test_add_duplicate_move_delete_and_elevation(editor):
    n = len(editor.model.terrain)
    assert editor.add_terrain()
    new = editor.model.terrain[-1]
    assert new.symbol not in {t.symbol for t in editor.model.terrain[:-1]}
    assert editor.duplicate_terrain(0)
    assert editor.model.terrain[-1].id == "open-copy"
    assert editor.move_terrain(n + 1, 0)
    assert editor.model.terrain[0].id == "open-copy"
    assert editor.delete_terrain(0) and len(editor.model.terrain) == n + 1
    editor.uphill.setText("1/2")
    editor.uphill.editingFinished.emit()
    assert editor.model.elevation.uphill_extra_mp == Fraction(1, 2)
    editor.downhill.setText("x")
    editor.downhill.editingFinished.emit()
    assert "attack downhill must be a whole number" in editor.last_refusal
    assert editor.downhill.text() == "1"


def test_bundled_sets_open_read_only_and_saved_sets_reload(qtbot, home):
    lib = load_library()
    e = TerrainSetEditor.open_id(lib, "basic-ground", reload_library=load_library)
    qtbot.addWidget(e)
    bundled_path = Path(lib.document("terrain-set", "basic-ground").path)
    text = bundled_path.read_text(encoding="utf-8")
    assert e.read_only and not e.name.isEnabled()
    assert e.table_model.setData(cell(e, 0, "name"), "Grass") is False
    target = e.save_copy()
    assert target == home / "libraries" / "terrain-sets" / "basic-ground-copy.yaml"
    assert bundled_path.read_text(encoding="utf-8") == text
    assert e.table_model.setData(cell(e, 0, "name"), "Grass")
    assert e.save() == target
    assert e.library.terrain_set("basic-ground-copy").terrain[0].name == "Grass"
    assert load_file(target).ok
    e.run_checks()
    assert e.findings == []

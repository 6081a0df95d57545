"""Issue 28 item 9: an explicit Validate command (Map menu, F7) that checks at once and
brings the Problems panel forward; closing an unedited list editor opened "from copy" asks
whether to keep the copy (it is in no file yet)."""
from PySide6.QtCore import Qt
from PySide6.QtWidgets import QMessageBox

from studio.gui.editors import ArmyListEditor, TerrainSetEditor
from studio.io import default_library


def test_validate_command_checks_now_and_focuses_problems(make_window, qtbot):
    w = make_window(exposed=True, validation_delay_ms=60_000)   # no check on its own soon
    qtbot.waitUntil(w.validation.idle, timeout=20000)
    w.history_dock.raise_()                                     # Problems hidden behind
    w.view.setFocus()
    titles = [a.text().replace("&", "") for a in w.menuBar().actions()]
    map_menu = w.menuBar().actions()[titles.index("Map")].menu()
    assert w.validate_action in map_menu.actions()
    assert w.validate_action.shortcut().toString() == "F7"
    w.doc.paint([w.doc.geometry.parse_label("0101")], "f")       # an edit: a check is due
    before = w.validation.generation
    qtbot.keyClick(w, Qt.Key_F7)
    assert w.validation.generation == before + 1                 # not after the long pause
    qtbot.waitUntil(w.validation.idle, timeout=20000)
    assert w.problems_dock.isVisible()
    assert not w.problems_dock.visibleRegion().isEmpty()         # in front of History
    assert w.problems_dock.tree.hasFocus()


def test_closing_an_unedited_copy_asks_to_keep_it(qtbot, monkeypatch, tmp_path):
    monkeypatch.setenv("WARGAME_STUDIO_HOME", str(tmp_path))
    asked = []

    def answer(_parent, _title, text, *_a, **_k):
        asked.append(text)
        return QMessageBox.Cancel
    monkeypatch.setattr(QMessageBox, "question", answer)
    lib = default_library()
    for editor, source in ((ArmyListEditor, "ancient-greek"), (TerrainSetEditor, "basic-ground")):
        e = editor.copy_of(lib, source, reload_library=lambda: lib)
        qtbot.addWidget(e)
        e.show()
        assert e.undo_stack.isClean() and e.is_modified()
        assert not e.close()                                     # Cancel keeps it open
        assert asked and "is a copy that is not saved yet" in asked[-1]
        assert e.isVisible()
        monkeypatch.setattr(QMessageBox, "question", lambda *a, **k: QMessageBox.Discard)
        assert e.close()
        monkeypatch.setattr(QMessageBox, "question", answer)
    # A list opened from the library, unedited, closes without a question.
    count = len(asked)
    e = ArmyListEditor.open_id(lib, "ancient-greek", reload_library=lambda: lib)
    qtbot.addWidget(e)
    e.show()
    assert e.close() and len(asked) == count

"""The Library menu's entries open their editors, and a failing menu action reaches the
user as a message box (issue 15 item 2)."""
import pytest
from PySide6.QtWidgets import QInputDialog, QMessageBox

from studio.gui.editors import ArmyListEditor, TerrainSetEditor


@pytest.fixture
def window(make_window):
    return make_window(show=False)


@pytest.fixture
def warnings(monkeypatch):
    shown = []
    monkeypatch.setattr(QMessageBox, "warning",
                        lambda _p, title, text, *a: shown.append((title, text)))
    return shown


ENTRIES = [("Edit army list…", "army-list", ArmyListEditor, False),
           ("New army list from copy…", "army-list", ArmyListEditor, True),
           ("Edit terrain set…", "terrain-set", TerrainSetEditor, False),
           ("New terrain set from copy…", "terrain-set", TerrainSetEditor, True)]


@pytest.mark.parametrize("text, kind, editor_class, is_copy", ENTRIES)
def test_each_library_entry_opens_its_editor(window, warnings, monkeypatch, text, kind,
                                              editor_class, is_copy):
    offered = []

    def choose(_parent, _title, _label, ids, *_a):
        offered.append(list(ids))
        return ids[-1], True
    monkeypatch.setattr(QInputDialog, "getItem", choose)
    window.armies.actions[text].trigger()
    assert warnings == []
    assert offered and offered[0] == list(window.library.ids(kind))
    chosen = offered[0][-1]
    editors = [e for e in window.armies.editors if isinstance(e, editor_class)]
    assert len(editors) == 1 and editors[0].isVisible()
    model = editors[0].model
    if is_copy:
        assert model.id != chosen and model.id.startswith(chosen)
    else:
        assert model.id == chosen


def test_a_failing_menu_action_shows_a_message(window, warnings, monkeypatch, capsys):
    def broken(*_a, **_k):
        raise ValueError("terrain set 'x' did not load")
    monkeypatch.setattr(TerrainSetEditor, "open_id", broken)
    monkeypatch.setattr(QInputDialog, "getItem", lambda _p, _t, _l, ids, *_a: (ids[0], True))
    window.armies.actions["Edit terrain set…"].trigger()
    assert len(warnings) == 1
    assert "Edit terrain set failed: terrain set 'x' did not load" in warnings[0][1]


def test_main_window_menu_actions_are_guarded(window, warnings, monkeypatch):
    import studio.gui.main_window as main_window

    def broken(*_a):
        raise RuntimeError("no map")
    monkeypatch.setattr(main_window, "ask_resize", broken)
    window.resize_action.trigger()
    assert len(warnings) == 1 and "Resize map failed: no map" in warnings[0][1]

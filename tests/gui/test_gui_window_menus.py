"""View options, the shortcuts list, copy/paste of map regions, resizing the map, and
`run_studio` itself."""
import shutil

import pytest
from PySide6.QtWidgets import QApplication

from studio.gui import app as app_module
from studio.gui import main_window as main_window_module
from studio.gui.dialogs.shortcuts import menu_shortcuts
from studio.gui.main_window import MainWindow
from studio.gui.recent import studio_settings
from studio.io import default_library
from studio.io.samples import sample_scenario_path


@pytest.fixture
def window(make_window, sample_copy):
    return make_window(sample_copy)


def test_view_options_toggle_the_map_and_are_remembered(window, qtbot, home):
    labels = window.view_actions["show_labels"]
    assert window.view.option("show_labels")          # on from the start (issue 15)
    labels.trigger()
    assert not window.view.option("show_labels")
    window.view_actions["show_grid"].trigger()
    assert not window.view.option("show_grid")
    window.settings.sync()
    again = MainWindow(library=default_library(), settings=studio_settings(), autosave_seconds=0)
    qtbot.addWidget(again)
    assert not again.view.option("show_labels") and not again.view.option("show_grid")
    assert not again.view_actions["show_labels"].isChecked()


def test_shortcuts_list_covers_files_editing_and_tools(window):
    rows = dict((what, keys) for keys, what in menu_shortcuts(window))
    assert rows["File: Save"] == "Ctrl+S"
    assert rows["Edit: Redo"] == "Ctrl+Y, Ctrl+Shift+Z"
    assert rows["Tools: Terrain brush"] == "1"
    assert rows["Tools: Line of sight"] == "0"
    assert rows["Tools: Larger brush"] == "]"
    assert rows["View: Zoom to fit"] == "Ctrl+0"


def test_copy_and_paste_follow_the_selection(window):
    doc, tools = window.doc, window.tools
    assert not window.copy_action.isEnabled() and not window.paste_action.isEnabled()
    hexes = {doc.geometry.parse_label(label) for label in ("0101", "0201", "0102")}
    tools.set_selection(hexes)
    assert window.copy_action.isEnabled()
    window.copy_action.trigger()
    assert tools.clipboard is not None and len(tools.clipboard) == 3
    assert window.paste_action.isEnabled()
    window.paste_action.trigger()
    assert tools.tool.name == "paste"


def test_resize_map_through_the_dialog(window, monkeypatch):
    monkeypatch.setattr(main_window_module, "ask_resize",
                        lambda doc, parent: {"north": 0, "south": 2, "east": 1, "west": 0,
                                             "fill": "."})
    columns, rows = window.doc.model.map.columns, window.doc.model.map.rows
    window.resize_action.trigger()
    assert (window.doc.model.map.columns, window.doc.model.map.rows) == (columns + 1, rows + 2)
    assert "33 × 24" in window.scenario_dock.fields.map_size.text()
    window.undo_action.trigger()
    assert (window.doc.model.map.columns, window.doc.model.map.rows) == (columns, rows)


def test_run_studio_opens_the_file_in_a_window(home, tmp_path, monkeypatch, qapp):
    path = tmp_path / "opened.yaml"
    shutil.copy(sample_scenario_path(), path)
    seen = []

    def fake_exec():
        window = next(w for w in QApplication.topLevelWidgets() if isinstance(w, MainWindow)
                      and w.isVisible() and w.doc.path == path)
        seen.append(window.windowTitle())
        window.close()
        return 0
    monkeypatch.setattr(qapp, "exec", fake_exec)
    assert app_module.run_studio(path) == 0
    assert seen and seen[0].startswith("opened.yaml")

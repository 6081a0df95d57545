"""Entering and leaving play mode: the game runs on a copy; the editor's document, undo
history and tools come back exactly as they were."""
import pytest
from PySide6.QtCore import Qt

from studio.gui.play import menu as play_menu_module
from studio.gui.play.setup_dialog import PlaySetupDialog
from studio.gui.play.stage import BANNER
from studio.io import dump_model
from studio.playtest.players import PlaySetup, SideChoice


@pytest.fixture
def window(make_window):
    # No path: the Marathon sample, unsaved.
    w = make_window(size=(1400, 900), exposed=True, validation_delay_ms=0)
    yield w
    w.play_menu.leave()


def test_play_mode_leaves_the_document_and_undo_stack_unchanged(window, qtbot, monkeypatch):
    w = window
    h = w.doc.geometry.parse_label("1010")
    w.doc.paint([h], "f")                        # one edit on the undo stack, unsaved
    w.doc.move_unit("athenians", 1, w.doc.geometry.parse_label("0704"))
    w.doc.undo_stack.undo()                      # ...and one undone: a redo is pending
    before_text = dump_model(w.doc.model)
    before_stack = (w.doc.undo_stack.count(), w.doc.undo_stack.index(),
                    w.doc.undo_stack.isClean(), w.doc.undo_stack.undoText())
    editor_view = w.view
    monkeypatch.setattr(play_menu_module, "ask_play_setup",
                        lambda *a: PlaySetup.default(["athenians", "persians"], 3))
    w.play_menu.play_action.trigger()
    mode = w.play_menu.mode
    assert mode is not None and mode.active
    assert w.centralWidget() is mode.stage
    assert mode.stage.banner.text() == BANNER
    assert "Round 1 of 12" in mode.stage.headline.text()
    assert "choose who moves first" in mode.stage.task.text()
    # Editing is off: tools, panels, undo, edit commands, the tool keys.
    assert not w.tools_dock.isEnabled() and not w.units_dock.isEnabled()
    assert not w.scenario_dock.isEnabled()
    for action in (w.undo_action, w.redo_action, w.copy_action, w.paste_action,
                   w.resize_action, w.new_action, w.open_action):
        assert not action.isEnabled()
    assert all(not a.isEnabled() for a in w.tools_dock.tool_actions.values())
    assert not w.play_menu.play_action.isEnabled() and w.play_menu.leave_action.isEnabled()
    # Play a little: the game moves on, the document does not.
    s = mode.session
    qtbot.mouseClick(mode.dock.first_button, Qt.LeftButton)
    uid = next(u.uid for u in s.state.units if s.state.side_id(u.side) == s.state.to_act)
    mode.handler.select(uid)
    mode.handler.set_destination(sorted(mode.handler.reach_labels())[0])
    assert mode.handler.confirm()
    assert s.position == 2
    assert dump_model(w.doc.model) == before_text
    assert s.scenario is not w.doc.model

    qtbot.mouseClick(mode.stage.leave_button, Qt.LeftButton)
    assert not w.play_menu.playing and w.play_menu.mode is None
    assert w.centralWidget() is editor_view is w.view
    assert dump_model(w.doc.model) == before_text
    assert (w.doc.undo_stack.count(), w.doc.undo_stack.index(), w.doc.undo_stack.isClean(),
            w.doc.undo_stack.undoText()) == before_stack
    assert w.tools_dock.isEnabled() and w.units_dock.isEnabled() and w.tools_dock.isVisible()
    assert w.undo_action.isEnabled() and w.redo_action.isEnabled()
    assert w.new_action.isEnabled() and w.open_action.isEnabled()
    assert all(a.isEnabled() for a in w.tools_dock.tool_actions.values())
    assert w.play_menu.play_action.isEnabled() and not w.play_menu.leave_action.isEnabled()
    qtbot.wait(10)
    assert not [d for d in w.findChildren(type(mode.dock)) if d.isVisible()]
    w.doc.undo_stack.undo()                      # the history still works
    assert w.doc.symbol_at(h) != "f"


def test_the_play_menu_sits_before_help(window):
    titles = [a.text() for a in window.menuBar().actions()]
    assert titles.index("&Play") == titles.index("&Help") - 1
    assert window.play_menu.balance_action.text() == "&Balance report…"


def test_setup_dialog_builds_the_players(qtbot, window):
    dialog = PlaySetupDialog(window.doc.model, window)
    qtbot.addWidget(dialog)
    dialog.seed.setValue(42)
    dialog.set_kind("persians", "heuristic")
    dialog.seeds["persians"].setText("7")
    setup = dialog.setup()
    assert setup.dice_seed == 42
    assert setup.sides == {"athenians": SideChoice("human"), "persians": SideChoice("heuristic", 7)}
    assert not dialog.seeds["athenians"].isEnabled()


def test_an_unplayable_scenario_is_refused_with_the_reason(window, monkeypatch):
    shown = []
    monkeypatch.setattr(play_menu_module.prompts, "show_error",
                        lambda _p, title, text: shown.append((title, text)))
    window.doc.model.sides[0].army.units[1].hex = "9999"       # off the map
    assert window.play_menu.play(PlaySetup.default(["athenians", "persians"])) is None
    assert not window.play_menu.playing
    assert shown and "9999" in shown[0][1]


def test_view_options_follow_into_play_mode(window):
    mode = window.play_menu.play(PlaySetup.default(["athenians", "persians"], 1))
    grid = window.view_actions["show_grid"]
    grid.setChecked(not grid.isChecked())
    assert mode.view.option("show_grid") == grid.isChecked()
    assert not mode.view.option("show_units")          # the game's units are drawn instead
    window.play_menu.leave()
    grid.setChecked(not grid.isChecked())                # no longer linked: no error

"""The options of a scenario's ruleset in a form built from its game's options: a Quick and
Dirty designer turns hidden set-up into all-clear and sets the morale threshold without
YAML; each change is one undo step; the bundled file is saved as a copy in the user library
and the scenario then plays by the copy (one undo step in the scenario's history)."""
from __future__ import annotations

import os

from PySide6.QtWidgets import QCheckBox, QComboBox, QDoubleSpinBox, QSpinBox

from studio.io import load_file
from studio.rulesets import new_game

QND = "templates/scenarios/qnd-battle-of-three-armies.yaml"


def test_the_form_comes_from_the_games_options(make_window):
    window = make_window(QND, size=(1366, 768))
    editor = window.armies.open_ruleset_options()
    try:
        names = {f.name for f in editor.fields}
        assert {"setup", "sight_range", "zone_of_control", "army_break_fraction"} <= names
        assert isinstance(editor.widgets["setup"], QComboBox)
        assert isinstance(editor.widgets["zone_of_control"], QCheckBox)
        assert isinstance(editor.widgets["sight_range"], QSpinBox)
        assert isinstance(editor.widgets["army_break_fraction"], QDoubleSpinBox)
        assert editor.widgets["setup"].currentText() == "hidden"       # the bundled file
        assert "combat_chart" in editor.tables_note.text()
        assert "Q2" in editor.widgets["setup"].toolTip()
        assert editor.read_only and not editor.widgets["setup"].isEnabled()
    finally:
        editor.close()


def test_set_options_undo_and_play_by_the_saved_copy(make_window, qtbot, home):
    window = make_window(QND, size=(1366, 768))
    doc = window.doc
    before = doc.model.ruleset
    editor = window.armies.open_ruleset_options()
    try:
        assert editor.save_copy() is not None                 # the bundled file is read-only
        copy_id = editor.model.id
        assert copy_id != before and doc.model.ruleset == copy_id
        combo = editor.widgets["setup"]
        combo.setCurrentIndex(combo.findText("all-clear"))
        combo.activated.emit(combo.currentIndex())
        assert editor.model.options["setup"] == "all-clear"
        spin = editor.widgets["army_break_fraction"]
        spin.setValue(0.25)
        spin.editingFinished.emit()
        assert editor.model.options["army_break_fraction"] == 0.25
        assert editor.undo_stack.count() == 2
        editor.undo_stack.undo()
        assert editor.model.options["army_break_fraction"] == 0.5
        assert spin.value() == 0.5                             # the form follows undo
        editor.undo_stack.redo()
        shots = os.environ.get("STUDIO_SHOTS")
        if shots:
            editor.grab().save(os.path.join(shots, "ruleset-options-editor.png"))
        path = editor.save()
        assert path is not None and path.is_file()
        saved = load_file(str(path)).model
        assert saved.options["setup"] == "all-clear" and saved.options["combat_chart"]
        # the scenario now plays by the copy: an all-clear game, morale at a quarter
        state = new_game(doc.model, window.library, 1)
        assert state.game.options.setup == "all-clear"
        assert state.game.options.army_break_fraction == 0.25
        window.undo_action.trigger()                            # the scenario's own undo
        assert doc.model.ruleset == before
    finally:
        editor.close()

"""The main window's files: open, save, save as, reopen identical, New, Revert, Open Recent,
the unsaved-changes question, undo/redo through the menu, the title's `*`."""
from repo_paths import REPO_ROOT
import shutil
from pathlib import Path

import pytest
from PySide6.QtGui import QKeySequence
from PySide6.QtWidgets import QFileDialog, QMessageBox

from studio.gui import main_window as main_window_module
from studio.gui.dialogs.new_scenario import NewScenarioChoice, NewScenarioDialog, blank_scenario
from studio.gui.main_window import MainWindow
from studio.io import default_library, dump_model, load_file
from studio.io.samples import scenario_templates


@pytest.fixture
def answers(monkeypatch):
    """Answers the window's message boxes give, in order; Discard when none is left."""
    given = []
    asked = []

    def question(parent, title, text, *args):
        asked.append(title)
        return given.pop(0) if given else QMessageBox.Discard
    monkeypatch.setattr(QMessageBox, "question", question)
    errors = []
    monkeypatch.setattr(QMessageBox, "warning", lambda parent, title, text, *a: errors.append(text))
    return type("Answers", (), {"given": given, "asked": asked, "errors": errors})


@pytest.fixture
def home(tmp_path, monkeypatch):
    """The shared `home` without its Discard answer: here `answers` scripts the questions."""
    folder = tmp_path / "home"
    monkeypatch.setenv("WARGAME_STUDIO_HOME", str(folder))
    monkeypatch.delenv("WARGAME_STUDIO_RECOVERY", raising=False)
    return folder


@pytest.fixture
def window(make_window, answers, sample_copy, qtbot):
    w = make_window(sample_copy, validation_delay_ms=10)
    qtbot.waitUntil(w.validation.idle)
    return w


def test_opens_the_file_with_a_clean_title(window, sample_copy):
    assert window.doc.path == sample_copy
    assert window.windowTitle().startswith("marathon.yaml[*]")
    assert not window.isWindowModified()
    assert window.doc.model == load_file(sample_copy).model


def test_an_edit_marks_the_title_and_undo_clears_it(window):
    window.doc.set_field("name", "Marathon revisited")
    assert window.isWindowModified()
    window.undo_action.trigger()
    assert window.doc.model.name == "Marathon, 490 BC"
    assert not window.isWindowModified()
    window.redo_action.trigger()
    assert window.doc.model.name == "Marathon revisited"
    assert window.isWindowModified()


def test_undo_and_redo_carry_the_designers_shortcuts(window):
    assert QKeySequence("Ctrl+Z") in window.undo_action.shortcuts()
    assert {QKeySequence("Ctrl+Y"), QKeySequence("Ctrl+Shift+Z")} <= set(window.redo_action.shortcuts())
    assert window.save_action.shortcut() == QKeySequence("Ctrl+S")
    assert window.save_as_action.shortcut() == QKeySequence("Ctrl+Shift+S")
    assert window.quit_action.shortcut() == QKeySequence("Ctrl+Q")
    assert window.new_action.shortcut() == QKeySequence("Ctrl+N")
    assert window.open_action.shortcut() == QKeySequence("Ctrl+O")


def test_save_without_edits_writes_the_same_text(window, sample_copy):
    before = sample_copy.read_text(encoding="utf-8")
    assert window.save()
    assert sample_copy.read_text(encoding="utf-8") == before


def test_save_and_reopen_gives_an_identical_document(window, sample_copy, qtbot):
    doc = window.doc
    doc.set_field("name", "Marathon, second try")
    doc.set_side_field("athenians", "points_limit", 150)
    label = doc.model.sides[0].army.units[0].hex
    doc.unplace_unit("athenians", 0)
    assert window.save()
    assert not window.isWindowModified()
    text = sample_copy.read_text(encoding="utf-8")
    assert text == dump_model(doc.model)
    assert window.open_path(sample_copy)
    assert window.doc is not doc
    assert window.doc.model == load_file(sample_copy).model
    assert window.doc.model.name == "Marathon, second try"
    assert window.doc.model.sides[0].army.units[0].hex is None and label is not None
    assert dump_model(window.doc.model) == text


def test_save_as_asks_for_a_file_and_renames_the_window(window, tmp_path, monkeypatch):
    target = tmp_path / "elsewhere" / "copy"
    target.parent.mkdir()
    monkeypatch.setattr(QFileDialog, "getSaveFileName",
                        lambda *a, **k: (str(target), "Scenarios (*.yaml *.yml)"))
    window.doc.set_field("round_limit", 9)
    assert window.save_as()
    saved = target.with_name("copy.yaml")
    assert window.doc.path == saved and saved.exists()
    assert window.windowTitle().startswith("copy.yaml")
    assert load_file(saved).model.round_limit == 9
    assert window.recent.paths()[0] == saved


def test_open_recent_lists_opened_and_saved_files_newest_first(window, sample_copy, tmp_path):
    other = tmp_path / "other.yaml"
    shutil.copy(scenario_templates()[0], other)
    assert window.open_path(other)
    assert window.recent.paths()[:2] == [other, sample_copy]
    window._fill_recent_menu()
    names = [a.text() for a in window.recent_menu.actions() if a.text()]
    assert names[0].endswith("other.yaml") and names[1].endswith("marathon.yaml")
    for i in range(12):
        extra = tmp_path / f"s{i}.yaml"
        shutil.copy(sample_copy, extra)
        window.recent.add(extra)
    assert len(window.recent.paths()) == 10


def test_unsaved_changes_cancel_keeps_the_document(window, answers, tmp_path):
    other = tmp_path / "other.yaml"
    shutil.copy(scenario_templates()[0], other)
    window.doc.set_field("name", "Unsaved")
    answers.given.append(QMessageBox.Cancel)
    assert not window.open_path(other)
    assert answers.asked == ["Unsaved changes"]
    assert window.doc.model.name == "Unsaved" and window.isWindowModified()


def test_unsaved_changes_discard_opens_the_other_file(window, answers, sample_copy, tmp_path):
    other = tmp_path / "other.yaml"
    shutil.copy(scenario_templates()[0], other)
    window.doc.set_field("name", "Unsaved")
    answers.given.append(QMessageBox.Discard)
    assert window.open_path(other)
    assert window.doc.path == other
    assert load_file(sample_copy).model.name == "Marathon, 490 BC"


def test_unsaved_changes_save_writes_then_opens(window, answers, sample_copy, tmp_path):
    other = tmp_path / "other.yaml"
    shutil.copy(scenario_templates()[0], other)
    window.doc.set_field("name", "Saved on the way out")
    answers.given.append(QMessageBox.Save)
    assert window.open_path(other)
    assert load_file(sample_copy).model.name == "Saved on the way out"


def test_closing_with_unsaved_changes_can_be_cancelled(window, answers):
    window.doc.set_field("name", "Still here")
    answers.given.append(QMessageBox.Cancel)
    assert not window.close()
    assert window.isVisible()
    answers.given.append(QMessageBox.Discard)
    assert window.close()


def test_revert_reloads_the_saved_file(window, answers, sample_copy):
    window.doc.set_field("name", "To be thrown away")
    answers.given.append(QMessageBox.Discard)
    assert window.revert()
    assert answers.asked == ["Revert"]
    assert window.doc.model == load_file(sample_copy).model
    assert not window.isWindowModified()


def test_new_blank_scenario_of_a_chosen_size(window, monkeypatch):
    choice = NewScenarioChoice(name="Border Clash", columns=12, rows=9,
                               terrain_set="ww1-ground", orientation="pointy", offset="odd")
    monkeypatch.setattr(main_window_module, "ask_new_scenario", lambda parent, library: choice)
    assert window.new_scenario()
    doc = window.doc
    m = doc.model
    assert doc.path is None
    assert (m.map.columns, m.map.rows, m.map.orientation, m.map.offset) == (12, 9, "pointy", "odd")
    assert m.terrain_set == "ww1-ground" and m.id == "border-clash"
    assert len(m.map.terrain) == 9 and all(len(row) == 12 for row in m.map.terrain)
    assert [s.map_edge for s in m.sides] == ["west", "east"]
    lists = {s.army.army_list for s in m.sides}
    assert all(default_library().army_list(i).terrain_set == "ww1-ground" for i in lists)
    assert window.windowTitle().startswith("Border Clash")
    assert window.tools_dock.palette.count() == len(doc.terrain_set.terrain)


def test_new_from_a_template_is_an_unsaved_copy(window, monkeypatch):
    template = scenario_templates()[0]
    monkeypatch.setattr(main_window_module, "ask_new_scenario",
                        lambda parent, library: NewScenarioChoice(template=template))
    assert window.new_scenario()
    assert window.doc.path is None
    assert window.doc.model == load_file(template).model
    assert not window.revert_action.isEnabled()


def test_new_scenario_dialog_reports_the_choice(qtbot):
    dialog = NewScenarioDialog(default_library())
    qtbot.addWidget(dialog)
    assert dialog.templates.count() == len(scenario_templates())
    assert dialog.choice().template == scenario_templates()[0]
    dialog.from_blank.setChecked(True)
    dialog.columns.setValue(40)
    dialog.rows.setValue(25)
    dialog.terrain_set.setCurrentIndex(dialog.terrain_set.findData("basic-space"))
    choice = dialog.choice()
    assert (choice.template, choice.columns, choice.rows, choice.terrain_set) == \
        (None, 40, 25, "basic-space")


def test_start_without_a_file_opens_the_bundled_sample_unsaved(qtbot, home, answers):
    w = MainWindow(library=default_library(), autosave_seconds=0)
    qtbot.addWidget(w)
    w.start(None)
    assert w.doc.model.id == "marathon"
    assert w.doc.path is None             # Save never overwrites the bundled template
    assert w.windowTitle().startswith("Marathon, 490 BC")


def test_opening_a_broken_file_reports_it_and_keeps_the_document(window, answers, tmp_path):
    bad = tmp_path / "bad.yaml"
    bad.write_text("kind: scenario\nformat: 1\nid: x\n", encoding="utf-8")
    before = window.doc
    assert not window.open_path(bad)
    assert window.doc is before
    assert answers.errors and "bad.yaml" in answers.errors[0]
    assert not window.open_path(Path(tmp_path / "missing.yaml"))


def _library_with_another_game(tmp_path):
    """The bundled library plus a ruleset file of another game and an army list for it."""
    from studio.io import load_text
    from studio.validate import library_with
    other = tmp_path / "other-rules.yaml"
    other.write_text("kind: ruleset\nformat: 1\nid: other-rules\nname: Other Game\n"
                     "system: other-game\noptions: {}\n")
    army = tmp_path / "other-army.yaml"
    army.write_text((REPO_ROOT / "libraries" / "army-lists" /
                     "persian-wars-greek.yaml").read_text()
                    .replace("id: persian-wars-greek", "id: other-army")
                    .replace("ruleset: rules-of-war", "ruleset: other-rules"))
    docs = [load_text(p.read_text(), str(p)) for p in (other, army)]
    return library_with(docs, default_library())


def test_new_scenario_asks_for_the_game_and_offers_only_its_army_lists(qtbot, tmp_path):
    library = _library_with_another_game(tmp_path)
    dialog = NewScenarioDialog(library)
    qtbot.addWidget(dialog)
    dialog.from_blank.setChecked(True)
    assert dialog.ruleset.findData("other-rules") >= 0
    dialog.ruleset.setCurrentIndex(dialog.ruleset.findData("other-rules"))
    choice = dialog.choice()
    assert choice.ruleset == "other-rules"
    assert choice.terrain_set == "basic-ground"    # the terrain set its lists are drawn for
    scenario = blank_scenario(choice, library)
    assert scenario.ruleset == "other-rules"
    assert {s.army.army_list for s in scenario.sides} == {"other-army"}
    dialog.ruleset.setCurrentIndex(dialog.ruleset.findData("rules-of-war"))
    scenario = blank_scenario(dialog.choice(), library)
    assert "other-army" not in {s.army.army_list for s in scenario.sides}

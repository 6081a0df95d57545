"""The army-list editor on the real widgets: cells refuse bad values with the reason, every
edit undoes, findings follow the list, bundled lists are read-only, and a saved user list is
usable by a scenario side at once."""
from pathlib import Path

import pytest
from PySide6.QtCore import Qt
from PySide6.QtWidgets import QLineEdit, QMessageBox

from studio.gui.armies import ArmyBuilder
from studio.gui.document import ScenarioDocument
from studio.gui.editors import ArmyListEditor
from studio.gui.editors.ability_dialog import AbilityDialog
from studio.gui.editors.compositions_panel import RuleDialog
from studio.gui.editors.unit_table import COL
from studio.io import (Library, bundled_library_dir, dump_model, load_file, load_text,
                       user_library_dir)
from studio.model import Ability, Army, HexMap, Scenario, Side
from studio.validate import validate_document


def load_library():
    return Library.load([bundled_library_dir(), user_library_dir()])


@pytest.fixture
def home(tmp_path, monkeypatch):
    monkeypatch.setenv("WARGAME_STUDIO_HOME", str(tmp_path))
    monkeypatch.setattr(QMessageBox, "question", lambda *a, **k: QMessageBox.Discard)
    return tmp_path


@pytest.fixture(scope="module")
def bundled():
    """The bundled library (the user library of these tests starts empty): loaded once."""
    return Library.load([bundled_library_dir()])


@pytest.fixture
def new_editor(qtbot, home, bundled):
    e = ArmyListEditor(bundled, None, None, reload_library=load_library)
    qtbot.addWidget(e)
    e.show()
    return e


def cell(editor, row, key):
    return editor.table_model.index(row, COL[key])


def test_a_new_list_starts_valid_and_gets_a_unit_type(new_editor):
    e = new_editor
    assert e.model.id == "my-army-list" and not e.read_only
    assert e.add_unit()
    assert [u.id for u in e.model.units] == ["new-unit"]
    assert e.table_model.rowCount() == 1 and e.current_row() == 0
    assert e.table_model.data(cell(e, 0, "points")) == "2"
    assert e.undo_stack.count() == 1 and e.isWindowModified()


@pytest.mark.parametrize("key, text, reason", [
    ("attack", "9x", "attack '9x' is not a rating: use a number, 'melee/ranged' like 7/2, or "
                     "bands like 1:7,2-5:3"),
    ("move", "-1", "move must be a number ≥ 0, not '-1'"),
    ("hits", "0", "hits must be a whole number ≥ 1, not '0'"),
    ("tags", "Heavy Horse", "tag 'Heavy' is not kebab-case"),
    ("name", "  ", "unit name cannot be empty"),
])
def test_a_bad_cell_value_is_refused_with_the_reason(new_editor, key, text, reason):
    e = new_editor
    e.add_unit()
    before = dump_model(e.model)
    assert e.table_model.setData(cell(e, 0, key), text) is False
    assert dump_model(e.model) == before
    assert e.last_refusal.startswith(reason)
    assert reason in e.statusBar().currentMessage()


def test_typing_into_the_cell_editor_goes_through_the_same_check(new_editor, qtbot):
    e = new_editor
    e.add_unit()
    index = cell(e, 0, "attack")
    e.table.setCurrentIndex(index)
    e.table.edit(index)
    line = e.table.indexWidget(index)
    assert isinstance(line, QLineEdit) and line.text() == "5"
    line.setText("9x")
    qtbot.keyClick(line, Qt.Key_Return)         # the delegate commits on the next turn
    qtbot.waitUntil(lambda: "is not a rating" in e.last_refusal)
    assert e.model.units[0].attack.flat == 5
    qtbot.waitUntil(lambda: e.table.indexWidget(index) is None)
    e.table.edit(index)
    line = e.table.indexWidget(index)
    line.setText("1:7, 2-5:3")
    qtbot.keyClick(line, Qt.Key_Return)
    qtbot.waitUntil(lambda: e.table_model.data(index) == "1:7, 2-5:3")
    assert e.model.units[0].attack.at(4, 5) == 3


def test_every_edit_undoes(new_editor):
    e = new_editor
    e.add_unit()
    e.table_model.setData(cell(e, 0, "name"), "Hoplites")
    e.table_model.setData(cell(e, 0, "id"), "hoplites")
    e.table_model.setData(cell(e, 0, "flying"), Qt.Checked, Qt.CheckStateRole)
    assert (e.model.units[0].name, e.model.units[0].id, e.model.units[0].flying) == (
        "Hoplites", "hoplites", True)
    e.undo_stack.undo()
    e.undo_stack.undo()
    assert (e.model.units[0].id, e.model.units[0].flying) == ("new-unit", False)
    e.undo_stack.redo()
    assert e.table_model.data(cell(e, 0, "id")) == "hoplites"


def test_duplicate_reorder_and_delete(new_editor):
    e = new_editor
    e.add_unit()
    e.table_model.setData(cell(e, 0, "id"), "archers")
    assert e.duplicate_unit(0)
    assert [u.id for u in e.model.units] == ["archers", "archers-copy"]
    e.add_unit()
    assert e.move_unit(2, 0)
    assert [u.id for u in e.model.units] == ["new-unit", "archers", "archers-copy"]
    assert e.current_row() == 0
    e.table.rowDropped.emit(0, 2)               # what a drag and drop of row 1 onto row 3 does
    assert [u.id for u in e.model.units] == ["archers", "archers-copy", "new-unit"]
    assert e.delete_unit(1)
    assert [u.id for u in e.model.units] == ["archers", "new-unit"]
    assert e.table_model.setData(cell(e, 1, "id"), "archers") is False
    assert "already used" in e.last_refusal


def rule_on_new_unit(e) -> RuleDialog:
    """A unit type and a composition added, the composition chosen, and a composition-rule
    dialog with that unit type ticked (its bound left for the test)."""
    e.add_unit()
    e.compositions.add_composition()
    e.compositions.list.setCurrentRow(0)
    dialog = RuleDialog(e.model)
    dialog.set_units(["new-unit"])
    return dialog


def test_renaming_a_unit_follows_into_composition_rules(new_editor):
    e = new_editor
    rule_dialog = rule_on_new_unit(e)
    rule_dialog.exactly.setText("2")
    rule = rule_dialog.rule()
    assert e.compositions.add_rule(rule)
    e.table_model.setData(cell(e, 0, "id"), "spearmen")
    assert e.model.compositions[0].rules[-1].selector.units == ["spearmen"]
    assert e.compositions.rules.item(1, 1).text() == "spearmen"


def test_abilities_come_from_the_catalogue_with_typed_parameters(new_editor, qtbot):
    e = new_editor
    e.add_unit()
    dialog = AbilityDialog()
    qtbot.addWidget(dialog)
    dialog.set_name("attack-modifier")
    assert "Adds `value`" in dialog.summary.text()
    with pytest.raises(ValueError, match="needs parameter 'value'"):
        dialog.ability()
    dialog.set_param("value", "2")
    dialog.set_param("vs_tags", "cavalry")
    dialog.set_param("vs_routed", True)
    ability = dialog.ability()
    assert ability == Ability("attack-modifier", {"value": 2, "vs_tags": ["cavalry"],
                                                  "vs_routed": True})
    assert e.details.add_ability(ability)
    assert e.model.units[0].abilities == [ability]
    assert e.table_model.data(cell(e, 0, "abilities")) == "attack-modifier"
    assert e.details.abilities.item(0).text().startswith("attack-modifier (value: 2")
    assert e.details.add_ability(Ability("attack-modifier", {"value": 1})) is False
    assert "already has" in e.last_refusal


def test_notes_and_rare_stats(new_editor, qtbot):
    e = new_editor
    e.add_unit()
    e.details.notes.setPlainText("Elite guard")
    assert e.model.units[0].notes == "Elite guard"
    field = e.details.fields["attack_dice"]
    field.setText("front: 2, up: 1")
    field.editingFinished.emit()
    assert "not one of front, aft, sides" in e.last_refusal
    assert e.model.units[0].attack_dice is None and field.text() == ""
    field.setText("front: 2, aft: 1")
    field.editingFinished.emit()
    assert e.model.units[0].attack_dice == {"front": 2, "aft": 1}


def test_points_column_override_and_formula(new_editor):
    e = new_editor
    e.add_unit()
    points = cell(e, 0, "points")
    assert e.table_model.data(points) == "2"
    assert e.table_model.data(points, Qt.ToolTipRole).startswith("rules-of-war:")
    e.table_model.setData(cell(e, 0, "override"), "12")
    assert e.model.units[0].points == 12 and e.table_model.data(points) == "12"
    e.table_model.setData(cell(e, 0, "override"), "")
    assert e.model.units[0].points is None
    assert e.form.set_formula("skirmish-003")
    assert e.model.points.formula == "skirmish-003"
    assert e.table_model.data(points) == "12"
    assert e.form.points_form.isRowVisible(e.form.divisors)
    e.form.divisors.setText("basic: 5")
    e.form.divisors.editingFinished.emit()
    assert e.model.points.params == {"divisors": {"basic": 5}}
    assert e.table_model.data(points) == "24"
    e.form.set_formula("fixed")
    assert e.table_model.data(points) == "?"
    assert e.table_model.data(points, Qt.ForegroundRole) is not None
    e.run_checks()
    assert "points-missing" in {d.code for d in e.findings}


def test_findings_follow_the_list(new_editor):
    e = new_editor
    rule = rule_on_new_unit(e)
    rule.min.setText("1")
    e.compositions.add_rule(rule.rule())
    assert e.run_checks() == [] or all(d.severity != "error" for d in e.findings)
    e.delete_unit(0)
    codes = {d.code for d in e.run_checks()}
    assert "unknown-selector-unit" in codes
    assert e.findings_view.count() == len(e.findings)
    assert "errors" in e.findings_dock.windowTitle()


def test_bundled_lists_are_read_only_and_save_as_a_copy(qtbot, home):
    lib = load_library()
    e = ArmyListEditor.open_id(lib, "ancient-greek", reload_library=load_library)
    qtbot.addWidget(e)
    bundled = Path(lib.document("army-list", "ancient-greek").path)
    text = bundled.read_text(encoding="utf-8")
    assert e.read_only and "(read-only)" in e.windowTitle()
    assert not e.save_action.isEnabled() and not e.form.name.isEnabled()
    assert not (e.table_model.flags(cell(e, 0, "move")) & Qt.ItemIsEditable)
    assert e.table_model.setData(cell(e, 0, "move"), "9") is False
    assert e.save() is None and "never overwritten" in e.last_refusal
    with qtbot.waitSignal(e.libraryChanged) as changed:
        target = e.save_copy()
    assert target == home / "libraries" / "army-lists" / "ancient-greek-copy.yaml"
    assert bundled.read_text(encoding="utf-8") == text
    assert not e.read_only and e.model.id == "ancient-greek-copy"
    assert changed.args[0].army_list("ancient-greek-copy") is not None
    assert e.table_model.setData(cell(e, 1, "move"), "3")
    assert e.save() == target
    assert load_file(target).model.units[1].move == 3


def test_a_saved_user_list_is_usable_in_a_scenario(qtbot, home):
    lib = load_library()
    e = ArmyListEditor.copy_of(lib, "ancient-greek", reload_library=load_library)
    qtbot.addWidget(e)
    assert e.model.id == "ancient-greek-copy" and e.path is None
    e.form.id.setText("hill-greeks")
    e.form.id.editingFinished.emit()
    e.form.name.setText("Hill Greeks")
    e.form.name.editingFinished.emit()
    e.tabs.setCurrentIndex(1)
    e.select_row(1)
    e.table_model.setData(cell(e, 1, "name"), "Hill Hoplites")
    with qtbot.waitSignal(e.saved):
        path = e.save()
    assert path == home / "libraries" / "army-lists" / "hill-greeks.yaml"
    assert not e.isWindowModified()

    reopened = ArmyListEditor(e.library, None, path, reload_library=load_library)
    qtbot.addWidget(reopened)
    assert reopened.model == e.model and not reopened.read_only

    library = e.library
    scenario = Scenario("s", "S", "rules-of-war", "basic-ground", HexMap.blank(10, 10, "."), [
        Side("a", "Hill men", "#2b5fa8", Army("ancient-persian", points_limit=100)),
        Side("b", "Persians", "#a82b2b", Army("ancient-persian", points_limit=100))])
    doc = ScenarioDocument(scenario, library=library)
    builder = ArmyBuilder(doc, library, "a")
    qtbot.addWidget(builder)
    item = builder.list_item("hill-greeks")
    assert item is not None and item.isEnabled() and item.text() == "Hill Greeks"
    assert builder.choose_army_list("hill-greeks")
    builder.suggest_fill()
    builder.accept_fill(builder.fill_panel.suggestion)
    assert builder.checklist.all_met()
    names = [builder.count_table.item(r, 0).text() for r in range(3)]
    assert "Hill Hoplites" in names
    errors = [d for d in validate_document(load_text(dump_model(doc.model)), library)
              if d.severity == "error" and d.subject == "side:a"]
    assert errors == []

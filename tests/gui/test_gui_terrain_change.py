"""Map ▸ Change terrain set: the mapping dialog (one row per terrain the map uses, suggested
targets, warnings about units left on terrain they cannot enter), the one-step undoable
switch, and the two ways into it in the main window.

`STUDIO_SCREENSHOTS=docs/images python3 -m pytest tests/gui/test_gui_terrain_change.py`
refreshes docs/images/studio-change-terrain-set.png; otherwise it goes to a temporary folder.
"""
import os
from dataclasses import replace
from pathlib import Path

import pytest
from PySide6.QtWidgets import QDialog, QDialogButtonBox

from studio.edit.terrain_swap import stranded_units, suggest_mapping, symbol_counts
from studio.gui.dialogs.change_terrain_set import ChangeTerrainSetDialog
from studio.gui.document import ScenarioDocument
from studio.io import default_library
from studio.model import Ability
from studio.io.samples import sample_scenario_path

# What the dialog suggests for Marathon (Basic Ground) going to WWI Ground: same id first
# (forest, buildings, water), else the nearest movement cost and defence without mine
# fields or bans (open, bridge, marsh, shallow water -> no man's land; low wall -> forest).
SUGGESTED = {".": ".", "=": ".", "B": "B", "f": "f", "l": "f", "m": ".", "w": ".", "~": "~"}


@pytest.fixture(scope="module")
def library():
    return default_library()


@pytest.fixture
def doc(library):
    return ScenarioDocument.open(sample_scenario_path(), library=library)


@pytest.fixture
def dialog(qtbot, doc, library):
    d = ChangeTerrainSetDialog(doc, library, "ww1-ground")
    qtbot.addWidget(d)
    return d


def test_suggestions_match_by_id_then_name_then_nearest(library, doc):
    basic, ww1 = library.terrain_set("basic-ground"), library.terrain_set("ww1-ground")
    assert suggest_mapping(basic, ww1, symbol_counts(doc.model.map)) == SUGGESTED
    back = suggest_mapping(ww1, basic, "~fBx*")
    # Barbed wire bans cavalry and mine fields attack: neither lends its hazard to a guess.
    assert back["~"] == "~" and back["f"] == "f" and back["B"] == "B"
    assert basic.by_symbol(back["*"]).entry_attack is None


def test_one_row_per_used_symbol_with_counts_and_prefilled_targets(dialog, doc):
    counts = symbol_counts(doc.model.map)
    assert dialog.table.rowCount() == len(counts) == 8
    assert sorted(dialog.symbols) == sorted(counts)
    assert dialog.symbols[0] == "."                   # the current set's own order
    row = dialog.symbols.index(".")
    assert dialog.table.item(row, 0).text().startswith("Open")
    assert not dialog.table.item(row, 0).icon().isNull()      # the terrain's swatch
    assert dialog.table.item(row, 1).text() == "628"
    combo = dialog.combos["."]
    assert combo.count() == len(default_library().terrain_set("ww1-ground").terrain)
    assert not combo.itemIcon(0).isNull()
    assert dialog.mapping() == SUGGESTED
    assert dialog.warning_text() == ""                # the suggestion strands nobody


def test_change_marathon_to_ww1_with_a_mapping_is_one_undo_step(dialog, doc):
    before_rows = list(doc.model.map.terrain)
    before_count = doc.undo_stack.count()
    dialog.set_target("l", "t")        # low wall -> trenches
    dialog.set_target("=", "r")        # bridge -> roads
    dialog.set_target("m", "x")        # marsh -> barbed wire
    mapping = dialog.mapping()
    dialog.buttons.button(QDialogButtonBox.Ok).click()
    assert dialog.result() == QDialog.Accepted
    assert doc.model.terrain_set == "ww1-ground" and doc.terrain_set.id == "ww1-ground"
    geometry = doc.geometry
    for h in geometry.hexes():
        col, row = geometry.to_offset(h)
        assert doc.symbol_at(h) == mapping[before_rows[row - 1][col - 1]]   # 1-based
    assert doc.undo_stack.count() == before_count + 1
    assert "WWI Ground" in doc.undo_stack.undoText()
    doc.undo_stack.undo()
    assert doc.model.map.terrain == before_rows
    assert doc.model.terrain_set == "basic-ground" and doc.terrain_set.id == "basic-ground"
    doc.undo_stack.redo()
    assert doc.model.terrain_set == "ww1-ground" and doc.symbol_at(geometry.parse_label("1211")) == "t"


def test_warns_when_the_mapping_puts_units_on_water(dialog, doc):
    dialog.set_target(".", "~")
    text = dialog.warning_text()
    placed = sum(1 for s in doc.model.sides for u in s.army.units if u.hex is not None)
    assert text.startswith(f"{placed} units would stand on terrain they cannot enter")
    assert "0505 is Water: impassable for Greek Archon" in text
    assert "and " in text and "more" in text          # long lists are cut short
    assert len(dialog.stranded()) == placed
    assert not dialog.table.item(dialog.symbols.index("."), 1).icon().isNull()
    dialog.set_target(".", ".")
    assert dialog.warning_text() == "" and dialog.stranded() == []


def test_warns_about_forbidden_tags_and_still_applies(dialog, doc):
    dialog.set_target(".", "x")        # barbed wire: no cavalry
    stranded = dialog.stranded()
    assert {s.side_id for s in stranded} == {"persians"}
    assert all("may not enter it (cavalry)" in s.reason for s in stranded)
    assert "Mede Cavalry" in dialog.warning_text()
    dialog.accept()                    # a warning, not a refusal
    assert doc.model.terrain_set == "ww1-ground"


def test_water_only_units_are_checked_too(library, doc):
    hoplites = doc.unit_type("athenians", "athenian-hoplites")
    boat = replace(hoplites, abilities=[*hoplites.abilities, Ability("water-only")])

    def lookup(side_id, type_id):
        return boat if type_id == "athenian-hoplites" else doc.unit_type(side_id, type_id)
    ww1 = library.terrain_set("ww1-ground")
    found = stranded_units(doc.model, doc.geometry, ww1, SUGGESTED, lookup)
    hoplites_placed = sum(1 for u in doc.model.side("athenians").army.units
                          if u.type == "athenian-hoplites" and u.hex is not None)
    assert len(found) == hoplites_placed
    assert all("Athenian Hoplites may only be on water" in s.reason for s in found)


def test_same_set_and_identity_mapping_changes_nothing(qtbot, doc, library):
    d = ChangeTerrainSetDialog(doc, library, "basic-ground")
    qtbot.addWidget(d)
    assert d.mapping() == {s: s for s in d.symbols}
    assert d.apply() is None and doc.undo_stack.count() == 0


@pytest.fixture
def window(make_window, sample_copy, library):
    return make_window(sample_copy, library=library)


def test_map_menu_opens_the_dialog_and_ok_applies(window):
    map_menu = next(a.menu() for a in window.menuBar().actions() if a.text() == "&Map")
    assert window.terrain_set_action in map_menu.actions()
    window.terrain_set_action.trigger()
    dialog = window.terrain_set_dialog
    assert dialog.isVisible() and dialog.set_combo.currentData() != "basic-ground"
    dialog.choose_set("ww1-ground")
    dialog.set_target(".", "x")
    dialog.accept()
    assert window.doc.model.terrain_set == "ww1-ground"
    assert "Terrain set is now WWI Ground; 5 units stand on terrain" in \
        window.statusBar().currentMessage()
    assert window.scenario_dock.fields.terrain_set.currentData() == "ww1-ground"
    assert window.tools_dock.palette.count() == len(window.doc.terrain_set.terrain)


def test_scenario_tab_terrain_set_choice_opens_the_dialog(window):
    fields = window.scenario_dock.fields
    index = fields.terrain_set.findData("ww1-ground")
    fields.terrain_set.setCurrentIndex(index)
    fields.terrain_set.activated.emit(index)
    dialog = window.terrain_set_dialog
    assert dialog.isVisible() and dialog.set_combo.currentData() == "ww1-ground"
    # Nothing has changed yet: the field still shows the scenario's set.
    assert fields.terrain_set.currentData() == "basic-ground"
    assert window.doc.model.terrain_set == "basic-ground"
    dialog.reject()
    assert window.doc.model.terrain_set == "basic-ground" and window.doc.undo_stack.count() == 0


def test_dialog_screenshot(qtbot, doc, library, tmp_path):
    out = Path(os.environ.get("STUDIO_SCREENSHOTS") or tmp_path)
    out.mkdir(parents=True, exist_ok=True)
    d = ChangeTerrainSetDialog(doc, library, "ww1-ground")
    qtbot.addWidget(d)
    d.set_target(".", "x")             # show the warning: cavalry on barbed wire
    d.show()
    qtbot.waitExposed(d)
    qtbot.wait(20)
    image = d.grab().toImage()
    assert image.save(str(out / "studio-change-terrain-set.png"))
    table_bottom = d.table.geometry().bottom()
    assert d.summary.geometry().top() > table_bottom      # nothing squeezed over the table
    assert d.warning.geometry().top() > d.summary.geometry().top()

"""The army-list editor's stat columns come from the list's game: a Quick and Dirty list
shows and edits its strength parts (type and discipline values, equipment, enhancements)
and an Action Dice list its dice, Fight, Shoot, Defense, figures and weapon, in the table;
each edit is one undo step, a bad value is refused with what to type, and the points follow.
A Rules of War list keeps its own columns."""
from __future__ import annotations

import os

from PySide6.QtCore import Qt

from studio.gui.editors import ArmyListEditor
from studio.io import Library, bundled_library_dir, user_library_dir


def load_library():
    return Library.load([bundled_library_dir(), user_library_dir()])


def _editor(qtbot, list_id):
    library = Library.load([bundled_library_dir()])
    e = ArmyListEditor.copy_of(library, list_id, reload_library=load_library)
    qtbot.addWidget(e)
    e.resize(1366, 768)
    e.show()
    return e


def _headers(e) -> list[str]:
    m = e.table_model
    return [m.headerData(c, Qt.Horizontal) for c in range(m.columnCount())]


def _cell(e, row, key):
    return e.table_model.index(row, e.table_model.column_of(key))


def test_quick_and_dirty_stats_are_table_columns(qtbot, home):
    e = _editor(qtbot, "qnd-free-companies")
    heads = _headers(e)
    assert {"Type value", "Discipline", "Equipment", "Enhancements", "Move", "Range"} <= set(heads)
    assert not {"Attack", "Defense", "Morale", "Hits"} & set(heads)
    m = e.table_model
    row = next(i for i, u in enumerate(e.model.units) if u.id == "footmen")
    assert m.data(_cell(e, row, "discipline")) == e.model.units[row].stats["discipline"]
    before = m.data(_cell(e, row, "points"))
    assert m.setData(_cell(e, row, "equipment"), "sword 1, armor 1, shield 1")
    assert e.model.units[row].stats["equipment"] == {"sword": 1, "armor": 1, "shield": 1}
    assert float(m.data(_cell(e, row, "points"))) == float(before) + 1
    assert not m.setData(_cell(e, row, "type_value"), "lots")
    assert "whole number" in e.last_refusal
    assert m.setData(_cell(e, row, "enhancements"), "hatred 1/+1")
    assert e.model.units[row].stats["enhancements"] == {"hatred": {"cost": 1, "attack": 1}}
    assert e.undo_stack.count() == 2
    e.undo_stack.undo()
    e.undo_stack.undo()
    assert "shield" not in e.model.units[row].stats["equipment"]
    flying = e.table_model.column_of("flying")
    assert e.table_model.flags(e.table_model.index(row, flying)) & Qt.ItemIsUserCheckable
    shots = os.environ.get("STUDIO_SHOTS")
    if shots:
        e.tabs.setCurrentIndex(1)
        e.grab().save(os.path.join(shots, "army-list-qnd-1366.png"))


def test_action_dice_stats_are_table_columns(qtbot, home):
    e = _editor(qtbot, "ad-kingdom-of-men")
    heads = _headers(e)
    assert {"Dice", "Fight", "Shoot", "Defense", "Figures", "Formation", "Weapon"} <= set(heads)
    m = e.table_model
    assert m.data(_cell(e, 0, "dice")) == "1d6"
    assert m.setData(_cell(e, 0, "dice"), "2d6")
    assert e.model.units[0].stats["dice"] == "2d6"
    assert not m.setData(_cell(e, 0, "dice"), "2d7x")
    assert not m.setData(_cell(e, 0, "formation"), "phalanx")
    assert "regiment" in e.last_refusal
    assert m.setData(_cell(e, 0, "specials"), "fearless")
    assert e.model.units[0].stats["specials"] == ["fearless"]
    e.run_checks()
    assert not [d for d in e.findings if d.severity == "error"]


def test_rules_of_war_lists_keep_their_columns(qtbot, home):
    e = _editor(qtbot, "ancient-greek")
    assert {"Attack", "Defense", "Morale", "Hits"} <= set(_headers(e))

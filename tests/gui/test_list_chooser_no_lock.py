"""A new blank Action Dice scenario starts with two lists that fight each other, every side
is offered the lists of the scenario's own game only, and no side is locked out by the
others' era: both sides switch from the future pair to the fantasy pair, one after the
other, in the army builder and in the Sides tab."""
from __future__ import annotations

import os

from PySide6.QtCore import Qt

from studio.edit.blank_scenario import NewScenarioChoice, blank_scenario, usual_terrain_set
from studio.io import default_library, save_file

FANTASY = ("ad-kingdom-of-men", "ad-orc-warband")
FUTURE = ("ad-colonial-marines", "ad-xeno-raiders")


def _blank_action_dice(tmp_path) -> str:
    library = default_library()
    choice = NewScenarioChoice(name="Blank skirmish", ruleset="action-dice",
                               terrain_set=usual_terrain_set(library, "action-dice"))
    path = tmp_path / "blank-skirmish.yaml"
    save_file(blank_scenario(choice, library), path)
    return str(path)


def _rows(combo) -> dict:
    model = combo.model()
    return {model.item(r).data(Qt.UserRole): model.item(r) for r in range(model.rowCount())}


def test_no_side_is_locked_out_by_the_others_era(make_window, tmp_path):
    window = make_window(_blank_action_dice(tmp_path), size=(1366, 768))
    doc = window.doc
    sides = [s.id for s in doc.model.sides]
    start = [s.army.army_list for s in doc.model.sides]
    lists = {i: doc.library.army_list(i) for i in start}
    assert len({lists[i].era for i in start}) == 1            # the two start lists fight
    builder = window.army_builder_dock
    for side_id, wanted in zip(sides, FANTASY):
        builder.set_side(side_id)
        rows = {i: builder.list_item(i) for i in FANTASY + FUTURE}
        assert all(item.isEnabled() for item in rows.values()), side_id
        # lists of the other games sit behind the chooser's last row, greyed with the reason
        assert builder.list_item("qnd-orc-hordes") is None
        builder._list_activated(builder.list_model.rowCount() - 1)
        qnd = builder.list_item("qnd-orc-hordes")
        assert qnd is not None and not qnd.isEnabled() and "action-dice" in qnd.text()
        builder._list_activated(builder.list_model.rowCount() - 1)
        assert builder.choose_army_list(wanted), builder.refusal
        assert doc.model.side(side_id).army.army_list == wanted
    assert [s.army.army_list for s in doc.model.sides] == list(FANTASY)
    assert not builder.reason_label.isVisible() or not builder.reason_label.text()
    # half way the other side was told what to change, and undo goes back in two steps
    window.undo_action.trigger()
    assert doc.model.side(sides[1]).army.army_list == start[1]
    builder.set_side(sides[0])
    assert "choose matching lists" in builder.reason_label.text()
    window.undo_action.trigger()
    assert [s.army.army_list for s in doc.model.sides] == start


def test_the_sides_tab_offers_the_other_era_too(make_window, tmp_path):
    window = make_window(_blank_action_dice(tmp_path), size=(1366, 768))
    panel = window.scenario_dock.sides
    first = window.doc.model.sides[0].id
    panel.select_side(first)
    rows = _rows(panel.army_list)
    for list_id in FANTASY:
        assert rows[list_id].isEnabled()
        assert "change the other sides" in rows[list_id].text()
    shots = os.environ.get("STUDIO_SHOTS")
    if shots:
        window.grab().save(os.path.join(shots, "list-chooser-1366.png"))

"""The army-list chooser lists the usable lists only, the others behind a last row that
shows them greyed with the reason (issue 28 item 5)."""
from studio.gui.armies import ArmyBuilder
from studio.gui.armies.list_choices import LIST_ID_ROLE, is_toggle
from studio.gui.document import ScenarioDocument
from studio.io import default_library, load_file
from studio.io.samples import scenarios_dir


def rows(model):
    return [(model.item(r).data(LIST_ID_ROLE), model.item(r).isEnabled(), model.item(r).text())
            for r in range(model.rowCount())]


def test_usable_lists_first_the_rest_behind_a_toggle(qtbot):
    library = default_library()
    doc = ScenarioDocument(load_file(scenarios_dir() / "marathon.yaml").model, library=library)
    b = ArmyBuilder(doc, library, doc.model.sides[0].id)
    qtbot.addWidget(b)
    model = b.list_model
    shown = rows(model)
    *lists, toggle = shown
    assert all(enabled for _id, enabled, _t in lists)                # only usable ones
    assert doc.model.sides[0].army.army_list in [i for i, _e, _t in lists]
    assert is_toggle(model, model.rowCount() - 1) and toggle[0] is None
    total = len(library.models("army-list"))
    hidden = total - len(lists)
    assert hidden > 0 and toggle[2] == f"Show {hidden} more lists this side cannot use…"
    # every list left out is of another game or made for another terrain set
    scenario_terrain = doc.model.terrain_set
    for list_id in set(library.ids("army-list")) - {i for i, _e, _t in lists}:
        other = library.army_list(list_id)
        assert other.terrain_set != scenario_terrain or other.ruleset != library.army_list(
            doc.model.sides[0].army.army_list).ruleset, list_id

    b._list_activated(model.rowCount() - 1)       # the toggle: every list, greyed with why
    everything = rows(model)
    assert len(everything) == total + 1
    usable_count = len(lists)
    assert all(e for _i, e, _t in everything[:usable_count])           # usable still first
    assert all(not e and "not usable" in t for _i, e, t in everything[usable_count:-1])
    assert everything[-1][2] == f"Hide the {hidden} lists this side cannot use"
    assert doc.undo_stack.count() == 0              # showing them changed no side
    b._list_activated(model.rowCount() - 1)       # and hidden again
    assert len(rows(model)) == len(shown)

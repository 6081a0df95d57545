"""The army builder on the real widgets: build a legal Greek army by clicking and setting
counts, break each kind of composition rule and see it red with the reason, be refused an
incompatible list, fill to the limit, feed the placement tool, follow a changed formula."""
import copy

import pytest
from PySide6.QtCore import Qt

from studio.armies.roster import list_costs
from studio.gui.armies import ArmyBuilder
from studio.gui.armies.checklist_view import MET, UNMET
from studio.gui.document import ScenarioDocument
from studio.io import (Library, bundled_library_dir, dump_model, load_text, save_file,
                       user_library_dir)
from studio.model import (Army, Composition, CompositionRule, HexMap, Scenario,
                          Selector, Side)
from studio.validate import validate_document

GREEK_ARMY = {"general": 1, "hoplites-standard": 8, "peltasts": 2, "psiloi-javelin": 2,
              "medium-cavalry": 2, "light-cavalry-javelin": 1}


@pytest.fixture
def home(tmp_path, monkeypatch):
    monkeypatch.setenv("WARGAME_STUDIO_HOME", str(tmp_path))
    return tmp_path


def load_library():
    return Library.load([bundled_library_dir(), user_library_dir()])


@pytest.fixture(scope="module")
def lib():
    """The bundled library alone (loading it takes a moment: once per module)."""
    return Library.load([bundled_library_dir()])


def greek_scenario(list_id="ancient-greek", composition="greek-army"):
    return Scenario("test", "Test", "rules-of-war", "basic-ground", HexMap.blank(12, 10, "."), [
        Side("greeks", "Greeks", "#2b5fa8",
             Army(list_id, composition=composition, points_limit=100), map_edge="west",
             setup_zone=["0101-0310"]),
        Side("persians", "Persians", "#a82b2b", Army("ancient-persian", points_limit=100),
             map_edge="east")])


@pytest.fixture
def builder(qtbot, lib):
    doc = ScenarioDocument(greek_scenario(), library=lib)
    b = ArmyBuilder(doc, lib, "greeks")
    qtbot.addWidget(b)
    b.resize(900, 900)
    b.show()
    return b


def lines(builder):
    return {line.text.split(":")[0]: line for line in builder.checklist.lines()}


def line_colours(builder):
    return [builder.checklist.item(i).foreground().color()
            for i in range(builder.checklist.count())]


def build(builder, counts):
    for type_id, n in counts.items():
        builder.count_table.editors[type_id].spin.setValue(n)


def validated(doc, lib):
    return validate_document(load_text(dump_model(doc.model)), lib)


def test_building_the_greek_army_by_hand_turns_every_rule_green(builder, qtbot, lib):
    assert not builder.checklist.all_met()
    plus = builder.count_table.editors["general"].plus
    qtbot.mouseClick(plus, Qt.LeftButton)                       # a real click
    for _ in range(8):
        qtbot.mouseClick(builder.count_table.editors["hoplites-standard"].plus, Qt.LeftButton)
    build(builder, GREEK_ARMY)
    assert builder.checklist.all_met(), [l.text for l in builder.checklist.lines()]
    assert all(c == MET for c in line_colours(builder))
    assert lines(builder)["8 Units Hoplites"].text == "8 Units Hoplites: 8 units, needs exactly 8"
    assert builder.total.points == 86 and not builder.points_bar.over
    assert builder.points_bar.text() == "86 / 100 points (14 left)"
    side = builder.doc.model.side("greeks")
    assert sum(u.count for u in side.army.units) == 16
    errors = [d for d in validated(builder.doc, lib) if d.severity == "error"
              and "greeks" in (d.subject or "")]
    assert errors == []
    # The eight clicks on + merged into one undo step.
    texts = [builder.doc.undo_stack.text(i) for i in range(builder.doc.undo_stack.count())]
    assert texts.count("Hoplites-Standard: 0 → 8") == 1


@pytest.mark.parametrize("type_id, count, label, reason", [
    ("hoplites-standard", 9, "8 Units Hoplites", "8 Units Hoplites: 9 units, needs exactly 8"),
    ("hoplites-standard", 7, "8 Units Hoplites", "8 Units Hoplites: 7 units, needs exactly 8"),
    ("peltasts", 0, "2 Units Peltasts", "2 Units Peltasts: 0 units, needs exactly 2"),
])
def test_a_count_rule_broken_either_way_is_red_with_the_reason(builder, type_id, count,
                                                               label, reason):
    build(builder, GREEK_ARMY)
    build(builder, {type_id: count})
    line = lines(builder)[label]
    assert not line.ok and line.text == reason
    item = next(builder.checklist.item(i) for i in range(builder.checklist.count())
                if builder.checklist.item(i).text() == reason)
    assert item.foreground().color() == UNMET
    assert not builder.checklist.all_met()


def test_two_leaders_or_none_break_the_leader_rule(builder):
    build(builder, GREEK_ARMY)
    build(builder, {"general": 2})
    leader = lines(builder)["exactly one Army Leader"]
    assert not leader.ok and "2 Army Leaders, needs exactly 1" in leader.text
    build(builder, {"general": 0})
    leader = lines(builder)["exactly one Army Leader"]
    assert not leader.ok and "0 Army Leaders" in leader.text


def test_a_points_share_rule_turns_red_then_green(qtbot, home):
    lib = load_library()
    lst = copy.deepcopy(lib.army_list("ancient-greek"))
    lst.id, lst.name = "share-test", "Share test"
    lst.compositions = [Composition("mostly-basic", "Mostly basic", [
        CompositionRule("points-share", Selector(tags=["basic"]), min=50, label="half basic"),
        CompositionRule("leader")])]
    (home / "libraries" / "army-lists").mkdir(parents=True)
    save_file(lst, home / "libraries" / "army-lists" / "share-test.yaml")
    lib = load_library()
    doc = ScenarioDocument(greek_scenario("share-test", "mostly-basic"), library=lib)
    b = ArmyBuilder(doc, lib, "greeks")
    qtbot.addWidget(b)
    build(b, {"general": 1, "hoplites-spartan-theban": 4})
    share = lines(b)["half basic"]
    assert not share.ok
    assert share.text == "half basic: 0% of the points (0 of 36), needs at least 50%"
    build(b, {"hoplites-standard": 6})
    share = lines(b)["half basic"]
    assert share.ok and share.text == "half basic: 50% of the points (36 of 72), needs at least 50%"


def test_an_incompatible_list_is_greyed_and_refused_with_the_reason(builder, qtbot):
    assert builder.list_item("space-fleet") is None          # behind the toggle row
    builder._list_activated(builder.list_model.rowCount() - 1)
    item = builder.list_item("space-fleet")
    assert not item.isEnabled()
    assert "made for terrain set 'basic-space'" in item.text()
    assert "era 'future'" in item.toolTip()
    assert builder.list_item("persian-wars-greek").isEnabled()
    with qtbot.waitSignal(builder.statusMessage) as status:
        assert builder.choose_army_list("space-fleet") is False
    assert "cannot be used by Greeks" in status.args[0]
    assert builder.doc.model.side("greeks").army.army_list == "ancient-greek"
    assert builder.reason_label.isVisible() and "basic-space" in builder.reason_label.text()
    assert builder.doc.undo_stack.count() == 0


def test_choosing_a_compatible_list_is_one_undo_step(builder):
    build(builder, {"general": 1})
    assert builder.choose_army_list("persian-wars-greek")
    army = builder.doc.model.side("greeks").army
    assert (army.army_list, army.composition, army.units) == ("persian-wars-greek", "standard", [])
    assert builder.count_table.type_ids[0] == "spartan-warband"
    builder.doc.undo_stack.undo()
    army = builder.doc.model.side("greeks").army
    assert army.army_list == "ancient-greek" and army.composition == "greek-army"
    assert builder.count_table.editors["general"].spin.value() == 1


def test_going_over_the_limit_turns_the_bar_red(builder):
    build(builder, GREEK_ARMY)
    builder.limit_spin.setValue(80)
    assert builder.doc.model.side("greeks").army.points_limit == 80
    assert builder.points_bar.over
    assert builder.points_bar.text() == "86 / 80 points: 6 over the limit"
    assert builder.points_bar.colour().name() == "#c0392b"
    builder.limit_spin.setValue(builder.limit_spin.minimum())
    assert builder.doc.model.side("greeks").army.points_limit is None
    assert builder.points_bar.text() == "86 points (no limit)"


def test_fill_to_limit_is_shown_then_applied_in_one_step(builder, qtbot, lib):
    qtbot.mouseClick(builder.fill_button, Qt.LeftButton)
    assert not builder.fill_panel.isHidden()
    suggestion = builder.fill_panel.suggestion
    assert builder.doc.model.side("greeks").army.units == []     # nothing yet
    assert builder.fill_panel.items.count() >= 7
    count_before = builder.doc.undo_stack.count()
    qtbot.mouseClick(builder.fill_panel.accept_button, Qt.LeftButton)
    assert builder.doc.undo_stack.count() == count_before + 1
    assert builder.checklist.all_met()
    assert builder.total.points == suggestion.points_after <= 100
    assert builder.fill_panel.isHidden()


def test_the_roster_feeds_the_placement_tool(builder, qtbot):
    build(builder, {"general": 1, "hoplites-standard": 3})
    panel = builder.placement
    assert panel.to_place_group.text(0) == "To place (4)"
    hoplites = next(e for e in panel.to_place if e.type == "hoplites-standard")
    panel.select_index(hoplites.index)
    with qtbot.waitSignal(builder.placeRequested) as placed:
        qtbot.mouseClick(panel.place_button, Qt.LeftButton)
    assert placed.args == ["greeks", hoplites.index]
    doc = builder.doc
    doc.place_unit("greeks", doc.geometry.parse_label("0202"), index=hoplites.index)
    assert panel.placed_group.text(0) == "Placed (1)"
    assert panel.to_place_group.text(0) == "To place (3)"
    editor = builder.count_table.editors["hoplites-standard"]
    assert editor.spin.minimum() == 1 and editor.spin.value() == 3
    assert builder.count_table.item(1, 4).text() == "1"        # "On map"
    assert builder.set_count("hoplites-standard", 0) is False
    assert "on the map" in builder.refusal


def test_marking_a_leader_from_the_roster(builder):
    build(builder, {"peltasts": 2})
    builder.mark_leader(0)
    units = builder.doc.model.side("greeks").army.units
    assert [(u.count, u.leader) for u in units] == [(1, True), (1, False)]
    assert lines(builder)["exactly one Army Leader"].ok


def test_the_unit_card_shows_the_chosen_type(builder):
    builder.count_table.select_type("psiloi-bow")
    card = builder.card.card
    assert card.id == "psiloi-bow" and card.points == 5
    html = builder.card.toPlainText()
    assert "Attack by distance" in html and "rules-of-war:" in html


def test_a_changed_formula_updates_the_totals_after_the_library_reloads(qtbot, home):
    lib = load_library()
    lst = copy.deepcopy(lib.army_list("ancient-greek"))
    lst.id, lst.name = "my-greeks", "My Greeks"
    folder = home / "libraries" / "army-lists"
    folder.mkdir(parents=True)
    save_file(lst, folder / "my-greeks.yaml")
    lib = load_library()
    doc = ScenarioDocument(greek_scenario("my-greeks"), library=lib)
    b = ArmyBuilder(doc, lib, "greeks")
    qtbot.addWidget(b)
    build(b, GREEK_ARMY)
    assert b.total.points == 86
    lst.points.formula = "skirmish-003"
    save_file(lst, folder / "my-greeks.yaml")
    new_lib = load_library()
    b.refresh_library(new_lib)
    expected = sum(list_costs(new_lib.army_list("my-greeks"), new_lib).per_type[t] * n
                   for t, n in GREEK_ARMY.items())
    assert b.total.points == expected > 100
    assert b.points_bar.over
    assert b.count_table.item(1, 1).text() == "16"               # hoplites under skirmish-003
    codes = {d.code for d in validated(doc, new_lib)}
    assert "points-over-limit" in codes


def test_a_list_without_figures_has_no_figures_column(builder):
    table = builder.count_table
    header = [table.horizontalHeaderItem(c).text() for c in range(table.columnCount())]
    assert table.type_ids and table.isColumnHidden(header.index("Figures"))

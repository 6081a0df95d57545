"""Roster arithmetic, list compatibility and the composition checklist, without Qt."""
import pytest

from studio.armies.roster import (RosterError, TypeCount, list_costs, placement_entries,
                                  roster_total, type_counts, with_additions, with_leader,
                                  with_type_count)
from studio.armies.compatibility import list_compatibility, library_lookup
from studio.armies.checklist import composition_checklist
from studio.io import default_library
from studio.model import Army, HexMap, RosterUnit, Scenario, Side


@pytest.fixture(scope="module")
def lib():
    return default_library()


def roster():
    return [RosterUnit("general", id="g", hex="0101", facing="N"),
            RosterUnit("hoplites-standard", count=3),
            RosterUnit("hoplites-standard", hex="0202", facing="N"),
            RosterUnit("peltasts", count=2, leader=True)]


def test_counts_split_placed_and_reserve():
    counts = type_counts(roster())
    assert counts["hoplites-standard"] == TypeCount(placed=1, reserve=3)
    assert counts["general"].total == 1
    assert counts["peltasts"] == TypeCount(0, 2)


def test_raising_a_count_grows_the_last_reserve_entry_and_leaves_the_input_alone():
    before = roster()
    after = with_type_count(before, "hoplites-standard", 7)
    assert type_counts(after)["hoplites-standard"] == TypeCount(1, 6)
    assert [u.count for u in after if u.type == "hoplites-standard"] == [6, 1]
    assert before[1].count == 3                      # not changed in place


def test_a_new_type_gets_its_own_entry_at_the_end():
    after = with_type_count(roster(), "psiloi-bow", 2)
    assert (after[-1].type, after[-1].count, after[-1].hex) == ("psiloi-bow", 2, None)


def test_lowering_takes_from_the_reserve_and_drops_empty_entries():
    after = with_type_count(roster(), "hoplites-standard", 1)
    assert [(u.hex, u.count) for u in after if u.type == "hoplites-standard"] == [("0202", 1)]


def test_lowering_below_the_units_on_the_map_is_refused_with_the_reason():
    with pytest.raises(RosterError, match="on the map: take it off the map before going below 1"):
        with_type_count(roster(), "general", 0)
    with pytest.raises(RosterError, match="use 0 or more"):
        with_type_count(roster(), "peltasts", -1)


def test_lowering_keeps_the_leader_entry_last():
    units = [RosterUnit("peltasts", leader=True), RosterUnit("peltasts", count=2)]
    after = with_type_count(units, "peltasts", 1)
    assert [(u.leader, u.count) for u in after] == [(True, 1)]


def test_additions_add_to_several_types():
    after = with_additions(roster(), {"general": 1, "psiloi-sling": 2, "peltasts": 0})
    counts = type_counts(after)
    assert counts["general"].total == 2 and counts["psiloi-sling"].total == 2
    assert counts["peltasts"].total == 2


def test_marking_a_leader_splits_one_unit_off_and_clears_the_others():
    after = with_leader(roster(), 1)
    assert [(u.type, u.count, u.leader) for u in after[1:3]] == [
        ("hoplites-standard", 1, True), ("hoplites-standard", 2, False)]
    assert not any(u.leader for u in after if u.type == "peltasts")
    cleared = with_leader(after, 1, leader=False)
    assert not any(u.leader for u in cleared)


def test_costs_and_total_use_the_list_formula(lib):
    greek = lib.army_list("ancient-greek")
    costs = list_costs(greek, lib)
    assert costs.cost("hoplites-standard") == 6 and costs.cost("general") == 8
    total = roster_total(Army("ancient-greek", roster()), greek, costs)
    assert total.points == 8 + 4 * 6 + 2 * 4 and total.complete
    odd = roster_total(Army("ancient-greek", [RosterUnit("catapult")]), greek, costs)
    assert odd.points == 0 and "catapult" in odd.unknown[0]


def test_placement_entries_keep_roster_indices():
    to_place, placed = placement_entries(roster())
    assert [(e.index, e.count) for e in to_place] == [(1, 3), (3, 2)]
    assert [(e.index, e.hex) for e in placed] == [(0, "0101"), (2, "0202")]


def scenario(*lists, terrain="basic-ground"):
    sides = [Side(f"s{i}", f"Side {i}", "#000000", Army(lst)) for i, lst in enumerate(lists)]
    return Scenario("t", "T", "rules-of-war", terrain, HexMap.blank(3, 3, "."), sides)


def test_compatibility_names_every_reason(lib):
    s = scenario("ancient-greek", "ancient-persian")
    find = library_lookup(lib)
    fleet = lib.army_list("space-fleet")
    check = list_compatibility(fleet, s, "s0", find)
    assert not check.ok
    assert any("terrain set 'basic-space'" in r for r in check.reasons)
    assert any("era 'future'" in r and "s1" in r for r in check.conflicts)
    assert list_compatibility(lib.army_list("persian-wars-greek"), s, "s0", find).ok


def test_compatibility_wants_a_shared_scale(lib):
    find = library_lookup(lib)
    s = scenario("ancient-greek", "napoleonic")      # company scale only
    greek = lib.army_list("ancient-greek")
    check = list_compatibility(greek, s, "s0", find)
    # a clash with the other side is reported, but never locks this side out
    assert check.ok
    assert any("scales" in r for r in check.conflicts)
    assert any("era" in r for r in check.conflicts)


def test_checklist_adds_the_leader_line_when_the_composition_lacks_one(lib):
    greek = lib.army_list("ancient-greek")
    army = Army("ancient-greek", [RosterUnit("peltasts")])
    lines = composition_checklist(army, greek, None, lib)
    assert [(l.ok, l.kind) for l in lines] == [(False, "leader")]
    assert "0 Army Leaders" in lines[0].text
    with_comp = composition_checklist(army, greek, greek.composition("greek-army"), lib)
    assert sum(l.kind == "leader" for l in with_comp) == 1

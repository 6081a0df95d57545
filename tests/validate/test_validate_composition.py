"""check_composition: one RuleResult per rule, for every rule kind, passing and failing."""
from __future__ import annotations

import pytest

from studio.io import default_library
from studio.model import (Ability, Army, ArmyList, Composition, CompositionRule, RosterUnit,
                          Selector, UnitType)
from studio.validate import RuleResult, check_composition

LIST = ArmyList(
    "skirmishers", "Skirmishers", "ancients", ["tactical"], "basic-ground",
    units=[
        UnitType("chief", "Chief", tags=["hero"], points=6, abilities=[Ability("army-leader")]),
        UnitType("spears", "Spears", tags=["basic", "infantry"], points=4),
        UnitType("bows", "Bows", tags=["basic", "missile"], points=3),
        UnitType("knights", "Knights", tags=["elite", "cavalry"], points=10),
    ])


def army(*entries) -> Army:
    return Army("skirmishers", [RosterUnit(t, count=n) for t, n in entries])


def result(rule: CompositionRule, roster: Army) -> RuleResult:
    [found] = check_composition(roster, LIST, Composition("c", "C", [rule]))
    return found


@pytest.mark.parametrize("rule, roster, ok, actual, required", [
    (CompositionRule("count", Selector(units=["spears"]), exactly=3),
     army(("spears", 3)), True, 3, "exactly 3"),
    (CompositionRule("count", Selector(units=["spears"]), exactly=3),
     army(("spears", 2)), False, 2, "exactly 3"),
    (CompositionRule("count", Selector(tags=["basic"]), min=4),
     army(("spears", 2), ("bows", 2)), True, 4, "at least 4"),
    (CompositionRule("count", Selector(tags=["basic"]), min=4, max=5),
     army(("spears", 2), ("bows", 4)), False, 6, "between 4 and 5"),
    (CompositionRule("count", Selector(tags=["cavalry"]), max=1),
     army(("knights", 2)), False, 2, "at most 1"),
])
def test_count_rules(rule, roster, ok, actual, required):
    r = result(rule, roster)
    assert (r.ok, r.actual, r.required) == (ok, actual, required)


def test_points_share_rules_follow_the_skirmish_force_rule():
    # "at least 50% on basic and ordnance, at most 25% elite and vehicle, 25% heroes"
    basic = CompositionRule("points-share", Selector(tags=["basic", "ordnance"]), min=50,
                            label="at least 50% basic and ordnance")
    elite = CompositionRule("points-share", Selector(tags=["elite", "vehicle"]), max=25)
    heroes = CompositionRule("points-share", Selector(tags=["hero"]), max=25)
    roster = army(("chief", 1), ("spears", 3), ("bows", 2), ("knights", 1))   # 6+12+6+10 = 34
    results = check_composition(roster, LIST, Composition("force", "Force", [basic, elite, heroes]))
    assert [r.ok for r in results] == [True, False, True]
    assert results[0].actual == pytest.approx(52.94, abs=0.01)
    assert results[0].reason == ("at least 50% basic and ordnance: 53% of the points "
                                 "(18 of 34), needs at least 50%")
    assert results[1].actual == pytest.approx(29.41, abs=0.01)
    assert results[1].required == "at most 25%"


def test_leader_rule_counts_leader_types_and_marked_units():
    rule = CompositionRule("leader")
    assert result(rule, army(("chief", 1), ("spears", 2))).ok
    none = result(rule, army(("spears", 2)))
    assert (none.ok, none.actual) == (False, 0)
    marked = Army("skirmishers", [RosterUnit("chief"), RosterUnit("spears", leader=True)])
    two = result(rule, marked)
    assert (two.ok, two.actual, two.required) == (False, 2, "exactly 1")
    assert "2 Army Leaders, needs exactly 1" in two.reason


def test_unknown_roster_types_are_left_to_the_reference_check():
    r = result(CompositionRule("count", Selector(), min=2), army(("spears", 2), ("ghosts", 5)))
    assert (r.ok, r.actual) == (True, 2)


def test_the_greek_army_composition_of_the_bundled_list():
    lib = default_library()
    greek = lib.army_list("ancient-greek")
    composition = greek.composition("greek-army")
    roster = Army("ancient-greek", [
        RosterUnit("general"), RosterUnit("hoplites-standard", count=6),
        RosterUnit("hoplites-spartan-theban", count=2), RosterUnit("peltasts", count=2),
        RosterUnit("psiloi-javelin"), RosterUnit("psiloi-sling"),
        RosterUnit("medium-cavalry", count=2), RosterUnit("light-cavalry-bow")])
    results = check_composition(roster, greek, composition, lib)
    assert all(r.ok for r in results), [r.reason for r in results if not r.ok]
    roster.units[1].count = 5
    failed = [r for r in check_composition(roster, greek, composition, lib) if not r.ok]
    assert [r.reason for r in failed] == ["8 Units Hoplites: 7 units, needs exactly 8"]

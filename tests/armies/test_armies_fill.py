""""Fill to limit": composition minimums first, then cheap-to-expensive variety, never over
the limit, never breaking a count maximum, a share rule or the single Army Leader."""
import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from studio.armies.fill import suggest_fill
from studio.armies.roster import type_counts, with_additions
from studio.armies.roster import list_costs, roster_total
from studio.io import default_library
from studio.model import (Ability, Army, ArmyList, Composition, CompositionRule, RosterUnit,
                          Selector, UnitType)
from studio.validate import check_composition


@pytest.fixture(scope="module")
def lib():
    return default_library()


@pytest.fixture(scope="module")
def greek(lib):
    return lib.army_list("ancient-greek")


def applied(army, suggestion):
    return Army(army.army_list, with_additions(army.units, suggestion.counts()),
                army.composition, army.points_limit)


def test_an_empty_greek_roster_is_filled_to_a_legal_army_under_100(lib, greek):
    army = Army("ancient-greek", composition="greek-army", points_limit=100)
    s = suggest_fill(army, greek, greek.composition("greek-army"), lib)
    after = applied(army, s)
    results = check_composition(after, greek, greek.composition("greek-army"), lib)
    assert all(r.ok for r in results), [r.reason for r in results if not r.ok]
    assert s.points_after <= 100 and s.points_before == 0
    assert s.additions[0].reason == "1 General"
    assert s.counts()["hoplites-standard"] == 8       # the cheaper hoplites fill the rule
    assert s.notes == []


def test_filling_never_passes_the_limit_and_reports_what_it_could_not_do(lib, greek):
    army = Army("ancient-greek", points_limit=20)
    s = suggest_fill(army, greek, greek.composition("greek-army"), lib)
    assert s.points_after <= 20
    assert any("short" in n and "points limit" in n for n in s.notes)


def test_too_many_units_are_reported_not_removed(lib, greek):
    army = Army("ancient-greek", [RosterUnit("general"), RosterUnit("hoplites-standard", count=9)],
                points_limit=100)
    s = suggest_fill(army, greek, greek.composition("greek-army"), lib)
    assert "hoplites-standard" not in s.counts() and "general" not in s.counts()
    assert any("1 too many" in n for n in s.notes)


def test_without_composition_fill_adds_one_leader_and_variety(lib, greek):
    s = suggest_fill(Army("ancient-greek", points_limit=60), greek, None, lib)
    counts = s.counts()
    assert counts["general"] == 1                # one leader, never a second
    assert len(counts) == len(greek.units)       # each type once before any twice
    assert max(counts.values()) <= 2
    assert s.points_after <= 60


def share_list():
    units = [UnitType("chief", "Chief", tags=["leader"], points=5,
                      abilities=[Ability("army-leader")]),
             UnitType("levy", "Levy", tags=["basic"], points=2),
             UnitType("knights", "Knights", tags=["elite"], points=10)]
    rules = [CompositionRule("count", Selector(units=["chief"]), exactly=1),
             CompositionRule("points-share", Selector(tags=["basic"]), min=40, label="40% levy")]
    return ArmyList("share", "Share", "medieval", ["tactical"], "basic-ground", units=units,
                    compositions=[Composition("c", "C", rules)])


def test_share_rules_hold_while_filling():
    lst = share_list()
    army = Army("share", [RosterUnit("knights", count=2)], points_limit=80)
    comp = lst.composition("c")
    s = suggest_fill(army, lst, comp)
    after = applied(army, s)
    share = next(r for r in check_composition(after, lst, comp) if r.rule.kind == "points-share")
    assert share.ok, share.reason
    assert s.points_after <= 80


def test_no_leader_type_is_a_note():
    lst = ArmyList("x", "X", "future", ["skirmish"], "basic-space",
                   units=[UnitType("ship", "Ship", points=3)])
    s = suggest_fill(Army("x", points_limit=10), lst, None)
    assert any("mark one unit as the leader" in n for n in s.notes)
    assert s.counts() == {"ship": 3}


def test_no_limit_adds_only_minimums(lib, greek):
    s = suggest_fill(Army("ancient-greek"), greek, greek.composition("greek-army"), lib)
    assert sum(s.counts().values()) == 16
    assert any("no points limit" in n for n in s.notes)


@settings(max_examples=40, deadline=None)
@given(limit=st.integers(min_value=0, max_value=160),
       start=st.dictionaries(st.sampled_from(["general", "peltasts", "heavy-cavalry",
                                              "psiloi-bow", "hoplites-spartan-theban"]),
                             st.integers(min_value=0, max_value=3), max_size=3))
def test_property_never_over_the_limit_and_only_adds(limit, start):
    lib = default_library()
    greek = lib.army_list("ancient-greek")
    army = Army("ancient-greek", [RosterUnit(t, count=n) for t, n in start.items() if n],
                points_limit=limit)
    s = suggest_fill(army, greek, greek.composition("greek-army"), lib)
    before = roster_total(army, greek, list_costs(greek, lib)).points
    assert s.points_before == before
    if before <= limit:
        assert s.points_after <= limit
    else:
        assert s.additions == []
    assert all(a.count > 0 for a in s.additions)
    after = type_counts(applied(army, s).units)
    for t, n in start.items():
        if n:
            assert after[t].total >= n

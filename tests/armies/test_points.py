"""Point-cost formulas (docs/points.md): worked examples, monotonicity, overrides, errors."""
from __future__ import annotations

import dataclasses
import itertools

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from studio.io import default_library
from studio.model import (Ability, Army, ArmyList, Attack, Figures, ListDefaults, PointsItem,
                          PointsSpec, PointsTable, RosterUnit, UnitType)
from studio.armies.points import (formulas, PointsError, formula_breakdown, roster_points,
                           unit_points)


def make_list(units, formula="rules-of-war", hits=None, **params) -> ArmyList:
    return ArmyList("test-list", "Test", "ancients", ["tactical"], "basic-ground",
                    defaults=ListDefaults(hits=hits), points=PointsSpec(formula, params),
                    units=list(units))


def unit(uid="u", **fields) -> UnitType:
    fields.setdefault("move", 2)
    fields.setdefault("attack", Attack.flat_rating(5))
    fields.setdefault("defense", 5)
    fields.setdefault("morale", 5)
    return UnitType(uid, uid.title(), **fields)


class Library:
    """Just the look-up the figures formula needs."""

    def __init__(self, *tables):
        self.tables = {t.id: t for t in tables}

    def points_table(self, ident):
        return self.tables.get(ident)


ME_TABLE = PointsTable(
    "middle-earth-1976", "Middle Earth",
    figures={"man-sword-spear-bow": PointsItem("Man", 4), "cavalry-lance": PointsItem("Lance", 7),
             "hobbit": PointsItem("Hobbit", 0.5)},
    equipment={"medium-armour": PointsItem("Medium", 1), "heavy-armour": PointsItem("Heavy", 2),
               "armoured-horse": PointsItem("Armoured Horse", 2)})


# -- rules-of-war ----------------------------------------------------------------------------
def test_rules_of_war_worked_example_from_the_docs():
    hoplites = unit("hoplites", move=2, attack=Attack.melee_ranged(7, None), defense=7, morale=6)
    general = unit("general", move=4, attack=Attack.melee_ranged(8, None), defense=7,
                   morale=10, abilities=[Ability("army-leader")])
    bows = unit("bows", move=3, range=6, attack=Attack.melee_ranged(3, 2), defense=3, morale=3)
    lst = make_list([hoplites, general, bows], hits=2)
    assert unit_points(lst, hoplites) == 6
    assert unit_points(lst, general) == 8
    assert unit_points(lst, bows) == 5
    assert "15.22" in formula_breakdown(lst, hoplites)
    assert formula_breakdown(lst, hoplites).endswith("→ 6")


def test_greek_army_of_the_ancient_composition_costs_under_100_points():
    lib = default_library()
    greek = lib.army_list("ancient-greek")
    cost = {u.id: unit_points(greek, u, lib) for u in greek.units}
    psiloi = ["psiloi-javelin", "psiloi-bow", "psiloi-sling"]
    light = ["light-cavalry-javelin", "light-cavalry-bow"]
    totals = []
    for p1, p2 in itertools.combinations_with_replacement(psiloi, 2):
        for lc in light:
            roster = Army("ancient-greek", [
                RosterUnit("general"), RosterUnit("hoplites-standard", count=8),
                RosterUnit("peltasts", count=2), RosterUnit(p1), RosterUnit(p2),
                RosterUnit("medium-cavalry", count=2), RosterUnit(lc)])
            assert len(roster.expanded()) == 16
            totals.append(roster_points(roster, greek, lib))
    assert max(totals) < 100
    # every unit of the ancient lists (two hits each) costs about 4-8
    assert all(4 <= c <= 8 for c in cost.values()), cost


def test_ancient_units_cost_4_to_8_and_typical_units_2_to_15():
    lib = default_library()
    for list_id, army_list in lib.items("army-list"):
        costs = [unit_points(army_list, u, lib) for u in army_list.units]
        if list_id.startswith("ancient-"):
            assert all(4 <= c <= 8 for c in costs), (list_id, costs)
        # Action Dice and the 1976 figure table price whole units of figures on their own
        # scales (tens to hundreds)
        if not list_id.startswith(("star-wars", "space-fleet")) and \
                army_list.points.formula not in ("action-dice", "figures-001"):
            assert all(2 <= c <= 15 for c in costs), (list_id, costs)


def test_attack_dice_multiply_and_rating_vs_gives_an_attack():
    plain = unit("plain", attack=Attack.flat_rating(5))
    dice = unit("dice", attack=Attack.flat_rating(5), attack_dice={"front": 3})
    lst = make_list([plain, dice])
    assert unit_points(lst, dice) > unit_points(lst, plain)
    silent = unit("silent", attack=Attack.flat_rating(None))
    armed = unit("armed", attack=Attack.flat_rating(None),
                 abilities=[Ability("attack-rating-vs", {"value": 6, "vs_tags": ["ship"]})])
    lst = make_list([silent, armed])
    assert unit_points(lst, armed) > unit_points(lst, silent)


def test_drawback_abilities_add_nothing_and_other_abilities_half_a_point():
    base = unit("base")
    slowed = unit("slowed", abilities=[Ability("no-ranged-after-move")])
    charging = unit("charging", attack=Attack.flat_rating(6), abilities=[Ability("charge")])
    lst = make_list([base, slowed, charging])
    assert unit_points(lst, slowed) == unit_points(lst, base)
    assert "charge" in formula_breakdown(lst, charging)


attacks = st.one_of(
    st.builds(Attack.flat_rating, st.one_of(st.none(), st.integers(0, 12))),
    st.builds(Attack.melee_ranged, st.one_of(st.none(), st.integers(0, 12)),
              st.one_of(st.none(), st.integers(0, 12))),
    st.builds(lambda a, b, c: Attack.from_bands([(1, 1, a), (2, 5, b), (6, None, c)]),
              st.one_of(st.none(), st.integers(0, 12)), st.one_of(st.none(), st.integers(0, 12)),
              st.one_of(st.none(), st.integers(0, 12))),
)

units = st.builds(
    UnitType, id=st.just("u"), name=st.just("U"),
    move=st.one_of(st.none(), st.integers(0, 12), st.floats(0, 40)),
    flying=st.booleans(), range=st.integers(1, 16), attack=attacks,
    attack_dice=st.one_of(st.none(), st.fixed_dictionaries(
        {"front": st.integers(0, 8), "aft": st.integers(0, 8), "sides": st.integers(0, 8)})),
    defense=st.one_of(st.none(), st.integers(0, 10)), morale=st.one_of(st.none(), st.integers(0, 10)),
    hits=st.integers(1, 12), shields=st.one_of(st.none(), st.integers(0, 20)),
    abilities=st.lists(st.sampled_from([Ability("charge"), Ability("army-leader"),
                                        Ability("always-charge")]), max_size=2))


def _better(u: UnitType):
    """Every one-stat improvement of `u`: (what, improved unit)."""
    r = dataclasses.replace
    a = u.attack
    yield "move", r(u, move=(u.move or 0) + 1)
    yield "flying", r(u, flying=True)
    yield "range", r(u, range=u.range + 1)
    yield "defense", r(u, defense=(u.defense or 0) + 1)
    yield "morale", r(u, morale=(u.morale or 0) + 1)
    yield "hits", r(u, hits=u.hits + 1)
    yield "shields", r(u, shields=(u.shields or 0) + 1)
    if u.attack_dice:
        for arc in ("front", "aft", "sides"):
            yield f"dice {arc}", r(u, attack_dice={**u.attack_dice, arc: u.attack_dice[arc] + 1})
    if a.form == "flat":
        yield "attack", r(u, attack=Attack.flat_rating((a.flat or 0) + 1))
    elif a.form == "melee-ranged":
        yield "melee", r(u, attack=Attack.melee_ranged((a.melee or 0) + 1, a.ranged))
        yield "ranged", r(u, attack=Attack.melee_ranged(a.melee, (a.ranged or 0) + 1))
    else:
        for i, (first, last, rating) in enumerate(a.bands):
            bands = list(a.bands)
            bands[i] = (first, last, (rating or 0) + 1)
            yield f"band {first}", r(u, attack=Attack.from_bands(bands))


@settings(max_examples=200, deadline=None)
@given(units)
def test_rules_of_war_never_charges_less_for_a_better_stat(u):
    lst = make_list([u])
    cost = unit_points(lst, u)
    assert isinstance(cost, int) and cost >= 1
    for what, better in _better(u):
        assert unit_points(lst, better) >= cost, what


@settings(max_examples=100, deadline=None)
@given(units, st.sampled_from(["basic", "elite", "hero", "vehicle", "ordnance"]))
def test_skirmish_003_never_charges_less_for_a_better_stat(u, kind):
    u = dataclasses.replace(u, tags=[kind])
    lst = make_list([u], formula="skirmish-003")
    cost = unit_points(lst, u)
    assert cost >= 1
    for what, better in _better(u):
        assert unit_points(lst, better) >= cost, what


# -- skirmish-003 ----------------------------------------------------------------------------
def test_skirmish_003_worked_examples_and_divisors():
    bows = unit("bows", tags=["basic"], move=3, range=6, attack=Attack.melee_ranged(3, 2),
                defense=3)
    hoplites = unit("hoplites", move=2, attack=Attack.melee_ranged(7, None), defense=7)
    hero = unit("hero", tags=["hero", "basic"], move=2, attack=Attack.melee_ranged(7, None),
                defense=7)
    lst = make_list([bows, hoplites, hero], formula="skirmish-003")
    assert unit_points(lst, bows) == 23            # (30+30+30+20)/10 + 2×6
    assert unit_points(lst, hoplites) == 16        # (20+70+70)/10, no reach
    assert unit_points(lst, hero) == 27            # 160/6 = 26.67: the dearest type wins
    assert "hero, divisor 6" in formula_breakdown(lst, hero)
    cheap_heroes = make_list([hero], formula="skirmish-003", divisors={"hero": 10})
    assert unit_points(cheap_heroes, hero) == 16


# -- figures-001 -----------------------------------------------------------------------------
def test_figures_001_worked_examples_with_a_table_built_in_memory():
    infantry = unit("infantry", figures=Figures(20, "man-sword-spear-bow", ["medium-armour"]))
    knights = unit("knights", figures=Figures(10, "cavalry-lance",
                                              ["heavy-armour", "armoured-horse"]))
    hobbits = unit("hobbits", figures=Figures(12, "hobbit"))
    lst = make_list([infantry, knights, hobbits], formula="figures-001")
    lib = Library(ME_TABLE)
    assert unit_points(lst, infantry, lib) == 100
    assert unit_points(lst, knights, lib) == 110
    assert unit_points(lst, hobbits, lib) == 6
    assert formula_breakdown(lst, infantry, lib).endswith("20 × 5 = 100")


def test_figures_001_worked_examples_with_the_bundled_table():
    infantry = unit("infantry", figures=Figures(20, "man-sword-spear-bow", ["medium-armour"]))
    knights = unit("knights", figures=Figures(10, "cavalry-lance",
                                              ["heavy-armour", "armoured-horse"]))
    lst = make_list([infantry, knights], formula="figures-001", table="middle-earth-1976")
    lib = default_library()
    assert unit_points(lst, infantry, lib) == 100
    assert unit_points(lst, knights, lib) == 110
    army = Army("test-list", [RosterUnit("infantry"), RosterUnit("knights", count=2)])
    assert roster_points(army, lst, lib) == 320


@pytest.mark.parametrize("figures, fragment", [
    (None, "has no figures"),
    (Figures(5, "man-sword"), "did you mean 'man-sword-spear-bow'"),
    (Figures(5, "hobbit", ["medium-armor"]), "did you mean 'medium-armour'"),
])
def test_figures_001_errors_say_what_is_missing(figures, fragment):
    u = unit("u", figures=figures)
    with pytest.raises(PointsError, match=fragment):
        unit_points(make_list([u], formula="figures-001"), u, Library(ME_TABLE))


def test_figures_001_needs_its_table():
    u = unit("u", figures=Figures(5, "hobbit"))
    with pytest.raises(PointsError, match="points table 'other'"):
        unit_points(make_list([u], formula="figures-001", table="other"), u, Library(ME_TABLE))


# -- fixed, overrides, registry -----------------------------------------------------------------
def test_fixed_formula_uses_unit_points_and_refuses_units_without():
    priced = unit("priced", points=12)
    unpriced = unit("unpriced")
    lst = make_list([priced, unpriced], formula="fixed")
    assert unit_points(lst, priced) == 12
    with pytest.raises(PointsError, match="unpriced"):
        unit_points(lst, unpriced)


def test_unit_points_override_every_formula():
    u = unit("u", points=7.5, figures=None)
    for formula in formulas():
        assert unit_points(make_list([u], formula=formula), u) == 7.5
    assert formula_breakdown(make_list([u]), u) == "set on the unit: 7.5"


def test_unknown_formula_and_unknown_roster_type_are_errors():
    u = unit("u")
    with pytest.raises(PointsError, match="did you mean 'fixed'"):
        unit_points(make_list([u], formula="fixd"), u)
    with pytest.raises(PointsError, match="'v' is not in army list"):
        roster_points(Army("test-list", [RosterUnit("v")]), make_list([u]))


def test_roster_points_counts_reserve_entries_and_placed_units_once():
    u = unit("u", points=3)
    army = Army("test-list", [RosterUnit("u", count=4), RosterUnit("u", hex="0101", count=4)])
    assert roster_points(army, make_list([u])) == 15

"""What editors accept in a cell, an ability's parameters or a composition rule, and why
they refuse the rest; unit cards."""
from fractions import Fraction

import pytest

from studio.armies.cell_values import (format_attack, format_mp, parse_attack, parse_colour,
                                       parse_ids, parse_mp, parse_number, parse_pairs, parse_symbol)
from studio.armies.ability_params import make_ability, param_kind
from studio.armies.cell_values import format_figures, parse_figures
from studio.armies.composition_rules import describe_bound, make_rule
from studio.armies.unit_card import unit_card
from studio.io import default_library
from studio.model import Attack


@pytest.mark.parametrize("text, attack", [
    ("7", Attack.flat_rating(7)),
    ("", Attack.flat_rating(None)),
    ("-", Attack.flat_rating(None)),
    ("8/2", Attack.melee_ranged(8, 2)),
    ("8/-", Attack.melee_ranged(8, None)),
    ("1:7, 2-5:3, 6+:-", Attack.from_bands([(1, 1, 7), (2, 5, 3), (6, None, None)])),
])
def test_attack_forms_round_trip(text, attack):
    assert parse_attack(text) == attack
    assert parse_attack(format_attack(attack)) == attack


@pytest.mark.parametrize("text, message", [
    ("9x", "attack '9x' is not a rating: use a number, 'melee/ranged' like 7/2, or bands like 1:7,2-5:3"),
    ("7/2/1", "is not a rating"),
    ("1:7, x:3", "band 'x' is not a distance"),
    ("5-2:3", "ends before it starts"),
    ("1:7, 1:3", "given twice"),
])
def test_bad_attacks_say_why(text, message):
    with pytest.raises(ValueError, match=message.replace("(", r"\(").replace(")", r"\)")):
        parse_attack(text)


def test_numbers():
    assert parse_number("2.5", "move", minimum=0) == 2.5
    assert parse_number("3", "move") == 3 and isinstance(parse_number("3.0", "move"), int)
    assert parse_number("", "move") is None
    with pytest.raises(ValueError, match="move must be a number ≥ 0, not '-1'"):
        parse_number("-1", "move", minimum=0)
    with pytest.raises(ValueError, match="range must be a whole number"):
        parse_number("1.5", "range", integer=True)
    with pytest.raises(ValueError, match="needs a value"):
        parse_number("", "defense", optional=False)


def test_mp_symbols_colours_tags():
    assert parse_mp("1/2") == Fraction(1, 2) and parse_mp("impassable") is None
    assert parse_mp("2") == 2 and format_mp(Fraction(3, 2)) == "3/2"
    with pytest.raises(ValueError, match="MP 'fast' is not a cost"):
        parse_mp("fast")
    with pytest.raises(ValueError, match="≥ 0"):
        parse_mp("-1")
    assert parse_symbol("f", ".~") == "f"
    for bad, why in ((" ", "space"), ("#", "'#'"), ("ff", "exactly one"), (".", "already used")):
        with pytest.raises(ValueError, match=why):
            parse_symbol(bad, ".~")
    assert parse_colour("#5E9A4A") == "#5e9a4a"
    with pytest.raises(ValueError, match="#rrggbb"):
        parse_colour("green")
    assert parse_ids("infantry, heavy infantry") == ["infantry", "heavy"]
    with pytest.raises(ValueError, match="not kebab-case"):
        parse_ids("Shock_Cavalry")
    assert parse_pairs("front: 2, aft: 1", "attack dice", ("front", "aft", "sides")) == {
        "front": 2, "aft": 1}
    with pytest.raises(ValueError, match="not one of"):
        parse_pairs("up: 1", "attack dice", ("front", "aft", "sides"))


def test_figures():
    f = parse_figures("20 × man-sword; medium-armour, shield")
    assert (f.count, f.type, f.equipment) == (20, "man-sword", ["medium-armour", "shield"])
    assert parse_figures(format_figures(f)) == f
    assert parse_figures("") is None
    with pytest.raises(ValueError, match="count × figure type"):
        parse_figures("many men")


def test_ability_params_keep_only_what_differs():
    assert param_kind("vs_tags", None) == "tags" and param_kind("max_roll", 5) == "number"
    assert make_ability("charge", {"move": "1", "attack": "2"}).params == {"attack": 2}
    a = make_ability("attack-modifier", {"value": "2", "vs_tags": "cavalry, elephant",
                                         "vs_routed": True})
    assert a.params == {"value": 2, "vs_tags": ["cavalry", "elephant"], "vs_routed": True}
    with pytest.raises(ValueError, match="needs parameter 'value'"):
        make_ability("attack-modifier", {})
    with pytest.raises(ValueError, match="not in the catalogue"):
        make_ability("teleport", {})
    with pytest.raises(ValueError, match="must be a number"):
        make_ability("pila", {"attacks": "two"})


def test_composition_rules_are_checked():
    r = make_rule("points-share", tags=["basic"], min="50", label="half basic")
    assert (r.min, r.selector.tags, describe_bound(r)) == (50, ["basic"], "at least 50%")
    assert make_rule("leader").kind == "leader"
    for kwargs, why in (({"kind": "count"}, "select some units"),
                        ({"kind": "count", "units": ["a"]}, "give the rule a bound"),
                        ({"kind": "count", "units": ["a"], "exactly": "1", "min": "1"},
                         "not both"),
                        ({"kind": "count", "units": ["a"], "exactly": "1.5"}, "whole number"),
                        ({"kind": "points-share", "tags": ["a"], "max": "120"}, "between 0 and 100")):
        with pytest.raises(ValueError, match=why):
            make_rule(**kwargs)


def test_unit_card_has_every_stat_abilities_and_points():
    lib = default_library()
    greek = lib.army_list("ancient-greek")
    card = unit_card(greek, greek.unit("general"), lib)
    stats = dict(card.stats)
    assert stats["Move"] == "4" and stats["Hits"] == "2" and stats["Attack"] == "8/-"
    assert card.attack_by_distance == [(1, "8")]
    assert [a.name for a in card.abilities] == ["army-leader"]
    assert "Army Leader" in card.abilities[0].summary
    assert card.points == 8 and card.breakdown.startswith("rules-of-war:")
    fleet = lib.army_list("space-fleet")
    fighter = unit_card(fleet, fleet.unit("interceptor-fighter"), lib)
    sources = {a.source for a in fighter.abilities}
    assert "unit" in sources and any("Fighters have defense" in s for s in sources)

"""`studio odds` against hand calculations: twelve cells of the legible Chart I, the
casualty chart's columns typed here from the booklet, and the two average dice (faces
2 3 3 4 4 5: a difference of -3..3 in 1, 4, 8, 10, 8, 4, 1 ways of 36)."""
import pytest

from me_helpers import library
from studio.rulesets.middle_earth.plugin import RULES

DIFF = {-3: 1, -2: 4, -1: 8, 0: 10, 1: 8, 2: 4, 3: 1}

# Casualty chart columns (figures fighting -> {factor: casualties}), read off the chart.
COLUMN = {
    1: {11: 1, 12: 2, 13: 2, 14: 2, 15: 2, 16: 2, 17: 2},
    4: {-4: 0, -3: 0, -2: 0, -1: 0, 0: 0, 1: 0, 2: 0, 12: 3, 13: 3, 14: 3, 15: 3, 16: 3,
        17: 4, 18: 4},
    5: {-1: 0, 0: 0, 1: 0, 2: 1, 3: 1, 4: 1, 5: 1},
    7: {3: 1, 4: 1, 5: 1, 6: 2, 7: 2, 8: 2, 9: 3},
    8: {6: 2, 7: 2, 8: 2, 9: 3, 10: 3, 11: 4, 12: 4},
    10: {-4: 0, -3: 1, -2: 1, -1: 1, 0: 1, 1: 1, 2: 1, 3: 1, 4: 2, 5: 2, 6: 3, 7: 3, 8: 3,
         9: 4, 10: 4, 11: 4},
}

# (Mordor unit, West unit, Chart I weapon factor, figures fighting)
CELLS = [
    ("hill-trolls", "gondor-spearmen", 15, 4),      # hill troll v medium infantry
    ("orc-band", "gondor-spearmen", 2, 10),         # goblin v medium infantry (10 of 20 fight)
    ("uruk-hai", "high-elves", -1, 10),             # uruk v armoured elf
    ("man-orcs", "dwarves", 3, 10),                 # man-orc v dwarf
    ("morgul-cavalry", "rohan-riders", 9, 8),       # lance (2 ranks of 5) v medium cavalry
    ("haradrim", "gondor-archers", 7, 10),          # man spear v light infantry
    ("easterlings", "tower-guard", 5, 10),          # man axe v heavy infantry
    ("wargs", "hobbits", 8, 10),                    # warg v hobbit
    ("wolf-riders", "wood-elves", 2, 5),            # mounted goblin v unarmoured elf
    ("mumak", "rohan-household", 14, 1),            # mumakil v heavy cavalry
    ("variag-horse", "peasant-levy", 6, 7),         # cavalry spear (1.5 ranks of 5) v LI
    ("stone-trolls", "ents", -1, 4),                # stone troll v large ent
]


def by_hand(factor: int, figures: int) -> dict:
    out: dict = {}
    for d, ways in DIFF.items():
        c = COLUMN[figures][factor + d]
        out[c] = out.get(c, 0) + ways / 36
    return out


def odds(attacker, defender, **situation):
    lib = library()
    a_list, d_list = lib.army_list("me76-mordor"), lib.army_list("me76-west")
    if attacker in [u.id for u in lib.army_list("me76-west").units]:
        a_list, d_list = d_list, a_list
    return RULES.odds.unit_odds(lib, (a_list, a_list.unit(attacker)), (d_list, d_list.unit(defender)),
                           dict({"distance": 1}, **situation))


@pytest.mark.parametrize("attacker,defender,factor,figures", CELLS)
def test_melee_odds_match_the_hand_calculation(attacker, defender, factor, figures):
    got = odds(attacker, defender)["figures_removed"]["defender"]
    assert got == pytest.approx(by_hand(factor, figures))


def test_a_hand_calculated_cell_in_full():
    # hill trolls against Gondor spearmen: factor 15, 4 trolls fight: 12-16 give 3, 17-18
    # give 4: 31 ways of 36 for 3 casualties, 5 for 4
    got = odds("hill-trolls", "gondor-spearmen")
    assert got["figures_removed"]["defender"] == pytest.approx({3: 31 / 36, 4: 5 / 36})
    assert got["expected_removed"]["defender"] == pytest.approx((31 * 3 + 5 * 4) / 36)


def test_a_charge_gives_the_impetus_and_the_targets_reactions():
    # riders (Chart II short spear v goblin 9) charging: +2 charging, +1 medium cavalry: 12,
    # 5 riders fight. Orcs (O: a die less a die) charged by cavalry -4, by a larger unit? no.
    got = odds("rohan-riders", "orc-band", distance=3)
    assert got["kind"] == "charge"
    hand = {}
    for d, ways in DIFF.items():
        c = {9: 2, 10: 2, 11: 3, 12: 3, 13: 3, 14: 3, 15: 3}[12 + d]
        hand[c] = hand.get(c, 0) + ways / 36
    assert got["figures_removed"]["defender"] == pytest.approx(hand)
    # O's dice less 4: scores -9..1; rout on -7..-10 is (1 + 2 + 3) ways, desperation none
    react = got["morale"]
    assert sum(react.values()) == pytest.approx(1.0)
    assert react["rout"] + react.get("rout-unrallyable", 0) == pytest.approx(6 / 36)
    assert react["obey"] == pytest.approx(1 / 36)       # a score of 1: a die difference of 5


def test_a_volley_gives_the_casualties_and_the_first_shot_reactions():
    got = odds("gondor-archers", "orc-band", distance=2)
    assert got["kind"] == "volley" and "morale" in got
    with pytest.raises(ValueError, match="--terrain"):
        odds("gondor-archers", "orc-band", distance=2, terrain="thin-wood")


@pytest.mark.parametrize("attacker,defender,factor,figures", CELLS[:4])
def test_the_odds_command_prints_the_hand_calculation(attacker, defender, factor, figures,
                                                      capsys):
    import json

    from studio.cli import main
    code = main(["odds", "--attacker", f"me76-mordor/{attacker}", "--defender",
                 f"me76-west/{defender}", "--format", "json"])
    out = json.loads(capsys.readouterr().out)
    assert code == 0
    got = {int(k): v for k, v in out["figures_removed"]["defender"].items()}
    assert got == pytest.approx(by_hand(factor, figures))

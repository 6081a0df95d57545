"""The hover line of an Action Dice attack's odds in play mode: outcomes that would read 0 %
(the tails of many dice) are left out, and the odds themselves keep every outcome."""
from studio.gui.play.rules_handler import odds_summary
from studio.rulesets.action_dice.odds import removed_distribution


def _odds():
    # ten figures of 1d6 against Defense 8: removing 1 or 7 figures is possible but rare
    dist = removed_distribution(10, 1, 6, 0, 8, cap=10)
    return dist, {"outcomes": {f"Spearmen loses {n}": p for n, p in dist.items()}}


def test_outcomes_rounding_to_0_percent_are_left_out():
    dist, odds = _odds()
    assert 0 < dist[1] < 0.005 and 0 < dist[7] < 0.005       # the tails the test relies on
    line = odds_summary(odds)
    assert "loses 1 " not in line and "loses 7 " not in line
    assert line == ("Spearmen loses 2 2%, Spearmen loses 3 25%, Spearmen loses 4 53%, "
                    "Spearmen loses 5 20%, Spearmen loses 6 1%")


def test_the_odds_keep_their_whole_distribution():
    dist, odds = _odds()
    odds_summary(odds)
    assert len(odds["outcomes"]) == len(dist) == 7
    assert abs(sum(odds["outcomes"].values()) - 1.0) < 1e-9


def test_an_attack_with_no_chance_says_so():
    assert odds_summary({"outcomes": {}}) == "no effect possible"

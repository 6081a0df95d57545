"""The game log of Action Dice shows every number of an attack, so that a player can check the
total against the dice: what each figure added (Fight or Shoot and the weapon), and the
halving at long range or on a free attack."""
from __future__ import annotations

from ad_helpers import build, first, script
from studio.rulesets.action_dice import RULES
from studio.rulesets.action_dice.state import Melee, Move, Shoot
from studio.rulesets.action_dice.words import describe


def test_a_shot_shows_what_the_figures_added_to_the_dice():
    st = build([(0, "archers", "0508", "N"), (1, "orc-warriors", "0505", "S")])
    script(st, [5] * 6)
    text = describe(first(RULES.apply(st, Shoot("archers-0", "orc-warriors-1")), "shot"))
    # 6 figures roll 5 each and add their bow's +1: 30 + 6 = 36, / 8 = 4
    assert "rolled 5+5+5+5+5+5, +6 (+1 × 6 figures) = 36, ÷ Defense 8 = 4 hits" in text


def test_a_long_shot_shows_the_halving_step():
    st = build([(0, "bolt-thrower", "0515", "N"), (1, "orc-warriors", "0505", "S")], nrows=16)
    script(st, [8, 8])
    text = describe(first(RULES.apply(st, Shoot("bolt-thrower-0", "orc-warriors-1")), "shot"))
    assert "= 18, ÷ Defense 8 = 2, halved at long range = 1 hit" in text


def test_a_free_attack_shows_the_halving_step():
    st = build([(0, "spearmen", "0505", "N"), (1, "orc-warriors", "0504", "S")])
    script(st, [1] * 10 + [1] * 10)
    RULES.apply(st, Melee("spearmen-0", "orc-warriors-1"))
    script(st, [6] * 9)
    text = describe(first(RULES.apply(st, Move("spearmen-0", "0507", "N")), "melee"))
    assert "= 63, ÷ Defense 8 = 7, halved for a free attack = 3 hits" in text


def test_a_vehicle_driving_into_a_unit_it_touches_does_not_turn():
    from ad_helpers import FUTURE, kinds
    from studio.rulesets.action_dice.state import Ram
    st = build([(0, "battle-tank", "0506", "N"), (1, "raider-pack", "0505", "S")], lists=FUTURE)
    assert Ram("battle-tank-0", "raider-pack-1") in RULES.legal_actions(st)
    script(st, [3] * 6 + [2] * 8)
    ev = RULES.apply(st, Ram("battle-tank-0", "raider-pack-1"))
    assert "moved" not in kinds(ev) and "rammed" in kinds(ev)
    assert not any("turns to face" in describe(e) for e in ev)

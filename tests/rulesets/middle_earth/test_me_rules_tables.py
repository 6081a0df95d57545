"""A dice-fixed test per table rule (M7-M38): the booklet's arithmetic, cell by cell."""
import pytest

from me_helpers import tables
from studio.engine.dice import ScriptedDice
from studio.rulesets.middle_earth import (aerial, firing, leaders, magic, melee, morale,
                                          orders, organisation, weather)
from studio.rulesets.middle_earth.rolls import distribution_average_difference

T = tables()


# M7 organisation ------------------------------------------------------------------------
def test_M7_charges_break_order_more_from_the_rear():
    assert organisation.charged(T, "formed", rear=False) == "unformed"
    assert organisation.charged(T, "semi-formed", rear=False) == "disorganised"
    assert organisation.charged(T, "disorganised", rear=False) == "scattered"
    assert organisation.charged(T, "formed", rear=True) == "disorganised"
    assert organisation.charged(T, "unformed", rear=True) == "scattered"


def test_M7_obstacles_and_reforming():
    assert organisation.crossed_obstacle("formed") == "unformed"
    assert organisation.crossed_obstacle("disorganised") == "disorganised"
    assert organisation.reform_moves(T, "unformed", "formed") == 0.5
    assert organisation.reform_moves(T, "scattered", "formed") == 2
    assert organisation.reform_moves(T, "scattered", "semi-formed") == 1.5


def test_M13_withdrawal_changes_organisation():
    assert organisation.withdrew(T, "formed", "retire") == "unformed"
    assert organisation.withdrew(T, "formed", "rout") == "disorganised"
    assert organisation.withdrew(T, "semi-formed", "retreat") == "disorganised"
    assert organisation.withdrew(T, "unformed", "rout-unrallyable") == "scattered"


# M9-M10 orders --------------------------------------------------------------------------
def test_M9_steady_classes_obey_without_a_throw():
    assert orders.obey(T, "C", ["outnumbered"], 0, ScriptedDice([])).roll is None
    assert orders.obey(T, "O", [], 0, ScriptedDice([])).obeys      # no stress, no test


def test_M9_orcs_under_stress_throw_and_need_above_three():
    r = orders.obey(T, "O", ["outnumbered", "enemy-within-100m"], 1, ScriptedDice([6]))
    assert (r.roll, r.total, r.obeys) == (6, 4, True)        # 6 - 2 - 1 + 1
    r = orders.obey(T, "O", ["outnumbered", "enemy-within-100m"], 0, ScriptedDice([6]))
    assert (r.total, r.obeys) == (3, False)                  # exactly 3 fails


def test_M10_cajoling_cavalry_of_a_higher_class_adds_its_bonus():
    r = orders.obey(T, "O", ["outnumbered"], 0, ScriptedDice([2]), cajoled_by="C")
    assert r.total == 2 - 2 + 4 and r.obeys
    assert orders.cajole_bonus(T, "C", "O") == 0             # a lower class cannot cajole


# M11-M14 morale -------------------------------------------------------------------------
@pytest.mark.parametrize("cls,rolls,expected", [
    ("A", [4], 4), ("B", [5], 3), ("T", [6], 3), ("C", [2], 2), ("D", [5, 2], 3),
    ("O", [1, 6], -5), ("E", [], 0)])
def test_M11_each_class_throws_its_dice(cls, rolls, expected):
    assert morale.class_dice(T, cls, ScriptedDice(rolls)) == expected


@pytest.mark.parametrize("score,reaction", [
    (10, "advance-2"), (8, "advance-1"), (7, "obey"), (1, "obey"), (0, "halt-1"),
    (-1, "halt-1"), (-2, "halt-2"), (-3, "retire"), (-4, "retire"), (-5, "retreat"),
    (-6, "retreat"), (-7, "rout"), (-10, "rout")])
def test_M12_reactions_by_score(score, reaction):
    assert T.reaction(score) == reaction


def test_M12_desperation_throws_two_dice():
    r = morale.test(T, "E", -12, ScriptedDice([3, 4]))
    assert r.score == -12 and r.desperation == 7 and r.reaction == "rout-unrallyable"
    r = morale.test(T, "E", -11, ScriptedDice([6, 6]))
    assert r.reaction == "advance-1"


def test_M14_factors_by_class_and_the_x_cells():
    f = [("morale_plus", "friend-100m", 1), ("morale_minus", "enemy-100m", -1)]
    assert morale.factor_sum(T, "A", f) == 2 - 1
    assert morale.factor_sum(T, "O", f) == 2 - 0
    # O takes no class-charging factor (x in the booklet)
    assert morale.factor_sum(T, "O", [("morale_plus", "charging-lower-class", 1)]) == 0
    assert morale.factor_sum(T, "C", [("law_minus", "witch-king-100m", -1)]) == -4
    assert morale.factor_sum(T, "C", [("flyer_falls_friend", None, -1)]) == -2


def test_M14_a_test_adds_the_modifier_to_the_dice():
    r = morale.test(T, "A", -5, ScriptedDice([2]))
    assert (r.dice, r.score, r.reaction) == (2, -3, "retire")


def test_M12_reaction_distribution_is_exact():
    d = morale.distribution(T, "A", 0)
    assert d == pytest.approx({"obey": 1.0})
    d = morale.distribution(T, "A", -4)
    assert d["halt-1"] == pytest.approx(2 / 6) and d["retire"] == pytest.approx(1 / 6)
    assert d["halt-2"] == pytest.approx(1 / 6) and d["obey"] == pytest.approx(2 / 6)
    assert sum(morale.distribution(T, "O", -3).values()) == pytest.approx(1.0)


def test_M15_half_strength_throw_by_class():
    assert morale.half_strength(T, "A", 0.45, ScriptedDice([4])) == (True, 4, -5)
    assert morale.half_strength(T, "C", 0.45, ScriptedDice([5])) == (False, 5, -5)
    assert morale.half_strength(T, "B", 0.2, ScriptedDice([6])) == (True, 6, -7)
    assert morale.half_strength(T, "A", 0.6, ScriptedDice([])) == (True, None, 0)


# M17 leaders -----------------------------------------------------------------------------
@pytest.mark.parametrize("d6,avg,ch", [(1, 2, -2), (2, 3, 0), (4, 4, 1), (6, 5, 3)])
def test_M17_charisma_by_an_average_die(d6, avg, ch):
    assert leaders.charisma(T, ScriptedDice([d6])) == (avg, ch)


def test_M27_death_of_a_leader():
    assert leaders.leader_dies(10, 0, ScriptedDice([])) == (False, None, None)
    assert leaders.leader_dies(10, 2, ScriptedDice([3])) == (True, 3, 4)   # 20 / 5 = 4
    assert leaders.leader_dies(10, 2, ScriptedDice([4])) == (False, 4, 4)
    assert leaders.leader_dies(5, 6, ScriptedDice([]))[0] is True


# M18-M22 melee ----------------------------------------------------------------------------
def test_M18_fighting_figures_by_ranks_and_frontage():
    assert melee.fighting_figures(20, 1, 10) == 10
    assert melee.fighting_figures(20, 1.5, 10) == 15
    assert melee.fighting_figures(8, 2, 5) == 8


def test_M19_tactical_factors_from_the_playsheet():
    assert melee.tactical_factor(T, charging=True) == 2
    assert melee.tactical_factor(T, charging=True, uphill=True) == 1
    assert melee.tactical_factor(T, attacker_kind="elves", wood=True) == 1
    assert melee.tactical_factor(T, wood=True) == -2
    assert melee.tactical_factor(T, attacker_kind="orcs", dark=True) == 2
    assert melee.tactical_factor(T, cover="hard") == -3
    assert melee.tactical_factor(T, cover="soft", enemy_shieldless=True) == -1


def test_M20_a_strike_is_weapon_plus_tactics_plus_one_average_die_less_another():
    # goblins (Chart I) against medium infantry: factor 2; dice 6 -> 5, 1 -> 2: +3
    s = melee.strike(T, "goblin", "medium-infantry", 20, 10, 0, ScriptedDice([6, 1]))
    assert (s.weapon_factor, s.plus, s.minus, s.factor, s.figures) == (2, 5, 2, 5, 10)
    assert s.casualties == T.casualties(10, 5) == 2


def test_M20_the_loser_has_more_casualties():
    assert melee.loser(3, 2) == "a" and melee.loser(1, 4) == "b" and melee.loser(2, 2) is None


def test_M20_casualty_distribution_sums_to_one():
    d = melee.casualty_distribution(T, "hill-troll", "heavy-infantry", 4, 4, 0)
    assert sum(d.values()) == pytest.approx(1.0)
    dd = distribution_average_difference(T.o["average_die"])
    assert dd[0] == pytest.approx(10 / 36) and dd[3] == pytest.approx(1 / 36)


def test_M21_impetus_uses_the_playsheet_for_heavy_cavalry():
    assert melee.impetus_bonus(T, "heavy-cavalry") == 3
    assert melee.impetus_bonus(T, "medium-infantry", downhill=True) == 3
    assert melee.impetus_bonus(T, "orcs", uphill=True) == -1


def test_M22_push_back_in_metres_and_hexes():
    assert melee.push_back_metres(T, "heavy-cavalry", "light-infantry", 1) == 55
    assert melee.push_back_metres(T, "light-infantry", "heavy-cavalry", 0) == 0
    assert melee.push_back_hexes(T, 55) == 1 and melee.push_back_hexes(T, 20) == 0


def test_M37_hero_combat_table_and_damage():
    assert T.hero_to_hit(7, 2) == 2 and T.hero_to_hit(1, 7) == 20 and T.hero_to_hit(1.5, 1) == 6
    assert melee.hero_blow(T, 2, 7, ScriptedDice([16])) == (True, 16, 16)
    assert melee.attack_dice_roll(ScriptedDice([3, 5]), 1.5) == 6
    assert melee.defence_score(ScriptedDice([6] * 7), 7) == 42


# M23 firing -------------------------------------------------------------------------------
def test_M23_firing_factors_and_a_volley():
    assert firing.fire_tactical(T) == 1 + 1                       # half range, stationary
    assert firing.fire_tactical(T, beyond_half_range=True, target_moved=True) == -2
    assert firing.fire_tactical(T, firer_kind="elves", beyond_half_range=True,
                                overhead=True) == -1 + 1
    v = firing.volley(T, "elf-bow", "goblin", 10, 10, 0, ScriptedDice([3, 3]))
    assert v.weapon_factor == 6 and v.factor == 6 and v.casualties == T.casualties(10, 6)


def test_M28_ground_to_air():
    assert firing.ground_to_air(T, "elves", 3, ScriptedDice([15, 14, 20])) == 2
    assert firing.ground_to_air(T, "others", 4, ScriptedDice([19, 18])) == 1


def test_M28_aerial_combat():
    assert aerial.to_hit(T, "eagle", "witch-king-steed") == 16
    assert aerial.to_hit(T, "ringwraith-steed", "eagle") == 12
    hit = aerial.attack(T, "hero-eagle", "ringwraith-steed", 6, ScriptedDice([12]))
    assert hit == (True, 12, True)
    miss = aerial.attack(T, "eagle", "ringwraith-steed", 0, ScriptedDice([12]))
    assert miss == (False, 12, False)


# M29-M35 magic ----------------------------------------------------------------------------
def test_M30_a_spell_costs_the_chart_drop():
    c = magic.cast(T, "gandalf", "fire-burst", 10, ScriptedDice([]))
    assert (c.success, c.level, c.drop) == (True, 9, 1)
    c = magic.cast(T, "witch-king", "rout", 12, ScriptedDice([]))
    assert (c.success, c.level) == (True, 10)


def test_M30_a_drop_beyond_the_level_needs_a_d10_and_empties_the_wizard():
    c = magic.cast(T, "gandalf", "defence-bolt", 2, ScriptedDice([7]))   # drop 8: need 7
    assert (c.success, c.level, c.need, c.roll) == (True, 0, 7, 7)
    c = magic.cast(T, "gandalf", "defence-bolt", 2, ScriptedDice([6]))
    assert (c.success, c.level) == (False, 0)


def test_M31_recovery_at_rest_and_semi_rest():
    assert magic.recovered(T, 4, 10, 1, 0) == 4
    assert magic.recovered(T, 4, 10, 2, 0) == 5
    assert magic.recovered(T, 4, 10, 5, 0) == 6
    assert magic.recovered(T, 4, 10, 0, 2) == 4
    assert magic.recovered(T, 4, 10, 0, 3) == 5
    assert magic.recovered(T, 10, 10, 4, 0) == 10


def test_M32_struggle_of_will():
    w = magic.struggle(T, 12, 10, ScriptedDice([18]))
    assert (w.need, w.success, w.assailant, w.victim) == (18, True, 10, 6)
    w = magic.struggle(T, 5, 10, ScriptedDice([19]))
    assert (w.need, w.success, w.assailant, w.victim) == (20, False, 2, 10)
    w = magic.struggle(T, 10, 6, ScriptedDice([16]), again=True)
    assert (w.success, w.assailant, w.victim) == (True, 10, 5)


def test_M33_break_staff_only_on_a_weak_victim():
    assert magic.break_staff_need(T, 10, 5) is None
    assert magic.break_staff_need(T, 10, 3) == 15
    assert magic.break_staff_need(T, 12, 1) == 12
    assert magic.break_staff_need(T, 2, 3) is None


def test_M33_cause_fire_and_the_rout_spell():
    assert magic.cause_fire(T, True, ScriptedDice([2, 2, 3, 6])) == (2, [2, 3, 6])
    assert magic.cause_fire(T, False, ScriptedDice([2, 5, 6, 4])) == (2, [5, 6, 4])
    assert magic.rout_spell_stands(T, None, ScriptedDice([])) == (False, None)
    assert magic.rout_spell_stands(T, "hero", ScriptedDice([3])) == (True, 3)
    assert magic.rout_spell_stands(T, "special-4", ScriptedDice([5])) == (False, 5)


def test_M34_spell_morale_effects():
    assert magic.spell_morale(T, "impress", "O", good=False) == 5
    assert magic.spell_morale(T, "gandalf-retreats", "C", good=True) == -2
    assert magic.spell_morale(T, "fire-burst", "D", good=False) == -3


def test_M35_black_shadow():
    assert magic.shadow(T, "witch-king", "B") == -7
    assert magic.shadow(T, "witch-king", "B", gandalf_near=True) == -2
    assert magic.shadow(T, "ringwraith", "D", grounded=True, hero_near=True) == 0
    assert magic.shadow(T, "ringwraith", "O") is None


# M38 weather ------------------------------------------------------------------------------
def test_M38_weather_and_wind():
    assert weather.roll_weather(T, "winter", ScriptedDice([1])) == "snow"
    assert weather.roll_weather(T, "summer", ScriptedDice([20])) == "hot"
    assert weather.move_share(T, "snow") == 0.5
    assert weather.orc_weather_morale(T, "rain", False) == -3
    assert weather.wind_morale(T, "se", good=True) == -1
    assert weather.wind_morale(T, "se", good=False) == 0

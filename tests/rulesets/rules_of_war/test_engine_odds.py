"""Exact odds of one attack against sampled outcomes of the engine itself."""
import math

from studio.rulesets.rules_of_war import Attack, Dice, apply
from studio.rulesets.rules_of_war.odds import attack_odds, state_odds
from studio.rulesets.rules_of_war.sample import army_list, basic_ground, ruleset, skirmish, unit

from test_engine_rules import TYPES


def test_odds_worked_example_and_known_values():
    tank = unit("tank", melee=9)
    inf = unit("inf", melee=3, defense=6, morale=7, hits=1)
    lst = army_list("x", [tank, inf])
    o = attack_odds(tank, lst, inf, lst, ruleset())
    # rolls 1..9 and 10 hit; each roll r saves on <= 6 - (9 - r)
    fails = [1 - max(0, min(10, 6 - (9 - r))) / 10 for r in range(1, 10)] + [1 - 6 / 10]
    assert math.isclose(o.p_hit, 1.0)
    assert math.isclose(o.p_unsaved, sum(fails) / 10)
    assert math.isclose(o.p_destroyed, o.p_unsaved) and o.p_morale_check == 0
    o2 = attack_odds(tank, lst, inf, lst, ruleset(), rear=True)
    assert o2.needed == 11 and o2.p_unsaved > o.p_unsaved
    o3 = attack_odds(tank, lst, inf, lst, ruleset(), distance=2)
    assert o3.needed is None and o3.p_hit == 0


def test_odds_terrain_save_and_morale_check():
    a = unit("a", melee=6)
    d = unit("d", melee=3, defense=4, morale=7, hits=2)
    lst = army_list("x", [a, d])
    building = basic_ground().by_id("building")
    o = attack_odds(a, lst, d, lst, ruleset(), terrain=building)
    assert o.p_terrain_save > 0 and o.p_destroyed == 0
    assert math.isclose(o.p_morale_check, o.p_unsaved)
    o1 = attack_odds(a, lst, d, lst, ruleset(), terrain=building, defender_hits_taken=1)
    assert math.isclose(o1.p_destroyed, o1.p_unsaved) and o1.p_morale_check == 0


def _sample(n, red, blue, attacker, target, **options):
    """Play the same attack n times (copies of one state, each with its own seeded dice)."""
    hits = unsaved = destroyed = morale = tsave = 0
    base = skirmish(red, blue, TYPES + EXTRA, rolls=[], reaction_attacks=False, **options)
    odds = state_odds(base, attacker, target)
    for i in range(n):
        s = base.copy()
        s.dice = Dice(i)
        ev = apply(s, Attack(attacker, target))
        atk = [e for e in ev if e.kind == "attack"][0]
        hits += atk["hit"]
        unsaved += atk["damage"]
        destroyed += atk["destroyed"]
        morale += any(e.kind == "morale" for e in ev)
        tsave += atk["terrain_roll"] is not None and atk["damage"] == 0
    return odds, [hits / n, unsaved / n, destroyed / n, morale / n, tsave / n]


EXTRA = [unit("tough", melee=3, defense=6, morale=7, hits=2)]


def _close(p, q, n):
    sd = math.sqrt(max(p * (1 - p), 1e-9) / n)
    return abs(p - q) <= 4.5 * sd + 1e-9


def test_odds_match_20k_sampled_engine_attacks():
    n = 20000
    terrain = ["." * 20] * 3 + ["....b" + "." * 15] + ["." * 20] * 16
    odds, got = _sample(n, [("a", "hvy", "0505", "N")], [("t", "tough", "0504", "S")],
                        "a", "t", terrain=terrain)
    want = [odds.p_hit, odds.p_unsaved, odds.p_destroyed, odds.p_morale_check,
            odds.p_terrain_save]
    for w, g in zip(want, got):
        assert _close(w, g, n), (want, got)


def test_odds_match_sampled_ranged_attack_from_higher_ground():
    n = 6000
    elev = ["0" * 20] * 4 + ["00001" + "0" * 15] + ["0" * 20] * 15
    odds, got = _sample(n, [("a", "arch", "0505", "N")], [("t", "inf", "0502", "S")],
                        "a", "t", elevation=elev)
    assert odds.needed == 5
    for w, g in zip([odds.p_hit, odds.p_unsaved, odds.p_destroyed], got[:3]):
        assert _close(w, g, n), (odds, got)

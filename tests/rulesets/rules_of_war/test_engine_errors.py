"""IllegalAction and SetupError messages quote the input and say what is wrong."""
import pytest

from studio.rulesets.rules_of_war import (Attack, ChooseOrder, EndPhase, IllegalAction, Move, Pass, SetupError,
                           Strike, Volley, apply, new_game)
from studio.rulesets.rules_of_war.sample import (army_list, basic_ground, neighbour_label as nb, ruleset,
                                  scenario)
from studio.rulesets.rules_of_war.setup import Resolver
from studio.model import RosterUnit

from test_engine_rules import TYPES, game


@pytest.fixture
def s():
    terrain = [row for row in ["." * 20] * 20]
    terrain[6] = "....~" + "." * 15
    return game([("a", "inf", "0505", "N"), ("r", "arch", "0909", "N"),
                 ("w", "inf", "0508", "N"), ("x", "hvy", "1309", "N")],
                [("b", "inf", "0504", "S"), ("c", "inf", "0901", "S"),
                 ("d", "inf", "1308", "S")], rolls=[], terrain=terrain)


@pytest.mark.parametrize("action, reason", [
    (EndPhase("blue"), "it is red's decision, not blue's"),
    (Move("b", "0503", "S"), "it is red's decision, not blue's"),
    (Attack("a", "c"), "c is 6 hexes away, beyond range 1 (R23)"),
    (Attack("a", "zz"), "there is no unit 'zz' in this game"),
    (Move("a", "0504", "N"), "0504 holds an enemy unit (R17)"),
    (Move("w", "0507", "N"), "0507 is Water, impassable"),
    (Move("a", "0501", "N"), "is out of reach"),
    (Move("a", "0505", "N"), "a would not move or turn"),
    (Move("a", "9999", "N"), "'9999' is off the map"),
    (Move("a", "0506", "E"), "'E' is not a facing on this flat-top map"),
    (Pass("red"), "there is no react/respond/advance decision open now"),
    (ChooseOrder("red", True), "there is no order decision open now"),
    (Strike("red", "guns", "b"), "red has no off-map support 'guns'"),
    (Volley((Attack("a", "b"), Attack("a", "b"))), "a is named twice"),
])
def test_illegal_action_messages_quote_the_action_and_the_reason(s, action, reason):
    with pytest.raises(IllegalAction) as err:
        apply(s, action)
    assert repr(action) in str(err.value) and reason in str(err.value)


def test_attack_twice_routed_outside_arc_and_not_enough_mp_messages(s):
    s.dice.rolls.extend([9])
    apply(s, Attack("a", "b"))
    with pytest.raises(IllegalAction, match=r"a has already attacked this round \(R21\)"):
        apply(s, Attack("a", "b"))
    s.unit("x").routed = True
    with pytest.raises(IllegalAction, match=r"routed units cannot attack \(R34\)"):
        apply(s, Attack("x", "d"))
    s.unit("d").hex = s.board.index_of_label(nb("0909", "S"))
    s._cache.clear()
    with pytest.raises(IllegalAction, match="outside r's front arc"):
        apply(s, Attack("r", "d"))
    with pytest.raises(IllegalAction, match="not enough MP: entering 0905 needs 4 MP of 3"):
        apply(s, Move("r", "0905", "N", path=("0908", "0907", "0906", "0905")))
    with pytest.raises(IllegalAction, match="0907 is not next to 0909"):
        apply(s, Move("r", "0907", "N", path=("0907",)))


def test_setup_errors_name_the_problem_and_where():
    lib = Resolver([basic_ground()], [army_list("l", TYPES)], [ruleset()])

    def sc(units_red, units_blue, **kw):
        return scenario(["." * 10] * 10, [("red", "l", None, units_red),
                                          ("blue", "l", None, units_blue)], **kw)
    with pytest.raises(SetupError, match="unit type 'ogre' is not in army list 'l'"):
        new_game(sc([RosterUnit("ogre", "o", "0101", "N")], []), lib)
    with pytest.raises(SetupError, match="hex 0101 holds units of two sides"):
        new_game(sc([RosterUnit("inf", "a", "0101", "N")], [RosterUnit("inf", "b", "0101", "N")]), lib)
    with pytest.raises(SetupError, match="stacking limit is 1"):
        new_game(sc([RosterUnit("inf", "a", "0101", "N"), RosterUnit("inf", "c", "0101", "N")],
                    []), lib)
    with pytest.raises(SetupError, match="'9999' is off the map"):
        new_game(sc([RosterUnit("inf", "a", "9999", "N")], []), lib)
    with pytest.raises(SetupError, match="no facing"):
        new_game(sc([RosterUnit("inf", "a", "0101", None)], []), lib)
    with pytest.raises(SetupError, match="unknown option"):
        new_game(sc([], []), lib, options_override={"stackin_limit": 2})
    bad = Resolver([basic_ground()], [army_list("l", TYPES)],
                   [ruleset()] and [type(ruleset())("rules-of-war", "R", {"die_sides": 10})])
    with pytest.raises(SetupError, match="has no option 'magic_die_halved'"):
        new_game(sc([], []), bad)

"""Hexside features in Rules of War (rules-of-war.md, "Hexside features"): crossing costs
and blocks, roads, cover behind a wall or stream, sight past walls and hedges."""
from fractions import Fraction

from studio.rulesets.rules_of_war.combat import make_context
from studio.rulesets.rules_of_war.modifiers import defense_total
from studio.rulesets.rules_of_war.play import move_options
from studio.rulesets.rules_of_war.sample import skirmish, unit

INF = unit("inf", move=3, melee=6, defense=5, morale=7)
BIRD = unit("bird", move=3, melee=3, flying=True)


def game(hexsides, red=(("a", "inf", "0505", "N"),), blue=(("b", "inf", "0520", "S"),)):
    return skirmish(list(red), list(blue), [INF, BIRD], rolls=[], hexsides=hexsides,
                    reaction_attacks=False)


def test_no_hexsides_plain_costs():
    opts = move_options(game({}), "a")
    assert opts[("0504", "N")] == 1 and opts[("0503", "N")] == 2


def test_river_blocks_but_a_bridge_or_ford_crosses_it():
    assert not any(k[0] == "0504" for k in move_options(game({"river": ["0505/0504"]}), "a"))
    bridged = move_options(game({"river": ["0505/0504"], "bridge": ["0504/0505"]}), "a")
    assert bridged[("0504", "N")] == 1
    forded = move_options(game({"river": ["0505/0504"], "ford": ["0504/0505"]}), "a")
    assert forded[("0504", "N")] == 2


def test_stream_wall_and_hedge_cost_one_more_mp_flyers_ignore_them():
    for kind in ("stream", "wall", "hedge"):
        assert move_options(game({kind: ["0505/0504"]}), "a")[("0504", "N")] == 2
    flyer = game({"river": ["0505/0504"]}, red=(("w", "bird", "0505", "N"),))
    assert move_options(flyer, "w")[("0504", "N")] == 1


def test_a_road_path_costs_half_an_mp_a_step():
    opts = move_options(game({"road": ["0505/0504/0503/0502"]}), "a")
    assert opts[("0504", "N")] == Fraction(1, 2) and opts[("0502", "N")] == Fraction(3, 2)


def test_a_defender_behind_a_wall_defends_at_plus_one_only_from_across_it():
    s = game({"wall": ["0505/0504"]}, blue=(("b", "inf", "0504", "S"),))
    across = defense_total(make_context(s, s.unit("b"), s.unit("a")), s.options)
    assert ("behind wall", 1) in across[1]
    s = game({"wall": ["0505/0405"]}, blue=(("b", "inf", "0504", "S"),))
    assert defense_total(make_context(s, s.unit("b"), s.unit("a")), s.options)[1] == []


def test_walls_and_hedges_block_sight_past_them_not_at_the_ends():
    s = game({"wall": ["0503/0504"]})
    b = s.board
    at = b.index_of_label
    assert not b.terrain_los(at("0505"), at("0502"))       # the wall lies between
    assert b.terrain_los(at("0505"), at("0504"))            # crossing no wall
    assert b.terrain_los(at("0504"), at("0502"))            # the wall is the looker's own
    river = game({"river": ["0503/0504"]}).board           # rivers do not block sight
    assert river.terrain_los(at("0505"), at("0502"))

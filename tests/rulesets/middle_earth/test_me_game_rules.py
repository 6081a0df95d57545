"""A dice-fixed test per rule of play on the map (M2-M40): each builds a small field, fixes
the dice and checks what the rule does."""
import pytest

from me_helpers import build, script
from studio.engine.errors import IllegalAction
from studio.engine.state import FLED, ON
from studio.rulesets.middle_earth.play import apply, legal_actions
from studio.rulesets.middle_earth.state import Cast, Charge, EndTurn, Fire, Hold, Move


def labels(state, actions, cls):
    return sorted(a.to for a in actions if isinstance(a, cls) and hasattr(a, "to"))


def test_M2_the_side_that_throws_higher_orders_first_and_each_unit_once():
    st = build([(0, "gondor-spearmen", "0205", "NE"), (1, "orc-band", "1005", "NW")])
    assert st.to_act == "s0" and st.round == 1
    apply(st, Hold("gondor-spearmen-0"))
    assert not any(getattr(a, "unit", None) == "gondor-spearmen-0" for a in legal_actions(st))
    with pytest.raises(IllegalAction):
        apply(st, Hold("gondor-spearmen-0"))
    apply(st, EndTurn("s0"))
    assert st.to_act == "s1"


def test_M4_M5_allowance_in_metres_and_terrain_shares():
    # medium infantry: 100 m = 2 hexes of 50 m on open ground
    st = build([(0, "gondor-spearmen", "0205", "NE"), (1, "orc-band", "1105", "NW")])
    moves = {a.to for a in legal_actions(st) if isinstance(a, Move)}
    assert "0405" in moves and "0505" not in moves
    # thin wood: half a move for infantry: a hex costs 100 m, so one hex into the wood only
    rows = ["." * 12] * 4 + ["..ww........"] + ["." * 12] * 5
    st = build([(0, "gondor-spearmen", "0205", "NE"), (1, "orc-band", "1105", "NW")], rows=rows)
    moves = {a.to for a in legal_actions(st) if isinstance(a, Move)}
    assert "0305" in moves and "0405" not in moves


def test_M5_elves_cross_a_thick_wood_freely_cavalry_may_not():
    rows = ["." * 12] * 4 + ["...WW......."] + ["." * 12] * 5
    st = build([(0, "rohan-riders", "0305", "NE"), (0, "wood-elves", "0306", "NE"),
                (1, "orc-band", "1108", "NW")], rows=rows)
    moves = legal_actions(st)
    rider = {a.to for a in moves if isinstance(a, Move) and a.unit == "rohan-riders-0"}
    elves = {a.to for a in moves if isinstance(a, Move) and a.unit == "wood-elves-1"}
    assert "0405" not in rider and "0405" in elves


def test_M4_no_ordinary_move_ends_in_contact():
    st = build([(0, "rohan-riders", "0205", "NE"), (1, "orc-band", "0605", "NW")])
    for a in legal_actions(st):
        if isinstance(a, Move) and a.unit == "rohan-riders-0":
            h = st.game.board.index_of_label(a.to)
            assert st.game.board.distance(h, st.unit("orc-band-1").hex) > 1


def test_M4_charge_reach_and_straight_run():
    # light cavalry? riders are medium cavalry: charge 420 m = 8 hexes
    st = build([(0, "rohan-riders", "0205", "N"), (1, "orc-band", "0905", "NW")])
    assert Charge("rohan-riders-0", "orc-band-1") in legal_actions(st)
    st = build([(0, "gondor-spearmen", "0205", "N"), (1, "orc-band", "0905", "NW")])
    assert Charge("gondor-spearmen-0", "orc-band-1") not in legal_actions(st)   # 160 m


def test_M20_M21_a_charge_the_target_stands_and_takes_the_impetus():
    st = build([(0, "rohan-riders", "0205", "NE"), (1, "orc-band", "0605", "NW")])
    # orcs test (O: die less die): 6 - 1 = 5, +factors... then the impetus strike 3,3
    script(st, [6, 1, 3, 3] + [])
    ev = apply(st, Charge("rohan-riders-0", "orc-band-1"))
    kinds = [e.kind for e in ev]
    assert kinds.index("morale") < kinds.index("strike")
    strike = next(e for e in ev if e.kind == "strike")
    # Chart II: cavalry short spear against goblins 9; charging +2; medium cavalry impetus +1
    assert strike.data["weapon_factor"] == 9 and strike.data["tactical"] == 3
    assert strike.data["factor"] == 12 and strike.data["figures"] == 5
    orcs = st.unit("orc-band-1")
    assert orcs.figures == 20 - st.tables.casualties(5, 12)
    assert orcs.org == "disorganised"           # semi-formed charged: disorganised (M7)
    rider = st.unit("rohan-riders-0")
    assert orcs.i in rider.engaged and rider.i in orcs.engaged


def test_M22_heavy_cavalry_pushes_light_infantry_back_a_hex():
    st = build([(0, "rohan-household", "0205", "NE"), (1, "southron-archers", "0605", "NW")])
    script(st, [6, 3, 3] + [])            # C: one die; impetus 3-3
    ev = apply(st, Charge("rohan-household-0", "southron-archers-1"))
    assert any(e.kind == "pushed" for e in ev)


def test_M12_M24_a_routing_target_is_cut_down_and_flees():
    st = build([(0, "rohan-household", "0205", "NE"), (1, "wild-men", "0605", "NW")])
    # E class: no dice; modifiers alone decide. Force it low with the shieldless, charged by
    # cavalry, larger? Script desperation/none: the test is deterministic here.
    wild = st.unit("wild-men-1")
    wild.penalty = -8            # E throws no dice: the factors decide; push it into a rout
    script(st, [3, 3])
    ev = apply(st, Charge("rohan-household-0", "wild-men-1"))
    morale = next(e for e in ev if e.kind == "morale")
    assert morale.data["reaction"] in ("rout", "rout-unrallyable")
    follow = next(e for e in ev if e.kind == "strike")
    assert follow.data["blow"] == "follow-up" and follow.data["tactical"] == 2 + 5
    assert wild.engaged == set() and wild.routed


def test_M20_melee_round_loser_tests_morale():
    st = build([(0, "gondor-spearmen", "0505", "NE"), (1, "orc-band", "0605", "NW")])
    a, b = st.unit("gondor-spearmen-0"), st.unit("orc-band-1")
    a.engaged.add(b.i)
    b.engaged.add(a.i)
    a.acted = True
    apply(st, EndTurn("s0"))
    # Mordor's turn: nothing to do but end; then the melee: spearmen strike first (6,1 -> +3),
    # the orcs (1,6 -> -3), the orcs' loser test (die less die 1,6)
    script(st, [6, 1, 1, 6, 1, 6] + [])
    ev = apply(st, EndTurn("s1"))
    strikes = [e for e in ev if e.kind == "strike"]
    assert [s.data["unit"] for s in strikes] == ["gondor-spearmen-0", "orc-band-1"]
    assert strikes[0].data["factor"] == 8 + 3            # Chart II man-spear v goblin 8
    lost = next(e for e in ev if e.kind == "melee-lost")
    assert lost.data["unit"] == "orc-band-1"
    assert any(e.kind == "morale" and e.data["unit"] == "orc-band-1" for e in ev)


def test_M23_volley_with_the_firing_factors():
    st = build([(0, "gondor-archers", "0205", "NE"), (1, "orc-band", "0405", "NW")])
    assert Fire("gondor-archers-0", "orc-band-1") in legal_actions(st)
    script(st, [3, 3] + [3, 3] + [])
    ev = apply(st, Fire("gondor-archers-0", "orc-band-1"))
    v = next(e for e in ev if e.kind == "volley")
    # long bow v goblin 5; within half range +1, close-order mass +2, stationary +1, shield -1
    assert v.data["weapon_factor"] == 5 and v.data["tactical"] == 3
    assert any(e.kind == "morale" and e.data["trigger"] == "shot-at" for e in ev)


def test_M23_no_firing_into_a_melee():
    st = build([(0, "gondor-archers", "0205", "NE"), (0, "gondor-spearmen", "0505", "NE"),
                (1, "orc-band", "0605", "NW")])
    a, b = st.unit("gondor-spearmen-1"), st.unit("orc-band-2")
    a.engaged.add(b.i)
    b.engaged.add(a.i)
    assert Fire("gondor-archers-0", "orc-band-2") not in legal_actions(st)


def test_M9_orcs_under_stress_test_their_orders():
    st = build([(1, "orc-band", "0605", "NW"), (0, "gondor-spearmen", "0405", "NE"),
                (0, "gondor-swordsmen", "0406", "NE")])
    apply(st, EndTurn("s0"))
    # alone, outnumbered, enemy within 100 m: d6 6 - 1 - 2 - 1 = 2: refuses, tests morale
    script(st, [6] + [3, 3] + [])
    moves = [a for a in legal_actions(st) if isinstance(a, Move)]
    ev = apply(st, moves[0])
    obey = next(e for e in ev if e.kind == "obey")
    assert obey.data["obeys"] is False and st.unit("orc-band-0").hex == \
        st.game.board.index_of_label("0605")


def test_M25_a_retiring_unit_rallies_on_proceed_as_ordered():
    st = build([(0, "gondor-spearmen", "0205", "NE"), (1, "orc-band", "1005", "NW")])
    u = st.unit("gondor-spearmen-0")
    u.reaction = "retire"
    apply(st, EndTurn("s0"))
    script(st, [6, 1, 6])        # round 2 order, then the rally test: C throws 6
    ev = apply(st, EndTurn("s1"))
    rally = next(e for e in ev if e.kind == "rally")
    assert rally.data["dice"] == 6 and rally.data["rallied"] and u.reaction is None


def test_M25_a_unit_that_fails_to_rally_goes_on_retiring():
    st = build([(0, "gondor-spearmen", "0505", "NE"), (1, "orc-band", "1005", "NW")])
    u = st.unit("gondor-spearmen-0")
    u.reaction = "retire"
    before = u.hex
    apply(st, EndTurn("s0"))
    script(st, [6, 1])           # round 2 order; the rally test reads only modifiers at 1
    u.penalty = -20
    ev = apply(st, EndTurn("s1"))
    rally = next(e for e in ev if e.kind == "rally")
    assert not rally.data["rallied"] and u.hex != before and u.reaction == "retire"


def test_M15_below_half_strength_throws_to_stay():
    st = build([(0, "gondor-spearmen", "0205", "NE"), (1, "orc-band", "1005", "NW")])
    u = st.unit("gondor-spearmen-0")
    u.figures = 9
    u.round_start_figures = 9
    apply(st, EndTurn("s0"))
    script(st, [5] + [])             # C needs a 6: fails and quits the field
    ev = apply(st, EndTurn("s1"))
    half = next(e for e in ev if e.kind == "half-strength")
    assert half.data["fights_on"] is False and u.status == FLED


def test_M29_gandalf_casts_fire_burst_and_spends_energy():
    st = build([(0, "gandalf", "0505", "NE"), (1, "orc-band", "0705", "NW")])
    g = st.unit("gandalf-0")
    assert Cast("gandalf-0", "fire-burst", "orc-band-1") in legal_actions(st)
    # an average die of 3 potential victims (d6 2), of whom the 5 burns (small: 3-6)
    script(st, [2, 1, 2, 5])
    ev = apply(st, Cast("gandalf-0", "fire-burst", "orc-band-1"))
    assert g.energy == 9
    loss = next(e for e in ev if e.kind == "losses")
    assert loss.data["figures"] == 2 + 1            # two in the centre, one of three burns
    assert st.unit("orc-band-1").org == "disorganised"


def test_M33_the_rout_spell_breaks_units_without_a_hero():
    st = build([(1, "witch-king", "0604", "NW"), (0, "gondor-spearmen", "0505", "NE")])
    apply(st, EndTurn("s0"))
    assert Cast("witch-king-0", "rout", "witch-king-0") in legal_actions(st)
    script(st, [])
    apply(st, Cast("witch-king-0", "rout", "witch-king-0"))
    assert st.unit("gondor-spearmen-1").routed or st.unit("gondor-spearmen-1").status == FLED


def test_M35_a_nazgul_close_by_casts_the_black_shadow():
    st = build([(1, "ringwraith-rider", "0905", "NW"), (0, "gondor-spearmen", "0505", "NE")])
    apply(st, EndTurn("s0"))
    moves = [a for a in legal_actions(st) if isinstance(a, Move) and a.to == "0705"]
    script(st, [4] * 30)
    ev = apply(st, moves[0])
    test = next(e for e in ev if e.kind == "morale")
    assert test.data["trigger"] == "black-shadow"


def test_M40_the_side_left_alone_on_the_field_wins():
    st = build([(0, "gondor-spearmen", "0205", "NE"), (1, "orc-band", "1005", "NW")])
    o = st.unit("orc-band-1")
    o.status = FLED
    apply(st, Hold("gondor-spearmen-0"))
    assert st.result is not None and st.result.winner == "s0"
    assert o.status != ON


def test_M16_orcs_in_sunlight_test_at_the_first_move():
    st = build([(0, "gondor-spearmen", "0205", "NE"), (1, "orc-band", "1005", "NW")],
               options={"daylight": True, "sauron_cloud": False}, dice=[6, 1])
    assert any(e.kind == "morale" and e.data["trigger"] == "sunlight" for e in st.events())
    clouded = build([(0, "gondor-spearmen", "0205", "NE"), (1, "orc-band", "1005", "NW")],
                    options={"daylight": True})
    assert not any(e.kind == "morale" for e in clouded.events())


def test_M38_snow_halves_movement():
    units = [(0, "rohan-riders", "0205", "NE"), (1, "orc-band", "1105", "NW")]
    clear = {a.to for a in legal_actions(build(units)) if isinstance(a, Move)}
    snow = {a.to for a in legal_actions(build(units, options={"weather": "snow"}))
            if isinstance(a, Move)}
    assert "0605" in clear and "0605" not in snow and "0305" in snow


def test_M39_evil_troops_fight_worse_in_a_good_wood():
    from studio.rulesets.middle_earth.combat import blow_factors
    rows = ["." * 12] * 4 + [".....G......"] + ["." * 12] * 5
    st = build([(0, "gondor-spearmen", "0505", "NE"), (1, "orc-band", "0605", "NW"),
                (1, "orc-band", "0604", "NW")], rows=rows)
    # the same orcs fighting from the wood and from open ground
    in_wood = st.unit("orc-band-1")
    out = blow_factors(st, st.unit("orc-band-2"), st.unit("gondor-spearmen-0"))
    inside = blow_factors(st, in_wood, st.unit("gondor-spearmen-0"))
    assert inside == out - 2 - 2          # -2 the wood (others), -2 the good wood


def test_M32_a_struggle_of_will_holds_the_victim_until_a_throw_fails():
    st = build([(0, "aragorn", "0205", "NE"), (1, "ringwraith-rider", "1005", "NW")])
    a, r = st.unit("aragorn-0"), st.unit("ringwraith-rider-1")
    assert Cast("aragorn-0", "will", "ringwraith-rider-1") in legal_actions(st)
    script(st, [20])              # 7 against 5: needs 18
    apply(st, Cast("aragorn-0", "will", "ringwraith-rider-1"))
    assert r.controlled and (a.energy, r.energy) == (5, 1)
    assert not [x for x in legal_actions(st) if getattr(x, "unit", "") == "ringwraith-rider-1"
                and isinstance(x, Cast)]
    apply(st, EndTurn("s0"))
    script(st, [6, 1, 1])         # the West first again; then a failure: Aragorn drops 3
    apply(st, EndTurn("s1"))
    apply(st, Cast("aragorn-0", "will", "ringwraith-rider-1"))
    assert not r.controlled and a.energy == 2


def test_M1_a_hex_is_50_metres_and_distances_count_the_hexes_between():
    from studio.rulesets.middle_earth.situation import within
    st = build([(0, "gondor-spearmen", "0205", "NE"), (1, "orc-band", "0505", "NW"),
                (1, "orc-band", "0905", "NW")])
    t = st.tables
    assert (t.hexes(80), t.hexes(100), t.hexes(250), t.hexes(2000)) == (1, 2, 5, 40)
    me = st.unit("gondor-spearmen-0")
    # 3 hexes apart: two empty hexes between, 100 m
    assert [u.uid for u in within(st, me, 100, st.units)] == ["orc-band-1"]
    assert [u.uid for u in within(st, me, 50, st.units)] == []


def test_M3_every_pair_of_enemies_needs_a_weapon_factor():
    from types import SimpleNamespace as NS

    from studio.engine.errors import SetupError
    from studio.rulesets.middle_earth.setup import check_pairings
    st = build([(0, "gondor-spearmen", "0205", "NE"), (1, "orc-band", "0905", "NW")])
    check_pairings(st.tables, st.units, "here")            # men against orcs: both charts
    # two Evil orc bands on opposite sides: no chart pairs goblin against goblin
    orcs = [NS(uid=f"orcs-{i}", side=i, profile=NS(single=False, weapon="goblin",
                                                  defends_as="goblin")) for i in (0, 1)]
    with pytest.raises(SetupError, match="unit 'orcs-0' against 'orcs-1'.*goblin"):
        check_pairings(st.tables, orcs, "here")


def test_M6_a_unit_ends_its_move_facing_the_nearest_enemy_at_no_cost():
    st = build([(0, "gondor-spearmen", "0205", "S"), (1, "orc-band", "0905", "NW")])
    moves = [a for a in legal_actions(st) if isinstance(a, Move) and a.to == "0405"]
    assert len(moves) == 1                       # one facing offered: towards the orcs
    apply(st, moves[0])
    u = st.unit("gondor-spearmen-0")
    assert st.facing_name(u) == moves[0].facing and moves[0].facing in ("NE", "SE")


def test_M8_orc_quarrels_are_transcribed_but_not_played():
    st = build([(1, "orc-band", "0605", "NW"), (1, "uruk-hai", "0606", "NW"),
                (0, "gondor-spearmen", "0105", "NE")], dice=[4, 2, 5, 3, 6, 1] * 20)
    assert st.tables.o["quarrel_scores"]["uruks/orcs"] == [5, 6]
    apply(st, EndTurn("s0"))
    ev = apply(st, EndTurn("s1"))
    assert not any("quarrel" in e.kind for e in ev)


def test_M26_the_mumaks_rampage_and_the_siege_engines_are_reported_not_simulated():
    from me_helpers import library
    from studio.rulesets.middle_earth.plugin import RULES
    missing = RULES.not_simulated(library().army_list("me76-mordor"))
    assert missing == {"rout-attacks-friends", "breach"}


def test_M36_a_heros_defence_is_his_hit_dice_thrown():
    st = build([(0, "aragorn", "0205", "NE"), (1, "orc-band", "0905", "NW")])
    assert st.unit("aragorn-0").defence == 7 * 6      # seven dice, all sixes in the build


def test_M7_a_move_across_ground_that_costs_movement_unforms_the_unit():
    rows = ["." * 12] * 4 + ["...w........"] + ["." * 12] * 5
    st = build([(0, "gondor-spearmen", "0305", "NE"), (0, "gondor-swordsmen", "0307", "NE"),
                (1, "orc-band", "1105", "NW")], rows=rows)
    into_wood = next(a for a in legal_actions(st) if isinstance(a, Move)
                     and a.unit == "gondor-spearmen-0" and a.to == "0405")
    ev = apply(st, into_wood)
    assert st.unit("gondor-spearmen-0").org == "unformed"
    assert any(e.kind == "organisation" for e in ev)
    open_ground = next(a for a in legal_actions(st) if isinstance(a, Move)
                       and a.unit == "gondor-swordsmen-1" and a.to == "0507")
    apply(st, open_ground)
    assert st.unit("gondor-swordsmen-1").org == "formed"

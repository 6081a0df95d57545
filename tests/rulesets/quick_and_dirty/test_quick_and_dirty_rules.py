"""Quick and Dirty, one dice-fixed test per numbered rule (docs/rulesets/quick-and-dirty.md)."""
from __future__ import annotations

import pytest

from qnd_helpers import build, uid
from studio.engine.errors import IllegalAction, SetupError
from studio.engine.state import DESTROYED, ON
from studio.rulesets.quick_and_dirty import RULES
from studio.rulesets.quick_and_dirty.chart import DEFAULT_CHART, chart_problems
from studio.rulesets.quick_and_dirty.state import Attack, EndPhase, Move

FIRST = [9, 1]          # initiative: side 0 rolls 9, side 1 rolls 1


def to_combat(st):
    RULES.apply(st, EndPhase("move"))


def kinds(events):
    return [e.kind for e in events]


def test_Q1_modified_rolls_stop_at_the_die_faces():
    # knights 7 vs orcs 4 = +3 row; a 10 with +2 from the rear is still the 10 column
    st = build([(0, "knights", "0505", "N"), (1, "hill-orcs", "0504", "N")], dice=FIRST + [10])
    to_combat(st)
    ev = RULES.apply(st, Attack(uid(st, "hill-orcs"), (uid(st, "knights"),)))
    assert ev[0]["modifier"] == 2 and ev[0]["result"] == "defender-loss"


def test_Q2_hidden_units_are_masked_until_spotted():
    st = build([(0, "knights", "0105", "N"), (1, "hill-orcs", "0901", "S")],
               options={"setup": "hidden", "sight_range": 3}, dice=FIRST)
    orc = st.unit(uid(st, "hill-orcs"))
    view = RULES.view(st, "s0")
    assert view.units[orc.i].status == "hidden" and view.units[orc.i].hex == -1
    assert RULES.view(st, "s1").units[orc.i].status == ON     # its owner sees it
    # a unit that comes within sight spots it
    RULES.apply(st, Move(uid(st, "knights"), "0703", "NE"))
    assert RULES.view(st, "s0").units[orc.i].status == ON


def test_Q2_all_clear_shows_everything():
    st = build([(0, "knights", "0105", "N"), (1, "hill-orcs", "0901", "S")], dice=FIRST)
    view = RULES.view(st, "s0")
    assert [(u.uid, u.hex, u.profile) for u in view.units] == \
        [(u.uid, u.hex, u.profile) for u in st.units]
    assert view.events() == st.events()


def test_Q3_initiative_each_turn_or_once_with_leader_bonus():
    st = build([(0, "knights", "0105", "N"), (1, "hill-orcs", "0901", "S")], dice=[2, 8])
    assert st.order == (1, 0) and st.to_act == "s1"
    kept = build([(0, "knights", "0105", "N"), (1, "hill-orcs", "0901", "S")],
                 options={"initiative": "once"}, dice=[2, 8])
    for _ in range(4):
        RULES.apply(kept, EndPhase(kept.phase))
    assert kept.round == 2 and kept.order == (1, 0)
    assert kept.dice.remaining == []            # no second roll
    st = build([(0, "knights", "0105", "N", "leader"), (1, "hill-orcs", "0901", "S")],
               options={"initiative_leader_bonus": 3}, dice=[2, 4])
    assert st.order == (0, 1)                    # 2 + 3 for the leader beats 4


def test_Q3_three_sides_act_in_initiative_order():
    st = build([(0, "knights", "0105", "N"), (1, "hill-orcs", "0901", "S"),
                (2, "elvish-archers", "0908", "N")],
               lists=("qnd-free-companies", "qnd-orc-hordes", "qnd-elven-host"),
               dice=[3, 9, 6, 1, 2, 3])
    seen = []
    for _ in range(6):
        seen.append(st.to_act)
        RULES.apply(st, EndPhase(st.phase))
    assert seen == ["s1", "s1", "s2", "s2", "s0", "s0"]


def test_Q4_move_then_combat_per_side():
    st = build([(0, "knights", "0105", "N"), (1, "hill-orcs", "0901", "S")], dice=FIRST)
    assert st.phase == "move"
    to_combat(st)
    assert st.phase == "combat"
    with pytest.raises(IllegalAction):
        RULES.apply(st, Move(uid(st, "knights"), "0104", "N"))


def test_Q5_flipped_units_turn_up_after_their_move():
    st = build([(0, "knights", "0105", "N"), (1, "hill-orcs", "0901", "S")], dice=FIRST)
    st.unit(uid(st, "knights")).flipped = True
    ev = RULES.apply(st, EndPhase("move"))
    assert "unflipped" in kinds(ev) and not st.unit(uid(st, "knights")).flipped


def test_Q6_zone_of_control_stops_and_turns_the_mover():
    # orcs at 0503 facing S: their zone is 0504
    st = build([(0, "footmen", "0507", "N"), (1, "hill-orcs", "0503", "S")], dice=FIRST)
    ends = {a.to for a in RULES.legal_actions(st) if isinstance(a, Move)}
    assert "0504" in ends and "0503" not in ends
    moves_into_zone = [a for a in RULES.legal_actions(st) if isinstance(a, Move) and a.to == "0504"]
    assert [a.facing for a in moves_into_zone] == ["N"]      # it must face the orcs


def test_Q6_locked_units_stay_unless_a_friend_shares_the_combat():
    st = build([(0, "footmen", "0505", "N"), (1, "hill-orcs", "0504", "S")], dice=FIRST)
    assert [a for a in RULES.legal_actions(st) if isinstance(a, Move)] == []
    st = build([(0, "footmen", "0505", "N"), (0, "footmen", "0404", "NE"),
                (1, "hill-orcs", "0504", "S")], dice=FIRST)
    movers = {a.unit for a in RULES.legal_actions(st) if isinstance(a, Move)}
    assert uid(st, "footmen", 0) in movers


def test_Q6_locked_at_a_flank_may_turn_to_face():
    # orcs at 0504 face S onto the footmen at 0505, whose own front (N... here NE) is clear
    st = build([(0, "footmen", "0505", "NE"), (1, "hill-orcs", "0504", "S")], dice=FIRST)
    moves = [a for a in RULES.legal_actions(st) if isinstance(a, Move)]
    assert moves == [Move(uid(st, "footmen"), "0505", "N")]


def test_Q7_flyers_ignore_zones_of_control_unless_of_missile_units():
    units = [(0, "pegasus-archers", "0507", "N"), (1, "crossbowmen", "0503", "S")]
    lists = ("qnd-elven-host", "qnd-free-companies")
    st = build(units, lists=lists, dice=FIRST)
    ends = {a.to for a in RULES.legal_actions(st) if isinstance(a, Move)}
    assert "0502" in ends                           # straight through the zone at 0504
    free = {a.facing for a in RULES.legal_actions(st) if isinstance(a, Move) and a.to == "0504"}
    assert len(free) == 6
    st = build(units, lists=lists, options={"flyers_stopped_by_missile_zoc": True}, dice=FIRST)
    forced = {a.facing for a in RULES.legal_actions(st) if isinstance(a, Move) and a.to == "0504"}
    assert forced == {"N"}


def test_Q8_rough_halves_movement_impassable_blocks_flyers_cross():
    rows = ["rrrrrrrrrr"] * 8
    st = build([(0, "footmen", "0505", "N"), (1, "hill-orcs", "0101", "S")], rows=rows,
               dice=FIRST)
    ends = {a.to for a in RULES.legal_actions(st) if isinstance(a, Move)}
    assert "0503" in ends and "0502" not in ends     # move 4 = two hexes of rough
    rows = ["." * 10] * 3 + ["XXXXXXXXXX"] + ["." * 10] * 4
    st = build([(0, "footmen", "0506", "N"), (1, "hill-orcs", "0101", "S")], rows=rows,
               dice=FIRST)
    assert not {a.to for a in RULES.legal_actions(st) if isinstance(a, Move)} & {"0503", "0504"}
    st = build([(0, "griffon-pack", "0506", "N"), (1, "knights", "0101", "S")], rows=rows,
               lists=("qnd-elven-host", "qnd-free-companies"), dice=FIRST)
    ends = {a.to for a in RULES.legal_actions(st) if isinstance(a, Move)}
    assert "0503" in ends and "0504" not in ends     # over it, never ending on it


def test_Q8_attacks_into_rough_lose_one():
    rows = ["." * 10] * 3 + ["....r....."] + ["." * 10] * 4
    st = build([(0, "knights", "0505", "N"), (1, "hill-orcs", "0504", "S")], rows=rows,
               dice=FIRST + [5])
    to_combat(st)
    ev = RULES.apply(st, Attack(uid(st, "hill-orcs"), (uid(st, "knights"),)))
    assert ev[0]["modifier"] == -1


def test_Q9_base_strength_is_type_discipline_equipment():
    st = build([(0, "knights", "0505", "N"), (1, "hill-orcs", "0501", "S")], dice=FIRST)
    knights = st.unit(uid(st, "knights")).profile
    orcs = st.unit(uid(st, "hill-orcs")).profile
    assert knights.strength == 3 + 2 + 1 + 1
    assert orcs.strength == 1 + 1 + 1 + 1 and orcs.cost == 5 and orcs.attack_bonus == 1


def test_Q10_front_contact_and_flank_rear_bonuses():
    st = build([(0, "knights", "0505", "N"), (1, "hill-orcs", "0504", "NE")], dice=FIRST + [1])
    to_combat(st)
    ev = RULES.apply(st, Attack(uid(st, "hill-orcs"), (uid(st, "knights"),)))
    assert ev[0]["modifier"] == 1                  # flank
    # a unit whose front does not touch the enemy cannot attack it
    st = build([(0, "knights", "0505", "NE"), (1, "hill-orcs", "0504", "S")], dice=FIRST)
    to_combat(st)
    assert [a for a in RULES.legal_actions(st) if isinstance(a, Attack)] == []


def test_Q11_attackers_add_strengths_and_each_defender_is_attacked_once():
    st = build([(0, "footmen", "0505", "N"), (0, "footmen", "0404", "NE"),
                (1, "hill-orcs", "0504", "S")], dice=FIRST + [5])
    to_combat(st)
    both = Attack(uid(st, "hill-orcs"), (uid(st, "footmen", 0), uid(st, "footmen", 1)))
    assert both in RULES.legal_actions(st)
    ev = RULES.apply(st, both)
    assert ev[0]["attack"] == 6 and ev[0]["defence"] == 4
    assert [a for a in RULES.legal_actions(st) if isinstance(a, Attack)] == []


def test_Q12_missile_units_halved_in_melee_option():
    units = [(0, "crossbowmen", "0505", "N"), (1, "hill-orcs", "0504", "S")]
    st = build(units, options={"missiles_halved_in_melee": True}, dice=FIRST + [5])
    to_combat(st)
    ev = RULES.apply(st, Attack(uid(st, "hill-orcs"), (uid(st, "crossbowmen"),)))
    assert ev[0]["attack"] == 2                     # 3 halved, rounded up


def test_Q13_enhancements_add_to_the_roll_not_the_strength():
    st = build([(0, "hill-orcs", "0505", "N"), (1, "footmen", "0504", "S")],
               lists=("qnd-orc-hordes", "qnd-free-companies"), dice=FIRST + [5])
    to_combat(st)
    ev = RULES.apply(st, Attack(uid(st, "footmen"), (uid(st, "hill-orcs"),)))
    assert ev[0]["attack"] == 4 and ev[0]["modifier"] == 1


def test_Q14_chart_gaps_and_overlaps_are_reported():
    assert chart_problems(DEFAULT_CHART) == []
    gap = [dict(r) for r in DEFAULT_CHART if r["from"] != 0]
    assert any("gap" in m for _, m in chart_problems(gap))
    overlap = [dict(r) for r in DEFAULT_CHART] + [{"from": 2, "to": 2, "rolls": {"1-10": "locked"}}]
    assert any("overlap" in m for _, m in chart_problems(overlap))
    rolls = [dict(r) for r in DEFAULT_CHART]
    rolls[4] = {"from": 0, "to": 0, "rolls": {"1-4": "locked", "6-10": "defender-loss"}}
    assert any("rolls 5" in m for _, m in chart_problems(rolls))
    with pytest.raises(SetupError, match="combat_chart.*gap"):
        build([(0, "knights", "0505", "N"), (1, "hill-orcs", "0501", "S")],
              options={"combat_chart": gap}, dice=FIRST)


def test_Q14_the_difference_picks_the_row():
    # footmen 3 vs hill orcs 4: row -1, roll 4 = locked
    st = build([(0, "footmen", "0505", "N"), (1, "hill-orcs", "0504", "S")], dice=FIRST + [4])
    to_combat(st)
    ev = RULES.apply(st, Attack(uid(st, "hill-orcs"), (uid(st, "footmen"),)))
    assert ev[0]["result"] == "locked"


def test_Q15_retreat_a_full_move_and_flip():
    st = build([(0, "knights", "0507", "N"), (1, "hill-orcs", "0506", "S")], dice=FIRST + [6])
    to_combat(st)
    ev = RULES.apply(st, Attack(uid(st, "hill-orcs"), (uid(st, "knights"),)))
    orc = st.unit(uid(st, "hill-orcs"))
    assert ev[0]["result"] == "defender-retreat"
    assert orc.flipped and st.game.board.distance(orc.hex, st.unit(uid(st, "knights")).hex) >= 3


def test_Q15_no_room_to_retreat_eliminates():
    rows = ["XXXXXXXXXX", "XXXX.XXXXX", "XXXX.XXXXX"] + ["." * 10] * 5
    st = build([(0, "knights", "0504", "N"), (1, "hill-orcs", "0503", "S")], rows=rows,
               dice=FIRST + [6])
    to_combat(st)
    ev = RULES.apply(st, Attack(uid(st, "hill-orcs"), (uid(st, "knights"),)))
    assert "eliminated" in kinds(ev) and st.unit(uid(st, "hill-orcs")).status == DESTROYED


def test_Q16_a_flipped_unit_forced_to_retreat_is_eliminated():
    st = build([(0, "knights", "0507", "N"), (1, "hill-orcs", "0506", "S")], dice=FIRST + [6])
    st.unit(uid(st, "hill-orcs")).flipped = True
    to_combat(st)
    ev = RULES.apply(st, Attack(uid(st, "hill-orcs"), (uid(st, "knights"),)))
    assert ev[-1]["reason"] == "retreat while flipped"


def test_Q16_retreat_only_through_friendly_mobs():
    # a corridor: the only way back goes through a friend
    rows = ["XXXX.XXXXX"] * 8
    units = [(0, "knights", "0507", "N"), (1, "hill-orcs", "0506", "S"),
             (1, "mountain-orcs", "0505", "S")]
    st = build(units, rows=rows, dice=FIRST + [6])
    to_combat(st)
    RULES.apply(st, Attack(uid(st, "hill-orcs"), (uid(st, "knights"),)))
    assert st.unit(uid(st, "hill-orcs")).status == DESTROYED
    units[2] = (1, "goblin-clan", "0505", "S")
    st = build(units, rows=rows, dice=FIRST + [6])
    to_combat(st)
    RULES.apply(st, Attack(uid(st, "hill-orcs"), (uid(st, "knights"),)))
    assert st.unit(uid(st, "hill-orcs")).status == ON


def test_Q17_loss_destroys_and_elite_option_retreats():
    units = [(0, "knights", "0507", "N"), (1, "mountain-orcs", "0506", "S")]
    st = build(units, dice=FIRST + [10])
    to_combat(st)
    RULES.apply(st, Attack(uid(st, "mountain-orcs"), (uid(st, "knights"),)))
    assert st.unit(uid(st, "mountain-orcs")).status == DESTROYED
    st = build(units, options={"elite_loss_retreats": True}, dice=FIRST + [10])
    to_combat(st)
    ev = RULES.apply(st, Attack(uid(st, "mountain-orcs"), (uid(st, "knights"),)))
    orc = st.unit(uid(st, "mountain-orcs"))
    assert "elite-retreat" in kinds(ev) and orc.status == ON and orc.flipped


def test_Q18_locked_mobs_step_out_and_friendly_mobs_merge():
    units = [(0, "goblin-clan", "0505", "N"), (1, "footmen", "0504", "S")]
    st = build(units, lists=("qnd-orc-hordes", "qnd-free-companies"), dice=FIRST + [6])
    to_combat(st)
    ev = RULES.apply(st, Attack(uid(st, "footmen"), (uid(st, "goblin-clan"),)))
    assert ev[0]["result"] == "locked" and "stepped-out" in kinds(ev)
    units = [(0, "goblin-clan", "0505", "N"), (0, "goblin-clan", "0404", "NE"),
             (1, "footmen", "0504", "S")]
    st = build(units, lists=("qnd-orc-hordes", "qnd-free-companies"), dice=FIRST + [3])
    to_combat(st)
    gobs = (uid(st, "goblin-clan", 0), uid(st, "goblin-clan", 1))
    ev = RULES.apply(st, Attack(uid(st, "footmen"), gobs))
    assert ev[0]["result"] == "locked" and "merged" in kinds(ev)
    assert st.unit(gobs[0]).extra == 2 and st.unit(gobs[1]).status == "merged"


def test_Q19_missiles_shoot_in_range_not_through_units_and_adjacent_first():
    units = [(0, "crossbowmen", "0507", "N"), (1, "hill-orcs", "0504", "S")]
    st = build(units, dice=FIRST)
    to_combat(st)
    assert Attack(uid(st, "hill-orcs"), (uid(st, "crossbowmen"),)) in RULES.legal_actions(st)
    st = build(units + [(0, "footmen", "0505", "N")], dice=FIRST)
    to_combat(st)
    shots = [a for a in RULES.legal_actions(st) if isinstance(a, Attack)
             and uid(st, "crossbowmen") in a.units]
    assert shots == []                                # a friend stands in the way
    st = build(units + [(1, "mountain-orcs", "0607", "N")], dice=FIRST)
    to_combat(st)
    shots = {a.target for a in RULES.legal_actions(st) if isinstance(a, Attack)}
    assert shots == {uid(st, "mountain-orcs")}        # the adjacent enemy only


def test_Q19_hilltop_units_shoot_over_lower_ones():
    units = [(0, "crossbowmen", "0507", "N"), (0, "footmen", "0505", "N"),
             (1, "hill-orcs", "0504", "S")]
    data_rows = ["." * 10] * 8
    st = build(units, rows=data_rows, options={"hilltop_shoots_over": True}, dice=FIRST)
    st.game.board.elev[st.unit(uid(st, "crossbowmen")).hex] = 2
    to_combat(st)
    assert any(uid(st, "crossbowmen") in a.units for a in RULES.legal_actions(st)
               if isinstance(a, Attack))
    st.game.board.elev[st.unit(uid(st, "crossbowmen")).hex] = 0


def test_Q20_missile_saving_throw_from_the_front():
    units = [(0, "elvish-archers", "0507", "N"), (1, "footmen", "0504", "S")]
    lists = ("qnd-elven-host", "qnd-free-companies")
    st = build(units, lists=lists, dice=FIRST + [10, 3])
    to_combat(st)
    ev = RULES.apply(st, Attack(uid(st, "footmen"), (uid(st, "elvish-archers"),)))
    assert ev[1].kind == "saving-throw" and ev[1]["saved"]
    assert st.unit(uid(st, "footmen")).flipped
    st = build(units, lists=lists, dice=FIRST + [10, 6])
    to_combat(st)
    RULES.apply(st, Attack(uid(st, "footmen"), (uid(st, "elvish-archers"),)))
    assert st.unit(uid(st, "footmen")).status == DESTROYED


def test_Q21_every_missile_loss_a_retreat_option():
    units = [(0, "elvish-archers", "0507", "N"), (1, "footmen", "0504", "N")]
    st = build(units, lists=("qnd-elven-host", "qnd-free-companies"),
               options={"missile_loss_is_retreat": True}, dice=FIRST + [10])
    to_combat(st)
    ev = RULES.apply(st, Attack(uid(st, "footmen"), (uid(st, "elvish-archers"),)))
    assert "saving-throw" not in kinds(ev) and "retreat" in kinds(ev)


def test_Q22_an_army_below_half_strength_breaks_at_the_end_of_the_turn():
    units = [(0, "knights", "0507", "N"), (1, "hill-orcs", "0506", "S"),
             (1, "hill-orcs", "0101", "S")]
    st = build(units, options={"army_break_fraction": 0.6}, dice=FIRST + [10])
    to_combat(st)
    RULES.apply(st, Attack(uid(st, "hill-orcs", 0), (uid(st, "knights"),)))
    ev = RULES.apply(st, EndPhase("combat"))
    assert "army-broken" not in kinds(ev)               # only at the end of the battle turn
    RULES.apply(st, EndPhase("move"))
    ev = RULES.apply(st, EndPhase("combat"))
    assert "army-broken" in kinds(ev) and st.result.winner == "s0"


def test_Q23_victory_and_the_round_limit_at_the_end_of_the_battle_turn():
    st = build([(0, "knights", "0105", "N"), (1, "hill-orcs", "0901", "S")], round_limit=1,
               dice=FIRST)
    for _ in range(4):
        RULES.apply(st, EndPhase(st.phase))
    assert st.result.outcome == "draw"


def test_Q24_points_are_base_strength_plus_enhancements_never_below_the_type():
    from studio.armies.points import formula_breakdown, unit_points
    lib = __import__("qnd_helpers").library()
    orcs = lib.army_list("qnd-orc-hordes")
    assert unit_points(orcs, orcs.unit("hill-orcs"), lib) == 5
    assert "base strength 4" in formula_breakdown(orcs, orcs.unit("hill-orcs"), lib)
    from studio.rulesets.quick_and_dirty.profile import unit_cost
    assert unit_cost({"type_value": 3, "discipline_value": 0, "equipment": {}}) == 3


def test_Q25_attacker_results_fall_on_the_attackers():
    st = build([(0, "footmen", "0505", "N"), (0, "footmen", "0404", "NE"),
                (1, "draco-horribilis", "0504", "S")],
               lists=("qnd-free-companies", "qnd-orc-hordes"), dice=FIRST + [1])
    to_combat(st)
    both = (uid(st, "footmen", 0), uid(st, "footmen", 1))
    ev = RULES.apply(st, Attack(uid(st, "draco-horribilis"), both))
    assert ev[0]["result"] == "attacker-loss"
    lost = [e["unit"] for e in ev if e.kind == "eliminated"]
    assert len(lost) >= 1 and lost[0] == both[0]


def test_Q26_a_hidden_enemy_in_the_way_stops_the_mover():
    st = build([(0, "knights", "0507", "N"), (1, "goblin-clan", "0504", "S")],
               options={"setup": "hidden", "sight_range": 1}, dice=FIRST)
    gob = st.unit(uid(st, "goblin-clan"))
    assert RULES.view(st, "s0").units[gob.i].status == "hidden"
    legal = RULES.legal_actions(st)
    through = Move(uid(st, "knights"), "0502", "N")
    assert through in legal                       # it does not know the goblins are there
    ev = RULES.apply(st, through)
    assert "ambush" in kinds(ev) and st.unit(uid(st, "knights")).hex == \
        st.game.board.index_of_label("0505")

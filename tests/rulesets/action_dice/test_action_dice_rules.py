"""Action Dice, one dice-fixed test per numbered rule (docs/rulesets/action-dice.md)."""
from __future__ import annotations

import pytest

from ad_helpers import FUTURE, build, first, kinds, library, script
from studio.engine.errors import IllegalAction
from studio.engine.state import DESTROYED, ON
from studio.model.units import UnitType
from studio.rulesets.action_dice import RULES
from studio.rulesets.action_dice.combat import contact_figures, melee_die, take_losses
from studio.rulesets.action_dice.movement import foot_moves, vehicle_paths
from studio.rulesets.action_dice.options import defaults, table_problems
from studio.rulesets.action_dice.play import unit_actions
from studio.rulesets.action_dice.profile import hexes, parse_dice, stats_problems, step_down
from studio.rulesets.action_dice.state import (EndActivation, EndTurn, Melee, Move, Ram, Shoot,
                                               Special)
from studio.rulesets.action_dice.targets import melee_targets, shoot_targets
from studio.rulesets.action_dice.turns import waiting
from studio.rulesets.action_dice.vehicles import arc_of, fire_reach


def labels(state, hexes_):
    return {state.game.board.labels[h] for h in hexes_}


def test_S1_inches_become_hexes():
    opts = defaults()
    assert [hexes(i, opts) for i in (0, 1, 2, 6, 7, 18)] == [0, 1, 1, 3, 3, 9]
    st = build([(0, "archers", "0505", "N"), (1, "orc-warriors", "0502", "S")],
               options={"inches_per_hex": 3})
    archers = st.unit("archers-0")
    assert archers.profile.range == 2 and archers.profile.move_hexes == 2


def test_S2_units_of_figures_and_action_dice():
    assert parse_dice("2d8") == (2, 8) and parse_dice("2d7") is None
    st = build([(0, "spearmen", "0505", "N"), (0, "knights", "0705", "N"),
                (1, "orc-warriors", "0502", "S")])
    spears, knights = st.unit("spearmen-0"), st.unit("knights-1")
    assert (spears.figures, spears.profile.n_dice, spears.die) == (10, 1, 6)
    assert (knights.figures, knights.profile.n_dice, knights.die) == (4, 2, 6)
    bad = stats_problems({"type": "monster", "dice": "2d7", "move": 6, "fight": 0, "shoot": 0,
                          "defense": 8, "figures": 3})
    messages = " ".join(m for _, m in bad)
    assert "monster" in messages and "2d7" in messages
    untagged = UnitType(id="x", name="X", stats={"type": "elite", "dice": "1d6", "move": 6,
                                                 "fight": 0, "shoot": 0, "defense": 8,
                                                 "figures": 3})
    assert any("tag" in m for _, m in RULES.unit_problems(None, untagged))


def test_S3_regiments_fight_to_their_front_skirmishers_all_round():
    st = build([(0, "spearmen", "0505", "N"), (0, "archers", "0805", "N"),
                (1, "orc-warriors", "0506", "N"), (1, "wolf-riders", "0806", "N")])
    spears, archers = st.unit("spearmen-0"), st.unit("archers-1")
    assert melee_targets(st, spears) == []                     # the orcs are behind it
    assert [t.uid for t in melee_targets(st, archers)] == ["wolf-riders-3"]
    # turning in place is a move action
    assert Move("spearmen-0", "0505", "S") in unit_actions(st, spears)
    RULES.apply(st, Move("spearmen-0", "0505", "S"))
    assert st.actions_left == 1 and [t.uid for t in melee_targets(st, spears)] == ["orc-warriors-2"]
    # a regiment struck from behind cannot strike back
    RULES.apply(st, EndActivation("spearmen-0"))
    RULES.apply(st, EndTurn("s0"))
    spears.facing = st.game.board.facing_index("N")             # its back to the orcs
    script(st, [1] * 10 + [2, 4, 6, 2, 4])
    ev = RULES.apply(st, Melee("orc-warriors-2", "spearmen-0"))
    assert first(ev, "melee")["back_figures"] == 0


def test_S4_impassable_blocks_broken_ground_disorders_sight_by_type():
    rows = ["." * 12 for _ in range(12)]
    rows[3] = "....W......."     # woods at 0504: impassable, blocks sight
    rows[5] = "....b......."     # broken ground at 0506
    rows[8] = "....~......."     # water at 0509: impassable, sight passes
    st = build([(0, "archers", "0505", "N"), (1, "orc-warriors", "0502", "S"),
                (1, "orc-archers", "0508", "N")], rows=rows)
    archers = st.unit("archers-0")
    moves = {st.game.board.labels[h]: d for h, d in foot_moves(st, archers).items()}
    assert "0504" not in moves and "0509" not in moves
    assert moves["0506"] is True and moves["0406"] is False
    targets = [t.uid for t in shoot_targets(st, archers)]
    assert targets == ["orc-archers-2"]                        # the woods hide the warriors


def test_S5_order_die_highest_first_ties_roll_again():
    st = build([(0, "spearmen", "0505", "N"), (1, "orc-warriors", "0502", "S")])
    assert st.order == (0, 1)
    for u in st.units:
        u.activations = 1
    script(st, [3, 3, 1, 4])                                    # a tie, then 1 against 4
    ev = RULES.apply(st, EndTurn("s0"))
    ev += RULES.apply(st, EndTurn("s1"))
    order = [e for e in ev if e.kind == "order"][-1]
    assert order["order"] == ["s1", "s0"] and len(order["rolls"]) == 4


def test_S6_two_actions_an_activation_failed_units_first():
    st = build([(0, "spearmen", "0505", "N"), (0, "knights", "0805", "N"),
                (1, "orc-warriors", "0502", "S")])
    ev = RULES.apply(st, Move("spearmen-0", "0506", "N"))
    assert kinds(ev)[:2] == ["activated", "moved"] and st.current == st.unit("spearmen-0").i
    RULES.apply(st, Move("spearmen-0", "0507", "N"))
    assert st.current is None                                   # two actions, then done
    with pytest.raises(IllegalAction):
        RULES.apply(st, Move("spearmen-0", "0508", "N"))        # once a round
    st.unit("knights-1").failed = True
    st2 = build([(0, "spearmen", "0505", "N"), (0, "knights", "0805", "N"),
                 (1, "orc-warriors", "0502", "S")])
    st2.unit("knights-1").failed = True
    assert [u.uid for u in waiting(st2, 0)] == ["knights-1"]
    assert all(getattr(a, "unit", None) != "spearmen-0" for a in RULES.legal_actions(st2))


def test_S7_the_actions_a_unit_may_take():
    st = build([(0, "archers", "0505", "N"), (0, "wizard", "0805", "N"),
                (1, "orc-warriors", "0504", "S"), (1, "orc-archers", "0801", "S")])
    archer_kinds = {type(a) for a in unit_actions(st, st.unit("archers-0"))}
    assert archer_kinds == {Move, Melee}          # in contact: no shooting
    wizard_kinds = {type(a) for a in unit_actions(st, st.unit("wizard-1"))}
    assert wizard_kinds == {Move, Special}


def test_S8_a_move_past_move_disorders_and_contact_stops():
    st = build([(0, "spearmen", "0510", "N"), (1, "orc-warriors", "1002", "S")])
    moves = {st.game.board.labels[h]: d for h, d in foot_moves(st, st.unit("spearmen-0")).items()}
    assert moves["0507"] is False and moves["0506"] is True and "0505" not in moves
    st = build([(0, "spearmen", "0510", "N"), (1, "orc-warriors", "0507", "S")])
    moves = {st.game.board.labels[h] for h in foot_moves(st, st.unit("spearmen-0"))}
    assert "0508" in moves and "0507" not in moves and "0506" not in moves


def test_S9_disorder_loses_the_next_action():
    st = build([(0, "spearmen", "0510", "N"), (0, "knights", "0910", "N"),
                (1, "orc-warriors", "0101", "S")])
    ev = RULES.apply(st, Move("spearmen-0", "0506", "N"))      # four hexes: marching
    assert first(ev, "moved")["disordered"] and "disorder-lost" in kinds(ev)
    assert st.current is None                                   # its second action is gone
    RULES.apply(st, Move("knights-1", "0909", "N"))
    ev = RULES.apply(st, Move("knights-1", "0904", "N"))       # the last action disorders
    assert st.unit("knights-1").disordered and st.to_act == "s1"
    st.unit("orc-warriors-2").activations = 1
    script(st, [6, 1])
    RULES.apply(st, EndTurn("s1"))
    ev = RULES.apply(st, Move("knights-1", "0903", "N"))
    assert kinds(ev)[:2] == ["activated", "disorder-lost"] and st.current is None


def test_S10_melee_quotients_both_ways_with_a_second_rank():
    st = build([(0, "spearmen", "0505", "N"), (1, "orc-warriors", "0504", "S")])
    spears, orcs = st.unit("spearmen-0"), st.unit("orc-warriors-1")
    assert contact_figures(st, spears) == 10                    # two ranks of five
    script(st, [4] * 10 + [3] * 10 + [2, 4, 6, 1, 3] + [1, 3, 5, 2, 4])
    ev = RULES.apply(st, Melee("spearmen-0", "orc-warriors-1"))
    m = first(ev, "melee")
    assert (m["total"], m["removed"]) == (40, 5)                # 10 x 4 / Defense 8
    assert (m["back_total"], m["back_removed"]) == (40, 5)      # 10 x (3 + Fight 1) / 8
    assert spears.figures == 5 and orcs.figures == 5
    morale = [e for e in ev if e.kind == "morale"]
    assert [(e["unit"], e["passed"]) for e in morale] == [("orc-warriors-1", True),
                                                           ("spearmen-0", False)]
    # a skirmish unit has one rank in contact
    st = build([(0, "archers", "0505", "N"), (1, "orc-warriors", "0504", "S")],
               options={"contact_width": 4})
    assert contact_figures(st, st.unit("archers-0")) == 4


def test_S11_shooters_and_crews_fight_with_lower_dice():
    st = build([(0, "archers", "0505", "N"), (0, "bolt-thrower", "0805", "N"),
                (0, "spearmen", "1005", "N"), (1, "orc-warriors", "0504", "S")])
    assert melee_die(st.unit("archers-0")) == 4
    assert melee_die(st.unit("bolt-thrower-1")) == 4
    assert melee_die(st.unit("spearmen-2")) == 6
    assert step_down(6) == 4 and step_down(4) is None
    # the archers' melee dice are d4s: a 5 would not fit
    script(st, [5] * 5)
    with pytest.raises(ValueError):
        RULES.apply(st, Melee("archers-0", "orc-warriors-3"))


def test_S12_leaving_a_melee_gives_a_free_attack_at_half():
    st = build([(0, "spearmen", "0505", "N"), (1, "orc-warriors", "0504", "S")])
    script(st, [1] * 10 + [1] * 10)                             # 10 / 8 and 20 / 8
    ev = RULES.apply(st, Melee("spearmen-0", "orc-warriors-1"))
    assert st.unit("spearmen-0").figures == 8
    script(st, [6] * 9)                              # the orcs' free attack; no morale
    ev = RULES.apply(st, Move("spearmen-0", "0507", "N"))
    free = first(ev, "melee")
    assert free["free"] and free["unit"] == "orc-warriors-1" and free["back_figures"] == 0
    assert (free["total"], free["removed"]) == (63, 3)          # 9 x 7 / 8 = 7, halved
    assert st.unit("spearmen-0").figures == 5 and st.hex_label(st.unit("spearmen-0")) == "0507"


def test_S13_shooting_in_range_in_sight_not_in_contact():
    st = build([(0, "archers", "0508", "N"), (1, "orc-warriors", "0505", "S"),
                (1, "orc-archers", "0504", "S")])
    archers = st.unit("archers-0")
    assert [t.uid for t in shoot_targets(st, archers)] == ["orc-warriors-1"]   # 3 hexes, not 4
    script(st, [5] * 6)
    ev = RULES.apply(st, Shoot("archers-0", "orc-warriors-1"))
    shot = first(ev, "shot")
    assert (shot["total"], shot["removed"]) == (36, 4)          # 6 x (5 + bow 1) / 8
    st = build([(0, "archers", "0508", "N"), (1, "orc-warriors", "0505", "S"),
                (1, "wolf-riders", "0509", "N")])
    assert shoot_targets(st, st.unit("archers-0")) == []


def test_S14_ordnance_long_range_one_shot_short_crew_aims():
    st = build([(0, "bolt-thrower", "0515", "N"), (1, "orc-warriors", "0505", "S")],
               nrows=16)
    gun = st.unit("bolt-thrower-0")
    assert (gun.profile.range, gun.profile.long) == (8, 16)
    script(st, [8, 8])
    ev = RULES.apply(st, Shoot("bolt-thrower-0", "orc-warriors-1"))
    shot = first(ev, "shot")
    assert shot["long"] and (shot["total"], shot["removed"]) == (18, 1)   # 16 + 2 = 18 / 8 = 2, halved
    assert not any(isinstance(a, Shoot) for a in unit_actions(st, gun))  # one shot
    # at half crew or less: moves half, aims with its first ranged action
    st = build([(0, "bolt-thrower", "0515", "N"), (1, "orc-warriors", "0509", "S")],
               nrows=16)
    gun = st.unit("bolt-thrower-0")
    gun.figures = 1
    assert len(foot_moves(st, gun)) <= 6 and all(
        st.game.board.distance(gun.hex, h) == 1 for h in foot_moves(st, gun))
    ev = RULES.apply(st, Shoot("bolt-thrower-0", "orc-warriors-1"))
    assert "aimed" in kinds(ev) and "shot" not in kinds(ev)
    script(st, [4, 4])
    ev = RULES.apply(st, Shoot("bolt-thrower-0", "orc-warriors-1"))
    assert first(ev, "shot")["removed"] == 1 and not first(ev, "shot")["long"]


def test_S15_vehicles_move_straight_with_one_pivot():
    st = build([(0, "battle-tank", "0510", "N"), (1, "raider-pack", "1001", "S")],
               lists=FUTURE, nrows=14)
    tank = st.unit("battle-tank-0")
    names = st.game.board.facing_names
    ends = {(st.game.board.labels[h], names[f], rev)
            for h, f, _, rev, rammed in vehicle_paths(st, tank)}
    assert ("0504", "N", False) in ends and not any(e[0] == "0503" for e in ends)   # 12" = 6
    assert ("0513", "N", True) in ends and not any(e[0] == "0514" for e in ends)    # back 3
    assert ("0510", "NE", False) in ends                        # pivot in place
    facings = {f for _, f, _ in ends}
    assert facings == {"N", "NE", "NW"}                         # one hexside at most
    assert Move("battle-tank-0", "0506", "N") in unit_actions(st, tank)


def test_S16_vehicles_ram_front_full_rear_half():
    st = build([(0, "battle-tank", "0510", "N"), (1, "raider-pack", "0507", "S"),
                (1, "brutes", "0512", "N")], lists=FUTURE, nrows=14)
    tank = st.unit("battle-tank-0")
    acts = unit_actions(st, tank)
    assert Ram("battle-tank-0", "raider-pack-1") in acts and Ram("battle-tank-0", "brutes-2") in acts
    assert not any(isinstance(a, Melee) for a in acts)
    script(st, [6] * 6)
    ev = RULES.apply(st, Ram("battle-tank-0", "brutes-2"))
    r = first(ev, "rammed")
    assert st.hex_label(tank) == "0511" and r["reverse"]
    assert (r["total"], r["removed"]) == (36, 1)                # 36 / 10 = 3, halved
    script(st, [6] * 6 + [1, 1, 1])
    ev = RULES.apply(st, Ram("battle-tank-0", "raider-pack-1"))
    r = first(ev, "rammed")
    assert st.hex_label(tank) == "0508" and (r["total"], r["removed"], r["reverse"]) == (36, 5, False)
    assert first(ev, "figures-lost")["lost"] == 5 and "melee" not in kinds(ev)


def test_S17_vehicle_arcs_front_full_sides_half_rear_with_the_special():
    st = build([(0, "battle-tank", "0610", "N"), (1, "skimmer", "0614", "N"),
                (1, "raider-pack", "1001", "S")], lists=FUTURE, nrows=16, columns=16)
    board = st.game.board
    tank, skimmer = st.unit("battle-tank-0"), st.unit("skimmer-1")

    def at(label):
        return board.index_of_label(label)
    assert arc_of(board, tank, at("0603")) == "front"
    assert arc_of(board, tank, at("1110")) == "right" and arc_of(board, tank, at("0110")) == "left"
    assert arc_of(board, tank, at("0615")) == "rear"
    assert fire_reach(st, tank, at("0603")) == 9                # 18"
    assert fire_reach(st, tank, at("1110")) == 4                # 9"
    assert fire_reach(st, tank, at("0615")) == 4                # Rear Attack Arc: half
    assert fire_reach(st, skimmer, board.nbr[skimmer.hex][(skimmer.facing + 3) % 6]) == 0   # no rear arc


def test_S18_vehicle_damage_accumulates():
    st = build([(0, "battle-tank", "0510", "N"), (1, "raider-pack", "1001", "S")],
               lists=FUTURE, nrows=14)
    tank = st.unit("battle-tank-0")
    script(st, [1, 5, 6, 1])
    events: list = []
    take_losses(st, tank, 2, None, events)                      # 1 + 2: the owner chooses
    take_losses(st, tank, 2, None, events)                      # 5 + 2: the attacker chooses
    take_losses(st, tank, 2, None, events)                      # 6 + 2: owner, +1 later
    results = [(e["score"], e["result"], e["took"]) for e in events]
    assert results == [(3, "defender-chooses", "range"), (7, "attacker-chooses", "defense"),
                       (8, "defender-chooses-plus", "range")]
    assert tank.damage == {"range": 2, "defense": 1, "plus": 1} and tank.status == ON
    events = []
    take_losses(st, tank, 8, None, events)                      # 1 + 8 + 1 = 10
    assert events[0]["result"] == "destroyed" and tank.status == DESTROYED
    assert RULES.unit_text(st, tank)


def test_S18_bad_tables_are_reported():
    values = {k: getattr(defaults(), k) for k in ("weapons", "specials", "damage_chart",
                                                   "defender_picks", "attacker_picks")}
    values["weapons"] = values["weapons"] + [{"id": "laser", "shoot": 2, "range": 10,
                                              "cost": 30}]
    values["damage_chart"] = [{"from": 1, "to": 4, "result": "destroyed"}]
    problems = table_problems(values)
    paths = [p[0] for p in problems]
    assert ("weapons", len(values["weapons"]) - 1, "cost") in paths
    assert ("damage_chart",) in paths


def test_S19_heroes_step_down_then_fall_and_attack_once():
    st = build([(0, "captain", "0505", "N"), (1, "orc-warriors", "0504", "S")])
    cap = st.unit("captain-0")
    events: list = []
    take_losses(st, cap, 2, None, events)
    assert cap.die == 4 and kinds(events) == ["stepped-down", "stepped-down"]
    assert "wounded" in RULES.unit_text(st, cap)
    take_losses(st, cap, 1, None, events)
    assert cap.status == DESTROYED
    st = build([(0, "captain", "0505", "N"), (1, "orc-warriors", "0504", "S"),
                (1, "orc-archers", "0506", "N")])
    script(st, [1, 1, 1] + [1] * 10)
    RULES.apply(st, Melee("captain-0", "orc-warriors-1"))
    acts = unit_actions(st, st.unit("captain-0"))
    assert acts and not any(isinstance(a, Melee) for a in acts)    # its one attack is made


def test_S20_morale_evens_against_odds():
    st = build([(0, "spearmen", "0505", "N"), (1, "orc-warriors", "0504", "S")])
    script(st, [1] * 10 + [3] * 10 + [1, 3, 2, 4, 5] + [1] * 9)
    ev = RULES.apply(st, Melee("spearmen-0", "orc-warriors-1"))
    m = first(ev, "morale")
    assert m["unit"] == "spearmen-0" and (m["evens"], m["odds"], m["passed"]) == (2, 3, False)
    spears = st.unit("spearmen-0")
    assert spears.failed and spears.figures == 5
    # its next action must take it away from the enemy
    acts = unit_actions(st, spears)
    assert acts and all(isinstance(a, Move) for a in acts)
    ev = RULES.apply(st, Move("spearmen-0", "0507", "N"))
    assert first(ev, "moved")["rallied"] and not spears.failed


def test_S20_fearless_and_command():
    st = build([(0, "spearmen", "0505", "N"), (1, "trolls", "0504", "S"),
                (1, "warboss", "0802", "S"), (1, "orc-warriors", "0704", "S")])
    script(st, [2] * 10 + [1] * 6)                   # 20 / 12: one troll of two
    ev = RULES.apply(st, Melee("spearmen-0", "trolls-1"))
    assert first(ev, "morale")["fearless"] and first(ev, "morale")["passed"]
    st = build([(0, "spearmen", "0505", "N"), (1, "orc-warriors", "0504", "S"),
                (1, "warboss", "0502", "S")])
    # orcs lose 5 of 10; their 5 dice show 2 evens, the warboss's 3d8 add 2 more
    script(st, [4] * 10 + [1] * 10 + [2, 4, 1, 3, 5] + [2, 4, 1])
    ev = RULES.apply(st, Melee("spearmen-0", "orc-warriors-1"))
    m = first(ev, "morale")
    assert m["command"] == "warboss-2" and (m["evens"], m["odds"], m["passed"]) == (4, 3, True)


def test_S21_unsimulated_specials_are_reported():
    import copy
    army = copy.deepcopy(library().army_list("ad-orc-warband"))
    army.units[0].stats["specials"] = ["fearless", "burrowing"]
    assert RULES.not_simulated(army) == {"burrowing"}
    gaps = RULES.test_game_gaps(army, ["orc-warriors"])
    assert gaps == [{"ability": "burrowing", "unit_types": ["orc-warriors"]}]


def test_S22_fireball_needs_two_evens():
    st = build([(0, "wizard", "0508", "N"), (1, "orc-warriors", "0503", "S")])
    script(st, [8, 6])
    ev = RULES.apply(st, Special("wizard-0", "fireball", "orc-warriors-1"))
    f = first(ev, "fireball")
    assert f["success"] and (f["total"], f["removed"]) == (14, 1)
    st = build([(0, "wizard", "0508", "N"), (1, "orc-warriors", "0503", "S")])
    script(st, [8, 3])
    ev = RULES.apply(st, Special("wizard-0", "fireball", "orc-warriors-1"))
    assert not first(ev, "fireball")["success"] and "figures-lost" not in kinds(ev)


def test_S23_the_last_force_on_the_table_wins():
    st = build([(0, "knights", "0505", "N"), (1, "shaman", "0504", "S")])
    script(st, [6] * 8 + [1, 1])
    RULES.apply(st, Melee("knights-0", "shaman-1"))
    assert st.over and st.result.winner == "s0"
    assert st.result.conditions == ("s0: last-force (s1 has no unit left on the table)",)


def test_S24_points_by_the_seed_formula():
    from studio.armies.points import formula_breakdown, unit_points
    lib = library()
    men = lib.army_list("ad-kingdom-of-men")
    spears, captain = men.unit("spearmen"), men.unit("captain")
    # (1 x (6 x 6) + 6 x 8) / 10 = 8.4 a figure, x 10
    assert unit_points(men, spears, lib) == 84
    # (3 x (8 x 6) + 8 x 10 + 10 x 2) / 6 = 40.67 + Command 50 = 90.67
    assert unit_points(men, captain, lib) == 91
    assert "Command 50" in formula_breakdown(men, captain, lib)
    tank = lib.army_list("ad-colonial-marines").unit("battle-tank")
    # (6 x (6 x 12) + 6 x 12 + 10) / 8 = 64.25 + cannon 76 = 140.25, + 20 % = 168.3
    assert unit_points(lib.army_list("ad-colonial-marines"), tank, lib) == 168


def test_S6_ending_the_turn_mid_activation_ends_only_that_turn():
    st = build([(0, "spearmen", "0505", "N"), (1, "orc-warriors", "0502", "S")])
    RULES.apply(st, Move("spearmen-0", "0506", "N"))
    # the spearmen were the side's last unit: ending the turn ends the round, and the new
    # round's order puts s0 first again; that new turn must not be ended too
    st.unit("orc-warriors-1").activations = 1
    script(st, [6, 1])
    RULES.apply(st, EndTurn("s0"))
    assert st.round == 2 and st.to_act == "s0" and st.current is None

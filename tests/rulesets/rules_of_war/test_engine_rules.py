"""One dice-fixed test per rule of rules-of-war.md (R1-R39); R40 abilities are in
test_engine_abilities.py. Dice are scripted (ScriptedDice) or seeded."""
from fractions import Fraction

import pytest

from studio.rulesets.rules_of_war import (Advance, Attack, ChooseOrder, Dice, EndPhase, Exit, IllegalAction,
                           Move, Pass, ScriptedDice, Strike, apply, legal_actions, new_game)
from studio.rulesets.rules_of_war.event_words import describe
from studio.rulesets.rules_of_war.play import move_options
from studio.rulesets.rules_of_war.sample import line_battle, neighbour_label as nb, skirmish, unit
from studio.model import VictoryCondition

INF = unit("inf", move=3, melee=6, defense=5, morale=7)
ARCH = unit("arch", move=3, rng=4, melee=3, ranged=4, defense=3, morale=5)
HVY = unit("hvy", move=2, melee=7, defense=7, morale=8, hits=2)
CAV = unit("cav", move=5, melee=5, defense=4, morale=6, tags=["cavalry"])
LDR = unit("ldr", move=4, melee=8, defense=7, morale=10, abilities=["army-leader"])
NODEF = unit("nodef", move=3, melee=0, defense=None, morale=None)
TYPES = [INF, ARCH, HVY, CAV, LDR, NODEF]


def game(red, blue, rolls=(), **kw):
    kw.setdefault("reaction_attacks", False)
    return skirmish(red, blue, kw.pop("types", TYPES), rolls=list(rolls), **kw)


def kinds(events, kind):
    return [e for e in events if e.kind == kind]


def one(events, kind):
    found = kinds(events, kind)
    assert len(found) == 1, [describe(e) for e in events]
    return found[0]


def left(state):
    return state.dice.remaining


# ----------------------------------------------------------------------------------- R1-R3
def test_R1_rolls_are_d10_and_1d5_is_a_halved_d10():
    d = Dice(123)
    rolls = [d.roll(10) for _ in range(5000)]
    assert set(rolls) == set(range(1, 11))
    s = game([("a", "inf", "0505", "N")], [("b", "inf", "0515", "S")], rolls=[7, 1, 10])
    ev = []
    assert [s.roll_half("a", "aid", ev) for _ in range(3)] == [4, 1, 5]
    s5 = game([("a", "inf", "0505", "N")], [("b", "inf", "0515", "S")], rolls=[5],
              magic_die_halved=False)
    assert s5.roll_half("a", "aid", ev) == 5 and ev[-1]["sides"] == 5


def test_R2_same_seed_same_game_different_seed_different_game():
    def play(seed):
        sc, lib = line_battle(6, columns=10, rows=10, seed=4)
        st = new_game(sc, lib, seed=seed)
        pick = Dice(99)
        while not st.over:
            acts = legal_actions(st)
            apply(st, acts[pick.roll(len(acts)) - 1])
        return [e.to_dict() for e in st.events()]
    assert play(5) == play(5)
    assert play(5) != play(6)


def test_R3_every_roll_is_an_event_with_who_why_number_target():
    class Counting(Dice):
        calls = 0

        def roll(self, sides):
            Counting.calls += 1
            return super().roll(sides)
    sc, lib = line_battle(6, columns=10, rows=10, seed=4)
    st = new_game(sc, lib, dice=Counting(3))
    pick = Dice(1)
    while not st.over:
        acts = legal_actions(st)
        apply(st, acts[pick.roll(len(acts)) - 1])
    rolls = kinds(st.events(), "roll")
    assert len(rolls) == Counting.calls > 0
    attack_rolls = [r for r in rolls if r["why"] == "attack"]
    assert attack_rolls and all(r["target"] is not None and r["who"] for r in attack_rolls)


# ----------------------------------------------------------------------------------- R4-R8
def test_R4_round_is_initiative_movement_a_movement_b_morale_until_round_limit():
    s = game([("a", "inf", "0505", "N")], [("b", "inf", "0515", "S")],
             rolls=[3, 8], round_limit=2)
    assert s.to_act == "red" and s.phase == "movement" and s.active_side == "red"
    ev = apply(s, EndPhase("red"))
    assert [e["side"] for e in kinds(ev, "phase")] == ["blue"]
    ev = apply(s, EndPhase("blue"))
    phases = [(e.kind, e.get("phase")) for e in ev if e.kind in ("phase", "round")]
    assert phases == [("phase", "morale"), ("round", None)]
    assert s.round == 2 and s.to_act == "blue"         # blue rolled 8 against 3
    apply(s, ChooseOrder("blue", False))
    assert s.active_side == "red"
    apply(s, EndPhase("red"))
    ev = apply(s, EndPhase("blue"))
    assert s.over and s.result.outcome == "draw" and "round limit 2" in s.result.conditions[0]
    assert ev[-1].kind == "game-over"


def test_R5_initiative_ties_reroll_and_leader_penalty():
    s = game([("a", "inf", "0505", "N")], [("b", "inf", "0515", "S")], rolls=[5, 5, 3, 8],
             start=False)
    init = kinds(s.opening_events, "initiative")[0]
    assert init["rolls"] == {"red": 3, "blue": 8} and s.to_act == "blue"
    apply(s, ChooseOrder("blue", True))
    assert s.order == (1, 0)
    # A side whose Army Leader is gone loses 2 (option initiative_leader_penalty).
    s = game([("l", "ldr", "0505", "N"), ("a", "inf", "0705", "N")],
             [("b", "inf", "0504", "S")], rolls=[9, 8])
    s.unit("l").status = "destroyed"
    s.unit("l").hex = -1
    apply(s, EndPhase("red"))
    init = one(apply(s, EndPhase("blue")), "initiative")
    assert init["rolls"] == {"red": 7, "blue": 8} and init["winner"] == "blue"


def test_R5_three_sides_are_ordered_by_roll():
    from studio.rulesets.rules_of_war.sample import army_list, basic_ground, ruleset, scenario
    from studio.rulesets.rules_of_war.setup import Resolver
    from studio.model import RosterUnit
    sides = [(sid, "l", None, [RosterUnit("inf", f"{sid}-1", lab, "N")])
             for sid, lab in (("a", "0505"), ("b", "0905"), ("c", "1305"))]
    sc = scenario(["." * 20] * 20, sides)
    lib = Resolver([basic_ground()], [army_list("l", TYPES)], [ruleset()])
    s = new_game(sc, lib, dice=ScriptedDice([4, 9, 6]))
    assert [s.side_id(x) for x in s.order] == ["b", "c", "a"] and s.to_act == "b"


def test_R6_attack_by_distance_dash_means_none_and_list_defaults():
    gun = unit("gun", rng=3, melee=None, ranged=3)
    s = game([("r", "arch", "0505", "N"), ("g", "gun", "0705", "N")],
             [("b", "inf", "0502", "S"), ("c", "inf", "0704", "S")], rolls=[4, 10],
             types=TYPES + [gun])
    assert s.unit("r").profile.hits == 1                 # list default "Hits = 1"
    atk = one(apply(s, Attack("r", "b")), "attack")      # distance 3: ranged rating 4
    assert atk["base"] == 4 and atk["ranged"] and atk["distance"] == 3
    with pytest.raises(IllegalAction, match="no attack rating at 1 hex"):
        apply(s, Attack("g", "c"))                         # a dash for melee


def test_R7_army_leader_is_the_ability_holder_or_the_marked_unit():
    s = game([("l", "ldr", "0505", "N"), ("a", "inf", "0705", "N", True)],
             [("b", "inf", "0515", "S"), ("c", "ldr", "0715", "S")], rolls=[])
    assert [u.uid for u in s.units if u.leader] == ["a", "c"]


def test_R8_destroyed_when_hits_reach_rating():
    s = game([("a", "inf", "0505", "N"), ("a2", "inf", nb("0505", "NE"), "NW")],
             [("h", "hvy", "0504", "S")], rolls=[1, 10, 8, 1, 10])
    ev = apply(s, Attack("a", "h"))                  # hit, save 10 fails, morale 8 holds
    assert one(ev, "attack")["hits"] == 1 and s.unit("h").on_map
    ev = apply(s, Attack("a2", "h"))
    assert one(ev, "attack")["destroyed"] and not s.unit("h").on_map


# --------------------------------------------------------------------------------- R9-R12
def test_R9_R10_front_arc_is_120_degrees_boundary_inclusive():
    red = [("a", "inf", "0505", "N")]
    ahead = [nb("0505", f) for f in ("N", "NE", "NW")]
    behind = [nb("0505", f) for f in ("S", "SE", "SW")]
    blue = [(f"b{i}", "inf", lab, "S") for i, lab in enumerate(ahead + behind)]
    s = game(red, blue, rolls=[])
    targets = {a.target for a in legal_actions(s) if isinstance(a, Attack)}
    assert targets == {"b0", "b1", "b2"}
    s = game(red, blue, rolls=[], arc_boundary_inclusive=False)
    assert {a.target for a in legal_actions(s) if isinstance(a, Attack)} == {"b0"}
    s = game(red, blue, rolls=[], front_arc_degrees=360)
    assert len({a.target for a in legal_actions(s) if isinstance(a, Attack)}) == 6


def test_R11_no_attack_outside_the_front_arc():
    s = game([("a", "inf", "0505", "N")], [("b", "inf", "0506", "N")], rolls=[])
    with pytest.raises(IllegalAction, match="outside a's front arc"):
        apply(s, Attack("a", "b"))


def test_R12_routing_unit_turns_180_at_once():
    s = game([("a", "hvy", "0505", "N")], [("b", "hvy", "0504", "S")],
             rolls=[3, 9, 10])    # hit, save fails, morale 10 > 8: rout
    ev = apply(s, Attack("a", "b"))
    assert one(ev, "routed")["facing"] == "N" and s.unit("b").routed


def test_R13_stacking_one_ground_unit_heroes_and_flyers_aside():
    hero = unit("hero", move=4, melee=6, abilities=["hero"])
    bird = unit("bird", move=6, melee=3, flying=True)
    types = TYPES + [hero, bird]
    red = [("a", "inf", "0505", "N"), ("f", "inf", "0506", "N"), ("h", "hero", "0706", "N"),
           ("w", "bird", "0507", "N")]
    s = game(red, [("b", "inf", "0515", "S")], rolls=[], types=types)
    with pytest.raises(IllegalAction, match="stacking"):
        apply(s, Move("f", "0505", "N"))
    assert ("0505", "N") not in move_options(s, "f")
    assert any(k[0] == "0505" for k in move_options(s, "h"))     # heroes stack freely
    assert any(k[0] == "0505" for k in move_options(s, "w"))     # the air layer
    s2 = game(red, [("b", "inf", "0515", "S")], rolls=[], types=types, stacking_limit=2)
    assert ("0505", "N") in move_options(s2, "f")


def test_R13_a_leader_tagged_hero_for_points_stacks_like_any_ground_unit():
    # Lists outside Middle Earth tag their general `hero` as a points class; only the `hero`
    # ability (the starred heroes) stacks freely and moves through friends.
    general = unit("general", move=2, melee=8, tags=["leader", "hero"],
                   abilities=["army-leader"])
    types = TYPES + [general]
    red = [("a", "inf", "0505", "N"), ("g", "general", "0506", "N")]
    s = game(red, [("b", "inf", "0515", "S")], rolls=[], types=types,
             move_through_friends=False)
    assert not any(k[0] == "0505" for k in move_options(s, "g"))
    with pytest.raises(IllegalAction, match="stacking"):
        apply(s, Move("g", "0505", "N"))
    assert not any(k[0] == "0504" for k in move_options(s, "g"))   # not through the friend
    hero = unit("hero", move=2, melee=6, abilities=["hero"])
    s3 = game([("a", "inf", "0505", "N"), ("h", "hero", "0506", "N")], [("b", "inf", "0515", "S")],
              rolls=[], types=TYPES + [hero], move_through_friends=False)
    assert any(k[0] == "0504" for k in move_options(s3, "h"))      # a starred hero may


# --------------------------------------------------------------------------------- R14-R20
def test_R14_move_only_into_faced_hex_one_free_turn_per_hex_turning_costs_1mp():
    s = game([("a", "inf", "0505", "N")], [("b", "inf", "0520", "S")], rolls=[])
    opts = move_options(s, "a")
    assert opts[("0504", "N")] == 1 and opts[("0504", "NE")] == 1   # free turn after a hex
    assert opts[("0504", "S")] == 2                                 # paid turn
    assert opts[("0505", "S")] == 1                                 # turn in place: 1 MP
    assert ("0506", "S") in opts and opts[("0506", "S")] == 2       # turn (1) + step (1)
    assert ("0502", "N") in opts and ("0501", "N") not in opts
    with pytest.raises(IllegalAction, match="out of reach|not enough MP"):
        apply(s, Move("a", "0501", "N"))


def test_R15_terrain_mp_fractions_impassable_and_uphill():
    terrain = ["." * 20] * 20
    terrain = [row for row in terrain]
    terrain[3] = "....r" + "." * 15
    terrain[2] = "....r" + "." * 15
    terrain[1] = "....~" + "." * 15
    s = game([("a", "inf", "0505", "N")], [("b", "inf", "0520", "S")], rolls=[],
             terrain=terrain)
    opts = move_options(s, "a")
    assert opts[("0504", "N")] == Fraction(1, 2) and opts[("0503", "N")] == 1
    assert not any(k[0] == "0502" for k in opts)                 # water: impassable
    elev = ["0" * 20] * 20
    elev = [row for row in elev]
    elev[3] = "00001" + "0" * 15
    s = game([("a", "inf", "0505", "N")], [("b", "inf", "0520", "S")], rolls=[],
             elevation=elev)
    assert move_options(s, "a")[("0504", "N")] == 2              # +1 MP uphill
    terrain = [row for row in ["." * 20] * 20]
    terrain[3] = "....h" + "." * 15
    s = game([("a", "inf", "0505", "N")], [("b", "inf", "0520", "S")], rolls=[],
             elevation=elev, terrain=terrain)
    assert move_options(s, "a")[("0504", "N")] == 3              # hill overrides: +2
    s = game([("a", "inf", "0505", "N")], [("b", "inf", "0520", "S")], rolls=[],
             elevation=elev, uphill_extra_mp=0)
    assert move_options(s, "a")[("0504", "N")] == 1


def test_R16_may_always_move_one_hex_unless_damaged():
    slow = unit("slow", move=1, melee=5, hits=2)
    terrain = [row for row in ["." * 20] * 20]
    terrain[3] = "....f" + "." * 15
    s = game([("a", "slow", "0505", "N")], [("b", "inf", "0520", "S")], rolls=[],
             terrain=terrain, types=TYPES + [slow])
    opts = move_options(s, "a")
    assert opts[("0504", "N")] == 1 and ("0503", "N") not in opts
    s.unit("a").hits = 1
    s._cache.clear()
    assert ("0504", "N") not in move_options(s, "a")
    s = game([("a", "slow", "0505", "N")], [("b", "inf", "0520", "S")], rolls=[],
             terrain=terrain, types=TYPES + [slow], min_move_one_hex=False)
    assert ("0504", "N") not in move_options(s, "a")


def test_R17_no_entering_enemy_hexes_through_friends_option():
    red = [("a", "inf", "0505", "N"), ("f", "inf", "0504", "N")]
    s = game(red, [("b", "inf", "0502", "S")], rolls=[])
    opts = move_options(s, "a")
    assert ("0503", "N") in opts and not any(k[0] == "0502" for k in opts)
    with pytest.raises(IllegalAction, match="enemy"):
        apply(s, Move("a", "0502", "N", path=("0504", "0503", "0502")))
    s = game(red, [("b", "inf", "0520", "S")], rolls=[], move_through_friends=False)
    assert ("0503", "N") not in move_options(s, "a")


def test_R18_mounting_and_dismounting_cost_both_units_1mp():
    truck = unit("truck", move=4, melee=None, defense=4, carry={"infantry": 1})
    foot = unit("foot", move=3, melee=5, tags=["infantry"])
    s = game([("t", "truck", "0504", "N"), ("f", "foot", "0505", "N")],
             [("b", "inf", "0520", "S")], rolls=[9, 1], types=TYPES + [truck, foot])
    mv = one(apply(s, Move("f", "0504", "N", embark="t")), "moved")
    assert mv["embark"] == "t" and mv["mp"] == "2"               # 1 to enter + 1 to mount
    assert s.unit("f").carried_by == s.unit("t").i
    assert move_options(s, "t")[("0501", "N")] == 3               # the carrier paid 1 too
    apply(s, Move("t", "0502", "N"))
    assert s.unit("f").hex == s.unit("t").hex
    apply(s, EndPhase("red"))
    apply(s, EndPhase("blue"))
    apply(s, ChooseOrder("red", True))
    mv = one(apply(s, Move("f", "0501", "N")), "moved")           # dismount: 1 + 1 MP
    assert mv["disembark"] and mv["mp"] == "2"
    assert s.board.mp_of(s.unit("t").mp_used) == 1                # the carrier paid 1 too


def test_R19_forbidden_tags_and_mine_field_entry_attack():
    terrain = [row for row in ["." * 20] * 20]
    terrain[3] = "....x*" + "." * 14
    s = game([("c", "cav", "0505", "N"), ("i", "inf", "0605", "N")],
             [("b", "inf", "0520", "S")], rolls=[5, 9], terrain=terrain)
    assert not any(k[0] == "0504" for k in move_options(s, "c"))   # wire: no cavalry
    with pytest.raises(IllegalAction, match="forbids units tagged cavalry"):
        apply(s, Move("c", "0504", "N"))
    ev = apply(s, Move("i", "0604", "N"))                           # mines: attack 5
    atk = one(ev, "attack")
    assert atk["attacker"] == "Mine Field" and atk["needed"] == 5 and atk["hit"]
    assert atk["defense_modifiers"][0] == ["Mine Field", -1]
    assert not s.unit("i").on_map


def test_R20_flyers_ignore_terrain_and_zone_of_control_option():
    from studio.rulesets.rules_of_war.combat import make_context
    from studio.rulesets.rules_of_war.modifiers import defense_total
    bird = unit("bird", move=3, melee=3, flying=True)
    terrain = [row for row in ["." * 20] * 20]
    terrain[3] = "....~" + "." * 15
    terrain[2] = "....f" + "." * 15
    s = game([("w", "bird", "0505", "N")], [("b", "inf", "0501", "S")], rolls=[],
             terrain=terrain, types=TYPES + [bird])
    assert move_options(s, "w")[("0503", "N")] == 2                # water, forest: 1 MP each
    s.unit("w").hex = s.board.index_of_label("0503")               # a flyer in a forest...
    s.unit("b").hex = s.board.index_of_label("0502")
    assert defense_total(make_context(s, s.unit("b"), s.unit("w")), s.options)[1] == []
    def paths_through_zoc(state):
        from studio.rulesets.rules_of_war.reach import reach
        r = reach(state, state.unit("c"))
        ring = set(state.board.nbr[state.unit("b").hex])
        return [k for k in r.reached if any(h in ring for h in r.path_to(k)[:-1])]
    s = game([("c", "cav", "0505", "N")], [("b", "inf", "0702", "S")], rolls=[])
    assert paths_through_zoc(s)
    s = game([("c", "cav", "0505", "N")], [("b", "inf", "0702", "S")], rolls=[],
             zone_of_control="stop")
    assert ("0602", "N") in move_options(s, "c")      # entering next to b is allowed...
    assert not paths_through_zoc(s)                    # ...and ends the move


def test_R21_each_unit_attacks_once_per_round():
    s = game([("a", "arch", "0505", "N")], [("b", "hvy", "0503", "S")], rolls=[9])
    apply(s, Attack("a", "b"))
    with pytest.raises(IllegalAction, match="already attacked this round"):
        apply(s, Attack("a", "b"))


def test_R22_reaction_window_after_a_move_and_simultaneous_answers():
    s = skirmish([("a", "inf", "0505", "N"), ("c", "arch", "0905", "N")],
                 [("b", "arch", "0502", "S"), ("d", "inf", "0902", "S")],
                 TYPES, rolls=[1, 9])
    ev = apply(s, Move("a", "0504", "N"))
    assert s.window == "react" and s.to_act == "blue"
    assert Pass("blue") in legal_actions(s) and Attack("b", "a") in legal_actions(s)
    ev = apply(s, Attack("b", "a"))                 # reaction: resolved at once
    assert one(ev, "attack")["hit"] and not s.unit("a").on_map
    assert s.to_act == "red" and s.window is None
    # Simultaneous: c shoots at d, d's friend b answers at c; both roll before results apply.
    s = skirmish([("c", "arch", "0505", "N")], [("b", "arch", "0502", "S")], TYPES,
                 rolls=[1, 1])           # both hit with overkill 3: no save for either
    apply(s, Attack("c", "b"))
    assert s.window == "respond" and s.to_act == "blue"
    ev = apply(s, Attack("b", "c"))
    assert len(kinds(ev, "attack")) == 2 and len(kinds(ev, "destroyed")) == 2
    s = skirmish([("c", "arch", "0505", "N")], [("b", "arch", "0502", "S")], TYPES,
                 rolls=[1, 9], reaction_attacks=False)
    apply(s, Attack("c", "b"))
    assert s.window is None and not s.unit("b").on_map


def test_R23_target_must_be_within_range():
    s = game([("a", "arch", "0506", "N")], [("b", "inf", "0501", "S")], rolls=[])
    with pytest.raises(IllegalAction, match="5 hexes away, beyond range 4"):
        apply(s, Attack("a", "b"))


def test_R24_line_of_sight_forest_elevation_hexside_and_units():
    terrain = [row for row in ["." * 20] * 20]
    terrain[3] = "....f" + "." * 15
    s = game([("a", "arch", "0505", "N")], [("b", "inf", "0503", "S")], rolls=[],
             terrain=terrain)
    with pytest.raises(IllegalAction, match=r"no line of sight from 0505 to 0503 \(R24\)"):
        apply(s, Attack("a", "b"))
    elev = [row for row in ["0" * 20] * 20]
    elev[3] = "00002" + "0" * 15
    elev[2] = "00001" + "0" * 15
    s = game([("a", "arch", "0505", "N")], [("b", "inf", "0503", "S")], rolls=[],
             elevation=elev)
    assert Attack("a", "b") not in legal_actions(s)                  # 2 > both ends (0, 1)
    # Along a hexside one blocking flank is not enough (los_hexside: both), or is (either).
    from studio.hexgrid import Hex, MapGeometry, runs_along_hexside
    g = MapGeometry(20, 20)
    far = g.label(g.parse_label("0505") + Hex(2, -1))
    assert runs_along_hexside(g.parse_label("0505"), g.parse_label(far))
    board = s.board
    a, b = board.index_of_label("0505"), board.index_of_label(far)
    flank = next(p for p in board.los_samples(a, b) if p[0] != p[1])
    col, row = int(board.labels[flank[0]][:2]), int(board.labels[flank[0]][2:])
    terrain = [row_ for row_ in ["." * 20] * 20]
    terrain[row - 1] = terrain[row - 1][:col - 1] + "f" + terrain[row - 1][col:]
    s = game([("a", "arch", "0505", "NE")], [("b", "inf", far, "S")], rolls=[],
             terrain=terrain)
    assert s.board.terrain_los(a, b) and Attack("a", "b") in legal_actions(s)
    s = game([("a", "arch", "0505", "NE")], [("b", "inf", far, "S")], rolls=[],
             terrain=terrain, los_hexside="either")
    assert not s.board.terrain_los(a, b) and Attack("a", "b") not in legal_actions(s)
    # Units do not block sight unless the option says so.
    s = game([("a", "arch", "0505", "N"), ("f", "inf", "0504", "N")],
             [("b", "inf", "0503", "S")], rolls=[])
    assert Attack("a", "b") in legal_actions(s)
    s = game([("a", "arch", "0505", "N"), ("f", "inf", "0504", "N")],
             [("b", "inf", "0503", "S")], rolls=[], units_block_los=True)
    assert Attack("a", "b") not in legal_actions(s)


# --------------------------------------------------------------------------------- R25-R31
def test_R25_natural_one_always_hits():
    zero = unit("zero", melee=0)
    s = game([("a", "zero", "0505", "N")], [("b", "nodef", "0504", "S")], rolls=[1],
             types=TYPES + [zero])
    atk = one(apply(s, Attack("a", "b")), "attack")
    assert atk["needed"] == 0 and atk["roll"] == 1 and atk["hit"]


def test_R25_natural_ten_hits_by_default_and_auto_miss_option():
    s = game([("a", "inf", "0505", "N")], [("b", "nodef", "0504", "S")], rolls=[10])
    assert one(apply(s, Attack("a", "b")), "attack")["hit"]
    s = game([("a", "inf", "0505", "N")], [("b", "nodef", "0504", "S")], rolls=[10],
             auto_hit=[1], auto_miss=[10])
    assert not one(apply(s, Attack("a", "b")), "attack")["hit"]
    s = game([("a", "inf", "0505", "N")], [("b", "nodef", "0504", "S")], rolls=[7])
    assert not one(apply(s, Attack("a", "b")), "attack")["hit"]       # 7 > 6


def test_R26_combined_rear_higher_ground_and_terrain_attack_modifiers():
    terrain = [row for row in ["." * 20] * 20]
    terrain[5] = "....h" + "." * 15
    elev = [row for row in ["0" * 20] * 20]
    elev[5] = "00001" + "0" * 15
    red = [("a", "inf", "0506", "N"), ("c", "inf", "0404", "SE")]
    s = game(red, [("b", "hvy", "0505", "N")], rolls=[9, 9, 9, 9], terrain=terrain,
             elevation=elev)
    # c attacks first from b's side (in b's arc? b faces N; c at 0404 is NW of b: in arc)
    atk1 = one(apply(s, Attack("c", "b")), "attack")
    assert atk1["modifiers"] == []
    atk2 = one(apply(s, Attack("a", "b")), "attack")
    reasons = dict((r, v) for r, v in atk2["modifiers"])
    assert reasons == {"combined attack": 1, "rear": 2, "higher ground": 1, "Hill": 1}
    assert atk2["needed"] == 6 + 5 and atk2["rear"]


def test_R27_overkill_lowers_the_save_worked_example():
    tank = unit("tank", melee=9)
    six = unit("six", melee=1, defense=6)
    s = game([("a", "tank", "0505", "N")], [("b", "six", "0504", "S")], rolls=[5, 3],
             types=TYPES + [tank, six])
    atk = one(apply(s, Attack("a", "b")), "attack")
    assert atk["overkill"] == 4 and atk["save_needed"] == 2 and atk["save_roll"] == 3
    assert not atk["saved"] and atk["destroyed"]


def test_R28_save_with_terrain_ranged_defense_below_rear_and_no_defense():
    terrain = [row for row in ["." * 20] * 20]
    terrain[1] = "....f" + "." * 15
    s = game([("a", "arch", "0505", "N")], [("b", "inf", "0502", "S")], rolls=[2, 7],
             terrain=terrain, los_hexside="both")
    s.unit("a").hex = s.board.index_of_label("0504")
    s._cache.clear()
    atk = one(apply(s, Attack("a", "b")), "attack")           # ranged: forest +2
    assert atk["defense_modifiers"][0] == ["Forest", 2] and atk["save_needed"] == 5
    assert atk["save_roll"] == 7 and not atk["saved"]
    elev = [row for row in ["0" * 20] * 20]
    elev[3] = "00001" + "0" * 15
    s = game([("a", "inf", "0505", "N")], [("b", "inf", "0504", "N")], rolls=[6, 1],
             elevation=elev)
    atk = one(apply(s, Attack("a", "b")), "attack")
    mods = dict(atk["defense_modifiers"])
    assert mods == {"attacked from below": 1, "rear": -3, "overkill": -2}
    assert atk["save_needed"] == 5 + 1 - 3 - 2
    s = game([("a", "inf", "0505", "N")], [("b", "nodef", "0504", "S")], rolls=[5])
    atk = one(apply(s, Attack("a", "b")), "attack")
    assert atk["save_needed"] is None and atk["save_roll"] is None and atk["destroyed"]
    s = game([("a", "inf", "0505", "N")], [("b", "inf", "0504", "S")], rolls=[1])
    atk = one(apply(s, Attack("a", "b")), "attack")           # overkill 5 -> defense 0
    assert atk["save_needed"] == 0 and atk["save_roll"] is None and atk["destroyed"]


def test_R29_terrain_save_strictly_below():
    terrain = [row for row in ["." * 20] * 20]
    terrain[3] = "....b" + "." * 15
    s = game([("a", "inf", "0505", "N")], [("b", "inf", "0504", "S")], rolls=[6, 9, 4],
             terrain=terrain)
    atk = one(apply(s, Attack("a", "b")), "attack")
    assert atk["terrain_save"] == 5 and atk["terrain_roll"] == 4 and atk["damage"] == 0
    s = game([("a", "inf", "0505", "N")], [("b", "inf", "0504", "S")], rolls=[6, 9, 5],
             terrain=terrain)
    assert one(apply(s, Attack("a", "b")), "attack")["damage"] == 1
    s = game([("a", "inf", "0505", "N")], [("b", "inf", "0504", "S")], rolls=[6, 9, 5],
             terrain=terrain, terrain_save_strict=False)
    assert one(apply(s, Attack("a", "b")), "attack")["damage"] == 0


def test_R30_an_unsaved_hit_adds_one_hit():
    s = game([("a", "inf", "0505", "N")], [("h", "hvy", "0504", "S")], rolls=[6, 9, 1])
    ev = apply(s, Attack("a", "h"))
    assert one(ev, "attack")["damage"] == 1 and s.unit("h").hits == 1
    assert one(ev, "morale")["passed"]


def test_R31_free_advance_into_the_emptied_hex():
    s = game([("a", "inf", "0505", "N")], [("b", "nodef", "0504", "S")], rolls=[2])
    apply(s, Attack("a", "b"))
    assert s.window == "advance" and legal_actions(s) == [Advance("a"), Pass("red")]
    ev = apply(s, Advance("a"))
    assert one(ev, "advanced")["to"] == "0504" and s.hex_label(s.unit("a")) == "0504"
    s = game([("a", "inf", "0505", "N")], [("b", "nodef", "0504", "S")], rolls=[2],
             free_advance=False)
    apply(s, Attack("a", "b"))
    assert s.window is None


# --------------------------------------------------------------------------------- R32-R36
def test_R32_morale_check_when_hit_and_not_destroyed():
    s = game([("a", "inf", "0505", "N")], [("h", "hvy", "0504", "S")], rolls=[6, 9, 9])
    ev = apply(s, Attack("a", "h"))
    m = one(ev, "morale")
    assert m["reason"] == "hit" and m["needed"] == 8 and not m["passed"]
    assert s.unit("h").routed


def test_R33_morale_modifiers_leader_destroyed_and_outnumbered():
    red = [("a", "inf", "0505", "N"), ("a2", "inf", "0705", "N"), ("a3", "inf", "0305", "N")]
    blue = [("h", "hvy", "0504", "S"), ("l", "ldr", "0515", "S")]
    s = game(red, blue, rolls=[6, 9, 3])
    s.unit("l").status = "destroyed"
    s.unit("l").hex = -1
    m = one(apply(s, Attack("a", "h")), "morale")
    assert dict(m["modifiers"]) == {"leader destroyed": -2, "outnumbered": -1}
    assert m["needed"] == 8 - 3 and m["passed"]


def test_R34_routed_units_cannot_act_and_flee_in_the_morale_phase_off_the_map():
    s = game([("a", "hvy", "0503", "N")], [("b", "hvy", "0502", "S")],
             rolls=[3, 9, 10, 10, 1], map_edges=("south", "north"))
    apply(s, Attack("a", "b"))
    b = s.unit("b")
    assert b.routed and s.facing_name(b) == "N"
    apply(s, EndPhase("red"))
    assert not any(getattr(x, "unit", None) == "b" for x in legal_actions(s))
    with pytest.raises(IllegalAction, match="routed units cannot"):
        apply(s, Move("b", "0501", "N"))
    ev = apply(s, EndPhase("blue"))
    fled = one(ev, "fled")
    assert fled["off_map"] and b.status == "fled"
    assert any(e.kind == "destroyed" and e["cause"] == "fled-off-map" for e in ev)


def test_R35_rally_from_the_next_morale_phase_at_half_morale_rounded_up():
    s = game([("a", "hvy", "0510", "N")], [("b", "hvy", "0509", "S")],
             rolls=[3, 9, 10, 10, 1, 4, 10, 1], map_edges=("south", "north"))
    apply(s, Attack("a", "b"))
    apply(s, EndPhase("red"))
    ev = apply(s, EndPhase("blue"))                 # same round: flees, no rally roll
    assert not [e for e in ev if e.kind == "roll" and e["why"] == "rally"]
    apply(s, ChooseOrder("red", True))
    apply(s, EndPhase("red"))                       # rally roll 4: needs ceil(8/2) = 4
    ev = apply(s, EndPhase("blue"))
    rally = [e for e in ev if e.kind == "roll" and e["why"] == "rally"][0]
    assert rally["target"] == 4 and rally["value"] == 4 and not s.unit("b").routed
    assert not kinds(ev, "fled")


def test_R36_a_rout_makes_adjacent_friends_check_and_it_cascades():
    red = [("a", "hvy", "0505", "N")]
    blue = [("b", "hvy", "0504", "S"), ("c", "inf", nb("0504", "NE"), "S"),
            ("d", "inf", nb(nb("0504", "NE"), "SE"), "S")]
    s = game(red, blue, rolls=[3, 9, 10, 10, 10])
    ev = apply(s, Attack("a", "b"))
    reasons = [(m["unit"], m["reason"]) for m in kinds(ev, "morale")]
    assert reasons == [("b", "hit"), ("c", "friend-routed"), ("d", "friend-routed")]
    assert all(s.unit(x).routed for x in "bcd")


# --------------------------------------------------------------------------------- R37-R39
def test_R37_off_map_support_ammunition_per_round_any_target():
    sup = {"red": [{"id": "guns", "name": "Guns", "attack": 5, "ammunition": 2,
                    "per_round": 1}]}
    terrain = [row for row in ["." * 20] * 20]
    terrain[9] = "f" * 20
    s = game([("a", "inf", "0505", "S")], [("b", "inf", "0515", "S")], rolls=[1, 9],
             supports=sup, terrain=terrain)
    assert Strike("red", "guns", "b") in legal_actions(s)           # no arc, no LOS needed
    ev = apply(s, Strike("red", "guns", "b"))
    assert one(ev, "strike")["ammunition_left"] == 1
    atk = one(ev, "attack")
    assert atk["attacker"] == "red:guns" and atk["ranged"] and atk["destroyed"]
    s = game([("a", "inf", "0505", "S")], [("b", "inf", "0515", "S"), ("c", "inf", "0715", "S")],
             rolls=[8, 8], supports=sup)
    apply(s, Strike("red", "guns", "b"))
    with pytest.raises(IllegalAction, match="made its 1 strike"):
        apply(s, Strike("red", "guns", "c"))


def test_R38_spotting_option():
    scout = unit("scout", move=3, rng=6, melee=3, ranged=3, spotting=3)
    blind = unit("blind", move=3, rng=6, melee=3, ranged=3)
    types = TYPES + [scout, blind]
    red = [("s", "scout", "0515", "N"), ("g", "blind", "0510", "N")]
    s = game(red, [("b", "inf", "0505", "S")], rolls=[], types=types, spotting=True)
    with pytest.raises(IllegalAction, match="not been spotted"):
        apply(s, Attack("g", "b"))
    s.unit("s").hex = s.board.index_of_label("0508")
    s._cache.clear()
    assert Attack("g", "b") in legal_actions(s)
    s = game(red, [("b", "inf", "0505", "S")], rolls=[], types=types, spotting=False)
    assert Attack("g", "b") in legal_actions(s)


def test_R39_destroy_leader_is_sudden_death():
    vc = [VictoryCondition("red", "destroy-leader")]
    s = game([("a", "inf", "0505", "N")], [("l", "ldr", "0504", "S")], rolls=[1, 9],
             victory=vc)
    ev = apply(s, Attack("a", "l"))
    assert s.over and s.result.winner == "red" and ev[-1].kind == "game-over"
    assert "destroy-leader" in s.result.conditions[0]


def test_R39_eliminate_share_hold_survive_exit_and_victory_points():
    vc = [VictoryCondition("red", "eliminate", {"share": 50})]
    s = game([("a", "inf", "0505", "N")], [("b", "nodef", "0504", "S"),
                                           ("c", "inf", "0515", "S")], rolls=[1], victory=vc)
    apply(s, Attack("a", "b"))
    assert s.result.winner == "red"
    vc = [VictoryCondition("red", "hold", {"hexes": ["0505"]}),
          VictoryCondition("blue", "survive")]
    s = game([("a", "inf", "0505", "N")], [("b", "inf", "0515", "S")], rolls=[],
             victory=vc, round_limit=1)
    apply(s, EndPhase("red"))
    apply(s, EndPhase("blue"))
    assert s.result.outcome == "draw" and "several sides" in s.result.conditions[0]
    vc = [VictoryCondition("red", "exit", {"edge": "north", "units": 1})]
    s = game([("a", "cav", "0502", "N")], [("b", "inf", "0515", "S")], rolls=[], victory=vc,
             round_limit=1)
    assert Exit("a") in legal_actions(s)
    ev = apply(s, Exit("a"))
    assert one(ev, "exited")["edge"] == "north"
    apply(s, EndPhase("red"))
    apply(s, EndPhase("blue"))
    assert s.result.winner == "red"
    from studio.model import Objective
    vc = [VictoryCondition("red", "victory-points"), VictoryCondition("blue", "victory-points")]
    s = game([("a", "inf", "0505", "N")], [("b", "inf", "0515", "S")], rolls=[],
             victory=vc, round_limit=1, objectives=[Objective("0505", "Temple", 3)])
    apply(s, EndPhase("red"))
    apply(s, EndPhase("blue"))
    assert s.result.winner == "red" and "victory-points" in s.result.conditions[0]


def test_R39_round_limit_without_winner_option():
    s = game([("a", "inf", "0505", "N")], [("b", "inf", "0515", "S")], rolls=[],
             round_limit=1, draw_at_round_limit=False)
    apply(s, EndPhase("red"))
    apply(s, EndPhase("blue"))
    assert s.result.outcome == "none" and s.result.winner is None


def test_R20_explicit_paths_obey_zone_of_control_and_friends_options():
    s = game([("c", "cav", "0505", "N")], [("b", "inf", "0702", "S")], rolls=[],
             zone_of_control="stop")
    with pytest.raises(IllegalAction, match="zone_of_control: stop"):
        apply(s, Move("c", "0601", "N", path=("0504", "0603", "0602", "0601")))
    s = game([("a", "inf", "0505", "N"), ("f", "inf", "0504", "N")],
             [("b", "inf", "0520", "S")], rolls=[], move_through_friends=False)
    with pytest.raises(IllegalAction, match="move_through_friends: false"):
        apply(s, Move("a", "0503", "N", path=("0504", "0503")))


def test_R14_an_explicit_path_costs_the_same_as_the_searched_route():
    s = game([("a", "inf", "0505", "N")], [("b", "inf", "0520", "S")], rolls=[])
    want = move_options(s, "a")[(nb("0504", "NE"), "NE")]
    mv = apply(s, Move("a", nb("0504", "NE"), "NE", path=("0504", nb("0504", "NE"))))[0]
    assert mv.kind == "moved" and Fraction(mv["mp"]) == want == 2

"""The heuristic AI's choices in small set positions: shooting before closing, focusing
attacks, flank and rear attacks, facing threats, reacting, protecting its leader."""
from __future__ import annotations

import statistics

import pytest

from studio.ai import HeuristicAI, play_game
from studio.rulesets.rules_of_war import (Attack, ChooseOrder, EndPhase, Move, Pass, Volley, apply,
                           legal_actions, new_game)
from studio.io import default_library
from studio.model import Army, HexMap, RosterUnit, Scenario, Side
from studio.simulate.mirror import mirror_scenario


@pytest.fixture(scope="module")
def library():
    return default_library()


def position(placements, list_id="ancient-greek", columns=11, rows=9):
    """A scenario with units (side, id, type, hex, facing) on an open map, no victory
    conditions (the game runs to its round limit)."""
    sides = []
    for side in ("blue", "red"):
        units = [RosterUnit(type=t, id=i, hex=h, facing=f)
                 for s, i, t, h, f in placements if s == side]
        sides.append(Side(side, side.title(), "#000000", Army(list_id, units)))
    return Scenario("position", "Position", "rules-of-war", "basic-ground",
                    HexMap.blank(columns, rows, "."), sides, round_limit=3)


def start(scenario, library, active="blue", seed=1):
    """A game where `active` moves first in round 1."""
    state = new_game(scenario, library, seed)
    winner = state.to_act
    apply(state, ChooseOrder(winner, first=(winner == active)))
    assert state.active_side == active
    return state


def own_actions(state, ai, side="blue", stop=lambda a: False, limit=60):
    """Let `ai` play `side`'s phase (the other side passes its windows); the actions it
    took, up to and including the first one `stop` accepts."""
    taken = []
    for _ in range(limit):
        if state.to_act != side:
            assert state.window in ("react", "respond", "advance")
            apply(state, Pass(state.to_act))
            continue
        action = ai.choose(state)
        taken.append(action)
        apply(state, action)
        if stop(action) or isinstance(action, EndPhase):
            break
    return taken


def test_missile_units_shoot_before_anyone_moves(library):
    sc = position([("blue", "bow", "psiloi-bow", "0305", "NE"),
                   ("blue", "hop", "hoplites-standard", "0405", "NE"),
                   ("red", "foe", "hoplites-standard", "0703", "SW")])
    state = start(sc, library)
    assert state.game.board.distance(state.unit("bow").hex, state.unit("foe").hex) >= 2
    first = HeuristicAI(1).choose(state)
    assert first == Attack("bow", "foe")


def test_attacks_focus_on_the_damaged_enemy(library):
    # Two blue units each next to both red units, which are next to each other.
    sc = position([("blue", "a", "hoplites-standard", "0504", "N"),
                   ("blue", "b", "hoplites-standard", "0602", "S"),
                   ("red", "x", "hoplites-standard", "0503", "S"),
                   ("red", "y", "hoplites-standard", "0603", "S")])
    state = start(sc, library)
    board = state.game.board
    for ally in ("a", "b"):
        for foe in ("x", "y"):
            assert board.distance(state.unit(ally).hex, state.unit(foe).hex) == 1
    state.unit("y").hits = 1          # y has taken a hit: one more destroys it
    attacks = [a for a in own_actions(state, HeuristicAI(2)) if isinstance(a, (Attack, Volley))]
    assert attacks, "the AI should attack"
    assert attacks[0].target == "y"
    if state.unit("y").status == "on":   # the first attack failed: the second joins it
        assert attacks[1].target == "y"


def test_goes_round_to_strike_the_flank_or_rear(library):
    # A fast unit may reach the red unit's front or its rear.
    sc = position([("blue", "horse", "heavy-cavalry", "0306", "NE"),
                   ("red", "foe", "hoplites-standard", "0604", "N")])
    state = start(sc, library)
    own_actions(state, HeuristicAI(3), stop=lambda a: isinstance(a, Move))
    board = state.game.board
    horse, foe = state.unit("horse"), state.unit("foe")
    assert board.distance(horse.hex, foe.hex) == 1
    assert not board.in_arc(foe.hex, foe.facing, horse.hex), "it should end outside the foe's arc"
    assert board.in_arc(horse.hex, horse.facing, foe.hex), "and face the foe"


def test_turns_to_face_an_enemy_on_its_flank(library):
    sc = position([("blue", "hop", "hoplites-standard", "0505", "N"),
                   ("red", "foe", "hoplites-standard", "0605", "NW")])
    state = start(sc, library)
    board = state.game.board
    hop, foe = state.unit("hop"), state.unit("foe")
    assert board.distance(hop.hex, foe.hex) == 1
    assert not board.in_arc(hop.hex, hop.facing, foe.hex)
    own_actions(state, HeuristicAI(4), stop=lambda a: isinstance(a, Move))
    hop = state.unit("hop")
    assert board.in_arc(hop.hex, hop.facing, foe.hex)


def test_reacts_to_an_enemy_moving_into_its_arc(library):
    sc = position([("blue", "hop", "hoplites-standard", "0505", "N"),
                   ("red", "foe", "hoplites-standard", "0502", "S")])
    state = start(sc, library, active="red")
    apply(state, Move("foe", "0504", "S"))        # straight ahead, into hop's front arc
    assert state.window == "react" and state.to_act == "blue"
    reaction = HeuristicAI(5).choose(state)
    assert reaction == Attack("hop", "foe")


def test_leader_keeps_behind_its_line(library):
    lst = library.army_list("ancient-greek")
    sc = mirror_scenario(lst, "general", ["hoplites-standard"] * 6 + ["psiloi-bow"] * 2,
                         columns=15, rows=10)
    state = new_game(sc, library, 9)
    ai = {"west": HeuristicAI(1), "east": HeuristicAI(2)}
    board = state.game.board
    checks = behind = 0
    while not state.over and state.round <= 6:
        side = state.to_act
        action = ai[side].choose(state)
        apply(state, action)
        if isinstance(action, EndPhase):
            mine = [u for u in state.units if u.side == state.game.side_index[side]
                    and u.status == "on"]
            foes = [u for u in state.units if u.side != state.game.side_index[side]
                    and u.status == "on" and not u.routed]
            leader = [u for u in mine if u.leader]
            others = [u for u in mine if not u.leader and not u.routed]
            if not (leader and others and foes):
                continue

            def gap(u):
                return min(board.distance(u.hex, f.hex) for f in foes)
            checks += 1
            behind += gap(leader[0]) >= statistics.median(gap(u) for u in others)
    assert checks >= 6
    assert behind >= 0.9 * checks


def test_only_legal_actions_and_the_game_ends(library):
    lst = library.army_list("persian-wars-greek")
    sc = mirror_scenario(lst, "greek-archon", ["athenian-hoplites", "cretan-bowmen",
                                               "war-chariots", "ionian-peltasts"] * 2,
                         columns=13, rows=9)
    state = new_game(sc, library, 4)
    ai = {"west": HeuristicAI(1), "east": HeuristicAI(2)}
    while not state.over:
        action = ai[state.to_act].choose(state)
        if isinstance(action, Volley):
            legal = set(legal_actions(state))
            assert all(a in legal for a in action.attacks)
        else:
            assert action in legal_actions(state)
        apply(state, action)
    assert state.result is not None


def test_only_units_that_count_for_objectives_garrison_them(library):
    from studio.rulesets.rules_of_war.ai.intent import Intent
    from studio.model import VictoryCondition
    sc = position([("blue", "gunship", "corellian-gunship", "0405", "N"),
                   ("blue", "cruiser", "dauntless-cruiser", "0408", "N"),
                   ("red", "corvette", "corellian-corvette", "1005", "S")],
                  list_id="star-wars-rebel-fleet")
    sc.victory = [VictoryCondition("blue", "hold", {"hexes": ["0404"]})]
    state = start(sc, library)
    intent = Intent(state, state.game.side_index["blue"])
    board = state.game.board
    assert intent.goal_hex == {state.unit("cruiser").i: board.index_of_label("0404")}
    assert intent.goal_enemy[state.unit("gunship").i].uid == "corvette"


def test_a_plane_due_to_land_flies_back_to_its_airfield(library):
    from studio.model import HexMap
    rows = ["." * 11] * 9
    rows[7] = "a" + "." * 10                            # the airfield, 0108
    units = {"blue": [RosterUnit("headquaters", "hq", "0105", "N", leader=True),
                      RosterUnit("airplane", "plane", "0605", "N")],
             "red": [RosterUnit("headquaters", "rhq", "1105", "S", leader=True),
                     RosterUnit("infantry", "inf", "0705", "S")]}
    sides = [Side(s, s.title(), "#000000", Army("world-war-1", units[s]))
             for s in ("blue", "red")]
    sc = Scenario("landing", "Landing", "rules-of-war", "ww1-ground",
                  HexMap(11, 9, "flat", "even", rows), sides, round_limit=4)
    state = start(sc, library)
    ai = HeuristicAI(1)
    own_actions(state, ai)                              # round 1: it flies out to fight
    assert state.game.board.labels[state.unit("plane").hex] != "0108"
    # Red passes the rest of round 1; in round 2 blue moves first.
    while state.round == 1 or state.to_act != "blue" or state.window is not None:
        if state.window == "order":
            apply(state, ChooseOrder(state.to_act, state.to_act == "blue"))
        else:
            apply(state, EndPhase(state.to_act) if state.window is None else
                  Pass(state.to_act))
    own_actions(state, ai)                              # round 2: it must land
    assert state.game.board.labels[state.unit("plane").hex] == "0108"


def test_the_death_star_fires_its_superlaser(library):
    sc = position([("blue", "ds", "death-star", "0507", "N"),
                   ("red", "isd", "imperial-star-destroyer", "0503", "S")],
                  list_id="star-wars-empire-fleet", rows=12)
    state = start(sc, library)
    assert state.game.board.distance(state.unit("ds").hex, state.unit("isd").hex) == 4
    actions = own_actions(state, HeuristicAI(1))
    assert Attack("ds", "isd") in actions
    assert state.unit("ds").special_round == 1

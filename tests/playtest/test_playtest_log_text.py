"""The game log in plain words: names instead of ids, a line for every kind of event, the
rolls other lines already tell left out, where each thing happened, the turn line."""
import pytest

from studio.ai import HeuristicAI, RandomPlayer, play_game
from studio.rulesets.rules_of_war import Event, apply, new_game
from studio.rulesets.rules_of_war.sample import (army_list, basic_ground, line_battle, mixed_battle,
                                  ruleset, scenario, unit)
from studio.rulesets.rules_of_war.setup import Resolver
from studio.model import RosterUnit
from studio.playtest.log_entries import LogBuilder, build_entries
from studio.playtest.log_text import event_text, is_shown
from studio.playtest.names import Names
from studio.playtest.timeline import Timeline
from studio.playtest.turn_text import turn_text


def two_armies():
    hop = unit("hoplites", melee=7, defense=7)
    arch = unit("archer-lord", rng=4, ranged=3)
    lists = [army_list("greeks", [hop, arch]), army_list("trojans", [hop])]
    sides = [("greeks", "greeks", "north", [RosterUnit("hoplites", None, "0101", "S"),
                                            RosterUnit("hoplites", None, "0201", "S"),
                                            RosterUnit("archer-lord", "ajax", "0301", "S")]),
             ("trojans", "trojans", "south", [RosterUnit("hoplites", None, "0110", "N")])]
    sc = scenario(["." * 10] * 10, sides)
    sc.sides[0].name, sc.sides[1].name = "Achaeans", "Trojans"
    return sc, Resolver([basic_ground()], lists, [ruleset()])


def test_names_number_units_of_a_type_and_keep_own_ids():
    sc, lib = two_armies()
    state = new_game(sc, lib, 1)
    # Both sides have a "hoplites-1": the engine prefixes those ids with the side.
    assert [u.uid for u in state.units] == ["greeks/hoplites-1", "hoplites-2", "ajax",
                                            "trojans/hoplites-1"]
    names = Names(state)
    assert names.unit("greeks/hoplites-1") == "Hoplites 1"
    assert names.unit("hoplites-2") == "Hoplites 2"
    assert names.unit("trojans/hoplites-1") == "Hoplites"
    assert names.unit("ajax") == "Ajax (Archer Lord)"
    assert names.side("trojans") == "Trojans"
    assert names.side_of("hoplites-2") == "greeks"
    assert names.who("greeks:catapult") == "Achaeans's catapult"
    assert names.who("nobody") == "nobody"


def test_a_name_two_sides_would_share_gets_the_side():
    sc, lib = two_armies()
    del sc.sides[0].army.units[1:]                     # one Hoplites a side
    names = Names(new_game(sc, lib, 1))
    assert names.unit("greeks/hoplites-1") == "Hoplites (Achaeans)"
    assert names.unit("trojans/hoplites-1") == "Hoplites (Trojans)"


def test_attack_line_with_names():
    sc, lib = two_armies()
    names = Names(new_game(sc, lib, 1))
    e = Event("attack", {"attacker": "hoplites-2", "target": "trojans/hoplites-1", "distance": 1,
                         "rear": True, "ranged": False, "base": 8, "modifiers": [["rear", 2]],
                         "needed": 10, "roll": 4, "hit": True, "overkill": 6, "defense": 6,
                         "defense_modifiers": [["overkill", -6]], "save_needed": 0,
                         "save_roll": 3, "saved": False, "terrain_save": None,
                         "terrain_roll": None, "damage": 1, "hits": 1, "hits_rating": 1,
                         "destroyed": True, "captured": False})
    assert event_text(e, names) == (
        "Hoplites 2 attacks Hoplites from the rear: needs 10 (8 +2), rolled 4, hit; overkill "
        "6; Hoplites saves on 0, rolled 3: failed: 1 hit (1/1); destroyed")


@pytest.mark.parametrize("event, text", [
    (Event("window", {"side": "trojans", "window": "react", "about": "ajax"}),
     "Trojans may react to Ajax (Archer Lord)'s move"),
    (Event("window", {"side": "greeks", "window": "respond",
                      "about": ["trojans/hoplites-1"]}),
     "Achaeans may answer the attack of Hoplites"),
    (Event("pass", {"side": "trojans", "window": "respond"}), "Trojans does not answer"),
    (Event("phase", {"phase": "movement", "side": "greeks"}), "Movement phase of Achaeans"),
    (Event("phase", {"phase": "morale", "side": None}), "Morale phase"),
    (Event("order", {"order": ["trojans", "greeks"], "chosen_by": "greeks"}),
     "Order of play: Trojans, then Achaeans (Achaeans chose)"),
    (Event("initiative", {"rolls": {"greeks": 7, "trojans": 3}, "winner": "greeks"}),
     "Initiative: Achaeans 7, Trojans 3; Achaeans chooses"),
    (Event("roll", {"who": "ajax", "why": "rally", "sides": 10, "value": 4, "target": 6,
                    "success": True}), "Ajax (Archer Lord) rolls 4 to rally (needs 6): success"),
    (Event("destroyed", {"unit": "ajax", "cause": "fled-off-map"}),
     "Ajax (Archer Lord) is destroyed (fled off the map)"),
    (Event("exited", {"unit": "ajax", "edge": "south"}),
     "Ajax (Archer Lord) leaves the map by the south edge"),
    (Event("strike", {"side": "greeks", "support": "sea-raid", "ammunition_left": 1}),
     "Achaeans calls in sea raid (1 left)"),
    (Event("game-over", {"result": "win", "winner": "trojans", "conditions": ["x"],
                         "round": 3}), "Trojans wins: x"),
])
def test_event_lines(event, text):
    sc, lib = two_armies()
    assert event_text(event, Names(new_game(sc, lib, 1))) == text


def test_rolls_told_by_their_own_lines_are_not_repeated():
    assert not is_shown(Event("roll", {"why": "attack"}))
    assert not is_shown(Event("roll", {"why": "initiative"}))
    assert is_shown(Event("roll", {"why": "rally"}))
    assert not is_shown(Event("window", {"window": "order"}))


def test_every_event_of_a_varied_game_has_a_line_with_names():
    sc, lib = mixed_battle(units_per_side=8, seed=4, round_limit=4)
    for seed in (1, 2):
        players = {s.id: RandomPlayer(seed + i) for i, s in enumerate(sc.sides)}
        state, log = play_game(sc, lib, seed, players)
        names = Names(state)
        for e in state.events():
            line = event_text(e, names)
            assert line and ": {" not in line
            for uid in names.units:
                assert uid + " " not in line + " " or uid == names.unit(uid), (uid, line)


def test_entries_know_round_sides_and_where():
    sc, lib = line_battle(units_per_side=4, columns=12, rows=14, seed=1, round_limit=6)
    players = {s.id: HeuristicAI(i) for i, s in enumerate(sc.sides)}
    t = Timeline(sc, lib, 3)
    while not t.state.over:
        t.play(players[t.state.to_act].choose(t.state))
    entries = build_entries(t, Names(t.initial))
    assert [e.number for e in entries] == list(range(len(entries)))
    assert entries[0].text == "Round 1" and entries[0].sides == frozenset()
    rounds = [e.round for e in entries]
    assert rounds == sorted(rounds) and rounds[-1] == t.state.result.round
    positions = [e.position for e in entries]
    assert positions == sorted(positions)
    moved = next(e for e in entries if e.kind == "moved")
    d = moved.event.data
    assert moved.hexes[0] == d["path"][-1] and len(moved.sides) == 1
    attack = next(e for e in entries if e.kind == "attack")
    d = attack.event.data
    # Where the target stood when it was attacked: replay up to that action and look.
    state = t.seek(attack.position - 1)
    target = state.unit(d["target"])
    assert attack.hexes[0] == state.hex_label(target)
    assert attack.sides == {Names(state).side_of(d["attacker"]), Names(state).side_of(d["target"])}
    assert entries[-1].kind == "game-over"


def test_builder_follows_a_move_within_one_action():
    sc, lib = two_armies()
    state = new_game(sc, lib, 1)
    b = LogBuilder(state, Names(state))
    events = [Event("moved", {"unit": "greeks/hoplites-1", "path": ["0102", "0103"], "facing": "S",
                              "mp": "2", "charge": False, "embark": None, "disembark": False}),
              Event("morale", {"unit": "greeks/hoplites-1", "reason": "hit", "morale": 7,
                               "modifiers": [], "needed": 7, "roll": 3, "passed": True})]
    out = b.add(events, 1, tuple(state.hex_label(u) for u in state.units))
    assert out[0].hexes == ("0103", "0101")
    assert out[1].hexes == ("0103",)


def test_turn_text_says_who_acts_on_what():
    sc, lib = two_armies()
    state = new_game(sc, lib, 2)
    names = Names(state)
    head, task = turn_text(state, names, {"greeks": "Human", "trojans": "Heuristic AI"})
    assert head == "Round 1 of 12 · Initiative"
    winner = state.to_act
    assert task.startswith(names.side(winner) + " (")
    from studio.rulesets.rules_of_war import ChooseOrder
    apply(state, ChooseOrder(winner, True))
    head, task = turn_text(state, names)
    assert head == f"Round 1 of 12 · Movement phase of {names.side(winner)}"
    assert task == f"{names.side(winner)} to act: move units, attack, then end the phase"

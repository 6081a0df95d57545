"""The heuristic AI casts Middle Earth spells: Fear on the enemies around a caster or Aid on
the side's best attacker, after its moves and before its attacks; casting wins games; batch
reports name the spells it never casts."""
from __future__ import annotations

import pytest

from studio.ai import HeuristicAI, game_seeds, run_game
from studio.rulesets.rules_of_war.ai.weights import Weights
from studio.rulesets.rules_of_war import Attack, Cast, Move, new_game
from studio.io import default_library
from studio.simulate import run_batch
from studio.simulate.mirror import mirror_scenario
from studio.simulate.stats import wilson_interval
from test_ai_behaviour import own_actions, position, start

LIGHT = "middle-earth-forces-of-light"


@pytest.fixture(scope="module")
def library():
    return default_library()


def _casts(actions):
    return [a for a in actions if isinstance(a, Cast)]


def test_fear_after_the_moves_and_before_the_attacks_likeliest_to_flee_first(library):
    # Woses (morale 6) and Iron Hill dwarves (morale 10) stand next to Gandalf.
    sc = position([("blue", "gandalf", "gandalf-the-grey", "0505", "N"),
                   ("blue", "gondor", "men-of-gondor", "0207", "N"),
                   ("red", "woses", "woses-of-druadan", "0504", "S"),
                   ("red", "dwarves", "iron-hill-dwarves", "0604", "SW")], list_id=LIGHT)
    state = start(sc, library)
    actions = own_actions(state, HeuristicAI(1))
    casts = _casts(actions)
    assert [c.spell for c in casts] == ["fear"]
    at = actions.index(casts[0])
    assert all(not isinstance(a, Move) for a in actions[at + 1:])
    assert all(not isinstance(a, Attack) for a in actions[:at])
    assert casts[0].targets[0] == "woses"
    assert state.unit("gandalf").magic == 7
    assert any(e.kind == "spell" and e.data["spell"] == "fear" for e in state.events())


def test_aid_goes_to_the_unit_about_to_attack(library):
    sc = position([("blue", "gandalf", "gandalf-the-grey", "0508", "N"),
                   ("blue", "gondor", "men-of-gondor", "0505", "N"),
                   ("red", "foe", "men-of-gondor", "0504", "S")], list_id=LIGHT)
    state = start(sc, library)
    actions = own_actions(state, HeuristicAI(1))
    casts = _casts(actions)
    assert len(casts) == 1 and casts[0].spell == "aid"
    assert casts[0].targets == ("gondor",) and casts[0].stat == "attack" and casts[0].sign == 1
    assert actions[actions.index(casts[0]) + 1] == Attack("gondor", "foe")
    assert state.unit("gondor").aid["attack"] >= 1


def test_no_caster_no_spell_and_one_spell_a_round(library):
    sc = position([("blue", "gondor", "men-of-gondor", "0505", "N"),
                   ("red", "foe", "men-of-gondor", "0504", "S")], list_id=LIGHT)
    state = start(sc, library)
    assert _casts(own_actions(state, HeuristicAI(1))) == []
    sc = position([("blue", "gandalf", "gandalf-the-grey", "0505", "N"),
                   ("blue", "radagast", "radagast-the-brown", "0506", "N"),
                   ("red", "woses", "woses-of-druadan", "0504", "S"),
                   ("red", "dwarves", "iron-hill-dwarves", "0604", "SW")], list_id=LIGHT)
    state = start(sc, library)
    casts = _casts(own_actions(state, HeuristicAI(1)))
    assert len({c.unit for c in casts}) == len(casts) >= 1


def test_a_side_that_casts_wins_more_mirror_games(library):
    lst = library.army_list(LIGHT)
    units = ["gandalf-the-grey", "radagast-the-brown"] + ["men-of-gondor"] * 6 + \
        ["horsemen-of-rohan"] * 3 + ["rivendell-grey-elves"] * 3
    sc = mirror_scenario(lst, "aragorn", units, columns=21, rows=16)
    ids = [s.id for s in sc.sides]
    games = 400
    magic_wins = casts = 0
    for i in range(games):
        dice, seeds = game_seeds(3, i, ids)
        magic = ids[i % 2]          # each seat casts in half the games
        state = new_game(sc, library, dice)
        run_game(state, {s: HeuristicAI(seeds[s], Weights(spells=(s == magic))) for s in ids})
        magic_wins += state.result.winner == magic
        casts += sum(isinstance(a, Cast) for a in state.actions())
    low, _ = wilson_interval(magic_wins, games)
    assert casts > games            # about three spells a game
    assert low > 0.5, f"casting won {magic_wins} of {games} mirror games"


def test_batch_reports_name_the_spells_the_ai_never_casts(library):
    lst = library.army_list(LIGHT)
    sc = mirror_scenario(lst, "aragorn", ["gandalf-the-grey", "men-of-gondor"], columns=11,
                         rows=8)
    r = run_batch(sc, library, games=1, seed=1, workers=1)
    spells = [x for x in r.not_simulated if "spells the AI does not cast" in x["ability"]]
    assert [(x["side"], x["unit_types"]) for x in spells] == \
        [("west", ["gandalf-the-grey"]), ("east", ["gandalf-the-grey"])]
    assert spells[0]["ability"].startswith("Haste, Barrier")
    plain = mirror_scenario(lst, "aragorn", ["men-of-gondor"], columns=11, rows=8)
    r = run_batch(plain, library, games=1, seed=1, workers=1)
    assert not [x for x in r.not_simulated if "spells" in x["ability"]]

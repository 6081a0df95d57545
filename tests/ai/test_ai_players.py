"""Players: seeded, never touching the global `random`, only legal actions, whole games."""
from __future__ import annotations

import random

import pytest

from studio.ai import HeuristicAI, Player, RandomPlayer, play_game
from studio.rulesets.rules_of_war.ai import Weights
from studio.rulesets.rules_of_war import EndPhase, IllegalAction, legal_actions
from studio.io import default_library
from studio.simulate.mirror import mirror_scenario


@pytest.fixture(scope="module")
def game():
    library = default_library()
    lst = library.army_list("persian-wars-greek")
    sc = mirror_scenario(lst, "greek-archon", ["athenian-hoplites", "cretan-bowmen",
                                               "war-chariots", "heavy-infantry"],
                         columns=11, rows=8)
    return sc, library


def test_players_follow_the_protocol():
    assert isinstance(HeuristicAI(1), Player) and isinstance(RandomPlayer(1), Player)
    assert repr(HeuristicAI(3)) == "HeuristicAI(seed=3)"
    assert "weights" in repr(HeuristicAI(3, Weights(threat=1.0)))


def test_same_seeds_same_game(game):
    sc, library = game
    a = play_game(sc, library, 5, {"west": HeuristicAI(1), "east": RandomPlayer(2)})[1]
    b = play_game(sc, library, 5, {"west": HeuristicAI(1), "east": RandomPlayer(2)})[1]
    assert a.actions == b.actions and a.events == b.events
    c = play_game(sc, library, 5, {"west": HeuristicAI(1), "east": RandomPlayer(3)})[1]
    assert c.actions != a.actions


def test_the_global_random_is_never_used(game, monkeypatch):
    sc, library = game
    expected = play_game(sc, library, 8, {"west": HeuristicAI(4), "east": RandomPlayer(4)})[1]

    def forbidden(*args, **kwargs):
        raise AssertionError("a player used the global random")
    for name in ("random", "randrange", "randint", "choice", "shuffle", "uniform", "sample"):
        monkeypatch.setattr(random, name, forbidden)
    got = play_game(sc, library, 8, {"west": HeuristicAI(4), "east": RandomPlayer(4)})[1]
    assert got.actions == expected.actions


def test_random_player_picks_among_legal_actions(game):
    sc, library = game
    from studio.rulesets.rules_of_war import apply, new_game
    state = new_game(sc, library, 2)
    player = RandomPlayer(9)
    for _ in range(200):
        if state.over:
            break
        action = player.choose(state)
        assert action in legal_actions(state)
        apply(state, action)


def test_play_game_wants_a_player_per_side(game):
    sc, library = game
    with pytest.raises(ValueError, match="east"):
        play_game(sc, library, 1, {"west": HeuristicAI(1)})


def test_an_illegal_choice_names_the_player(game):
    sc, library = game

    class Stubborn:
        """Ends its phase even while the initiative winner must choose the order."""

        def choose(self, state):
            return EndPhase(state.to_act)

        def __repr__(self):
            return "Stubborn()"
    with pytest.raises(IllegalAction, match="Stubborn"):
        play_game(sc, library, 1, {"west": Stubborn(), "east": Stubborn()})


@pytest.mark.parametrize("module", ["studio.rulesets.rules_of_war.ai.heuristic", "studio.ai.player", "studio.ai.seeds",
                                    "studio.simulate.stats", "studio.simulate.mirror",
                                    "studio.simulate.summary",
                                    "studio.rulesets.rules_of_war.summary"])
def test_docstring_examples(module):
    import doctest
    import importlib
    result = doctest.testmod(importlib.import_module(module))
    assert result.failed == 0 and result.attempted > 0

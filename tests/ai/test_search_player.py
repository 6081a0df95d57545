"""The search player (studio.ai.search): seeded games replay exactly, it decides on its
side's view only (a hidden unit moved or changed does not move its choices), it beats the
random player, and it is the AI of a game that ships none."""
from __future__ import annotations

import pytest

from plugin_support import PLUGIN_GAME, installed_distribution
from repo_paths import REPO_ROOT
from studio.ai import HeuristicAI, RandomPlayer, play_game, run_game
from studio.ai.kinds import check_kind, make_player, reproducible
from studio.ai.search import Budget, SearchPlayer, parse_budget
from studio.engine.contract import rules_named
from studio.engine.visibility import unseen
from studio.io import Library, default_library, load_file
from studio.rulesets import new_game
from studio.simulate.mirror import mirror_scenario

SCENARIOS = REPO_ROOT / "templates" / "scenarios"


@pytest.fixture(scope="module")
def small_war():
    library = default_library()
    lst = library.army_list("persian-wars-greek")
    sc = mirror_scenario(lst, "greek-archon", ["athenian-hoplites", "cretan-bowmen",
                                               "war-chariots", "heavy-infantry"],
                         columns=11, rows=8)
    return sc, library


def test_budgets_parse_and_say_what_to_write():
    assert parse_budget("200") == Budget(playouts=200)
    assert parse_budget("50ms") == Budget(ms=50) and not Budget(ms=50).reproducible
    for bad in ("fast", "0", "-3", "5s"):
        with pytest.raises(ValueError, match="search:200"):
            parse_budget(bad)
    assert check_kind("search:50ms") == "search:50ms"
    with pytest.raises(ValueError, match="search"):
        check_kind("minimax")
    with pytest.raises(ValueError, match="only search takes a budget"):
        check_kind("random:3")
    assert reproducible("search:200") and not reproducible("search:9ms")
    assert repr(make_player("search:7", 2)) == "SearchPlayer(seed=2, budget=7)"


def test_a_seeded_game_replays_exactly(small_war):
    sc, library = small_war

    def game(seed):
        search = SearchPlayer(seed, Budget(playouts=3), depth=4)
        log = play_game(sc, library, 5, {"west": search, "east": RandomPlayer(2)})[1]
        return log, search.playouts

    (a, played), (b, _) = game(1), game(1)
    assert played > 0
    assert a.actions == b.actions and a.events == b.events
    assert game(2)[0].actions != a.actions


def test_choose_reads_nothing_of_the_state_but_the_side_to_act(small_war):
    sc, library = small_war
    state = new_game(sc, library, 3)
    rules = state.game.rules
    view = rules.view(state, state.to_act)
    expected = SearchPlayer(4, Budget(playouts=4), depth=3).decide(view)

    class Sealed:
        """The game state as the player may touch it: its game and the side to act."""
        game, to_act = state.game, state.to_act

        def __getattr__(self, name):
            raise AssertionError(f"the search player read state.{name}")

    original = rules.view
    try:
        rules.view = lambda s, side: view if s is sealed else original(s, side)
        sealed = Sealed()
        assert SearchPlayer(4, Budget(playouts=4), depth=3).choose(sealed) == expected
    finally:
        del rules.view


def _hidden_game(library, seed):
    """The three-armies sample (hidden set-up) at the first decision."""
    scenario = load_file(SCENARIOS / "qnd-battle-of-three-armies.yaml").model
    return new_game(scenario, library, seed)


def test_a_hidden_unit_moved_or_changed_does_not_move_its_choices():
    library = default_library()
    plain = _hidden_game(library, 7)
    side = plain.game.side_index[plain.to_act]
    secret = unseen(plain, side)
    assert secret, "the sample should start with enemy units this side has not seen"
    altered = _hidden_game(library, 7)
    target = altered.units[secret[0].i]
    free = sorted(set(range(len(altered.game.board.labels)))
                  - {u.hex for u in altered.units})
    target.hex = free[len(free) // 2]                      # somewhere else on the map
    other = next(u for u in altered.units if u.side == target.side
                 and u.profile.id != target.profile.id)
    target.profile = other.profile                         # and another type of unit
    assert (altered.units[target.i].hex, altered.units[target.i].profile) != \
        (plain.units[target.i].hex, plain.units[target.i].profile)

    def choices(state):
        return [SearchPlayer(seed, Budget(playouts=6), depth=6).choose(state)
                for seed in range(4)]
    assert choices(plain) == choices(altered)


def test_it_beats_the_random_player_at_war(small_war):
    sc, library = small_war
    wins = 0
    for g in range(4):
        me, other = ("west", "east") if g % 2 == 0 else ("east", "west")
        state = new_game(sc, library, 100 + g)
        run_game(state, {me: SearchPlayer(g, Budget(playouts=3), depth=4),
                         other: RandomPlayer(g)})
        wins += state.result.winner == me
    assert wins == 4


def test_it_is_the_ai_of_a_game_that_ships_none_and_it_beats_random():
    with installed_distribution(PLUGIN_GAME):
        library = Library.load(PLUGIN_GAME / "library")
        scenario = library.get("scenario", "tiny-skirmish")
        rules = rules_named("tiny-game")
        assert rules.ai is None
        wins = 0
        for g in range(10):
            me, other = ("red", "blue") if g % 2 == 0 else ("blue", "red")
            ai = HeuristicAI(g)
            state = run_game(rules.new_game(scenario, library, g),
                             {me: ai, other: RandomPlayer(g)})
            assert isinstance(ai._choose.__self__, SearchPlayer)
            wins += state.result.winner == me
        assert wins >= 8

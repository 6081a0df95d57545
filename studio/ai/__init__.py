"""Players that choose actions, for any ruleset: each ruleset's own AI and a random legal
player.

    Player                      protocol: choose(state) -> action for state.to_act
    HeuristicAI(seed)           the AI of the game's ruleset (`Ruleset.ai`)
    RandomPlayer(seed)          uniformly random among the legal actions
    play_game(scenario, library, seed, players) -> (state, GameLog)
    run_game(state, players) -> state
    derive_seed(*parts), game_seeds(batch_seed, index, side_ids)

See docs/ai.md.
"""
from .game import play_game, run_game
from .player import HeuristicAI, Player, RandomPlayer
from .seeds import derive_seed, game_seeds

__all__ = ["HeuristicAI", "Player", "RandomPlayer", "derive_seed", "game_seeds", "play_game",
           "run_game"]

"""Players that choose actions: a heuristic AI and a random legal player.

    Player                      protocol: choose(state) -> action for state.to_act
    HeuristicAI(seed, weights)  scores the engine's legal choices; no lookahead
    Weights                     the heuristic's weights (a frozen dataclass)
    RandomPlayer(seed)          uniformly random among legal_actions(state)
    play_game(scenario, library, seed, players) -> (state, GameLog)
    run_game(state, players) -> state
    derive_seed(*parts), game_seeds(batch_seed, index, side_ids)

See docs/ai.md.
"""
from .game import play_game, run_game
from .heuristic import HeuristicAI
from .player import Player, RandomPlayer
from .seeds import derive_seed, game_seeds
from .weights import Weights

__all__ = ["HeuristicAI", "Player", "RandomPlayer", "Weights", "derive_seed", "game_seeds",
           "play_game", "run_game"]

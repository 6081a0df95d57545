"""What a player is, and the simplest one: a random legal player.

A player is anything with `choose(state) -> action` for the side `state.to_act`. Players
draw only on their own seeded generator, never on the global `random`, so a game is the
same whenever it is replayed with the same seeds.
"""
from __future__ import annotations

import random
from typing import Any, Protocol, runtime_checkable



@runtime_checkable
class Player(Protocol):
    """Decides for the side that must act now (`state.to_act`)."""

    def choose(self, state: Any) -> Any:
        ...


class RandomPlayer:
    """Picks uniformly among the legal actions: the baseline any AI must beat.

    >>> RandomPlayer(3)
    RandomPlayer(seed=3)
    """

    def __init__(self, seed: int = 0):
        self.seed = seed
        self.rng = random.Random(seed)

    def choose(self, state: Any) -> Any:
        actions = state.game.rules.legal_actions(state)
        if not actions:
            raise RuntimeError(f"no legal action for {state.to_act!r} in {state!r}")
        return actions[self.rng.randrange(len(actions))]

    def __repr__(self) -> str:
        return f"RandomPlayer(seed={self.seed})"


class HeuristicAI:
    """The AI of whatever ruleset the game is played by (`Ruleset.ai`; the search player for a
    game without one), made on its first decision: the same seed gives the same player
    whichever game it joins. It is shown only what its side may see (`Ruleset.view`).

    >>> HeuristicAI(3)
    HeuristicAI(seed=3)
    """

    def __init__(self, seed: int = 0, weights=None):
        self.seed = seed
        self.weights = weights
        self._rules = None
        self._choose = None

    def choose(self, state: Any) -> Any:
        rules = state.game.rules
        if rules is not self._rules:
            # A game without an AI of its own is played by the search player, which needs
            # nothing of a ruleset but the contract.
            if rules.ai is None:
                from .search import SearchPlayer
                player: Any = SearchPlayer(self.seed)
            else:
                player = rules.ai.player(self.seed, self.weights)
            self._rules, self._choose = rules, player.choose
        if rules.hidden_information and rules.ai is not None:
            # The AI decides on what its side may know, never the whole state. (The search
            # player asks for its side's view itself.)
            return self._choose(rules.view(state, state.to_act))
        return self._choose(state)

    def __repr__(self) -> str:
        extra = "" if self.weights is None else f", weights={self.weights!r}"
        return f"HeuristicAI(seed={self.seed}{extra})"

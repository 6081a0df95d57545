"""The search player: one AI for every ruleset, over the ruleset contract only.

    SearchPlayer(seed, budget)     determinized Monte Carlo search on the side's view
    Budget, parse_budget(text)     playouts (reproducible) or milliseconds per decision

See docs/ai.md.
"""
from .budget import DEFAULT_PLAYOUTS, Budget, parse_budget
from .player import SearchPlayer

__all__ = ["DEFAULT_PLAYOUTS", "Budget", "SearchPlayer", "parse_budget"]

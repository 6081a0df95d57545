"""Rules of War's heuristic AI: scores the engine's legal choices, no lookahead (docs/ai.md)."""
from .heuristic import HeuristicAI
from .weights import Weights

__all__ = ["HeuristicAI", "Weights"]

"""What the engine simulates but the heuristic AI never does. Batch reports name these next
to the abilities the engine does not simulate: in AI-against-AI games they have no effect."""
from __future__ import annotations

from .spell_choice import NOT_CAST

# Ability name: why the AI leaves it alone, in a few words.
ABILITIES = {
    "hyper-jump": "the AI never jumps away",
    "formations": "the AI keeps its units in line; disruption is played",
    "square": "the AI never forms square",
}

__all__ = ["ABILITIES", "NOT_CAST"]

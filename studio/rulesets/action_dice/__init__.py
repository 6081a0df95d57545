"""The Action Dice skirmish rules (seed 003): units of figures with action dice, two actions
an activation, melee and shooting by dice sums over Defense, ordnance, vehicles, heroes,
morale by evens and odds. Rules S1-S25 are in docs/rulesets/action-dice.md."""
from studio.engine.rules import register

from .plugin import RULES

register(RULES)

__all__ = ["RULES"]

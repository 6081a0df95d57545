"""The Action Dice skirmish rules (seed 003): units of figures with action dice, two actions
an activation, melee and shooting by dice sums over Defense, ordnance, vehicles, heroes,
morale by evens and odds. Rules S1-S25 are in docs/rulesets/action-dice.md."""
from .plugin import RULES   # the ruleset object the entry point names

__all__ = ["RULES"]

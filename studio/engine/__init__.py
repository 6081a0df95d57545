"""The embedded rules engine: plays Rules of War exactly and reproducibly.

No file I/O and no global random: every die comes from the game's seeded dice, held in the
state. See docs/engine-api.md.
"""
from .actions import (Advance, Attack, Cast, ChooseOrder, EndPhase, Exit, Form, Jump, Move,
                      Pass, Strike, Volley)
from .dice import Dice, ScriptedDice
from .errors import IllegalAction, ReplayMismatch, SetupError
from .events import Event, describe
from .log import GameLog, from_jsonl, record, replay, to_jsonl
from .odds import Odds, attack_odds, state_odds
from .play import apply, attack_targets, can_act, charge_options, legal_actions, move_options
from .setup import Resolver, new_game
from .state import GameState, Result, UnitState

__all__ = [
    "Advance", "Attack", "Cast", "ChooseOrder", "EndPhase", "Exit", "Form", "Jump", "Move",
    "Pass", "Strike",
    "Volley", "Dice", "ScriptedDice", "IllegalAction", "ReplayMismatch", "SetupError", "Event",
    "describe", "GameLog", "from_jsonl", "record", "replay", "to_jsonl", "apply",
    "attack_targets", "can_act", "charge_options", "legal_actions", "move_options", "Resolver",
    "new_game", "GameState", "Result", "UnitState", "Odds", "attack_odds", "state_odds",
]

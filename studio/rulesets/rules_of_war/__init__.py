"""Rules of War (Warpspawn's generic d10 hex rules), played exactly and reproducibly.

docs/rulesets/rules-of-war.md numbers its rules R1-R40; docs/rules-traceability.md maps each
to code and a dice-fixed test. The public names below are what the studio, the CLI and the
tests use of this ruleset; everything ruleset-neutral (dice, log, board, victory) is the
kernel's, `studio.engine`.
"""
from studio.engine import (Dice, Event, GameLog, IllegalAction, ReplayMismatch, Result,
                           ScriptedDice, SetupError, from_jsonl, record, to_jsonl)
from studio.engine.log import replay

from .actions import (Advance, Attack, Cast, ChooseOrder, EndPhase, Exit, Form, Jump, Move,
                      Pass, Strike, Volley)
from .event_words import describe
from .odds import Odds, attack_odds, state_odds
from .play import apply, attack_targets, can_act, charge_options, legal_actions, move_options
from .plugin import RULES
from .setup import Resolver
from .state import GameState, UnitState

new_game = RULES.new_game       # the ruleset object the entry point names builds the games

__all__ = [
    "Advance", "Attack", "Cast", "ChooseOrder", "EndPhase", "Exit", "Form", "Jump", "Move",
    "Pass", "Strike", "Volley", "Dice", "ScriptedDice", "IllegalAction", "ReplayMismatch",
    "SetupError", "Event", "describe", "GameLog", "from_jsonl", "record", "replay", "to_jsonl",
    "apply", "attack_targets", "can_act", "charge_options", "legal_actions", "move_options",
    "Resolver", "new_game", "GameState", "Result", "UnitState", "Odds", "attack_odds",
    "state_odds", "RULES",
]

"""The kernel of the rules engine, ruleset-neutral: seeded dice, events, the game log and
its replay, the hex board and its tables, the game state container, victory conditions,
turn order, what each side can see, and the contract every ruleset implements
(`contract`: the `Ruleset` base class, its capabilities and the entry-point registry).

No file I/O and no global random: every die comes from the game's seeded dice, held in the
state. It names no ruleset; the rulesets (`studio/rulesets/<id>/`) build on it. See
docs/engine-api.md.
"""
from .dice import Dice, ScriptedDice
from .errors import IllegalAction, ReplayMismatch, SetupError
from .events import Event
from .log import GameLog, from_jsonl, record, replay, to_jsonl
from .contract import Ruleset, all_rules, register, rules_named
from .state import GameState, Result, UnitState

__all__ = [
    "Dice", "ScriptedDice", "IllegalAction", "ReplayMismatch", "SetupError", "Event",
    "GameLog", "from_jsonl", "record", "replay", "to_jsonl", "Ruleset", "all_rules", "register",
    "rules_named", "GameState", "Result", "UnitState",
]

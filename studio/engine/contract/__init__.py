"""The ruleset contract: the base class a game system derives from (`Ruleset`), the
capabilities it may declare, and the registry that finds games by entry point.
docs/rulesets/writing-a-ruleset.md walks through writing one."""
from .capabilities import (ORDERS_PANEL, AICapability, BalanceCapability, CounterCapability, CounterFace,
                           Credit, EditorCapability, Formula, OddsCapability, OddsResult,
                           OptionField, OutcomeCapability, PlayCapability, Player,
                           PointsCapability, Problem, ScenarioEventsCapability,
                           SchemaFragments, Section, SheetCapability, SituationParam,
                           StatColumn, UnitRef, option_fields, schema_fields)
from .hexsides import HexsideCapability, HexsideEffect
from .library import Library
from .profile import UnitProfile
from .registry import (GROUP, all_rules, default_id, known_ids, register, reset, rules_named,
                       unregister)
from .ruleset import AnyRuleset, Gap, Namer, Ruleset, UnitPoints

__all__ = [
    "ORDERS_PANEL",
    "AICapability", "BalanceCapability", "CounterCapability", "CounterFace", "Credit",
    "EditorCapability", "Formula", "OddsCapability", "OddsResult", "OptionField",
    "OutcomeCapability", "PlayCapability", "Player", "ScenarioEventsCapability",
    "PointsCapability", "Problem", "SchemaFragments", "Section",
    "SheetCapability", "SituationParam", "StatColumn", "UnitRef", "Library", "GROUP",
    "all_rules", "default_id", "known_ids", "register", "reset", "rules_named", "unregister",
    "AnyRuleset", "Gap", "Namer", "Ruleset", "UnitPoints", "UnitProfile", "option_fields",
    "schema_fields", "HexsideCapability", "HexsideEffect",
]

"""The registry of rulesets, under its older import path (`studio.engine.contract` holds the
base class, the capabilities and the registry)."""
from .contract import (Ruleset, all_rules, default_id, known_ids, register, reset, rules_named,
                       unregister)

__all__ = ["Ruleset", "all_rules", "default_id", "known_ids", "register", "reset",
           "rules_named", "unregister"]

"""Middle Earth Wargames Rules (1976) on a hex map: rules M1-M40 of
docs/rulesets/middle-earth.md. The booklet's tables are the ruleset options
(libraries/rulesets/middle-earth.yaml); the modules here are its rules, one concern each."""
from .plugin import RULES   # the ruleset object the entry point names

__all__ = ["RULES"]

"""The Quick and Dirty System for Mass Combat (seed 004): results-table combat, zones of
control, retreat and flip, hidden set-up, battles of two or more sides. Rules Q1-Q24 are
in docs/rulesets/quick-and-dirty.md."""
from .plugin import RULES   # the ruleset object the entry point names

__all__ = ["RULES"]

"""The Quick and Dirty System for Mass Combat (seed 004): results-table combat, zones of
control, retreat and flip, hidden set-up, battles of two or more sides. Rules Q1-Q24 are
in docs/rulesets/quick-and-dirty.md."""
from studio.engine.rules import register

from .plugin import RULES

register(RULES)

__all__ = ["RULES"]

"""An attack's odds in words, for a tooltip: each outcome a ruleset's odds name, with its
chance in whole per cent.

A ruleset whose outcomes are codes (a chart's results) says them in its own words
(`odds_words` of its rules); outcomes already in words read as they are.

>>> outcome_phrases({"outcomes": {"Spearmen loses 1": 0.004, "Spearmen loses 2": 0.996}})
['Spearmen loses 2 100%']
>>> outcome_phrases({"outcomes": {}})
['no effect possible']
"""
from __future__ import annotations

from typing import Mapping


def percent(p: float) -> str:
    return f"{100 * p:.0f}%"


def outcome_phrases(odds: Mapping, words: Mapping[str, str] | None = None) -> list[str]:
    """One phrase an outcome, leaving out those that would read "0%" (the long tail of
    many dice: the odds themselves keep the whole distribution)."""
    outcomes = odds.get("outcomes") or odds.get("figures_removed") or {}
    words = words or {}
    out = [f"{words.get(name, name)} {percent(p)}" for name, p in outcomes.items()
           if percent(p) != "0%"]
    return out or ["no effect possible"]

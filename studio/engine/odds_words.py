"""An attack's odds in words, for a tooltip: each outcome a ruleset's odds name, with its
chance in whole per cent.

A ruleset whose outcomes are codes (a chart's results) says them in its own words (its odds
capability's `words`); outcomes already in words read as they are.

>>> outcome_phrases({"outcomes": {"Spearmen loses 1": 0.004, "Spearmen loses 2": 0.996}})
['Spearmen loses 2 100%']
>>> outcome_phrases({"outcomes": {}})
['no effect possible']
"""
from __future__ import annotations

from collections.abc import Mapping


def percent(p: float) -> str:
    return f"{100 * p:.0f}%"


def outcome_phrases(odds: Mapping[str, object],
                    words: Mapping[str, str] | None = None) -> list[str]:
    """One phrase an outcome, leaving out those that would read "0%" (the long tail of
    many dice: the odds themselves keep the whole distribution)."""
    outcomes = odds.get("outcomes") or odds.get("figures_removed") or {}
    named = words or {}
    out = []
    if isinstance(outcomes, Mapping):
        for name, p in outcomes.items():
            if isinstance(p, (int, float)) and percent(p) != "0%":
                out.append(f"{named.get(str(name), str(name))} {percent(p)}")
    return out or ["no effect possible"]

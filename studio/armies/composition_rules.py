"""Composition rules as the list editor builds them from a form: the kind, what they select,
their bounds and label, checked so that every saved rule means something.

>>> make_rule("count", units=["general"], exactly="1", label="1 General")
CompositionRule(kind='count', selector=Selector(units=['general'], tags=[]), exactly=1, min=None, max=None, label='1 General')
>>> make_rule("points-share", tags=["basic"], min="60", max="40")
Traceback (most recent call last):
...
ValueError: the minimum (60) is above the maximum (40)
"""
from __future__ import annotations

from studio.model import CompositionRule, Selector

from .cell_values import format_number, parse_number

RULE_KINDS = ("count", "points-share", "leader")
KIND_TITLES = {"count": "Count of units", "points-share": "Share of the points (%)",
               "leader": "One Army Leader"}


def make_rule(kind: str, units: list[str] | None = None, tags: list[str] | None = None,
              exactly: str = "", min: str = "", max: str = "",  # noqa: A002 (the file's keys)
              label: str = "") -> CompositionRule:
    if kind not in RULE_KINDS:
        raise ValueError(f"rule kind {kind!r} is unknown: use one of {', '.join(RULE_KINDS)}")
    label = label.strip()
    if kind == "leader":
        return CompositionRule("leader", Selector(), label=label)
    units, tags = list(units or []), list(tags or [])
    if not units and not tags:
        raise ValueError("a rule must select some units: tick unit types or give tags")
    percent = kind == "points-share"
    top = 100 if percent else None
    what = "percent" if percent else "units"
    bounds = {}
    for name, text in (("exactly", exactly), ("min", min), ("max", max)):
        value = parse_number(text, f"{name} ({what})", minimum=0)
        if value is not None and top is not None and value > top:
            raise ValueError(f"{name} must be a percentage between 0 and 100, not {text.strip()!r}")
        if value is not None and not percent and not float(value).is_integer():
            raise ValueError(f"{name} counts units: type a whole number, not {text.strip()!r}")
        bounds[name] = value
    if bounds["exactly"] is not None and (bounds["min"] is not None or bounds["max"] is not None):
        raise ValueError("give either exactly, or a minimum and/or a maximum, not both")
    if all(v is None for v in bounds.values()):
        raise ValueError("give the rule a bound: exactly, a minimum or a maximum")
    if bounds["min"] is not None and bounds["max"] is not None and bounds["min"] > bounds["max"]:
        raise ValueError(f"the minimum ({format_number(bounds['min'])}) is above the maximum "
                         f"({format_number(bounds['max'])})")
    return CompositionRule(kind, Selector(units, tags), bounds["exactly"], bounds["min"],
                           bounds["max"], label)


def describe_bound(rule: CompositionRule) -> str:
    unit = "%" if rule.kind == "points-share" else ""
    if rule.kind == "leader":
        return "exactly 1"
    if rule.exactly is not None:
        return f"exactly {format_number(rule.exactly)}{unit}"
    parts = []
    if rule.min is not None:
        parts.append(f"at least {format_number(rule.min)}{unit}")
    if rule.max is not None:
        parts.append(f"at most {format_number(rule.max)}{unit}")
    return ", ".join(parts) or "no bound"


def describe_selector(rule: CompositionRule) -> str:
    if rule.kind == "leader":
        return "the side"
    parts = list(rule.selector.units) + [f"#{t}" for t in rule.selector.tags]
    return ", ".join(parts) or "every unit"

"""Game events as lines of plain words with the units' and sides' names.

A ruleset's `log_line` says what happened with ids; this swaps in names (see `Names`).
Rolls another line already tells (an attack's, a morale check's) are not repeated
(`is_shown`).
"""
from __future__ import annotations

from studio.engine import Event
from studio.rulesets import rules_named

from .names import Names
from .result_words import condition_words

_UNIT_FIELDS = ("attacker", "target", "unit", "caster", "who", "by", "winner", "side",
                "chosen_by")
_UNIT_LISTS = ("targets", "order", "about", "arrived", "held_back")

def is_shown(event: Event, rules=None) -> bool:
    """Whether the log shows the event as a line of its own (`rules`: the game's; the
    default ruleset's when not given)."""
    return (rules or rules_named(None)).log_shown(event)


def named(event: Event, names: Names) -> Event:
    """The event with unit and side ids replaced by names (for the kernel's describe)."""
    d = dict(event.data)
    for key in _UNIT_FIELDS:
        if isinstance(d.get(key), str):
            d[key] = names.who(d[key])
    for key in _UNIT_LISTS:
        if isinstance(d.get(key), list):
            d[key] = [names.who(x) for x in d[key]]
        elif isinstance(d.get(key), str):
            d[key] = names.who(d[key])
    if isinstance(d.get("conditions"), list):
        d["conditions"] = [condition_words(c, names, names.objectives) for c in d["conditions"]]
    if isinstance(d.get("rolls"), dict):
        d["rolls"] = {names.who(k): v for k, v in d["rolls"].items()}
    return Event(event.kind, d)


def event_text(event: Event, names: Names) -> str:
    """One line of plain words, by the words of the game's ruleset, with names for ids."""
    e = named(event, names)
    return names.rules.log_line(e) or names.rules.describe(e)

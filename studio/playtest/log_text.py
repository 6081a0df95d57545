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

def is_shown(event: Event, rules=None) -> bool:
    """Whether the log shows the event as a line of its own (`rules`: the game's; the
    default ruleset's when not given)."""
    return (rules or rules_named(None)).log_shown(event)


def named(event: Event, names: Names) -> Event:
    """The event with every unit and side id in its data replaced by a name, wherever a
    ruleset puts it (a field, a list of attackers, an initiative roll's pair, a dict's
    keys), so that no game's log mixes ids with names; a result's conditions in words."""
    d = {key: _named(value, names) for key, value in event.data.items()
         if key != "conditions"}
    if isinstance(event.data.get("conditions"), list):
        d["conditions"] = [condition_words(c, names, names.objectives)
                           for c in event.data["conditions"]]
    elif "conditions" in event.data:
        d["conditions"] = event.data["conditions"]
    return Event(event.kind, {key: d[key] for key in event.data})


def _named(value, names: Names):
    if isinstance(value, str):
        return names.who(value) if names.knows(value) else value
    if isinstance(value, list):
        return [_named(v, names) for v in value]
    if isinstance(value, tuple):
        return tuple(_named(v, names) for v in value)
    if isinstance(value, dict):
        return {_named(k, names): _named(v, names) for k, v in value.items()}
    return value


def event_text(event: Event, names: Names) -> str:
    """One line of plain words, by the words of the game's ruleset, with names for ids."""
    e = named(event, names)
    return names.rules.log_line(e) or names.rules.describe(e)

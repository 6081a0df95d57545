"""Why a game ended, in the scenario's own names.

The engine records each met condition as `<side id>: <kind> (<detail>)`, e.g.
`red: hold (1822, 2910)`, and that text is part of the game's log and hash, so it stays as
it is. What a person reads names the sides by their names and the hexes by their labels
with the objective standing there: "Red holds 1822 (North bridge), 2910".

>>> from types import SimpleNamespace as NS
>>> names = NS(side=lambda s: {"red": "Red army", "blue": "Blue army"}.get(s, s))
>>> objectives = [NS(hex="1822", name="North bridge")]
>>> condition_words("red: hold (1822, 2910)", names, objectives)
'Red army holds 1822 (North bridge), 2910'
>>> condition_words("blue: destroy-leader (army leader of red lost)", names)
'Blue army destroyed the enemy Army Leader (army leader of Red army lost)'
>>> condition_words("round limit 12 reached", names)
'round limit 12 reached'
"""
from __future__ import annotations

import re
from typing import Any, Iterable

_CONDITION = re.compile(r"^(?P<side>[\w-]+): (?P<kind>[\w-]+) \((?P<detail>.*)\)$")
_LABEL = re.compile(r"(?<![\w.-])(\d{4,6})(?![\w.-])")
_ID = re.compile(r"(?<![\w-])([a-z][\w-]*)(?![\w-])")
_VERBS = {"hold": "holds", "destroy-leader": "destroyed the enemy Army Leader",
          "eliminate": "eliminated its share of the enemy", "exit": "left the map",
          "survive": "survived", "victory-points": "has the most victory points"}


def condition_words(text: str, names: Any, objectives: Iterable[Any] = ()) -> str:
    """`text` (one of a result's conditions) with names for side ids and objective names
    after hex labels; a text of another shape comes back unchanged."""
    found = _CONDITION.match(text)
    if found is None:
        return text
    where = {o.hex: o.name for o in objectives if getattr(o, "name", "")}
    side = names.side(found["side"])
    kind = found["kind"]
    detail = found["detail"]
    if kind == "hold":
        return f"{side} holds " + _LABEL.sub(lambda m: _hex(m[1], where), detail)
    detail = _ID.sub(lambda m: _side(m[1], names), detail)
    return f"{side} {_VERBS.get(kind, kind)} ({detail})"


def result_words(result: Any, names: Any, objectives: Iterable[Any] = ()) -> list[str]:
    """Every condition of a game's `result`, by `condition_words`."""
    objectives = list(objectives)
    return [condition_words(c, names, objectives) for c in result.conditions]


def _hex(label: str, where: dict[str, str]) -> str:
    return f"{label} ({where[label]})" if label in where else label


def _side(word: str, names: Any) -> str:
    named = names.side(word)
    return named if named else word

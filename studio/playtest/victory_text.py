"""Victory conditions in plain words, for the scenario panel, briefings and tooltips.

The wording follows what the engine checks (studio.engine.victory): the same defaults for
`against`, `count`, `units` and sudden death, so the sentence never promises something the
game does not do.

>>> from studio.model import VictoryCondition
>>> describe_victory(VictoryCondition("athenians", "hold", {"hexes": ["1610"]}), None)
'athenians win if they hold 1610 at the end of the last round.'
>>> describe_victory(VictoryCondition("elves", "survive", {}), None).split(" if ")[0]
'elves win'

"""
from __future__ import annotations

from typing import Any, Iterable

from studio.engine.victory import SUDDEN_DEATH_DEFAULT
from studio.model import Scenario, VictoryCondition


def describe_victory(condition: VictoryCondition, scenario: Scenario | None) -> str:
    """One or two sentences saying when `condition`'s side wins; `scenario` (optional) gives
    side names, objective names and the round limit."""
    side = _side_name(scenario, condition.side)
    kind = condition.kind
    describe = _KINDS.get(kind)
    if describe is None:
        return (f"{side}: unknown victory kind {kind!r}; use one of "
                f"{', '.join(_KINDS)}.")
    return describe(condition, scenario, side)


def sudden_death(condition: VictoryCondition) -> bool:
    """Whether the condition ends the game as soon as it holds (the kind's default unless
    the condition overrides it)."""
    if condition.sudden_death is not None:
        return bool(condition.sudden_death)
    return SUDDEN_DEATH_DEFAULT.get(condition.kind, False)


# -- pieces --------------------------------------------------------------------------------

# Plurals that do not end in s; a name ending in one of these reads as many.
_IRREGULAR_PLURALS = frozenset({"men", "women", "folk", "people", "children", "kin",
                                "cavalry", "police", "troops", "dwarves", "elves", "wolves"})


def plural_name(name: str) -> bool:
    """Whether a side's name reads as many ("Athenians", "Men of Gondor", "Greeks and
    Persians") or as one ("Elven Host", "Orc Horde", "Red"), for the verb after it.

    >>> [plural_name(n) for n in ("Athenians", "Elven Host", "Men of Gondor", "Red",
    ...                           "Athenians and Plataeans", "Persian expedition")]
    [True, False, True, False, True, False]
    """
    words = name.replace(",", " ").split()
    if not words:
        return False
    if "and" in (w.lower() for w in words[1:-1]) or "&" in words:
        return True
    if "of" in (w.lower() for w in words[1:]):       # "Men of Gondor": the head noun counts
        words = words[:[w.lower() for w in words].index("of")]
    last = words[-1].lower().strip(".'’")
    if last in _IRREGULAR_PLURALS:
        return True
    return len(last) > 2 and last.endswith("s") and not last.endswith(("ss", "us", "is"))


def _wins(side: str) -> str:
    """ "win" after a plural name, "wins" after one army ("Elven Host wins")."""
    return "win" if plural_name(side) else "wins"


def _side_name(scenario: Scenario | None, side_id: Any) -> str:
    side = scenario.side(side_id) if scenario is not None and isinstance(side_id, str) else None
    if side is not None and side.name:
        return side.name
    return str(side_id) if side_id else "(no side chosen)"


def _enemy_names(condition: VictoryCondition, scenario: Scenario | None) -> list[str]:
    against = condition.get("against")
    if against:
        return [_side_name(scenario, s) for s in against]
    if scenario is not None:
        return [s.name or s.id for s in scenario.sides if s.id != condition.side]
    return []


def _enemies(condition: VictoryCondition, scenario: Scenario | None) -> str:
    return _join(_enemy_names(condition, scenario), "and") or "every other side"


def _join(items: Iterable[str], word: str) -> str:
    items = list(items)
    if not items:
        return ""
    if len(items) == 1:
        return items[0]
    return ", ".join(items[:-1]) + f" {word} " + items[-1]


def _end(scenario: Scenario | None) -> str:
    if scenario is not None and scenario.round_limit:
        return f"the end of round {scenario.round_limit}"
    return "the end of the last round"


def _hex_name(scenario: Scenario | None, label: str) -> str:
    if scenario is not None:
        for objective in scenario.objectives:
            if objective.hex == label and objective.name:
                return f"{label} ({objective.name})"
    return str(label)


def _number(value: Any) -> str:
    if isinstance(value, float) and value.is_integer():
        return str(int(value))
    return str(value)


def _timing(condition: VictoryCondition, scenario: Scenario | None, *, at_once: str,
            at_end: str) -> str:
    return at_once if sudden_death(condition) else at_end.format(end=_end(scenario))


# -- one function per kind -----------------------------------------------------------------

def _destroy_leader(c: VictoryCondition, scenario: Scenario | None, side: str) -> str:
    enemies = _enemies(c, scenario)
    several = len(_enemy_names(c, scenario)) != 1
    whose = f"the Army Leaders of {enemies} are all" if several else f"the Army Leader of {enemies} is"
    if sudden_death(c):
        return f"{side} {_wins(side)} at once when {whose} destroyed."
    return f"{side} {_wins(side)} if, at {_end(scenario)}, {whose} destroyed."


def _eliminate(c: VictoryCondition, scenario: Scenario | None, side: str) -> str:
    share = c.get("share")
    measure = c.get("measure", "units")
    amount = "(no share set)" if share is None else f"{_number(share)}%"
    what = "points (counted by unit cost)" if measure == "points" else "units"
    loss = (f"{amount} of the {what} of {_enemies(c, scenario)} are destroyed, routed off the "
            "map or captured")
    if sudden_death(c):
        return f"{side} {_wins(side)} at once when {loss}."
    return f"{side} {_wins(side)} if, at {_end(scenario)}, {loss}."


def _hold(c: VictoryCondition, scenario: Scenario | None, side: str) -> str:
    hexes = [str(h) for h in (c.get("hexes") or [])]
    if not hexes:
        return (f"{side} {_wins(side)} by holding hexes, but none are chosen yet: pick them "
                "on the map.")
    names = [_hex_name(scenario, h) for h in hexes]
    count = c.get("count")
    if len(hexes) == 1:
        target = names[0]
    elif count and count < len(hexes):
        target = f"any {count} of {_join(names, 'and')}"
    else:
        target = f"all of {_join(names, 'and')}"
    held = f"they hold {target}"
    how = " (a hex is held by a unit of theirs standing on it that is not routed)"
    if sudden_death(c):
        return f"{side} {_wins(side)} as soon as {held}{how}."
    return (f"{side} {_wins(side)} if {held} at {_end(scenario)}"
            f"{how if len(hexes) > 1 else ''}.")


def _exit(c: VictoryCondition, scenario: Scenario | None, side: str) -> str:
    edge = c.get("edge")
    by = f"the {edge} edge" if edge else "a map edge (none chosen yet)"
    points = c.get("points")
    if points is not None:
        who = f"units worth {_number(points)} points or more"
    else:
        units = int(c.get("units") or 1)
        who = "one of their units" if units == 1 else f"{units} of their units"
    if sudden_death(c):
        return f"{side} {_wins(side)} as soon as {who} have left the map by {by}."
    return f"{side} {_wins(side)} if {who} have left the map by {by} by {_end(scenario)}."


def _survive(c: VictoryCondition, scenario: Scenario | None, side: str) -> str:
    if scenario is not None and scenario.round_limit:
        when = f"round {scenario.round_limit} (the round limit) is over"
    else:
        when = "the round limit is reached"
    return f"{side} {_wins(side)} if they still have units on the map when {when}."


def _victory_points(c: VictoryCondition, scenario: Scenario | None, side: str) -> str:
    return (f"At {_end(scenario)}, each side scores the points of the objectives it holds plus "
            f"the points of the enemy units it has destroyed; {side} {_wins(side)} with a higher "
            f"total than {_enemies(c, scenario)} (equal totals are a draw).")


_KINDS = {
    "destroy-leader": _destroy_leader,
    "eliminate": _eliminate,
    "hold": _hold,
    "exit": _exit,
    "survive": _survive,
    "victory-points": _victory_points,
}

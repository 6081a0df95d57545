"""A scenario's reinforcements, events and turn track in plain words, for the printed turn
track (and anything else that tells them to people).

>>> from studio.model import Clause
>>> trigger_words(Clause("enters", {"side": "east", "hexes": ["0801-1014"]}), {"east": "East"})
'when a unit of East enters 0801-1014'
>>> effect_words(Clause("victory-points", {"side": "east", "points": 10}), {"east": "East"}, {})
'East scores 10 victory points'
"""
from __future__ import annotations

from collections.abc import Mapping

from studio.model import Clause, Reinforcement, Scenario, ScenarioEvent

BLOCKED = {"delay": "if its entry is blocked, it waits a round",
           "nearest": "if its entry is blocked, it takes the nearest free hex",
           "lost": "if its entry is blocked, it is lost"}


def trigger_words(when: Clause, sides: Mapping[str, str]) -> str:
    side = sides.get(when.get("side"), when.get("side"))
    kind = when.kind
    if kind == "round-begins":
        return f"at the start of round {when.get('round')}"
    if kind == "round-ends":
        return f"at the end of round {when.get('round')}"
    if kind == "enters":
        who = (f"unit {when.get('unit')}" if when.get("unit") else
               f"a unit of {side}" if side else "any unit")
        return f"when {who} enters {', '.join(when.get('hexes') or ())}"
    if kind == "destroyed":
        return f"when unit {when.get('unit')} is destroyed"
    if kind == "losses":
        measure = "points" if when.get("measure") == "points" else "units"
        return f"when {side} has lost {when.get('share'):g}% of its {measure}"
    if kind == "leader-dies":
        return f"when {side}'s Army Leader is lost"
    return f"when {kind}"


def effect_words(effect: Clause, sides: Mapping[str, str], waves: Mapping[str, str]) -> str:
    kind = effect.kind
    if kind == "message":
        return f"“{effect.get('text')}”"
    if kind == "victory-points":
        return f"{sides.get(effect.get('side'), effect.get('side'))} scores " \
               f"{effect.get('points'):g} victory points"
    if kind == "reinforcements":
        return f"{waves.get(effect.get('wave'), effect.get('wave'))} arrives"
    if kind == "time-of-day":
        return f"the time of day becomes {effect.get('value')}"
    if kind == "weather":
        return f"the weather becomes {effect.get('value')}"
    if kind == "option":
        return f"option {str(effect.get('name')).replace('_', ' ')} becomes {effect.get('value')}"
    return f"{kind}: {', '.join(f'{k} {v}' for k, v in effect.params.items())}"


def event_sentence(event: ScenarioEvent, scenario: Scenario) -> str:
    """“The shrine falls: when a unit of Persians enters 1010-1412, “…”; The Spartan
    vanguard arrives.”"""
    sides = {s.id: s.name or s.id for s in scenario.sides}
    waves = {w.id: w.name or w.id for w in scenario.reinforcements}
    then = "; ".join(effect_words(c, sides, waves) for c in event.then)
    when = trigger_words(event.when, sides)
    return f"{event.name or event.id}: {when[0].upper()}{when[1:]}, {then}."


def wave_sentence(wave: Reinforcement, scenario: Scenario) -> str:
    """Who arrives, where, and what happens when the way is blocked."""
    side = scenario.side(wave.side)
    units = [u for u in (side.army.units if side else []) if u.arrives == wave.id]
    count = sum(u.count for u in units)
    where = f"by the {wave.edge} edge" if wave.edge else f"at {', '.join(wave.hexes)}"
    who = side.name if side is not None else wave.side
    return (f"{wave.name or wave.id} ({who}, {count} unit{'s' if count != 1 else ''}) arrives "
            f"{where}; {BLOCKED.get(wave.if_blocked, wave.if_blocked)}.")


def turn_track_lines(scenario: Scenario) -> list[tuple[int, list[str]]]:
    """(round, what changes or happens then) for every round something is due: the time of
    day and weather, the waves due, the events of round triggers."""
    rounds: dict[int, list[str]] = {}
    for t in scenario.turn_track:
        words = [w for w in (t.time_of_day, t.weather) if w]
        if words:
            rounds.setdefault(t.round, []).append(", ".join(words).capitalize() + ".")
    for w in scenario.reinforcements:
        if w.round is not None:
            rounds.setdefault(w.round, []).append(wave_sentence(w, scenario))
    for e in scenario.events:
        if e.when.kind in ("round-begins", "round-ends") and e.when.get("round"):
            rounds.setdefault(e.when.get("round"), []).append(event_sentence(e, scenario))
    return sorted(rounds.items())


def other_lines(scenario: Scenario) -> list[str]:
    """What may happen at any round: events of other triggers, waves only an event brings."""
    out = [event_sentence(e, scenario) for e in scenario.events
           if e.when.kind not in ("round-begins", "round-ends")]
    out += [wave_sentence(w, scenario) for w in scenario.reinforcements if w.round is None]
    return out

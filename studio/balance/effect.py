"""What a variant can change in the games, and whether it changed any.

Game `i` of every variant is played from the same seeds, so a change the games never meet
(a round limit no game reaches, objective points when no game is decided on points) plays
every game exactly as the scenario as written does. The report says so, and why, instead of
showing a verdict as if the change had been tried; and it names the deciding conditions a
change can act on at all.
"""
from __future__ import annotations

from typing import Any

from studio.model import Scenario, StudyVariant

KIND_WORDS = {"destroy-leader": "destroying the Army Leader", "eliminate": "eliminating",
              "hold": "holding hexes", "exit": "leaving the map", "survive": "surviving",
              "victory-points": "victory points"}


def _conditions(scenario: Scenario, wanted) -> list[str]:
    out = []
    for c in scenario.victory:
        if wanted(c):
            side = scenario.side(c.side)
            name = (side.name or side.id) if side is not None else str(c.side)
            out.append(f"{KIND_WORDS.get(c.kind, c.kind)} ({name})")
    return out


def touches(scenario: Scenario, variant: StudyVariant) -> str:
    """The deciding conditions `variant` can act on, in words."""
    from studio.playtest.victory_text import sudden_death
    kind = variant.kind
    if kind in ("add", "remove", "points_limit"):
        return "every condition: it changes an army"
    if kind == "round_limit":
        at_end = _conditions(scenario, lambda c: not sudden_death(c))
        return ("games still going at the round limit" +
                (f", and the conditions checked then: {', '.join(at_end)}" if at_end else
                 " (every condition of the scenario can end a game before it)"))
    if kind == "objective_points":
        points = _conditions(scenario, lambda c: c.kind == "victory-points")
        return (", ".join(points) if points else
                "no condition of the scenario counts objective points (only the AI's choices)")
    return "whatever the ruleset option governs"


def _same(a: Any, b: Any) -> bool:
    return (a.outcome, a.winner, a.kinds, a.rounds, a.lost, a.kills, a.points_killed,
            a.first_mover) == (b.outcome, b.winner, b.kinds, b.rounds, b.lost, b.kills,
                               b.points_killed, b.first_mover)


def no_effect(variant: StudyVariant | None, records: list, base: list, scenario: Scenario
              ) -> str:
    """Why the variant's games are the scenario's own, game for game ("" when one of them
    differs, or the scenario as written played none of them)."""
    if variant is None or not records:
        return ""
    by_index = {r.index: r for r in base}
    if any(r.index not in by_index or not _same(r, by_index[r.index]) for r in records):
        return ""
    played = [by_index[r.index] for r in records]
    longest = max(r.rounds for r in played)
    p = variant.params
    if variant.kind == "round_limit":
        limit = min(int(p), scenario.round_limit or int(p))
        if longest < limit:
            return (f"no game reached round {limit} (the longest lasted {longest} "
                    f"round{'s' if longest != 1 else ''}), so the limit never came into play")
    if variant.kind == "objective_points":
        kinds = sorted({k for r in played for k in r.kinds})
        if "victory-points" not in kinds:
            how = (f"they were decided by {', '.join(KIND_WORDS.get(k, k) for k in kinds)}"
                   if kinds else "none was decided by a condition")
            return f"no game was decided on points ({how})"
    return (f"each of its {len(records)} games went exactly as the scenario as written's "
            "(same seeds, same play)")

"""The scenario briefing in words: sides, set-up, victory conditions, round limit.

>>> from studio.model import VictoryCondition
>>> victory_text(VictoryCondition("greeks", "hold", {"hexes": ["0604"]}), {"greeks": "Greeks"},
...              {"0604": "The Ford"}, 10, True)
'Greeks: hold The Ford (0604) at the end of round 10.'
"""
from __future__ import annotations

from typing import Any, Mapping

from studio.model import Scenario, Side, VictoryCondition

_SUDDEN = {"destroy-leader": True, "eliminate": True, "hold": False, "exit": False,
           "survive": False, "victory-points": False}


def _names(ids, side_names: Mapping[str, str]) -> str:
    names = [side_names.get(i, i) for i in ids]
    if len(names) <= 1:
        return "".join(names)
    return ", ".join(names[:-1]) + " and " + names[-1]


def _hexes(hexes, objective_names: Mapping[str, str]) -> str:
    out = []
    for h in hexes:
        name = objective_names.get(h)
        out.append(f"{name} ({h})" if name else h)
    return _names(out, {})


def victory_text(v: VictoryCondition, side_names: Mapping[str, str],
                 objective_names: Mapping[str, str], round_limit: int,
                 sudden_default: bool | None = None) -> str:
    who = side_names.get(v.side, v.side)
    against = v.get("against")
    enemy = f"the army of {_names(against, side_names)}" if against else "the enemy"
    kind = v.kind
    if kind == "destroy-leader":
        text = f"destroy the Army Leader of {enemy}"
    elif kind == "eliminate":
        measure = v.get("measure", "units")
        text = (f"destroy or rout off the map {v.get('share', 50)}% of {enemy} "
                f"(counted in {measure})")
    elif kind == "hold":
        hexes = v.get("hexes", [])
        count = v.get("count")
        what = _hexes(hexes, objective_names)
        if count and count < len(hexes):
            text = f"hold {count} of {what} at the end of round {round_limit}"
        else:
            text = f"hold {what} at the end of round {round_limit}"
    elif kind == "exit":
        edge = v.get("edge", "enemy")
        if v.get("points") is not None:
            amount = f"{v.get('points')} points of units"
        else:
            amount = f"{v.get('units', 1)} unit{'s' if v.get('units', 1) != 1 else ''}"
        text = f"move {amount} off the {edge} edge of the map"
    elif kind == "survive":
        text = f"still have units on the map at the end of round {round_limit}"
    elif kind == "victory-points":
        text = ("score the most victory points at the end: objective points held plus the "
                "points of enemy units destroyed (equal scores are a draw)")
    else:
        text = f"{kind} {dict(v.params)}"
    sudden = v.sudden_death if v.sudden_death is not None else _SUDDEN.get(kind, False)
    if sudden and kind not in ("destroy-leader", "eliminate"):
        text += "; this wins at once"
    elif sudden:
        text += " (wins at once)"
    elif v.sudden_death is False and kind in ("destroy-leader", "eliminate"):
        text += " (checked at the end of the game)"
    return f"{who}: {text}."


def victory_lines(scenario: Scenario, options: Mapping[str, Any]) -> list[str]:
    side_names = {s.id: s.name for s in scenario.sides}
    objectives = {o.hex: o.name for o in scenario.objectives if o.name}
    lines = [victory_text(v, side_names, objectives, scenario.round_limit) for v in scenario.victory]
    if options.get("draw_at_round_limit", True):
        lines.append(f"If no side has won when round {scenario.round_limit} ends, the game is a draw.")
    return lines


def side_with_list(side_name: str, army_list_name: str) -> str:
    """"Orcs (Orc Warband)"; the list's name alone when it already begins with the side's
    ("Colonial Marines (Action Dice)" for a side called Colonial Marines)."""
    if not army_list_name or army_list_name.casefold().startswith(side_name.casefold()):
        return army_list_name or side_name
    return f"{side_name} ({army_list_name})"


def side_summary(side: Side, army_list_name: str, placed: int, to_place: int) -> str:
    parts = [side_with_list(side.name, army_list_name)]
    if side.army.points_limit:
        parts.append(f"up to {side.army.points_limit:g} points")
    if side.map_edge:
        parts.append(f"home edge {side.map_edge}")
    if side.setup_zone:
        parts.append("sets up in " + ", ".join(side.setup_zone))
    text = ", ".join(parts) + "."
    if placed and to_place:
        text += f" {placed} unit{'s' if placed != 1 else ''} start on the map; {to_place} set up by the player."
    elif placed:
        text += f" All {placed} units start on the map as shown."
    elif to_place:
        text += f" The player sets up all {to_place} units."
    return text

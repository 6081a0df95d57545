"""A new scenario on a blank map: open ground, two sides facing each other across it.

File > New (blank map) and `studio import tmx` start from here.
"""
from __future__ import annotations

from dataclasses import dataclass
from pathlib import Path

from studio.hexgrid import MapGeometry
from studio.model import Army, HexMap, Scenario, Side
from studio.rulesets import default_ruleset_file, system_of

# The largest map side the studio makes or takes in (File > New, map import).
MAX_MAP_SIDE = 999

# The colours new sides get, in order.
SIDE_COLOURS = ("#2b5fa8", "#b03a2e", "#2e8b57", "#c08a1e", "#6a3d9a", "#1f8a99", "#7a5230",
                "#d0508c")


@dataclass(slots=True)
class NewScenarioChoice:
    """What the dialog asked for: a template file, or a blank map's settings."""
    template: Path | None = None
    name: str = "New scenario"
    columns: int = 30
    rows: int = 20
    terrain_set: str = "basic-ground"
    orientation: str = "flat"
    offset: str = "even"
    ruleset: str | None = None             # a ruleset file id; None: the default game's


def blank_scenario(choice: NewScenarioChoice, library=None,
                   hexmap: HexMap | None = None) -> Scenario:
    """A scenario with a map of open ground (or `hexmap`, of the choice's size), two sides
    facing each other across it with set-up zones on their edges, and no units or victory
    conditions yet."""
    if hexmap is None:
        hexmap = HexMap.blank(choice.columns, choice.rows, open_ground(choice.terrain_set, library),
                              choice.orientation, choice.offset)
    ruleset = choice.ruleset or default_ruleset_file(library) or ""
    if library is not None and library.ids("ruleset") and ruleset not in library.ids("ruleset"):
        ruleset = library.ids("ruleset")[0]
    lists = _army_lists_for(choice.terrain_set, ruleset, library)
    g = MapGeometry(choice.columns, choice.rows, choice.orientation, choice.offset)
    depth = max(1, min(3, choice.columns // 6))
    west = f"{g.label(g.to_hex(1, 1))}-{g.label(g.to_hex(depth, choice.rows))}"
    east = (f"{g.label(g.to_hex(choice.columns - depth + 1, 1))}-"
            f"{g.label(g.to_hex(choice.columns, choice.rows))}")
    sides = [
        Side("blue", "Blue", SIDE_COLOURS[0], Army(lists[0]), "west", [west]),
        Side("red", "Red", SIDE_COLOURS[1], Army(_opponent(lists, library)), "east", [east]),
    ]
    return Scenario(id=slug(choice.name) or "new-scenario", name=choice.name or "New scenario",
                    ruleset=ruleset, terrain_set=choice.terrain_set, map=hexmap, sides=sides)


def open_ground(terrain_set: str, library=None) -> str:
    """The symbol a blank map is filled with: the set's open ground, else its first type."""
    ts = library.terrain_set(terrain_set) if library is not None else None
    fill = ts.terrain[0].symbol if ts is not None and ts.terrain else "."
    for t in (ts.terrain if ts is not None else []):
        if t.id in ("open", "clear", "space"):
            fill = t.symbol
            break
    return fill


def system_of_ruleset(library, ruleset_id: str) -> str:
    return system_of(library.ruleset(ruleset_id) if library is not None else None)


def _army_lists_for(terrain_set: str, ruleset: str, library) -> list[str]:
    """Army lists of the ruleset's game, those drawn for the terrain set first."""
    if library is None:
        return ["army-list"]
    system = system_of_ruleset(library, ruleset)
    same_game = [(ident, lst) for ident, lst in library.items("army-list")
                 if system_of_ruleset(library, lst.ruleset) == system]
    fitting = [ident for ident, lst in same_game if lst.terrain_set == terrain_set]
    return fitting or [ident for ident, _ in same_game] or library.ids("army-list") or \
        ["army-list"]


def _opponent(lists: list[str], library) -> str:
    """The list the second side starts with: the next one of the first list's era that shares
    a scale with it, so that a new scenario does not open with an era or scale mismatch
    (Action Dice has a fantasy and a future pair)."""
    fallback = lists[1 % len(lists)]
    first = library.army_list(lists[0]) if library is not None else None
    if first is None:
        return fallback
    for ident in lists[1:] + lists[:1]:
        other = library.army_list(ident)
        if other is not None and other.era == first.era and set(other.scales) & set(first.scales):
            return ident
    return fallback


def usual_terrain_set(library, ruleset: str) -> str | None:
    """The terrain set most army lists of the ruleset's game are drawn for."""
    system = system_of_ruleset(library, ruleset)
    counts: dict[str, int] = {}
    for _ident, lst in library.items("army-list"):
        if system_of_ruleset(library, lst.ruleset) == system:
            counts[lst.terrain_set] = counts.get(lst.terrain_set, 0) + 1
    return max(counts, key=counts.get) if counts else None


def slug(text: str) -> str:
    out, dash = [], False
    for ch in text.lower():
        if ch.isascii() and ch.isalnum():
            out.append(ch)
            dash = False
        elif out and not dash:
            out.append("-")
            dash = True
    return "".join(out).strip("-")

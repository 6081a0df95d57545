"""Rules of War's playsheet sections through the ruleset protocol (the PDF playsheet lays
the same wording out in its own two-column design; this is what other outputs, e.g. a
VASSAL module's rules window, print)."""
from __future__ import annotations

from studio.engine.setup import lookup

from . import sheet_text as words


def _steps(pairs) -> list[str]:
    return [f"{label}. {text}" for label, text in pairs]


def playsheet(ruleset_file, scenario, library) -> list:
    options = dict(ruleset_file.options or {})
    terrain = lookup(library, "terrain_set", scenario.terrain_set, f"scenario {scenario.id!r}")
    modifiers = ([["attack modifier", ""]] + [list(r) for r in words.attack_modifiers(options)]
                 + [["defense modifier", ""]] + [list(r) for r in words.defense_modifiers(options)])
    header = ["terrain", "MP", "defense", "attack", "save", "sight", "notes"]
    terrain_rows = [header] + [[t.name, *rest] for t, *rest in words.terrain_rows(terrain)]
    return [
        ("The round", [f"All rolls {words.die(options)}."]
         + _steps(words.round_sequence(options, scenario.round_limit))),
        ("Movement", words.movement_rules(options, terrain.elevation.uphill_extra_mp)),
        ("Attacking", _steps(words.attack_procedure(options)) + [modifiers]),
        ("Morale and rally", _steps(words.morale_rules(options))),
        (f"Terrain: {terrain.name}", [terrain_rows, words.elevation_text(terrain)]),
    ]


def legend_rows(terrain_set, ruleset_file) -> list[tuple[str, str]]:
    """(terrain name, every effect it has in words) for the map's legend, as the
    playsheet's chart gives them."""
    rows = []
    for t, mp, dfn, att, save, sight, notes in words.terrain_rows(terrain_set):
        facts = [mp if not mp[0].isdigit() and mp[0] not in "½¼¾" else f"{mp} MP"]
        if dfn != "–":
            facts.append(f"defense {dfn}")
        if att != "–":
            facts.append(f"attack {att}")
        if save != "–":
            facts.append(f"save {save}")
        if sight != "–":
            facts.append("blocks sight")
        if notes:
            facts.append(notes)
        rows.append((t.name, ", ".join(facts)))
    return rows


def elevation_words(terrain_set, ruleset_file) -> str:
    """What height does, after the map legend's contour line."""
    return f"Uphill +{words.num(terrain_set.elevation.uphill_extra_mp)} MP."

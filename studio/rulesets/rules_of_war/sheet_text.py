"""The playsheet's wording of the rules, with every number taken from the ruleset.

Each function returns plain text (``(label, text)`` steps or table rows); the playsheet
lays it out. The sentences are the project's own summary of the Rules of War; what a
designer changes in the ruleset file shows up here, e.g. ``rear_attack_bonus: 3`` turns
"+2" into "+3" on the attack modifiers table.

>>> rows = attack_modifiers({"rear_attack_bonus": 3, "multi_attacker_bonus": 1,
...                          "higher_ground_attack_bonus": 1})
>>> rows[1]
('Hand-to-hand from outside the target’s front arc', '+3')
"""
from __future__ import annotations

import re

import math
from typing import Any, Mapping

from studio.model import TerrainSet, TerrainType

Options = Mapping[str, Any]

_DEFAULTS: dict[str, Any] = {
    "die_sides": 10, "initiative_leader_penalty": 2, "front_arc_degrees": 120,
    "arc_boundary_inclusive": True, "stacking_limit": 1, "free_turn_hexsides_per_hex": 1,
    "turn_any_cost_mp": 1, "uphill_extra_mp": 1, "min_move_one_hex": True,
    "move_through_friends": True, "mount_cost_mp": 1, "zone_of_control": "none",
    "reaction_attacks": True, "los_hexside": "both", "units_block_los": False,
    "auto_hit": [1, 10], "auto_miss": [], "multi_attacker_bonus": 1, "rear_attack_bonus": 2,
    "higher_ground_attack_bonus": 1, "defense_from_below_bonus": 1, "rear_defense_penalty": 3,
    "terrain_save_strict": True, "free_advance": True, "leader_morale_penalty": 2,
    "outnumbered_penalty": 1, "outnumbered_ratio": 2, "outnumbered_radius": 2,
    "rally_divisor": 2, "spotting": False, "draw_at_round_limit": True,
}


def _o(options: Options, name: str) -> Any:
    return options[name] if name in options else _DEFAULTS[name]


def num(value: Any) -> str:
    """Numbers as people write them: 2, ½, 1½, −1."""
    if value is None:
        return "–"
    try:
        from fractions import Fraction
        f = Fraction(value).limit_denominator(8)
    except (TypeError, ValueError):
        return str(value)
    sign = "−" if f < 0 else ""
    f = abs(f)
    whole, rest = divmod(f.numerator, f.denominator)
    glyph = {(1, 2): "½", (1, 4): "¼", (3, 4): "¾"}.get((rest, f.denominator))
    if rest == 0:
        return f"{sign}{whole}"
    if glyph:
        return f"{sign}{whole or ''}{glyph}"
    return f"{sign}{float(f):g}"


def signed(value: Any) -> str:
    if value is None or value == 0:
        return "–"
    return ("+" if value > 0 else "") + num(value)


def die(options: Options) -> str:
    return f"d{_o(options, 'die_sides')}"


def _listing(values) -> str:
    values = [str(v) for v in values]
    if len(values) <= 1:
        return "".join(values)
    return ", ".join(values[:-1]) + " or " + values[-1]


def round_sequence(options: Options, round_limit: int | None = None) -> list[tuple[str, str]]:
    d = die(options)
    pen = _o(options, "initiative_leader_penalty")
    react = _o(options, "reaction_attacks")
    steps = [
        ("Initiative", f"Every side rolls {d}"
         + (f", less {pen} for a side that has lost its Army Leader" if pen else "")
         + "; roll again on a tie. The highest roller chooses to move first (Player A) or "
           "second (Player B); with three or more sides, the order follows the rolls."),
        ("Player A moves", "Player A moves its units one after another. "
         + ("Any unit of either side may attack during the phase, before or after each "
            "move." if react else "Only Player A's units may attack during this phase.")),
        ("Player B moves", "The same for Player B."),
        ("Morale", "Routed units run, routed units may try to rally, then victory is checked."),
    ]
    if round_limit:
        steps.append(("End", f"The game ends after round {round_limit}."))
    return steps


def movement_rules(options: Options, elevation_mp: Any = None) -> list[str]:
    free = _o(options, "free_turn_hexsides_per_hex")
    uphill = elevation_mp if elevation_mp is not None else _o(options, "uphill_extra_mp")
    out = [
        f"A unit moves only into the hex it faces. After entering a hex it may turn "
        f"{num(free)} hexside{'s' if free != 1 else ''} for free; turning to any facing costs "
        f"{num(_o(options, 'turn_any_cost_mp'))} MP at any time.",
        f"Each hex costs its terrain's MP (see the chart); a higher hex costs {num(uphill)} MP "
        f"more. Impassable hexes cannot be entered.",
    ]
    if _o(options, "min_move_one_hex"):
        out.append("A unit that has taken no hit and is neither routed nor pinned may always "
                   "move one hex, even short of MP.")
    out.append(("Units may pass through friends but never enter an enemy's hex. "
                if _o(options, "move_through_friends") else
                "Units may not pass through friendly or enemy units. ")
               + f"At most {_o(options, 'stacking_limit')} ground unit"
               + ("s" if _o(options, "stacking_limit") != 1 else "")
               + " may end in a hex (carriers, heroes and flyers aside).")
    out.append(f"Mounting or leaving a carrier in the same hex costs both units "
               f"{num(_o(options, 'mount_cost_mp'))} MP.")
    if _o(options, "zone_of_control") == "stop":
        out.append("Entering a hex next to an enemy unit ends the move.")
    return out


def attack_procedure(options: Options) -> list[tuple[str, str]]:
    d = die(options)
    arc = _o(options, "front_arc_degrees")
    auto_hit = list(_o(options, "auto_hit"))
    auto_miss = list(_o(options, "auto_miss"))
    strict = _o(options, "terrain_save_strict")
    steps = [
        ("Who", f"Each unit attacks at most once a round. The target must be in range, inside "
                f"the attacker's front arc ({arc}° centred on its facing) and in line of sight "
                f"(centre to centre; blocked by hexes whose terrain blocks sight or that stand "
                f"higher than both ends"
         + ("" if not _o(options, "units_block_los") else ", and by units in between") + ")."),
        ("Attack roll", f"Roll {d}: at or under the modified attack rating it hits."
         + (f" A natural {_listing(auto_hit)} always hits." if auto_hit else "")
         + (f" A natural {_listing(auto_miss)} always misses." if auto_miss else "")),
        ("Overkill", "Modified attack minus the roll (never below 0) comes off the target's "
                     "defense for its save."),
        ("Save", f"The target rolls {d}: at or under its modified defense the hit is saved. "
                 f"Defense 0 or less, or no defense rating: no save."),
        ("Terrain save", "Where the chart gives a save, a failed save gets a second roll: "
         + ("strictly under" if strict else "at or under") + " the terrain's save stops the hit."),
        ("Hit", "An unsaved hit counts one hit; at its hits rating the unit is destroyed."
         + (" A unit that destroys an adjacent enemy may step into the empty hex at once, free."
            if _o(options, "free_advance") else "")),
    ]
    return steps


def attack_modifiers(options: Options) -> list[tuple[str, str]]:
    return [
        ("Each attacker after the first on the same target this round",
         signed(_o(options, "multi_attacker_bonus"))),
        ("Hand-to-hand from outside the target’s front arc", signed(_o(options, "rear_attack_bonus"))),
        ("Attacker stands higher than the target", signed(_o(options, "higher_ground_attack_bonus"))),
        ("Attacker's terrain, abilities", "chart, roster"),
    ]


def defense_modifiers(options: Options) -> list[tuple[str, str]]:
    return [
        ("Terrain of the target's hex (ranged value from 2+ hexes)", "chart"),
        ("Attacked by a unit standing lower", signed(_o(options, "defense_from_below_bonus"))),
        ("Hand-to-hand from outside its front arc", signed(-_o(options, "rear_defense_penalty"))),
        ("Overkill of the hit", "− overkill"),
    ]


def rally_text(options: Options) -> str:
    div = _o(options, "rally_divisor")
    part = "half its morale" if div == 2 else f"its morale divided by {div}"
    return f"{part}, rounded up"


def morale_rules(options: Options) -> list[tuple[str, str]]:
    d = die(options)
    ratio = _o(options, "outnumbered_ratio")
    return [
        ("When", "A unit tests when it takes a hit and survives, and when a friendly unit next "
                 "to it routs (so one rout may set off others)."),
        ("Test", f"Roll {d}: at or under its modified morale it stands; above, it routs: turn it "
                 f"about at once and flip the counter to its ROUTED side."),
        ("Modifiers", f"{signed(-_o(options, 'leader_morale_penalty'))} once the side's Army "
                      f"Leader is destroyed; {signed(-_o(options, 'outnumbered_penalty'))} when "
                      f"the enemy units within {_o(options, 'outnumbered_radius')} hexes are at "
                      f"least {num(ratio)} times its own side's there (itself counted)."),
        ("Routed", "A routed unit neither attacks nor moves by choice. Each morale phase it runs "
                   "its full MP away from the nearest enemy, towards its own map edge when it "
                   "must choose; leaving the map, it is lost."),
        ("Rally", f"From the morale phase after it routed: roll {d} at or under "
                  f"{rally_text(options)} (same modifiers) and it rallies: flip it back."),
    ]


def rally_number(morale: int | None, options: Options) -> int | None:
    if morale is None:
        return None
    return math.ceil(morale / _o(options, "rally_divisor"))


def _restates(sentence: str, t: TerrainType) -> bool:
    """Whether a sentence of a terrain's notes says again what the chart prints from its
    numbers (the entry attack, the units it is closed to, the uphill cost, the attack
    modifier): a designer's note often repeats the rule its numbers encode."""
    s = sentence.lower()
    if t.entry_attack and "attack" in s and str(t.entry_attack) in s:
        return True
    if t.forbidden_tags and any(tag.replace("-", " ") in s for tag in t.forbidden_tags) and \
            ("enter" in s or "closed" in s):
        return True
    if t.uphill_extra_mp is not None and "uphill" in s:
        return True
    if t.attack_modifier and "attack" in s and f"{t.attack_modifier:+d}" in s:
        return True
    return False


def _own_notes(t: TerrainType) -> str:
    """The terrain's notes without the sentences that restate its numbers."""
    sentences = re.split(r"(?<=[.;])\s+", (t.notes or "").strip())
    return " ".join(s for s in sentences if s and not _restates(s, t))


def terrain_rows(terrain_set: TerrainSet, only: set[str] | None = None
                 ) -> list[tuple[TerrainType, str, str, str, str, str, str]]:
    """``(type, MP, defense, attack, save, sight, notes)`` for each terrain of the set (or
    of those whose ids are in ``only``: the terrain a map has)."""
    rows = []
    for t in terrain_set.terrain:
        if only is not None and t.id not in only:
            continue
        if t.impassable:
            # Short enough for the chart's MP column without breaking inside the word.
            mp = "no entry"
            if t.destructible_hits:
                mp += f" until {t.destructible_hits} hit{'s' if t.destructible_hits != 1 else ''}"
        else:
            mp = num(t.mp)
        ranged = t.ranged_defense if t.ranged_defense is not None else t.defense
        defense = signed(t.defense) if ranged == t.defense else f"{signed(t.defense)} / {signed(ranged)} ranged"
        notes = []
        if t.entry_attack:
            notes.append(f"attack {t.entry_attack} on every unit entering")
        if t.forbidden_tags:
            notes.append("closed to " + ", ".join(t.forbidden_tags))
        if t.uphill_extra_mp is not None:
            notes.append(f"uphill +{num(t.uphill_extra_mp)} MP")
        own = _own_notes(t)
        if own:
            notes.append(own)
        rows.append((t, mp, defense, signed(t.attack_modifier),
                     num(t.save) if t.save else "–", "blocks" if t.blocks_los else "–",
                     "; ".join(notes)))
    return rows


def elevation_text(terrain_set: TerrainSet) -> str:
    e = terrain_set.elevation
    return (f"Elevation: entering a higher hex costs {num(e.uphill_extra_mp)} MP more; a unit "
            f"attacked from below defends at {signed(e.defense_from_below)}; a unit attacking "
            f"a lower hex attacks at {signed(e.attack_downhill)}. Contour numbers on the map "
            f"give each hex's height.")

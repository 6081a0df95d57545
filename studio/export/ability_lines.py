"""Abilities in a player's words, with the unit's own numbers: what the playsheet prints.

The catalogue's summaries name their parameters the way army-list files spell them
(`value`, `vs_tags`); a player reads the rule with the numbers put in: losses as losses,
ratings as plain numbers, modifiers signed, tags as the units they pick.

>>> ability_line("degrade-per-hit", {"move": 1, "attack": 1, "defense": 2})
'loses 1 move, 1 attack and 2 defense for every hit it has taken'
>>> ability_line("defense-rating-vs", {"value": 5, "vs_tags": ["gas"]})
'defense 5 against gas attacks'
>>> ability_line("attack-modifier", {"value": 5, "vs_terrain": ["pill-box"]})
'attack +5 against units in pill box'
>>> ability_line("attack-rating-vs", {"value": 6, "vs_tags": ["fighter"]})
'attack 6 against fighter units'
>>> ability_title("no-attack-after-move"), ability_title("attack-rating-vs")
('No attack after move', 'Attack rating against')
"""
from __future__ import annotations

import re
from fractions import Fraction
from typing import Any, Callable

from studio.rulesets import ability_spec as spec


def _n(value: Any) -> str:
    if isinstance(value, float) and value.is_integer():
        value = int(value)
    if isinstance(value, Fraction):
        value = int(value) if value.denominator == 1 else value
    return str(value)


def _signed(value: Any) -> str:
    if value in (None, 0):
        return "±0"
    return ("+" if value > 0 else "−") + _n(abs(value))


def _words(ident: str) -> str:
    return ident.replace("-", " ").replace("_", " ")


def _either(values) -> str:
    values = [_words(str(v)) for v in values]
    if len(values) <= 1:
        return "".join(values)
    return ", ".join(values[:-1]) + " or " + values[-1]


def _both(values) -> str:
    values = list(values)
    if len(values) <= 1:
        return "".join(values)
    return ", ".join(values[:-1]) + " and " + values[-1]


def _units(tags) -> str:
    """The units a tag list picks: "cavalry or shock cavalry units"; gas is an attack."""
    tags = list(tags or [])
    if tags == ["gas"]:
        return "gas attacks"
    return f"{_either(tags)} units"


def _which_attacks(vs: str) -> str:
    return {"ranged": " with ranged attacks", "melee": " in hand-to-hand"}.get(vs, "")


def _attack_modifier(p: dict) -> str:
    text = f"attack {_signed(p.get('value'))}" + _which_attacks(p.get("vs", "any"))
    if p.get("vs_tags"):
        text += f" against {_units(p['vs_tags'])}"
    if p.get("vs_terrain"):
        text += (" against units" if not p.get("vs_tags") else "") + \
            f" in {_either(p['vs_terrain'])}"
    if p.get("vs_routed"):
        text += " against routed units"
    if p.get("terrain_tags"):
        text += f" while it stands in {_either(p['terrain_tags'])} terrain"
    return text


def _defense_modifier(p: dict) -> str:
    text = f"defense {_signed(p.get('value'))}"
    vs = p.get("vs", "any")
    if p.get("vs_tags"):
        text += f" against {_units(p['vs_tags'])}"
    if vs in ("ranged", "melee"):
        text += " against " + ("ranged attacks" if vs == "ranged" else "hand-to-hand attacks")
    return text


def _degrade(p: dict) -> str:
    losses = [f"{_n(p[k])} {k}" for k in ("move", "attack", "defense") if p.get(k)]
    return f"loses {_both(losses)} for every hit it has taken" if losses else \
        "loses nothing for its hits"


def _charge(p: dict) -> str:
    return (f"may charge into hand-to-hand: move {_signed(p.get('move', 1))} "
            f"({_signed(p.get('cavalry_move', 2))} for cavalry), attack "
            f"{_signed(p.get('attack', 1))} and defense {_signed(p.get('defense', -1))} "
            f"for that round")


def _square(p: dict) -> str:
    return (f"with formations, may form square: move 0, attack "
            f"{_signed(-p.get('attack', 1))}, defense {_signed(p.get('vs_cavalry', 5))} "
            f"against {_units(p.get('vs_tags') or ['cavalry'])} and "
            f"{_signed(p.get('vs_others', -2))} against the rest")


def _formations(p: dict) -> str:
    return (f"uses the Napoleonic formations: line; column (attack and defense "
            f"{_signed(-p.get('column_penalty', 1))}, move {_signed(p.get('column_move', 1))}); "
            f"square for units that have it. A unit with a hit is disrupted: "
            f"{_signed(-p.get('disrupted', 1))} to every rating but range")


_LINES: dict[str, Callable[[dict], str]] = {
    "attack-modifier": _attack_modifier,
    "defense-modifier": _defense_modifier,
    "attack-rating-vs": lambda p: f"attack {_n(p.get('value'))} against {_units(p.get('vs_tags'))}",
    "defense-rating-vs": lambda p: f"defense {_n(p.get('value'))} against {_units(p.get('vs_tags'))}",
    "degrade-per-hit": _degrade,
    "charge": _charge,
    "square": _square,
    "formations": _formations,
    "set-spears": lambda p: (f"defense {_signed(p.get('value', 1))} against charging "
                             f"{_units(p.get('vs_tags'))}, and strikes first in hand-to-hand"),
    "pila": lambda p: (f"the first round it enters hand-to-hand it makes {_n(p.get('attacks', 2))} "
                       f"ranged attacks; it makes no other ranged attacks"),
    "capture-on-destroy": lambda p: (f"when destroyed, it is captured instead on a roll of "
                                     f"{_n(p.get('max_roll', 5))} or less"),
    "out-of-ammo": lambda p: (f"an attack roll of {_n(p.get('roll', 10))} leaves it out of "
                              f"ammunition"),
    "magic": lambda p: (f"casts the list's spells, one a round, each costing a magic point; "
                        f"{_n(p.get('points'))} magic points"),
    "breach": lambda p: f"attacks walls and fortifications at rating {_n(p.get('rating'))}",
    "only-attacked-by": lambda p: f"only {_units(p.get('tags'))} may attack it",
    "must-land": lambda p: (f"must end every {_ordinal(p.get('every', 2))} round on a "
                            f"friendly {_words(str(p.get('terrain', 'airfield')))}"),
    "gas-attack": lambda p: (f"a single-use attack on every unit along a line of "
                             f"{_n(p.get('length', 4))} hexes downwind"),
    "superlaser": lambda p: (f"every {_ordinal(p.get('every', 2))} round one attack at range "
                             f"{_n(p.get('range', 5))} that destroys any target it hits"),
    "exhaust-port": lambda p: (f"a fighter squad that hits it destroys it on a roll of "
                               f"{_n(p.get('max_roll', 1))} or less "
                               f"({_n(p.get('jedi_max_roll', 5))} or less for Jedi squads)"),
    "jedi-pilot": lambda p: f"attack and defense {_signed(p.get('value', 2))}",
    "leaderless-morale": lambda p: f"morale {_signed(p.get('value', -2))} when the squad has no officer",
    "water-only": lambda p: "may only be in water",
}


def _ordinal(n: Any) -> str:
    n = int(n)
    if n == 1:
        return "1st"
    if n == 2:
        return "other"
    return f"{n}{'rd' if n % 10 == 3 and n % 100 != 13 else 'th'}"


def _plain_summary(name: str) -> str:
    s = spec(name)
    if s is None:
        return "no description in the catalogue"
    text = re.sub(r"`([^`]*)`", lambda m: _words(m.group(1)), s.summary).rstrip(".")
    return text[0].lower() + text[1:] if text[:1].isupper() else text


def ability_line(name: str, params: dict) -> str:
    """The rule of one ability with these parameters, in a player's words (no schema
    names, losses as losses, ratings unsigned), without a full stop."""
    maker = _LINES.get(name)
    if maker is not None:
        s = spec(name)
        defaults = {k: v for k, v in (s.params if s else {}).items() if v is not None}
        return maker({**defaults, **params})
    return _plain_summary(name)


def ability_title(name: str) -> str:
    """"no-attack-after-move" -> "No attack after move"."""
    text = _words(name).replace(" vs", " against")
    return text[:1].upper() + text[1:]


__all__ = ["ability_line", "ability_title"]

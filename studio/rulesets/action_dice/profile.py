"""A unit type as Action Dice plays it (S2): a group of figures with the same action dice
(a number of dice and a die type, `2d8`), Move, Fight, Shoot, Defense, a combatant type,
a formation, a weapon from the ruleset's table and special abilities; and its price by the
seed's formula (S24)."""
from __future__ import annotations

import re

from .options import TYPES

DIE_STEPS = (4, 6, 8, 10, 12)
FORMATIONS = ("regiment", "skirmish")
STAT_KEYS = ("type", "dice", "move", "fight", "shoot", "defense", "figures", "formation",
             "weapon", "specials")
_DICE = re.compile(r"^([1-9][0-9]?)d(4|6|8|10|12)$")


def parse_dice(text) -> tuple[int, int] | None:
    """(number of dice, sides) of an action-dice text, None when it is not one.

    >>> parse_dice("2d8"), parse_dice("1d7"), parse_dice(3)
    ((2, 8), None, None)
    """
    m = _DICE.match(text.strip()) if isinstance(text, str) else None
    return (int(m.group(1)), int(m.group(2))) if m else None


def step_down(die: int) -> int | None:
    """The next lower die type (S11, S19); None below a d4.

    >>> step_down(8), step_down(4)
    (6, None)
    """
    i = DIE_STEPS.index(die)
    return DIE_STEPS[i - 1] if i > 0 else None


def _whole(v, low, high) -> bool:
    return isinstance(v, int) and not isinstance(v, bool) and low <= v <= high


def stats_problems(stats) -> list[tuple[tuple, str]]:
    """What is wrong with a unit's `stats` for Action Dice (path, message): the shapes only;
    weapon and special ids are checked against the ruleset's tables when a game is built
    and when the unit is priced."""
    if not isinstance(stats, dict) or not stats:
        return [(("stats",), "an Action Dice unit needs stats: type, dice, move, fight, shoot, "
                             "defense, figures, formation")]
    out: list[tuple[tuple, str]] = []
    for key in STAT_KEYS[:7]:
        if key not in stats:
            out.append((("stats",), f"stats has no {key}"))
    for key in sorted(set(stats) - set(STAT_KEYS)):
        out.append((("stats", key), f"{key!r} is not an Action Dice stat "
                                    f"(known: {', '.join(STAT_KEYS)})"))
    kind = stats.get("type")
    if "type" in stats and kind not in TYPES:
        out.append((("stats", "type"), f"type {kind!r} is not a combatant type "
                                       f"({', '.join(TYPES)})"))
    if "dice" in stats and parse_dice(stats["dice"]) is None:
        out.append((("stats", "dice"), f"dice {stats['dice']!r} must be action dice like 1d6 "
                                       "or 2d8 (d4, d6, d8, d10 or d12)"))
    for key, low, high in (("move", 0, 100), ("fight", -10, 20), ("shoot", -10, 20),
                           ("defense", 1, 100), ("figures", 1, 100)):
        if key in stats and not _whole(stats[key], low, high):
            out.append((("stats", key), f"{key} {stats[key]!r} must be a whole number "
                                        f"{low}..{high}"))
    if "formation" in stats and stats["formation"] not in FORMATIONS:
        out.append((("stats", "formation"), f"formation {stats['formation']!r}: use regiment "
                                            "or skirmish"))
    if kind in ("hero", "vehicle") and stats.get("figures", 1) != 1:
        out.append((("stats", "figures"), f"a {kind} is one figure, a unit of its own"))
    if kind == "vehicle" and stats.get("formation") == "regiment":
        out.append((("stats", "formation"), "a vehicle has its own arcs, not a regiment"))
    if "weapon" in stats and not isinstance(stats["weapon"], str):
        out.append((("stats", "weapon"), "weapon names a row of the ruleset's weapons table"))
    specials = stats.get("specials", [])
    if not isinstance(specials, list) or not all(isinstance(s, str) for s in specials):
        out.append((("stats", "specials"), "specials is a list of special ability ids"))
    return out


def weapon_of(stats, opts, where: str) -> dict:
    """The unit's row of the weapons table (a hand weapon when it names none)."""
    wid = stats.get("weapon", "hand-weapon")
    w = opts.weapon.get(wid)
    if w is None:
        raise ValueError(f"{where}: weapon {wid!r} is not in the ruleset's weapons table "
                         f"({', '.join(opts.weapon)})")
    return w


def specials_of(stats, opts, where: str) -> list[dict]:
    out = []
    kind = stats.get("type", "basic")
    for sid in stats.get("specials", []) or []:
        s = opts.special.get(sid)
        if s is None:
            raise ValueError(f"{where}: special {sid!r} is not in the ruleset's specials "
                             f"({', '.join(opts.special)})")
        if s.get("types") and kind not in s["types"]:
            raise ValueError(f"{where}: special {sid!r} is for {', '.join(s['types'])} only, "
                             f"not a {kind}")
        out.append(s)
    return out


def hexes(inches: float, opts) -> int:
    """S1: a distance in inches as whole hexes (rounded down; a non-zero one is at least 1)."""
    if inches <= 0:
        return 0
    return max(1, int(inches // opts.inches_per_hex))


def formation_of(stats: dict) -> str:
    """The unit's formation: as its stats say, else skirmish for heroes and vehicles and
    regiment for the rest."""
    default = "skirmish" if stats.get("type") in ("hero", "vehicle") else "regiment"
    return stats.get("formation", default)


def has_facing(stats: dict) -> bool:
    """Regiments and vehicles have a front (S3, S15); skirmishers and heroes do not."""
    return formation_of(stats) == "regiment" or stats.get("type") == "vehicle"


class Profile:
    """What the rules read of a unit type (shared by every unit of that type)."""

    __slots__ = ("army_list", "type", "id", "name", "kind", "n_dice", "die", "move", "fight",
                 "shoot", "defense", "figures", "formation", "weapon", "ranged", "range",
                 "long", "specials", "abilities", "points", "move_hexes", "faced")

    def __init__(self, army_list, unit_type, opts):
        stats = unit_type.stats or {}
        where = f"unit type {unit_type.id!r}"
        problems = stats_problems(stats)
        if problems:
            raise ValueError(f"{where}: {problems[0][1]}")
        self.army_list = army_list
        self.type = unit_type
        self.id = unit_type.id
        self.name = unit_type.name
        self.kind = stats["type"]
        self.n_dice, self.die = parse_dice(stats["dice"])
        self.move = stats["move"]
        self.fight = stats["fight"]
        self.shoot = stats["shoot"]
        self.defense = stats["defense"]
        self.figures = stats["figures"]
        self.formation = formation_of(stats)
        self.faced = has_facing(stats)
        self.weapon = weapon_of(stats, opts, where)
        self.ranged = self.weapon.get("range", 0) > 0
        self.range = hexes(self.weapon.get("range", 0), opts)
        self.long = hexes(self.weapon.get("long", 0), opts) if self.kind == "ordnance" else 0
        self.specials = frozenset(s["id"] for s in specials_of(stats, opts, where))
        self.abilities = self.specials | {a.name for a in unit_type.abilities}
        self.move_hexes = hexes(self.move, opts)
        self.points = None

    def has(self, ability_name: str) -> bool:
        return ability_name in self.abilities

    def __repr__(self) -> str:
        return f"<{self.id} {self.figures}x {self.n_dice}d{self.die}>"


def costing(army_list, unit_type, opts, divisors: dict) -> tuple[float, str]:
    """S24: a unit's points and the working the army builder shows."""
    stats = unit_type.stats or {}
    problems = stats_problems(stats)
    if problems:
        raise ValueError(problems[0][1])
    where = f"unit {unit_type.id!r}"
    kind = stats["type"]
    n, die = parse_dice(stats["dice"])
    divisor = divisors.get(kind)
    if not divisor or divisor <= 0:
        raise ValueError(f"the divisor for {kind!r} is {divisor!r}; set points.params.divisors."
                         f"{kind} to a positive number")
    move, defense = stats["move"], stats["defense"]
    fight, shoot = stats["fight"], stats["shoot"]
    mini = (n * (die * move) + die * defense + 10 * fight + 10 * shoot) / divisor
    w = weapon_of(stats, opts, where)
    weapon = w.get("cost", 0)
    per = mini + weapon
    extra = []
    for s in specials_of(stats, opts, where):
        price = s["price"] if "price" in s else per * s["percent"] / 100
        extra.append((s["name"], price))
    per += sum(p for _, p in extra)
    figures = stats["figures"]
    value = max(1, int(figures * per + 0.5))
    text = (f"action-dice ({kind}, divisor {_num(divisor)}): ({n}×({die}×move {move}) + "
            f"{die}×defense {defense} + 10×fight {fight} + 10×shoot {shoot}) ÷ {_num(divisor)} = "
            f"{_num(mini)}; + {w['name']} {_num(weapon)}")
    for name, price in extra:
        text += f" + {name} {_num(price)}"
    text += f" = {_num(per)} a figure; × {figures} figures = {_num(figures * per)}"
    if value != figures * per:
        text += f" → {value}"
    return float(value), text


def _num(value: float) -> str:
    value = round(value, 2)
    return str(int(value)) if float(value).is_integer() else f"{value:.2f}".rstrip("0")

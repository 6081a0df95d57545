"""The Action Dice options: the scale, the seed's weapons table and special abilities with
their prices, the vehicle damage chart (the seed's is partly lost: the default is the
project's completion) and the project's readings where the seed is silent. Every one is
named with its rule on docs/rulesets/action-dice.md."""
from __future__ import annotations

from types import SimpleNamespace

from studio.engine.errors import SetupError
from studio.engine.options import Option, read_options

# The seed's example weapons: modifier to Fight (F) or Shoot (S), range in inches, cost per
# miniature (10 x modifier + 2 x range). Its machine-gun row is unreadable, so it is absent.
# `long` (ordnance only) is the project's reading: the seed gives ordnance two ranges but
# prints only one for its cannon.
DEFAULT_WEAPONS = [
    {"id": "hand-weapon", "name": "Claw, hand weapon, spear or sword", "fight": 0, "shoot": 0,
     "range": 0, "cost": 0},
    {"id": "great-weapon", "name": "Big bite, claw or fist, great axe or sword", "fight": 1,
     "shoot": 0, "range": 0, "cost": 10},
    {"id": "bow", "name": "Bow or crossbow", "fight": 0, "shoot": 1, "range": 6, "cost": 22},
    {"id": "longbow", "name": "Longbow", "fight": 0, "shoot": 1, "range": 10, "cost": 30},
    {"id": "pistol", "name": "Pistol", "fight": 0, "shoot": 1, "range": 6, "cost": 22},
    {"id": "musket", "name": "Musket", "fight": 0, "shoot": 2, "range": 10, "cost": 40},
    {"id": "assault-rifle", "name": "Assault rifle", "fight": 0, "shoot": 3, "range": 9,
     "cost": 48},
    {"id": "sniper-rifle", "name": "Sniper rifle", "fight": 0, "shoot": 2, "range": 15,
     "cost": 50},
    {"id": "ray-gun", "name": "Ray gun", "fight": 0, "shoot": 3, "range": 6, "cost": 42},
    {"id": "cannon-50mm", "name": "50mm cannon", "fight": 0, "shoot": 4, "range": 18,
     "long": 36, "cost": 76},
    # The project's own, for fantasy ordnance: the seed names ballistae but prices none.
    {"id": "bolt-thrower", "name": "Bolt thrower", "fight": 0, "shoot": 2, "range": 16,
     "long": 32, "cost": 52},
]

# The seed's special abilities and their prices per miniature (Rear Attack Arc: a share of
# the vehicle's own cost). `types`: the combatant types that may have it.
DEFAULT_SPECIALS = [
    {"id": "fearless", "name": "Fearless", "price": 30},
    {"id": "fireball", "name": "Fireball", "price": 20, "types": ["hero"]},
    {"id": "fast", "name": "Fast", "price": 50},
    {"id": "command", "name": "Command", "price": 50, "types": ["hero"]},
    {"id": "additional-turn", "name": "Additional Turn", "price": 30, "types": ["vehicle"]},
    {"id": "rear-attack-arc", "name": "Rear Attack Arc", "percent": 20, "types": ["vehicle"]},
]

# S18: d8 + the attack's quotient. The seed keeps four results but loses their scores; the
# bands are the project's reading. Its third row is "same as 1-4 results plus" a +1 on later
# rolls: the 1-4 band is the defender's choice, so the third row is too
# (`defender-chooses-plus`); `attacker-chooses-plus` is there for a designer who reads it
# as the row above it.
DAMAGE_RESULTS = ("defender-chooses", "attacker-chooses", "defender-chooses-plus",
                  "attacker-chooses-plus", "destroyed")
DEFAULT_DAMAGE_CHART = [
    {"from": 1, "to": 4, "result": "defender-chooses"},
    {"from": 5, "to": 7, "result": "attacker-chooses"},
    {"from": 8, "to": 9, "result": "defender-chooses-plus"},
    {"from": 10, "to": 99, "result": "destroyed"},
]
DAMAGE_KINDS = ("move", "defense", "range", "arc")

SPEC = {
    "inches_per_hex": Option(int, 2, low=1, high=12,
                             help="S1: inches of the tabletop one hex stands for"),
    "order_die": Option(int, 6, low=2, high=20, help="S5: the die each side rolls for order"),
    "actions": Option(int, 2, low=1, high=4, help="S6: actions of an activation"),
    "march_fraction": Option(float, 0.5, low=0.0, high=2.0,
                             help="S8: a move may go this part of Move further, disordered"),
    "contact_width": Option(int, 5, low=1, high=50,
                            help="S10: figures of a rank that touch an enemy across a hexside"),
    "weapons": Option(list, DEFAULT_WEAPONS, help="S13: the weapons table"),
    "specials": Option(list, DEFAULT_SPECIALS, help="S21: special abilities and prices"),
    "damage_chart": Option(list, DEFAULT_DAMAGE_CHART,
                           help="S18: the vehicle damage chart (project's completion)"),
    "defender_picks": Option(list, ["range", "move", "arc", "defense"],
                             help="S18: what a defender's choice takes, first that applies"),
    "attacker_picks": Option(list, ["defense", "arc", "move", "range"],
                             help="S18: what an attacker's choice takes, first that applies"),
    "fireball_range": Option(int, 12, low=1, high=100, help="S22: inches a fireball reaches"),
    "command_radius": Option(int, 8, low=1, high=100, help="S20: inches of a hero's Command"),
}
OPTION_NAMES = tuple(SPEC)
WEAPON_KEYS = {"id", "name", "fight", "shoot", "range", "long", "cost"}
SPECIAL_KEYS = {"id", "name", "price", "percent", "types"}
TYPES = ("basic", "ordnance", "elite", "hero", "vehicle")


def weapon_cost(w: dict) -> int:
    """The seed's weapon formula: 10 x fight + 10 x shoot + 2 x range."""
    return 10 * w.get("fight", 0) + 10 * w.get("shoot", 0) + 2 * w.get("range", 0)


def _number(v) -> bool:
    return isinstance(v, (int, float)) and not isinstance(v, bool)


def table_problems(values: dict) -> list[tuple[tuple, str]]:
    """(path inside the options, message) for bad rows of the weapons, specials and damage
    tables and bad picking orders."""
    out: list[tuple[tuple, str]] = []
    for n, w in _rows(out, values, "weapons", "weapon", "an id, fight/shoot, range and cost",
                      WEAPON_KEYS, "a weapon field"):
        for key in ("fight", "shoot", "range", "long", "cost"):
            if key in w and (not _number(w[key]) or w[key] < 0):
                out.append((("weapons", n, key), f"weapon {w['id']!r}: {key} {w[key]!r} must "
                                                 "be a number 0 or more"))
        if out and out[-1][0][:2] == ("weapons", n):
            continue
        if "cost" in w and w["cost"] != weapon_cost(w):
            out.append((("weapons", n, "cost"), f"weapon {w['id']!r} costs {w['cost']!r} but "
                        f"10 x fight + 10 x shoot + 2 x range is {weapon_cost(w)}"))
        if "long" in w and w["long"] < w.get("range", 0):
            out.append((("weapons", n, "long"), f"weapon {w['id']!r}: long range {w['long']} "
                                                f"is shorter than its range {w.get('range', 0)}"))
    for n, s in _rows(out, values, "specials", "special", "an id and a price (or percent)",
                      SPECIAL_KEYS, "a special's field"):
        if ("price" in s) == ("percent" in s):
            out.append((("specials", n), f"special {s['id']!r}: give a price or a percent"))
        for key in ("price", "percent"):
            if key in s and (not _number(s[key]) or s[key] < 0):
                out.append((("specials", n, key), f"special {s['id']!r}: {key} must be 0 or more"))
        for t in s.get("types", []):
            if t not in TYPES:
                out.append((("specials", n, "types"), f"special {s['id']!r}: {t!r} is not a "
                                                      f"combatant type ({', '.join(TYPES)})"))
    covered: dict[int, int] = {}
    for n, row in enumerate(values["damage_chart"]):
        if not isinstance(row, dict) or not {"from", "to", "result"} <= set(row) or \
                not all(isinstance(row[k], int) for k in ("from", "to")) or row["from"] > row["to"]:
            out.append((("damage_chart", n), "a damage chart row needs whole numbers from <= to "
                                             "and a result"))
            continue
        if row["result"] not in DAMAGE_RESULTS:
            out.append((("damage_chart", n, "result"), f"{row['result']!r} is not a damage "
                                                       f"result ({', '.join(DAMAGE_RESULTS)})"))
        for score in range(max(1, row["from"]), min(row["to"], 99) + 1):
            if score in covered:
                out.append((("damage_chart", n), f"score {score} is also in row "
                                                 f"{covered[score] + 1}: rows overlap"))
                break
            covered[score] = n
    gaps = [s for s in range(1, 100) if s not in covered]
    if gaps and values["damage_chart"]:
        out.append((("damage_chart",), f"scores {gaps[0]}..{gaps[-1]} are in no row: the chart "
                                       "must cover 1 to 99"))
    for key in ("defender_picks", "attacker_picks"):
        bad = [k for k in values[key] if k not in DAMAGE_KINDS]
        if bad or not values[key]:
            out.append(((key,), f"{key} lists damage kinds, from {', '.join(DAMAGE_KINDS)}"))
    return out


def _rows(out: list, values: dict, table: str, what: str, needs: str, keys: set, field: str):
    """(index, row) of each row of `table` that has an id, once the problems any row of a
    table may have are in `out`: no id, a field not in `keys`, an id listed twice."""
    seen: set = set()
    for n, row in enumerate(values[table]):
        if not isinstance(row, dict) or "id" not in row:
            out.append(((table, n), f"a {what} needs {needs}"))
            continue
        for key in sorted(set(row) - keys):
            out.append(((table, n, key), f"{what} {row['id']!r}: {key!r} is not {field} "
                                         f"({', '.join(sorted(keys))})"))
        if row["id"] in seen:
            out.append(((table, n, "id"), f"{what} {row['id']!r} is listed twice"))
        seen.add(row["id"])
        yield n, row


def options_from(ruleset_file, override: dict | None = None) -> SimpleNamespace:
    """The typed options of an Action Dice ruleset file (SetupError on a bad one)."""
    where = f"ruleset {ruleset_file.id!r}"
    values = read_options(SPEC, dict(ruleset_file.options or {}), where, override)
    problems = table_problems(values)
    if problems:
        path, message = problems[0]
        raise SetupError(f"{where}: {'.'.join(map(str, path))}: {message}")
    opts = SimpleNamespace(**values)
    opts.weapon = {w["id"]: w for w in values["weapons"]}
    opts.special = {s["id"]: s for s in values["specials"]}
    chart = [None] * 100
    for row in values["damage_chart"]:
        for score in range(max(1, row["from"]), min(row["to"], 99) + 1):
            chart[score] = row["result"]
    opts.chart = chart
    opts.draw_at_round_limit = True
    return opts


class _Unlisted(dict):
    """A table that answers for any id: what a counter prints of a weapon or special the
    bundled tables do not list (a designer's own; the game itself refuses it unlisted)."""

    def get(self, key, default=None):
        found = super().get(key)
        return found if found is not None else {"id": key, "name": key, "price": 0}


def lenient() -> SimpleNamespace:
    """The default options, taking any weapon or special id (for printing counters without
    the ruleset file at hand)."""
    opts = defaults()
    opts.weapon = _Unlisted(opts.weapon)
    opts.special = _Unlisted(opts.special)
    return opts


def defaults() -> SimpleNamespace:
    """The options of a ruleset file that sets none (for costing without a library)."""
    return options_from(SimpleNamespace(id="action-dice", options={}))

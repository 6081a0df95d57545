"""A unit type as Quick and Dirty plays it: base strength = type + discipline + equipment
(Q9); enhancements add cost and may add to the attack roll, never to the strength."""
from __future__ import annotations

ELITE = ("elite", "veteran")
STAT_KEYS = ("type", "type_value", "discipline", "discipline_value", "equipment",
             "enhancements")


def enhancement_cost(value) -> float:
    return float(value.get("cost", 0)) if isinstance(value, dict) else float(value)


def _enhancement_attack(value) -> int:
    return int(value.get("attack", 0)) if isinstance(value, dict) else 0


def stats_problems(stats) -> list[tuple[tuple, str]]:
    """What is wrong with a unit's `stats` for Quick and Dirty (path, message)."""
    if not isinstance(stats, dict) or not stats:
        return [(("stats",), "a Quick and Dirty unit needs stats: type, type_value, "
                             "discipline, discipline_value, equipment")]
    out = []
    for key in STAT_KEYS[:4]:
        if key not in stats:
            out.append((("stats",), f"stats has no {key}"))
    for key in sorted(set(stats) - set(STAT_KEYS)):
        out.append((("stats", key), f"{key!r} is not a Quick and Dirty stat "
                                    f"(known: {', '.join(STAT_KEYS)})"))
    for key in ("type_value", "discipline_value"):
        v = stats.get(key)
        if key in stats and (isinstance(v, bool) or not isinstance(v, int) or not 0 <= v <= 20):
            out.append((("stats", key), f"{key} {v!r} must be a whole number 0..20"))
    for key in ("type", "discipline"):
        if key in stats and not isinstance(stats[key], str):
            out.append((("stats", key), f"{key} {stats[key]!r} must be a name"))
    for key in ("equipment", "enhancements"):
        table = stats.get(key, {})
        if not isinstance(table, dict):
            out.append((("stats", key), f"{key} must map names to values"))
            continue
        for name, value in table.items():
            number = value.get("cost") if isinstance(value, dict) else value
            if isinstance(number, bool) or not isinstance(number, (int, float)) or \
                    not 0 <= number <= 20:
                out.append((("stats", key, name), f"{key} {name!r}: {value!r} must be a "
                                                  "number 0..20 (or {cost:, attack:})"))
    if stats.get("type_value") == 0:
        out.append((("stats", "type_value"), "a unit type is worth at least 1"))
    return out


def base_strength(stats) -> int:
    return int(stats.get("type_value", 0) + stats.get("discipline_value", 0)
               + sum(enhancement_cost(v) for v in (stats.get("equipment") or {}).values()))


def unit_cost(stats) -> float:
    """Q24: base strength plus enhancements, never below the type's own value."""
    cost = base_strength(stats) + sum(enhancement_cost(v)
                                      for v in (stats.get("enhancements") or {}).values())
    return max(cost, stats.get("type_value", 0))


class Profile:
    """What the rules read of a unit type (shared by every unit of that type)."""

    __slots__ = ("army_list", "type", "id", "name", "strength", "move", "flying", "missile",
                 "range", "mob", "elite", "attack_bonus", "points", "abilities", "cost",
                 "is_leader")

    def __init__(self, army_list, unit_type):
        stats = unit_type.stats or {}
        self.army_list = army_list
        self.type = unit_type
        self.id = unit_type.id
        self.name = unit_type.name
        self.strength = base_strength(stats)
        self.cost = unit_cost(stats)
        self.move = int(unit_type.move or 0)
        self.flying = bool(unit_type.flying)
        self.missile = unit_type.has_tag("missile")
        self.range = int(unit_type.range or 1) if self.missile else 1
        self.mob = unit_type.has_tag("mob") or stats.get("discipline") == "mob"
        self.elite = stats.get("discipline") in ELITE
        self.attack_bonus = max([_enhancement_attack(v) for v in
                                 (stats.get("enhancements") or {}).values()] or [0])
        self.abilities = {a.name for a in unit_type.abilities}
        self.is_leader = unit_type.has_tag("leader")
        self.points = None

    def has(self, ability_name: str) -> bool:
        return ability_name in self.abilities

    def __repr__(self) -> str:
        return f"<{self.id} strength {self.strength}>"


def costing(stats: dict | None) -> tuple[float, str]:
    """A unit's points (Q2) and the sum as the army builder shows it."""
    stats = stats or {}
    if "type_value" not in stats:
        raise ValueError("no stats: type_value: the quick-and-dirty formula needs type, "
                         "discipline and equipment values")
    typ = stats["type_value"]
    base, value = base_strength(stats), unit_cost(stats)
    parts = [f"type {_num(typ)}", f"discipline {_num(stats.get('discipline_value', 0))}"]
    parts += [f"{k} {_num(enhancement_cost(v))}" for k, v in (stats.get("equipment") or {}).items()]
    text = " + ".join(parts) + f" = base strength {_num(base)}"
    enh = stats.get("enhancements") or {}
    if enh:
        text += " + enhancements " + " + ".join(f"{k} {_num(enhancement_cost(v))}"
                                                 for k, v in enh.items())
    if value == typ and value > base + sum(enhancement_cost(v) for v in enh.values()):
        text += f"; raised to the type's minimum {_num(typ)}"
    return value, f"{text} = {_num(value)}"


def _num(value: float) -> str:
    return f"{value:.2f}".rstrip("0").rstrip(".") if not float(value).is_integer() else str(int(value))

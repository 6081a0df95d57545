"""Rules of War's points formulas, which army lists of its game name: `rules-of-war` (from
the six stats) and `skirmish-003` (the skirmish system's miniature cost on our stats).
docs/points.md states each with a worked example; the numbers here must stay in step."""
from __future__ import annotations

import math

from studio.engine.contract import Formula, PointsCapability
from studio.model import ArmyList, UnitType


def _round_half_up(value: float) -> int:
    # Python's round() sends 6.5 to 6 and 7.5 to 8; costs should not depend on parity.
    return math.floor(value + 0.5)


def _num(value: float) -> str:
    return f"{value:.2f}".rstrip("0").rstrip(".") if not float(value).is_integer() else str(int(value))


# --------------------------------------------------------------------------------------------
# rules-of-war
# --------------------------------------------------------------------------------------------

# Restrictions written as abilities; paying extra for a handicap would make a worse unit
# dearer, so these add nothing.
DRAWBACKS = frozenset({
    "no-ranged-after-move", "no-attack-after-move", "always-charge", "every-other-round",
    "out-of-ammo", "must-land", "half-at-half-hull", "degrade-per-hit", "capture-on-destroy",
    "rout-attacks-friends", "water-only", "immobile", "forward-arc-only", "leaderless-morale",
    "never-second-disruption",
})

RW_DEFENSE_WEIGHT = 0.6
RW_MORALE_WEIGHT = 0.3
RW_MOBILITY_WEIGHT = 0.7
RW_FLYING_FACTOR = 1.5
RW_SCALE = 5
RW_ABILITY_ADD = 0.5
RW_OTHER_ARC_WEIGHT = 0.25


def _attack_dice_factor(unit: UnitType) -> float:
    """Attacks a round, counting the front arc fully and other arcs (both sides) at a quarter."""
    if not unit.attack_dice:
        return 1.0
    dice = unit.attack_dice
    front = max(0, dice.get("front", 0) or 0)
    aft = max(0, dice.get("aft", 0) or 0)
    sides = max(0, dice.get("sides", 0) or 0)
    return front + RW_OTHER_ARC_WEIGHT * (aft + 2 * sides)


def _priced_abilities(army_list: ArmyList, unit: UnitType) -> list[str]:
    names: list[str] = []
    for ability in army_list.effective_abilities(unit):
        if ability.name not in DRAWBACKS and ability.name not in names:
            names.append(ability.name)
    return names


def _rating_vs_floor(army_list: ArmyList, unit: UnitType) -> float:
    """Mean of the ratings `attack-rating-vs` sets (Star Wars Point Defense, Bombardment).

    Those ships print no attack of their own; without this their attack dice would multiply 0.
    """
    values = [a.get("value") for a in army_list.effective_abilities(unit)
              if a.name == "attack-rating-vs" and isinstance(a.get("value"), (int, float))]
    return sum(values) / len(values) if values else 0.0


def rules_of_war(army_list: ArmyList, unit: UnitType, library: object = None) -> tuple[float, str]:
    range_ = max(1, int(army_list.stat(unit, "range") or 1))
    floor = _rating_vs_floor(army_list, unit)
    ratings = [max(0, floor, r or 0) for r in unit.attack.by_distance(range_)]
    melee = ratings[0]
    reach = sum(r / d for d, r in enumerate(ratings[1:], start=2))
    dice = _attack_dice_factor(unit)
    offence = dice * (melee + reach)
    defense = army_list.stat(unit, "defense") or 0
    morale = army_list.stat(unit, "morale") or 0
    move = max(0.0, float(army_list.stat(unit, "move") or 0))
    mobility = 2 * math.log2(1 + move) * (RW_FLYING_FACTOR if unit.flying else 1)
    hits = army_list.stat(unit, "hits") or 0
    durability = max(1, hits + (unit.shields or 0))
    raw = max(0.0, offence + RW_DEFENSE_WEIGHT * defense + RW_MORALE_WEIGHT * morale
              + RW_MOBILITY_WEIGHT * mobility)
    abilities = _priced_abilities(army_list, unit)
    value = raw * durability / RW_SCALE + RW_ABILITY_ADD * len(abilities)
    cost = max(1, _round_half_up(value))

    attack_text = f"attack {_num(melee)}"
    if reach:
        attack_text += f" + reach {_num(reach)}"
    if dice != 1:
        attack_text = f"{_num(dice)} dice × ({attack_text})"
    move_text = f"mobility {_num(mobility)}" + (" flying" if unit.flying else "")
    durability_text = f"hits {_num(hits)}" + (f" + shields {unit.shields}" if unit.shields else "")
    text = (f"rules-of-war: ({attack_text} + {RW_DEFENSE_WEIGHT}×defense {_num(defense)} + "
            f"{RW_MORALE_WEIGHT}×morale {_num(morale)} + {RW_MOBILITY_WEIGHT}×{move_text}) = "
            f"{_num(raw)}; × {_num(durability)} ({durability_text}) ÷ {RW_SCALE}")
    if abilities:
        text += f" + {RW_ABILITY_ADD}×{len(abilities)} abilities ({', '.join(abilities)})"
    text += f" = {_num(value)} → {cost}"
    return cost, text


# --------------------------------------------------------------------------------------------
# skirmish-003
# --------------------------------------------------------------------------------------------

# The source names the combatant types but its table of divisors is lost; these are ours.
SKIRMISH_DIVISORS: dict[str, float] = {"basic": 10, "ordnance": 10, "elite": 8, "hero": 6,
                                        "vehicle": 8}
SKIRMISH_DIE_SIDES = 10     # dN: our units roll a d10
SKIRMISH_DICE = 1           # Nd: one die per roll


def skirmish_divisors(army_list: ArmyList) -> dict[str, float]:
    """The default divisors with the list's `points.params.divisors` laid over them."""
    divisors = dict(SKIRMISH_DIVISORS)
    divisors.update(army_list.points.params.get("divisors") or {})
    return divisors


def skirmish_003(army_list: ArmyList, unit: UnitType,
                 library: object = None) -> tuple[float, str]:
    divisors = skirmish_divisors(army_list)
    types = [t for t in divisors if t in unit.tags] or ["basic"]
    kind = min(types, key=lambda t: divisors[t])       # the dearest type the unit carries
    divisor = divisors[kind]
    if not divisor or divisor <= 0:
        raise ValueError(f"skirmish-003 divisor for {kind!r} is {divisor!r}; "
                          f"set points.params.divisors.{kind} to a positive number")
    range_ = max(1, int(army_list.stat(unit, "range") or 1))
    ratings = unit.attack.by_distance(range_)
    fight = max(0, ratings[0] or 0)
    ranged = [r for r in ratings[1:] if r is not None]
    shoot = max(0, max(ranged)) if ranged else 0
    move = max(0.0, float(army_list.stat(unit, "move") or 0))
    defense = army_list.stat(unit, "defense") or 0
    miniature = (SKIRMISH_DICE * (SKIRMISH_DIE_SIDES * move) + SKIRMISH_DIE_SIDES * defense
                 + fight * 10 + shoot * 10) / divisor
    weapon_range = range_ if ranged else 0
    weapon = weapon_range * 2
    value = miniature + weapon
    cost = max(1, _round_half_up(value))
    text = (f"skirmish-003 ({kind}, divisor {_num(divisor)}): (1×10×move {_num(move)} + "
            f"10×defense {_num(defense)} + 10×fight {_num(fight)} + 10×shoot {_num(shoot)}) ÷ "
            f"{_num(divisor)} = {_num(miniature)}")
    if weapon:
        text += f"; + 2×range {weapon_range} = {_num(value)}"
    if cost != value:
        text += f" → {cost}"
    return cost, text


POINTS = PointsCapability((
    Formula("rules-of-war", "From the six stats: attack by distance, defense, morale, move, "
            "hits and shields, plus a little per ability.", (), rules_of_war),
    Formula("skirmish-003", "The skirmish system's miniature cost on our stats, divided by the "
            "combatant type's divisor, plus two points per hex of ranged reach.", ("divisors",),
            skirmish_003, {"divisors": SKIRMISH_DIVISORS}),
))

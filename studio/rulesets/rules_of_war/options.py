"""The Rules of War options as one typed object, read from a `Ruleset` (never hard-coded).

Every field is a ruleset option of `docs/ruleset-options.md`; the engine reads choices the
rules page calls optional only from here.
"""
from __future__ import annotations

from dataclasses import dataclass, fields
from fractions import Fraction
from typing import Any

from studio.engine.errors import SetupError


@dataclass(frozen=True, slots=True)
class Options:
    die_sides: int
    magic_die_halved: bool
    initiative_leader_penalty: int
    front_arc_degrees: int
    arc_boundary_inclusive: bool
    stacking_limit: int
    free_turn_hexsides_per_hex: int
    turn_any_cost_mp: Fraction
    uphill_extra_mp: Fraction
    min_move_one_hex: bool
    move_through_friends: bool
    mount_cost_mp: Fraction
    zone_of_control: str
    reaction_attacks: bool
    los_hexside: str
    units_block_los: bool
    auto_hit: frozenset
    auto_miss: frozenset
    multi_attacker_bonus: int
    rear_attack_bonus: int
    higher_ground_attack_bonus: int
    defense_from_below_bonus: int
    rear_defense_penalty: int
    terrain_save_strict: bool
    free_advance: bool
    leader_morale_penalty: int
    outnumbered_penalty: int
    outnumbered_ratio: Fraction
    outnumbered_radius: int
    rally_divisor: int
    spotting: bool
    draw_at_round_limit: bool


OPTION_NAMES: tuple[str, ...] = tuple(f.name for f in fields(Options))

_CHOICES = {"zone_of_control": ("none", "stop"), "los_hexside": ("both", "either")}
_FRACTIONS = {"turn_any_cost_mp", "uphill_extra_mp", "mount_cost_mp", "outnumbered_ratio"}
_SETS = {"auto_hit", "auto_miss"}
_BOOLS = {f.name for f in fields(Options) if f.type == "bool"}


def _convert(name: str, value: Any, where: str) -> Any:
    if name in _FRACTIONS:
        try:
            return Fraction(str(value)) if not isinstance(value, Fraction) else value
        except (ValueError, ZeroDivisionError):
            raise SetupError(f"{where}: option {name}: {value!r} is not a number") from None
    if name in _SETS:
        if not isinstance(value, (list, tuple, set, frozenset)):
            raise SetupError(f"{where}: option {name}: {value!r} is not a list of die faces")
        return frozenset(int(v) for v in value)
    if name in _CHOICES:
        if value not in _CHOICES[name]:
            raise SetupError(f"{where}: option {name}: {value!r} is not one of "
                             f"{', '.join(_CHOICES[name])}")
        return value
    if name in _BOOLS:
        if not isinstance(value, bool):
            raise SetupError(f"{where}: option {name}: {value!r} is not true/false")
        return value
    if isinstance(value, bool) or not isinstance(value, int):
        raise SetupError(f"{where}: option {name}: {value!r} is not a whole number")
    return value


def options_from(ruleset, override: dict | None = None) -> Options:
    """The typed options of `ruleset`, with `override` (option name -> value) on top.

    A missing option is an error (the ruleset file must list every option) and so is an
    unknown override name: a typo must never silently fall back to a default.
    """
    where = f"ruleset {ruleset.id!r}"
    override = dict(override or {})
    unknown = sorted(set(override) - set(OPTION_NAMES))
    if unknown:
        raise SetupError(f"options_override names unknown option(s) {', '.join(map(repr, unknown))}; "
                         f"known options: {', '.join(OPTION_NAMES)}")
    values = {}
    for name in OPTION_NAMES:
        if name in override:
            raw = override[name]
        elif name in ruleset.options:
            raw = ruleset.options[name]
        else:
            raise SetupError(f"{where} has no option {name!r}; add it to the ruleset file "
                             "(docs/ruleset-options.md lists every option with its default)")
        values[name] = _convert(name, raw, where)
    if values["die_sides"] < 2:
        raise SetupError(f"{where}: option die_sides must be at least 2")
    if values["rally_divisor"] < 1:
        raise SetupError(f"{where}: option rally_divisor must be at least 1")
    return Options(**values)


DEFAULTS: dict[str, Any] = {
    "die_sides": 10, "magic_die_halved": True, "initiative_leader_penalty": 2,
    "front_arc_degrees": 120, "arc_boundary_inclusive": True, "stacking_limit": 1,
    "free_turn_hexsides_per_hex": 1, "turn_any_cost_mp": 1, "uphill_extra_mp": 1,
    "min_move_one_hex": True, "move_through_friends": True, "mount_cost_mp": 1,
    "zone_of_control": "none", "reaction_attacks": True, "los_hexside": "both",
    "units_block_los": False, "auto_hit": [1, 10], "auto_miss": [],
    "multi_attacker_bonus": 1, "rear_attack_bonus": 2, "higher_ground_attack_bonus": 1,
    "defense_from_below_bonus": 1, "rear_defense_penalty": 3, "terrain_save_strict": True,
    "free_advance": True, "leader_morale_penalty": 2, "outnumbered_penalty": 1,
    "outnumbered_ratio": 2, "outnumbered_radius": 2, "rally_divisor": 2, "spotting": False,
    "draw_at_round_limit": True,
}
"""The bundled rules-of-war.yaml values, for tests and tools that build a Ruleset in code."""

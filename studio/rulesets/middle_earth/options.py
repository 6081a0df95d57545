"""The Middle Earth options: every table of the 1976 booklet, read from the ruleset file.

The bundled file (libraries/rulesets/middle-earth.yaml) carries each table with the scan's
reading of every cell and whether it is legible, reconstructed or chosen; the game reads
only the values. A designer's ruleset file of this system gives every table (start from a
copy of the bundled one); a missing or misspelt table is a setup error naming it.
"""
from __future__ import annotations

from studio.engine.errors import SetupError
from studio.engine.options import Option, check_option

# The tables the rules read, each with its type and rule on docs/rulesets/middle-earth.md.
# Every other key of the file (the `*_status`, `read:` and `readings:` documentation) is
# allowed but not read.
REQUIRED = {
    "metres_per_hex": (int, "M1"), "troop_types": (dict, "M3"), "movement": (dict, "M4"),
    "terrain_columns": (list, "M5"), "terrain_effects": (dict, "M5"),
    "turn_about": (dict, "M6"), "organisation_states": (list, "M7"),
    "charged_front": (dict, "M7"), "charged_rear": (dict, "M7"),
    "reform_moves": (dict, "M7"), "withdrawal_states": (dict, "M13"),
    "obey_classes": (list, "M9"), "obey_needs_above": (int, "M9"),
    "obey_factors": (dict, "M9"), "cajole_bonus": (dict, "M10"),
    "morale_dice": (dict, "M11"), "reactions": (list, "M12"), "desperation": (list, "M12"),
    "morale_classes": (list, "M14"), "morale_plus": (dict, "M14"),
    "morale_minus": (dict, "M14"), "law_minus": (dict, "M14"), "rohan_plus": (dict, "M14"),
    "orc_plus": (dict, "M14"), "orc_minus": (dict, "M14"), "other_evil_plus": (dict, "M14"),
    "half_strength_50": (dict, "M15"), "half_strength_25": (dict, "M15"),
    "half_strength_50_penalty": (int, "M15"), "half_strength_25_penalty": (int, "M15"),
    "charisma_by_average_die": (dict, "M17"),
    "average_die": (list, "M19"), "melee_factors": (dict, "M19"),
    "retreating_defender": (int, "M24"), "rout_attacker_bonus": (int, "M24"),
    "rout_defender": (int, "M24"), "impetus": (dict, "M21"), "push_columns": (list, "M22"),
    "push_back": (dict, "M22"), "push_per_rank": (int, "M22"),
    "fire_factors": (dict, "M23"), "frontage": (dict, "M18"),
    "chart_1": (dict, "M18"), "chart_2": (dict, "M18"), "chart_3": (dict, "M23"),
    "chart_4": (dict, "M23"), "casualty_chart": (dict, "M20"),
    "hit_sustention": (dict, "M28"), "aerial_to_hit": (dict, "M28"),
    "ground_to_air": (dict, "M28"), "flyer_falls_enemy": (dict, "M28"),
    "flyer_falls_friend": (dict, "M28"),
    "energy": (dict, "M29"), "recovery_rest": (list, "M31"),
    "recovery_semi_rest": (list, "M31"), "depletion": (dict, "M30"),
    "spell_letters": (dict, "M29"), "will_base": (int, "M32"), "will_min_need": (int, "M32"),
    "will_first_success": (dict, "M32"), "will_again_success": (dict, "M32"),
    "will_failure": (dict, "M32"), "beam_of_good": (dict, "M33"),
    "cause_fire_range": (int, "M33"), "cause_fire_small": (list, "M33"),
    "cause_fire_large": (list, "M33"), "cause_fire_sturdy_morale": (int, "M33"),
    "limited_command_range": (int, "M33"), "disarmed_dies_on": (list, "M33"),
    "impress_range": (int, "M33"), "defence_bolt_figures": (int, "M33"),
    "fire_burst_range": (int, "M33"), "fire_burst_killed": (int, "M33"),
    "rout_spell_range": (int, "M33"), "rout_spell_stand": (dict, "M33"),
    "break_staff_max_victim_level": (int, "M33"), "break_staff_need": (dict, "M33"),
    "staff_spells": (dict, "M33"), "spell_morale": (dict, "M34"),
    "shadow_range": (int, "M35"), "shadow_ringwraith": (dict, "M35"),
    "shadow_witch_king": (dict, "M35"), "shadow_hero_relief": (int, "M35"),
    "shadow_gandalf_relief": (int, "M35"), "shadow_grounded": (int, "M35"),
    "hero_energy": (dict, "M36"), "hero_hit_dice": (dict, "M36"),
    "attack_dice_steps": (list, "M37"), "hero_to_hit": (list, "M37"),
    "weather": (str, "M38"), "weather_move": (dict, "M38"), "orcs_rain_morale": (int, "M38"),
    "sauron_cloud": (bool, "M38"), "daylight": (bool, "M16"), "wind_morale": (dict, "M38"),
    "magic_wood_entry_morale": (int, "M39"), "evil_in_good_wood_factor": (int, "M39"),
    "quarrel_range": (int, "M8"), "quarrel_quiet_range": (int, "M8"),
    "quarrel_scores": (dict, "M8"), "quarrel_losses": (dict, "M8"), "quarrel_save": (list, "M8"),
    "warg_revolt": (dict, "M8"),
}
WEATHERS = ("normal", "rain", "stormy-rain", "snow", "hot", "roll")
WINDS = (None, "n", "s", "e", "w", "nw", "sw", "ne", "se")
# Documentation or optional keys a file may carry beside the tables.
OPTIONAL = {"round_limit_default", "reform_moves_semi", "scattered_reform_penalty",
            "dwarves_engaging_orcs", "orc_leader_killed_die", "elephant_hits",
            "elephant_wild_at", "elephant_wild_die", "push_back_status",
            "ground_to_air_range_cut", "darts", "hero_frontage", "hero_surrounded", "season",
            "weather_table", "wind", "wind_direction_d20"}
OPTION_NAMES = tuple(REQUIRED) + tuple(sorted(OPTIONAL))


def read_tables(values: dict, where: str, override: dict | None = None) -> dict:
    """The options of a Middle Earth ruleset file, checked: every table present and of its
    type, nothing unknown; `override` (e.g. {"weather": "snow"}) on top."""
    values = dict(values or {})
    override = dict(override or {})
    unknown = sorted((set(values) | set(override)) - set(REQUIRED) - OPTIONAL)
    if unknown:
        raise SetupError(f"{where}: unknown option(s) {', '.join(map(repr, unknown))}")
    values.update(override)
    missing = [k for k in REQUIRED if k not in values]
    if missing:
        raise SetupError(f"{where}: the Middle Earth tables {', '.join(missing)} are missing; "
                         "copy them from the bundled ruleset middle-earth")
    out = dict(values)
    for name, (kind, rule) in REQUIRED.items():
        out[name] = check_option(name, Option(kind, None, help=rule), values[name], where)
    if out["weather"] not in WEATHERS:
        raise SetupError(f"{where}: option weather: {out['weather']!r} is not one of "
                         f"{', '.join(WEATHERS)}")
    if out.get("wind") not in WINDS:
        raise SetupError(f"{where}: option wind: {out['wind']!r} is not one of "
                         f"{', '.join(str(w) for w in WINDS[1:])} (or null)")
    return out

"""The Quick and Dirty options: every choice the seed offers, and the project's readings
where it is silent (docs/rulesets/quick-and-dirty.md names each with its rule)."""
from __future__ import annotations

from types import SimpleNamespace

from studio.engine.errors import SetupError
from studio.engine.options import Option, read_options

from .chart import DEFAULT_CHART, chart_problems, compile_chart

SPEC = {
    "die_sides": Option(int, 10, low=4, high=20, help="Q1: the die rolled for everything"),
    "setup": Option(str, "all-clear", choices=("all-clear", "hidden"),
                    help="Q2: units start in plain sight, or hidden until spotted"),
    "sight_range": Option(int, 3, low=1, high=50,
                          help="Q2: hexes within which a unit in sight spots a hidden one"),
    "initiative": Option(str, "each-turn", choices=("each-turn", "once"),
                         help="Q3: initiative rolled every battle turn, or once and kept"),
    "initiative_leader_bonus": Option(int, 0, low=0, high=5,
                                      help="Q3: added to the initiative roll of a side with a leader"),
    "zone_of_control": Option(bool, True, help="Q6: the hex ahead of a non-mob unit stops movers"),
    "flyers_ignore_zoc": Option(bool, True, help="Q7: flying units ignore zones of control"),
    "flyers_stopped_by_missile_zoc": Option(bool, False,
                                            help="Q7: ...but not those of missile units"),
    "rough_move_cost": Option(int, 2, low=1, high=4,
                              help="Q8: a hex of rough costs this many hexes of movement"),
    "rough_attack_modifier": Option(int, -1, low=-5, high=0,
                                    help="Q8: to the roll of an attack into rough"),
    "flank_bonus": Option(int, 1, low=0, high=5, help="Q10: attack roll bonus from a flank"),
    "rear_bonus": Option(int, 2, low=0, high=5, help="Q10: attack roll bonus from the rear"),
    "missiles_halved_in_melee": Option(bool, False,
                                       help="Q12: missile units count half against non-missile troops"),
    "retreat_min_fraction": Option(float, 0.5, low=0.0, high=1.0,
                                   help="Q15: a retreat shorter than this part of a move eliminates"),
    "elite_loss_retreats": Option(bool, False,
                                  help="Q17: elite and veteran units retreat and flip instead of a loss"),
    "mob_merge": Option(bool, True, help="Q18: two friendly mobs locked in one combat merge"),
    "mobs_lock_together": Option(bool, True,
                                 help="Q18: opposing mobs locked together stay in the fight"),
    "missile_save": Option(bool, True, help="Q20: front saving throw against missile losses"),
    "missile_save_retreat_max": Option(int, 5, low=0, high=20,
                                       help="Q20: save rolls up to this turn a loss into a retreat"),
    "missile_loss_is_retreat": Option(bool, False, help="Q21: every missile loss is a retreat"),
    "hilltop_shoots_over": Option(bool, False, help="Q19: units on higher ground shoot over lower units"),
    "flyers_shoot_over": Option(bool, False, help="Q19: flying units shoot over other units"),
    "army_break_fraction": Option(float, 0.5, low=0.0, high=1.0,
                                  help="Q22: a side below this part of its starting strength breaks"),
    "combat_chart": Option(list, DEFAULT_CHART, help="Q14: the combat chart (project's own default)"),
}
OPTION_NAMES = tuple(SPEC)


def options_from(ruleset_file, override: dict | None = None) -> SimpleNamespace:
    """The typed options of a Quick and Dirty ruleset file (SetupError on a bad one)."""
    where = f"ruleset {ruleset_file.id!r}"
    values = read_options(SPEC, dict(ruleset_file.options or {}), where, override)
    problems = chart_problems(values["combat_chart"], values["die_sides"])
    if problems:
        path, message = problems[0]
        row = f" row {path[0] + 1}" if path else ""
        raise SetupError(f"{where}: combat_chart{row}: {message}")
    opts = SimpleNamespace(**values)
    opts.table = compile_chart(values["combat_chart"], values["die_sides"])
    opts.draw_at_round_limit = True
    return opts

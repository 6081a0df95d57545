"""The playsheet's sections for a Quick and Dirty game: sequence, chart, results, terrain."""
from __future__ import annotations

from .chart import RESULTS, compile_chart
from .options import options_from
from .words import RESULT_WORDS


def _chart_table(opts) -> list:
    header = ["diff."] + [str(r) for r in range(1, opts.die_sides + 1)]
    rows = [header]
    short = {"attacker-loss": "AL", "attacker-retreat": "AR", "locked": "L",
             "defender-retreat": "DR", "defender-loss": "DL"}
    for row in opts.combat_chart:
        if row["from"] == row["to"]:
            span = f"{row['from']:+d}"
        elif row["from"] <= -20:
            span = f"{row['to']:+d} or less"
        elif row["to"] >= 20:
            span = f"{row['from']:+d} or more"
        else:
            span = f"{row['from']:+d} to {row['to']:+d}"
        by_roll = compile_chart([row], opts.die_sides)[max(row["from"], -20)]
        rows.append([span] + [short[r] for r in by_roll])
    return rows


def playsheet(ruleset_file, scenario, library) -> list:
    opts = options_from(ruleset_file)
    sequence = [
        f"Each battle turn every side rolls a d{opts.die_sides} for initiative "
        + ("(every turn)" if opts.initiative == "each-turn" else "(once, the order is kept)")
        + "; the highest goes first, ties roll again.",
        "On its turn a side moves its units, turns its flipped units face up, then attacks.",
        "After the last side: armies below "
        f"{opts.army_break_fraction:.0%} of their starting strength break; check victory.",
    ]
    mods = [["modifier", "to the roll"], ["attack from a flank", f"+{opts.flank_bonus}"],
            ["attack from the rear", f"+{opts.rear_bonus}"],
            ["defender in rough", f"{opts.rough_attack_modifier:+d}"],
            ["enhancement (e.g. hatred)", "its own bonus"]]
    chart = ["Attack strength minus defence strength picks the row; roll, add the "
             "modifiers (results past the die's faces count as its first or last face).",
             _chart_table(opts), mods]
    results = [[["result", "what happens"]] + [[RESULT_WORDS[r], text] for r, text in zip(RESULTS, (
        "the strongest attacker is lost, the others retreat",
        "every attacker retreats",
        "all stay in contact; mobs step out of the zone or flip",
        "the defender retreats a full move and is flipped",
        "the defender is lost" + (" (missiles from the front: save on 1-"
                                  f"{opts.missile_save_retreat_max})" if opts.missile_save else ""),
    ))]]
    results.append("A flipped unit that must retreat again is eliminated; so is one that cannot "
                   f"retreat {opts.retreat_min_fraction:.0%} of its move.")
    terrain = [[["terrain", "movement", "combat"],
                ["clear", "1 hex", "no effect"],
                ["rough", f"{opts.rough_move_cost} hexes (flyers 1)",
                 f"{opts.rough_attack_modifier:+d} to attacks into it"],
                ["impassable", "no entry (flyers may cross)", "no combat there"]]]
    return [("Sequence of play", sequence), ("Combat chart", chart), ("Results", results),
            ("Terrain", terrain)]

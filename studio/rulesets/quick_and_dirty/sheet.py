"""The playsheet's sections for a Quick and Dirty game: set-up and spotting, sequence,
movement and zones of control, front, flank and rear, attacks (combined, missiles, mobs),
the chart, its results and the terrain. Every section reads the ruleset file's options, so
a sheet printed for a variant says that variant's rules."""
from __future__ import annotations

from .chart import RESULTS, compile_chart
from .movement import CLEAR, IMPASSABLE, ROUGH, terrain_class
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


def _setup(opts) -> list:
    if opts.setup == "all-clear":
        return ["All-clear set-up: every unit starts on the map in plain sight of every side."]
    return [
        "Hidden set-up: every unit starts unknown to the other sides; only its owner sees it.",
        "A side spots an enemy unit when one of its units is next to it, or sees it over a "
        f"clear line within {opts.sight_range} hexes. A unit that attacks shows itself to "
        "every side. Once spotted, a unit stays known to that side.",
        "Moving blind: a move that runs into a hidden enemy stops in the hex before it, "
        "facing it, and the enemy is revealed; entering an unseen enemy's zone of control "
        "stops the mover there.",
    ]


def _movement(opts) -> list:
    out = ["A unit moves up to its move in hexes and chooses its facing where it stops. It "
           "may pass through friends but not end on one; enemies block."]
    if opts.zone_of_control:
        flyers = ("Flyers ignore zones of control"
                  + (", except those of missile units." if opts.flyers_stopped_by_missile_zoc
                     else ".") if opts.flyers_ignore_zoc else
                  "Flyers are stopped like any other unit.")
        out += [
            "Zone of control: the one hex straight ahead of a unit that is not a mob. A mover "
            "that enters an enemy's zone stops there and turns to face that enemy. " + flyers,
            "Locked: a unit whose front touches an enemy, or that an enemy's front touches, "
            "may not move away unless a friendly unit is in the same combat. A unit locked "
            "only at a flank, with no enemy at its front, may turn in place to face it.",
        ]
    else:
        out.append("Zones of control are off in this game: nothing stops a mover but "
                   "blocked hexes.")
    return out


def _aspects(opts) -> list:
    return [
        [["attacker at its", "hexes", "to the roll"],
         ["front", "the hex straight ahead (or, for missiles, in its front arc)", "+0"],
         ["flank", "the four hexes to its sides", f"+{opts.flank_bonus}"],
         ["rear", "the hex straight behind (missiles: its rear arc)", f"+{opts.rear_bonus}"]],
        "A unit attacks only an enemy its own front touches. With several attackers the "
        "best place among them counts.",
    ]


def _attacks(opts) -> list:
    out = [
        "Combined attacks: every unit that may attack a defender may join one attack on it, "
        "and their base strengths are added. Each defender is attacked at most once a turn "
        "and each unit attacks at most once; no unit passes over the enemy before it to "
        "join an attack on another.",
    ]
    if opts.missiles_halved_in_melee:
        out.append("A missile unit fighting an adjacent non-missile unit counts half its "
                   "strength, rounded up.")
    return out


def _missiles(opts) -> list:
    over = [w for w, on in (("units on higher ground", opts.hilltop_shoots_over),
                            ("flyers", opts.flyers_shoot_over)) if on]
    out = ["A missile unit attacks any enemy within its range (the last number on its "
           "counter) over a line no unit stands on, friend or foe, and no terrain blocks"
           + (" (" + " and ".join(over) + " shoot over units)" if over else "") + ". With an "
           "enemy next to it, it may attack only an adjacent enemy. Missile units may join "
           "other units' attacks."]
    if opts.missile_loss_is_retreat:
        out.append("Every Loss from an attack of missile units only is a retreat instead.")
    elif opts.missile_save:
        out.append("Saving throw: when only missile units attack a unit that is not a mob, "
                   f"all from its front, a Loss lets it roll: 1-{opts.missile_save_retreat_max} "
                   "it retreats instead, higher and the loss stands.")
    return out


def _mobs(opts) -> list:
    out = ["A mob (discipline mob) has no zone of control. On a Locked result a mob does not "
           "stay: it steps one hex out of the enemy's zone, or is flipped where it stands "
           "when it cannot. Retreating units may pass through friendly mobs only."]
    if opts.mob_merge:
        out.append("Two or more friendly mobs locked in one combat become one mob: stack "
                   "them; their strengths add and they share their fate.")
    return out


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
    if opts.elite_loss_retreats:
        results.append("An elite or veteran unit that takes a Loss retreats (and is flipped) "
                       "instead.")
    terrain = [[["terrain", "movement", "combat"],
                ["clear", "1 hex", "no effect"],
                ["rough", f"{opts.rough_move_cost} hexes (flyers 1)",
                 f"{opts.rough_attack_modifier:+d} to attacks into it"],
                ["impassable", "no entry (flyers may cross)", "no combat there"]]]
    return [("Set-up and spotting", _setup(opts)), ("Sequence of play", sequence),
            ("Movement and zones of control", _movement(opts)),
            ("Front, flank and rear", _aspects(opts)), ("Attacks", _attacks(opts)),
            ("Missiles", _missiles(opts)), ("Mobs", _mobs(opts)),
            ("Combat chart", chart), ("Results", results), ("Terrain", terrain)]


def legend_rows(terrain_set, ruleset_file) -> list[tuple[str, str]]:
    """(terrain name, what it does in this game) for the map's legend: each type is clear,
    rough or impassable (Q8), and may block sight."""
    opts = options_from(ruleset_file)
    effect = {
        CLEAR: "clear: no effect on movement or combat",
        ROUGH: f"rough: a hex costs {opts.rough_move_cost} hexes of movement (flyers 1), "
               f"{opts.rough_attack_modifier:+d} to attacks into it",
        IMPASSABLE: "impassable: no unit enters it (flyers may cross), no combat there",
    }
    # a hill is clear ground whose height is on the elevation map: say so rather than call it
    # plain clear ground
    return [(t.name, ("clear ground with height (see Elevation): no other effect"
                      if "hill" in t.tags and terrain_class(t) == CLEAR
                      else effect[terrain_class(t)]) + (", blocks sight" if t.blocks_los else ""))
            for t in terrain_set.terrain]


def elevation_words(terrain_set, ruleset_file) -> str:
    """What height does here: nothing to movement; ground higher than both ends of a line
    blocks it (spotting, missiles)."""
    opts = options_from(ruleset_file)
    return ("Height costs no movement; higher ground between two hexes blocks sight."
            + (" Units on higher ground shoot over lower units." if opts.hilltop_shoots_over
               else ""))

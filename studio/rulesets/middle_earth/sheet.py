"""The playsheet for a Middle Earth game, in the project's words: the round, movement,
orders, morale with its tables, melee and firing, magic (M1-M40)."""
from __future__ import annotations

from .setup import options_from

REACTION_TEXT = {"advance-2": "uncontrolled advance, 2 moves", "advance-1":
                 "uncontrolled advance, 1 move", "obey": "carry out orders",
                 "halt-1": "halt 1 move", "halt-2": "halt 2 moves", "retire": "retire",
                 "retreat": "retreat", "rout": "rout (rallyable)",
                 "rout-unrallyable": "rout, never rallies", "desperation": "desperation: 2d6"}


def _band(b) -> str:
    lo, hi = b["from"], b["to"]
    if hi >= 99:
        return f"{lo}+"
    if lo <= -99:
        return f"{hi} or less"
    return str(lo) if lo == hi else f"{lo} to {hi}"


def playsheet(ruleset_file, scenario, library) -> list:
    o = options_from(ruleset_file)
    hexm = o["metres_per_hex"]
    classes = o["morale_classes"]

    def per_hex(m):
        return f"{m} m = {m // hexm} hex{'es' if m // hexm != 1 else ''}"
    round_ = [
        f"One hex is {hexm} m of the booklet's table (1 mm = 1 m; a figure is 20 men).",
        "Each move both sides throw a die; the higher gives its orders first. A side orders "
        "each unit once: move, charge, shoot, cast, or hold. Then every melee fights a round; "
        "then units that lost a fifth this move test, units below half strength throw to "
        "stay, wizards recover.",
        "Withdrawing units try to rally when their side's turn opens; units in an "
        "uncontrolled advance go at the nearest enemy.",
    ]
    mv = [["type", "close", "open", "charge", "rest"]]
    for name, row in o["movement"].items():
        rest = (f"{row['consecutive']} running, then 1" if "consecutive" in row
                else str(row.get("rests", 0)))
        mv.append([name.replace("-", " "), str(row["close"]), str(row["open"]),
                   str(row["charge"]), rest])
    movement = [mv, "Metres a move; a hex costs its metres divided by the share of a move its "
                    "ground allows (the terrain table). A charge's last two thirds run "
                    "straight at the target. Moves end out of contact: contact is a charge.",
                f"Distances: {per_hex(100)}, {per_hex(300)}, {per_hex(500)}."]
    orders = ["Classes A B C D T obey. E and O under stress throw a die, add the stress "
              "factors and the leader's charisma: above 3 they obey; otherwise they test "
              "morale and stand.",
              [["stress", "factor"]] + [[k.replace("-", " "), f"{v:+d}"]
                                       for k, v in o["obey_factors"].items()]]
    dice = {"A": "1 die", "B": "half a die", "C": "1 die", "D": "1 die less 1 die",
            "E": "no dice", "O": "1 die less 1 die", "T": "half a die"}
    mr = [["score", "reaction"]] + [[_band(b), REACTION_TEXT[b["reaction"]]]
                                      for b in o["reactions"]]
    dp = [["2d6", "desperation"]] + [[_band(b), REACTION_TEXT[b["reaction"]]]
                                     for b in o["desperation"]]
    plus = [["plus", *classes]] + [[k.replace("-", " "), *("x" if v is None else str(v)
                                                           for v in row["values"])]
                                   for k, row in o["morale_plus"].items()]
    minus = [["minus", *classes]] + [[k.replace("-", " "), *("x" if v is None else str(v)
                                                             for v in row["values"])]
                                     for k, row in o["morale_minus"].items()]
    morale = [
        "Test when charged, on losing a fifth in a move, when first shot at, when a friend "
        "within 150 m routs, on losing a melee, under enemy magic, orcs in sunlight, and "
        "when a Nazgul comes within 50 m.",
        [["class", *classes], ["dice", *(dice[c] for c in classes)]], mr, dp, plus, minus,
        "Law only: the Witch-King within 100 m -4 (300 m -2), a Ringwraith within 100 m -3 "
        "(300 m -1). Orcs: the Witch-King within 100 m +6, sunlight -7. Charisma adds.",
    ]
    fight = [
        "Weapon factor from the charts (attacker's weapon against the defender's type), plus "
        "tactical factors, plus one average die (2 3 3 4 4 5) less another: the combat "
        "factor. Read the casualties on the chart by the figures fighting and that factor.",
        "The side with more casualties loses the round and tests morale.",
        [["impetus", "bonus"]] + [[k.replace("-", " "), f"{v:+d}"]
                                   for k, v in o["impetus"].items()],
        "A charge that hits home strikes with impetus (charging +2 and the type's bonus); "
        "the charged unit's order drops (formed to unformed, semi-formed to disorganised, "
        "further from the rear) and it may be pushed back.",
        "Firing: the firing charts, half range +1, beyond -1 (elves and rangers nothing), "
        "a close-order target +2, moved -1 (stationary +1), shielded -1. No firing into a "
        "melee, nor charging and firing in one move.",
    ]
    magic = [
        f"Gandalf starts with {o['energy']['gandalf']} energy levels, the Witch-King with "
        f"{o['energy']['witch-king']}. A spell costs the depletion chart's drop at the "
        "caster's level; a drop beyond the level needs a d10 of at least (drop - level) + 1 "
        "and empties him.",
        "Rest (no move, fight or spell): 0, 1, then 2 levels a move; semi-rest: 0, 0, then 1.",
        "Struggle of will: d20 of at least 20 - (assailant's level - victim's): the victim "
        "drops 4 and is held, the assailant 2; failure costs the assailant 3.",
        "Fire Burst: 2 killed and a Cause Fire throw, the unit disorganised. Rout: enemy "
        "units within 50 m rout for a move unless a hero holds them. Impress: enemies within "
        "75 m test at -2 to -5. Defence Bolt: units in contact lose 3 figures.",
    ]
    return [("The move", round_), ("Movement", movement), ("Orders", orders),
            ("Morale", morale), ("Melee and firing", fight), ("Magic", magic)]


def _share(v: float) -> str:
    return {0: "no", 0.25: "¼", 0.5: "½", 0.75: "¾", 1: "full"}.get(v, f"{v:g}")


def legend_rows(terrain_set, ruleset_file) -> list[tuple[str, str]]:
    """The map legend: each terrain type with the share of a move it allows each troop row
    (M5), and its cover."""
    from .movement import column_of
    o = options_from(ruleset_file)
    cols = o["terrain_columns"]
    rows = []
    for ter in terrain_set.terrain:
        col = column_of(ter)
        tags = set(ter.tags or ())
        parts = []
        if ter.mp is None:
            parts.append("impassable but to flyers")
        elif col in cols:
            j = cols.index(col)
            shares: dict[str, list[str]] = {}
            for row, entry in o["terrain_effects"].items():
                if row != "flying":
                    shares.setdefault(_share(float(entry["values"][j])), []).append(row)
            parts.append("; ".join(f"{k} move: {', '.join(v)}" for k, v in shares.items()))
        else:
            parts.append("full move")
        if "hard-cover" in tags:
            parts.append("hard cover")
        elif "soft-cover" in tags:
            parts.append("soft cover")
        if "good-wood" in tags:
            parts.append("Evil fights at -2")
        if "evil-wood" in tags:
            parts.append("Good fights at -2")
        rows.append((ter.name, ", ".join(parts)))
    return rows

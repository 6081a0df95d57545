"""The playsheet's sections for an Action Dice game: activation, actions, melee and ranged
procedure, morale, the weapons table and the vehicle damage chart."""
from __future__ import annotations

from .movement import BLOCKED, BROKEN, OPEN, terrain_class
from .options import options_from

RESULT_TEXT = {"defender-chooses": "the owner picks one: Move -1\", Defense -1, range -2\" "
                                   "or an arc that cannot fire",
               "attacker-chooses": "the attacker picks one of the same",
               "defender-chooses-plus": "the owner picks one, and later damage rolls on "
                                        "this vehicle get +1",
               "attacker-chooses-plus": "the attacker picks one, and later damage rolls on "
                                        "this vehicle get +1",
               "destroyed": "the vehicle is destroyed"}


def _span(row) -> str:
    if row["to"] >= 99:
        return f"{row['from']}+"
    return str(row["from"]) if row["from"] == row["to"] else f"{row['from']}-{row['to']}"


def _inches(value) -> str:
    return f"{value:g}\"" if value else "contact"


def playsheet(ruleset_file, scenario, library) -> list:
    o = options_from(ruleset_file)
    iph = o.inches_per_hex
    activation = [
        f"Each round every side rolls a d{o.order_die}; the highest plays first, ties roll "
        "again.",
        "On its turn a side activates its units one at a time, each once (Additional Turn: "
        "twice). Units with a failed morale token go first.",
        f"One hex is {iph} inches: moves and ranges in inches are divided by {iph}, rounded "
        "down (at least 1).",
    ]
    actions = [
        f"An activated unit takes {o.actions} actions (Fast: one more), each one of: move, "
        "melee attack, ranged attack, special.",
        f"Move: up to Move. Up to {o.march_fraction:.0%} further, or entering broken ground, "
        "disorders the unit: its next action is lost. A move stops on touching an enemy. "
        "Turning a regiment in place is a move.",
        "Regiments have a front and attack only inside it; skirmishers face every way.",
        "Vehicles move straight ahead (backwards at half) with one pivot of a hexside; "
        "driving into an enemy ahead is their melee (backing into it: half losses).",
        "Ordnance: one shot an activation, never melee then shoot; at half crew or less it "
        "moves half and needs two ranged actions to fire.",
    ]
    procedure = [
        [["step", "melee", "ranged"],
         ["who rolls", f"figures in contact (up to {o.contact_width}; a regiment adds its "
                       "second rank), both sides at once",
          "every figure (ordnance, vehicles, heroes: once), target in range and in sight, "
          "not in contact"],
         ["dice", "action dice; shooters one die lower, ordnance crews d4",
          "action dice"],
         ["each figure adds", "Fight + weapon's F", "Shoot + weapon's S"],
         ["figures removed", "sum ÷ target's Defense, rounded down",
          "the same; ordnance at long range: halved"]],
        "A unit that moves out of a melee gives the enemy a free attack (losses halved).",
        "Heroes attack once an activation; each hit steps their die down "
        "(d8, d6, d4, then removed). Vehicles roll on the damage chart instead.",
    ]
    morale = [
        "A unit (not a vehicle or a hero) that loses half its figures in one combat rolls a "
        "die per figure left: more evens than odds passes.",
        f"Fearless passes. Command: a hero within {o.command_radius}\" rolls its dice and "
        "adds its evens.",
        "A failed unit is marked; it is activated first and its next action must move it "
        "away from the enemy.",
    ]
    weapons = [["weapon", "modifier", "range", "long", "cost"]]
    for w in o.weapons:
        mod = (f"+{w['fight']} F" if w.get("fight") else f"+{w.get('shoot', 0)} S"
               if w.get("shoot") else "+0")
        weapons.append([w["name"], mod, _inches(w.get("range", 0)),
                        _inches(w.get("long", 0)) if w.get("long") else "-", str(w.get("cost", 0))])
    specials = [["special", "price a figure"]]
    for s in o.specials:
        price = f"{s['percent']:g}% of the vehicle" if "percent" in s else f"{s['price']:g}"
        specials.append([s["name"], price])
    chart = [["d8 + quotient", "result"]] + [[_span(r), RESULT_TEXT[r["result"]]]
                                             for r in o.damage_chart]
    return [("Activation", activation), ("Actions", actions),
            ("Melee and ranged attacks", procedure), ("Morale", morale),
            ("Weapons", [weapons, specials]),
            ("Vehicle damage chart", [chart, "Results add up; the chart's scores are the "
                                             "project's completion of a partly lost table."])]


def legend_rows(terrain_set, ruleset_file) -> list[tuple[str, str]]:
    """(terrain name, what it does in this game) for the map's legend (S4)."""
    effect = {OPEN: "open: no effect",
              BROKEN: "broken ground: entering it disorders the unit (its next action is "
                      "lost)",
              BLOCKED: "impassable: no unit enters it"}
    return [(t.name, effect[terrain_class(t)] + (", blocks sight" if t.blocks_los else ""))
            for t in terrain_set.terrain]


def elevation_words(terrain_set, ruleset_file) -> str:
    return "Height costs no movement; higher ground between two hexes blocks sight."

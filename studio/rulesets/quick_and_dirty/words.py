"""Plain words for Quick and Dirty actions and events (menus, the game log, the studio)."""
from __future__ import annotations

from studio.engine import scenario_events
from studio.engine.odds_words import outcome_phrases, percent
from studio.engine.victory import game_over_words

from .state import Attack, EndPhase, Move

RESULT_WORDS = {"attacker-loss": "attacker lost", "attacker-retreat": "attacker retreats",
                "locked": "locked", "defender-retreat": "defender retreats",
                "defender-loss": "defender lost"}


def odds_words(odds: dict) -> list[str]:
    """The chart's results of an attack's odds in words, the attacker's worst first; a
    defender's loss says how much of it a missile saving throw turns into a retreat (Q20).

    >>> odds_words({"outcomes": {"attacker-loss": 0.0, "attacker-retreat": 0.2,
    ...     "locked": 0.3, "defender-retreat": 0.3, "defender-loss": 0.2,
    ...     "defender-destroyed": 0.15, "defender-saved": 0.05}})
    ['attacker retreats 20%', 'locked 30%', 'defender retreats 30%', 'defender lost 20% \
(saved to a retreat 5%)']
    """
    o = odds.get("outcomes") or {}
    chart = {k: p for k, p in o.items() if k in RESULT_WORDS}
    phrases = outcome_phrases({"outcomes": chart}, RESULT_WORDS)
    saved = o.get("defender-saved", 0.0)
    if percent(saved) != "0%" and percent(o.get("defender-loss", 0.0)) != "0%":
        phrases[-1] += f" (saved to a retreat {percent(saved)})"
    return phrases


def action_words(action) -> str:
    if isinstance(action, Move):
        return f"Move {action.unit} to {action.to} facing {action.facing}"
    if isinstance(action, Attack):
        return f"{' + '.join(action.units)} attack {action.target}"
    if isinstance(action, EndPhase):
        return f"End the {action.phase} phase"
    return repr(action)


def describe(event) -> str:
    k, d = event.kind, event.data
    if k in scenario_events.KINDS:
        return scenario_events.words(event)
    if k == "battle-turn":
        return f"Battle turn {d['round']}"
    if k == "initiative":
        rolls = ", ".join(f"{s} {r}" for s, r in d["rolls"])
        return f"Initiative ({rolls}): {', '.join(d['order'])} in that order"
    if k == "phase":
        return f"{d['side']}: {d['phase']} phase"
    if k == "move" and d["frm"] == d["to"]:
        return f"{d['unit']} turns to face {d['facing']} at {d['to']}"
    if k == "move":
        return f"{d['unit']} moves from {d['frm']} to {d['to']}, facing {d['facing']}"
    if k == "unflipped":
        return f"{d['unit']} is turned face up again"
    if k == "combat":
        sign = f"{d['modifier']:+d}" if d["modifier"] else ""
        return (f"{' + '.join(d['units'])} ({d['attack']}) attack {d['target']} ({d['defence']}) "
                f"at {d['hex']}: rolled {d['roll']}{sign}, {RESULT_WORDS[d['result']]}")
    if k == "saving-throw":
        return (f"{d['unit']} saving throw {d['roll']}: "
                f"{'retreats instead of the loss' if d['saved'] else 'the loss stands'}")
    if k == "retreat":
        return f"{d['unit']} retreats from {d['frm']} to {d['to']} and is flipped"
    if k == "eliminated":
        why = {"loss": "lost", "retreat while flipped": "forced to retreat while flipped",
               "no room to retreat": "no room to retreat"}.get(d["reason"], d["reason"])
        return f"{d['unit']} is eliminated at {d['hex']} ({why})"
    if k == "elite-retreat":
        return f"{d['unit']} is elite: it retreats instead of the loss"
    if k == "locked":
        return f"Locked in combat: {', '.join(d['units'])}"
    if k == "stepped-out":
        return f"Mob {d['unit']} steps out of the enemy's zone, {d['frm']} to {d['to']}"
    if k == "flipped":
        return f"{d['unit']} is flipped"
    if k == "mobs-held":
        return f"Mobs {', '.join(d['units'])} hold each other in the fight"
    if k == "merged":
        return f"Mob {d['unit']} merges into {d['into']}"
    if k == "spotted":
        return f"{d['by']} spots {d['unit']} at {d['hex']}"
    if k == "revealed":
        return f"{d['unit']} is revealed at {d['hex']}"
    if k == "ambush":
        return f"{d['unit']} runs into {d['by']} and stops at {d['hex']}"
    if k == "army-broken":
        return f"The army of {d['side']} breaks and leaves the field"
    if k == "game-over":
        return game_over_words(d)
    return f"{k}: {d}"


def turn_words(state, who: str, unit_name, side_name) -> tuple[str, str]:
    """The side's phase and what it does in it (Q5: move and turn flipped units up, then
    attack)."""
    side = state.to_act
    whose = f" of {side_name(side)}" if side is not None else ""
    if state.phase == "move":
        return (f"Movement{whose}",
                f"{who} to act: move units (a unit stops on entering an enemy's zone of "
                "control), then end the movement")
    return (f"Combat{whose}", f"{who} to act: attack with units in contact, then end the combat")

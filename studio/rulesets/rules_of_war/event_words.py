"""Rules of War's plain words for the game log: one line per event."""
from __future__ import annotations

from studio.engine import scenario_events
from studio.engine.events import Event


def _mods(base, mods) -> str:
    if not mods:
        return ""
    parts = " ".join(f"{v:+d}" for _, v in mods)
    return f" ({base} {parts})"


def describe(e: Event) -> str:
    """One line of plain words for a game log.

    >>> describe(Event("rallied", {"unit": "hoplites-1"}))
    'hoplites-1 rallies'
    """
    d = e.data
    k = e.kind
    if k in scenario_events.KINDS:
        return scenario_events.words(e)
    if k == "attack":
        where = " from the rear" if d["rear"] else ""
        how = "shoots at" if d["ranged"] else "attacks"
        who = f"{d['attacker']} {how} {d['target']}{where}"
        if d.get("passing"):                    # round shot on its way to the target
            who = f"{d['attacker']}'s {d['passing'].replace('-', ' ')} strikes {d['target']} " \
                  "in passing"
        elif d.get("rout_attack"):
            who = f"{d['attacker']}, routing, attacks its own {d['target']}{where}"
        s = (f"{who}: needs {d['needed']}"
             f"{_mods(d['base'], d['modifiers'])}, rolled {d['roll']}, "
             f"{'hit' if d['hit'] else 'miss'}")
        if not d["hit"]:
            return s
        s += f"; overkill {d['overkill']}"
        if d["save_needed"] is None:
            s += f"; {d['target']} has no save"
        elif d["save_roll"] is None:
            s += f"; {d['target']} cannot save (needs {d['save_needed']})"
        else:
            s += (f"; {d['target']} saves on {d['save_needed']}, rolled {d['save_roll']}: "
                  f"{'saved' if d['saved'] else 'failed'}")
        if d.get("terrain_roll") is not None:
            s += (f"; terrain save below {d['terrain_save']}, rolled {d['terrain_roll']}"
                  f"{': saved' if d['damage'] == 0 else ''}")
        if d["damage"]:
            s += f": {d['damage']} hit ({d['hits']}/{d['hits_rating']})"
        if d.get("destroyed_by"):
            s += f" ({d['destroyed_by']})"
        if d.get("morale_instead"):
            s += "; no second disruption: a morale check instead"
        if d["captured"]:
            s += "; captured"
        elif d["destroyed"]:
            s += "; destroyed"
        return s
    if k == "roll":
        tgt = f" (needs {d['target']})" if d.get("target") is not None else ""
        return f"{d['who']} rolls {d['value']} for {d['why']}{tgt}"
    if k == "morale":
        return (f"{d['unit']} checks morale ({d['reason']}): needs {d['needed']}"
                f"{_mods(d['morale'], d['modifiers'])}, rolled {d['roll']}, "
                f"{'holds' if d['passed'] else 'fails'}")
    if k == "routed":
        return f"{d['unit']} routs and turns to face {d['facing']}"
    if k == "rallied":
        return f"{d['unit']} rallies"
    if k == "moved":
        path = "-".join(d["path"]) if d["path"] else "in place"
        extra = " (charge)" if d.get("charge") else ""
        return f"{d['unit']} moves {path}, facing {d['facing']}, {d['mp']} MP{extra}"
    if k == "fled":
        off = ", off the map" if d["off_map"] else ""
        return f"{d['unit']} flees {'-'.join(d['path']) or 'nowhere'}{off}"
    if k == "destroyed":
        return f"{d['unit']} is destroyed ({d['cause']})"
    if k == "formation":
        if d["roll"] is None:
            return f"{d['unit']} forms {d['formation']}"
        how = "forms" if d["passed"] else "fails to form"
        return (f"{d['unit']} {how} {d['formation']}: needs {d['needed']} on a morale check, "
                f"rolled {d['roll']}")
    if k == "jump":
        return f"{d['unit']} makes ready to hyper jump from {d['at']}"
    if k == "jumped":
        return f"{d['unit']} hyper jumps out of the battle from {d['at']}"
    if k == "captured":
        return f"{d['unit']} is captured by {d['by']}"
    if k == "round":
        return f"Round {d['round']}"
    if k == "initiative":
        rolls = ", ".join(f"{s} {v}" for s, v in d["rolls"].items())
        return f"Initiative: {rolls}; {d['winner']} chooses"
    if k == "order":
        return f"Order: {', '.join(d['order'])}"
    if k == "phase":
        return f"{d['phase'].capitalize()} phase" + (f" of {d['side']}" if d.get("side") else "")
    if k == "game-over":
        if d["result"] == "win":
            return f"{d['winner']} wins: {'; '.join(d['conditions'])}"
        return f"Game over ({d['result']}): {'; '.join(d['conditions'])}"
    inner = ", ".join(f"{k2} {v}" for k2, v in d.items())
    return f"{k}: {inner}"

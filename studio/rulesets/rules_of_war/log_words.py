"""Rules of War's words for the studio's game log: every kind of event in plain words (the
windows, passes, advances and spells that `describe` keeps terse), and which rolls another
line already tells."""
from __future__ import annotations

from studio.engine.events import Event

from .event_words import describe

# Rolls whose result the attack / morale / initiative / formation line already states.
TOLD_ELSEWHERE = frozenset({"initiative", "attack", "save", "terrain-save", "morale",
                            "formation", "round-shot", "rout-attack"})

WHY_WORDS = {
    "rally": "to rally", "capture": "to capture", "entry-attack": "for the entry attack",
    "haste-count": "for how many units Haste moves", "haste-move": "for the hasted move",
    "barrier-count": "for the Barrier's length", "aid": "for Aid", "fear-count":
    "for how many units Fear strikes", "exhaust-port": "for the exhaust port",
}


def is_shown(event: Event) -> bool:
    """Whether the log shows the event as a line of its own."""
    if event.kind == "roll":
        return event.get("why") not in TOLD_ELSEWHERE
    if event.kind == "window":
        return event.get("window") != "order"    # the initiative line says who chooses
    return True


def log_line(e: Event) -> str | None:
    """The studio log's line for `e` (ids already swapped for names), None when another
    line tells it.

    >>> log_line(Event("pass", {"side": "Red", "window": "react"}))
    'Red does not react'
    >>> log_line(Event("advanced", {"unit": "Hoplites", "to": "0504"}))
    'Hoplites advances into 0504'
    """
    if not is_shown(e):
        return None
    d = e.data
    k = e.kind
    if k == "window":
        about = d.get("about")
        if d["window"] == "react":
            return f"{d['side']} may react to {about}'s move"
        if d["window"] == "respond":
            who = ", ".join(about) if isinstance(about, list) else about
            return f"{d['side']} may answer the attack of {who}"
        return f"{d['side']} decides who moves first"
    if k == "pass":
        verb = {"react": "does not react", "respond": "does not answer",
                "advance": "does not advance"}.get(d.get("window"), "passes")
        return f"{d['side']} {verb}"
    if k == "advanced":
        return f"{d['unit']} advances into {d['to']}"
    if k == "exited":
        return f"{d['unit']} leaves the map by the {d['edge']} edge"
    if k == "order":
        chosen = f" ({d['chosen_by']} chose)" if d.get("chosen_by") else ""
        return f"Order of play: {', then '.join(d['order'])}{chosen}"
    if k == "phase":
        if d["phase"] == "morale":
            return "Morale phase"
        return f"Movement phase of {d['side']}"
    if k == "roll":
        why = WHY_WORDS.get(d["why"], f"for {d['why']}")
        need = f" (needs {d['target']})" if d.get("target") is not None else ""
        outcome = ""
        if d.get("success") is not None:
            outcome = ": success" if d["success"] else ": failure"
        return f"{d['who']} rolls {d['value']} {why}{need}{outcome}"
    if k == "strike":
        left = d.get("ammunition_left")
        return (f"{d['side']} calls in {str(d['support']).replace('-', ' ')}"
                + (f" ({left} left)" if left is not None else ""))
    if k == "spell":
        targets = ", ".join(d.get("targets") or []) or ", ".join(d.get("hexes") or [])
        stat = f" ({'+' if d.get('amount', 0) >= 0 else ''}{d['amount']} {d['stat']})" \
            if d.get("stat") else ""
        on = f" on {targets}" if targets else ""
        return f"{d['caster']} casts {d['spell']}{on}{stat}"
    if k == "attack-cancelled":
        return f"{d['attacker']}'s attack on {d['target']} does not happen ({d['reason']})"
    if k == "out-of-ammo":
        return f"{d['unit']} is out of ammunition (rolled {d['roll']})"
    if k == "destroyed":
        cause = {"attack": "", "fled-off-map": " (fled off the map)",
                 "carrier-lost": " (its carrier was lost)"}.get(d.get("cause"),
                                                                 f" ({d.get('cause')})")
        return f"{d['unit']} is destroyed{cause}"
    return describe(e)

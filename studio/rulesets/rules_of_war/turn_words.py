"""Where a Rules of War game stands, in words: the phase, and what the side to act is asked
in the window it is in (initiative, a reaction, a response, an advance)."""
from __future__ import annotations

PHASES = {"initiative": "Initiative", "movement": "Movement phase", "morale": "Morale phase"}


def turn_words(state, who: str, unit_name, side_name) -> tuple[str, str]:
    phase = PHASES.get(state.phase, state.phase)
    if state.phase == "movement" and state.active_side is not None:
        phase += f" of {side_name(state.active_side)}"
    window = state.window
    pending = state.pending[0] if state.pending else None
    if window == "order":
        task = f"{who} won the initiative: choose who moves first"
    elif window == "react":
        mover = state.units[pending[2]].uid
        task = f"{who} may react to {unit_name(mover)}'s move: attack it, or pass"
    elif window == "respond":
        attackers = [state.units[d.attacker].uid for d in pending[2]
                     if getattr(d, "attacker", None) is not None]
        them = ", ".join(unit_name(a) for a in attackers) or "the strike"
        task = (f"{who} may answer the attack of {them}: attacks declared now are rolled at "
                "the same time; or pass")
    elif window == "advance":
        unit = state.units[pending[2]].uid
        task = f"{who} may advance {unit_name(unit)} into the hex it emptied"
    else:
        task = f"{who} to act: move units, attack, then end the phase"
    return phase, task

"""Where a game stands, in words: the round and phase, who must act and on what.

>>> from studio.rulesets.rules_of_war.sample import line_battle
>>> from studio.rulesets import new_game
>>> from studio.playtest.names import Names
>>> sc, lib = line_battle(units_per_side=2, columns=10, rows=13, seed=1)
>>> state = new_game(sc, lib, seed=3)
>>> head, task = turn_text(state, Names(state))
>>> head
'Round 1 of 12 · Initiative'
>>> task.endswith("won the initiative: choose who moves first")
True
"""
from __future__ import annotations

from .names import Names


def turn_text(state, names: Names, players: dict[str, str] | None = None) -> tuple[str, str]:
    """(headline, what is asked and of whom). `players`: side id -> "Human", "Heuristic
    AI"... added after the side's name."""
    players = players or {}
    limit = state.game.round_limit
    if state.over:
        r = state.result
        head = f"Game over in round {r.round}"
        if r.outcome == "win":
            task = f"{names.side(r.winner)} wins: " + "; ".join(r.conditions)
        elif r.outcome == "draw":
            task = "A draw" + (": " + "; ".join(r.conditions) if r.conditions else "")
        else:
            task = "No winner at the round limit" + \
                (": " + "; ".join(r.conditions) if r.conditions else "")
        return head, task
    phase = {"initiative": "Initiative", "movement": "Movement phase",
             "morale": "Morale phase"}.get(state.phase, state.phase)
    head = f"Round {state.round} of {limit} · {phase}"
    if state.phase == "movement" and state.active_side is not None:
        head += f" of {names.side(state.active_side)}"
    side = state.to_act
    if side is None:
        return head, ""
    who = names.side(side)
    if players.get(side):
        who += f" ({players[side]})"
    window = state.window
    pending = state.pending[0] if state.pending else None
    if window == "order":
        task = f"{who} won the initiative: choose who moves first"
    elif window == "react":
        mover = state.units[pending[2]].uid
        task = f"{who} may react to {names.unit(mover)}'s move: attack it, or pass"
    elif window == "respond":
        attackers = [state.units[d.attacker].uid for d in pending[2]
                     if getattr(d, "attacker", None) is not None]
        them = ", ".join(names.unit(a) for a in attackers) or "the strike"
        task = (f"{who} may answer the attack of {them}: attacks declared now are rolled at "
                "the same time; or pass")
    elif window == "advance":
        unit = state.units[pending[2]].uid
        task = f"{who} may advance {names.unit(unit)} into the hex it emptied"
    else:
        task = f"{who} to act: move units, attack, then end the phase"
    return head, task

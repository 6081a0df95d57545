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
from .result_words import result_words


def turn_text(state, names: Names, players: dict[str, str] | None = None) -> tuple[str, str]:
    """(headline, what is asked and of whom). `players`: side id -> "Human", "Heuristic
    AI"... added after the side's name."""
    players = players or {}
    limit = state.game.round_limit
    if state.over:
        r = state.result
        head = f"Game over in round {r.round}"
        why = "; ".join(result_words(r, names, names.objectives))
        if r.outcome == "win":
            task = f"{names.side(r.winner)} wins: " + why
        elif r.outcome == "draw":
            task = "A draw" + (": " + why if why else "")
        else:
            task = "No winner at the round limit" + (": " + why if why else "")
        return head, task
    side = state.to_act
    who = names.side(side) if side is not None else ""
    if side is not None and players.get(side):
        who += f" ({players[side]})"
    phase, task = state.game.rules.turn_words(state, who, names.unit, names.side)
    head = f"Round {state.round} of {limit} · {phase}"
    return head, (task if side is not None else "")

"""Organisation states (M7): formed, semi-formed, unformed, disorganised, scattered, and what
charges, obstacles, withdrawals and time do to them."""
from __future__ import annotations

GOOD_ORDER = ("formed", "semi-formed")


def charged(tables, state: str, rear: bool) -> str:
    """M7: the state a unit drops to when charged (in the flank or rear: further)."""
    return tables.o["charged_rear" if rear else "charged_front"][state]


def crossed_obstacle(state: str) -> str:
    """M7: a unit in good order crossing ground that costs movement becomes unformed; one
    already out of order stays as it is."""
    return "unformed" if state in GOOD_ORDER else state


def withdrew(tables, state: str, reaction: str) -> str:
    """M13: the state after retiring, retreating or routing."""
    kind = "rout" if reaction.startswith("rout") else reaction
    base = state if state in tables.o["withdrawal_states"] else "formed"
    return tables.o["withdrawal_states"][base][kind]


def reform_moves(tables, state: str, good_order: str) -> float:
    """M7: moves a unit in `state` needs to return to its good order."""
    if state in GOOD_ORDER:
        return 0.0
    semi = tables.o.get("reform_moves_semi") or tables.o["reform_moves"]
    table = semi if good_order == "semi-formed" else tables.o["reform_moves"]
    return float(table[state])

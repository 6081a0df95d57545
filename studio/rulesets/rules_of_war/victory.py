"""Victory (R39): the scenario's conditions (the kernel's `victory`), checked at once for
sudden death and at the end of every morale phase; at the round limit every condition
counts."""
from __future__ import annotations

from studio.engine.victory import (SUDDEN_DEATH_DEFAULT, evaluate, game_over,  # noqa: F401
                                   is_sudden_death, lost, points_of, satisfied, vp_total)
from studio.engine.state import Result


def finish(state, result: Result, events: list) -> None:
    state.pending.clear()
    state.phase = "over"
    game_over(state, result, events)


_LOSSES = frozenset({"destroyed", "captured", "exited", "jumped"})


def check_sudden_death(state, events: list) -> bool:
    """Decide the game at once if a sudden-death condition now holds. Only a loss (or an
    exit) can make one hold, so other events skip the check."""
    if state.result is not None:
        return True
    if not state.game.check_always and not any(e.kind in _LOSSES for e in events):
        return False
    r = evaluate(state, final=False)
    if r is not None:
        finish(state, r, events)
        return True
    return False

"""Playing whole games between players, by any ruleset."""
from __future__ import annotations

from typing import Any, Mapping

from studio.engine import IllegalAction, record
from studio.rulesets import new_game

# A guard against a player that never ends its phase: far above any real game (a 25-a-side
# game of 12 rounds takes a few thousand decisions).
MAX_DECISIONS = 200_000


def run_game(state: Any, players: Mapping[str, Any], max_decisions: int = MAX_DECISIONS) -> Any:
    """Let `players` (side id -> player) decide until the game is over; returns the state."""
    missing = [s.id for s in state.game.sides if s.id not in players]
    if missing:
        raise ValueError(f"no player for side(s) {', '.join(missing)}; give one per side "
                         f"({', '.join(s.id for s in state.game.sides)})")
    apply = state.game.rules.apply
    decisions = 0
    while not state.over:
        side = state.to_act
        action = players[side].choose(state)
        try:
            apply(state, action)
        except IllegalAction as err:
            raise IllegalAction(action, f"chosen by {players[side]!r} for {side!r} in round "
                                        f"{state.round}: {err.reason}") from err
        decisions += 1
        if decisions >= max_decisions:
            raise RuntimeError(f"game not over after {decisions} decisions (round {state.round}); "
                               f"a player keeps acting without ending its phase")
    return state


def play_game(scenario: Any, library: Any, seed: int, players: Mapping[str, Any], *,
              options_override: dict | None = None, unit_points=None) -> tuple[Any, Any]:
    """Play one game of `scenario` from dice seed `seed`; returns (final state, GameLog).

    >>> from studio.ai import HeuristicAI, RandomPlayer          # doctest: +SKIP
    >>> state, log = play_game(scenario, library, 1,             # doctest: +SKIP
    ...                        {"athenians": HeuristicAI(1), "persians": RandomPlayer(2)})
    """
    state = new_game(scenario, library, seed, options_override, unit_points=unit_points)
    run_game(state, players)
    return state, record(state)

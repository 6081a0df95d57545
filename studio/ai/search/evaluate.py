"""What a search playout is worth to a side when it stops before the game ends: the share
of each side's starting points still on the map (a routed unit counts half), from the
state alone, the same for every ruleset. Between playouts that lose and kill the same, the
one whose candidate action left the side nearer the enemy scores a little more (every kernel victory condition but
`survive` is won in contact: eliminating, taking a hex, reaching the leader); the nearness
counts for less than the margin it takes to overrule a game's own AI (`player.MARGIN`), so
it only ever decides for a game that ships none."""
from __future__ import annotations

from typing import Any

from studio.engine.board import OFF
from studio.engine.state import ON
from studio.engine.victory import points_of

# What standing next to the enemy is worth against standing as far away as the map allows.
NEARNESS = 0.01


def material(state: Any) -> list[float]:
    """Points on the map per side index (units the state cannot see count for nothing: a
    view holds them as placeholders without a profile)."""
    totals = [0.0] * len(state.game.sides)
    for u in state.units:
        if u.status != ON or u.profile is None:
            continue
        worth = float(points_of(state, u) or 1.0)
        totals[u.side] += worth * 0.5 if u.routed else worth
    return totals


def score(state: Any, side: int, start: list[float], near: float = 0.0) -> float:
    """1 for a won game, 0 for a lost one, 0.5 for a draw; before the end, 0.5 moved by the
    side's kept share of its points against the best-kept enemy's, and `NEARNESS` times
    `near` (the `nearness` the candidate action left)."""
    result = state.result if state.over else None
    if result is not None:
        if result.winner is None:
            return 0.5
        return 1.0 if state.game.side_index.get(result.winner) == side else 0.0
    now = material(state)
    kept = [n / s if s > 0 else 0.0 for n, s in zip(now, start)]
    enemies = [k for i, k in enumerate(kept) if i != side]
    margin = kept[side] - (max(enemies) if enemies else 0.0)
    return min(1.0, max(0.0, 0.5 + 0.5 * margin + NEARNESS * near))


def nearness(state: Any, side: int) -> float:
    """0..1: how near the side's units on the map stand to their nearest enemy unit, on
    average (1: all adjacent; 0: no enemy on the map, or as far as the map allows)."""
    board = state.game.board
    enemies = [u.hex for u in state.units
               if u.status == ON and u.side != side and u.hex != OFF]
    if not enemies:
        return 0.0
    far = max(1, board.columns + board.rows)
    total = n = 0
    for u in state.units:
        if u.status == ON and u.side == side and u.hex != OFF:
            total += min(board.dist_row(u.hex)[e] for e in enemies)
            n += 1
    return 0.0 if n == 0 else max(0.0, 1.0 - (total / n - 1) / far)

"""Movement search over a board: the cheapest cost to reach every hex within a budget.

Rulesets give the cost of a step (None when it cannot be made) and which hexes end a move
on entry (a zone of control, say); the search does the rest. Costs are integers (a ruleset
with half-point costs counts in halves).

>>> from studio.model import HexMap, TerrainSet, TerrainType
>>> from studio.engine.board import HexBoard
>>> ts = TerrainSet(id="t", name="t", terrain=[TerrainType(id="clear", name="Clear", symbol=".", colour="#ffffff")])
>>> board = HexBoard(HexMap(columns=5, rows=1, terrain=["....."]), ts)
>>> r = reachable(board, 0, 2, lambda a, d, b: 1)
>>> sorted(board.labels[h] for h in r.cost)
['0101', '0201', '0301']
>>> [board.labels[h] for h in r.path_to(2)]
['0101', '0201', '0301']
"""
from __future__ import annotations

import heapq
from typing import Callable

from .board import OFF, HexBoard

StepCost = Callable[[int, int, int], "int | None"]


class Reach:
    """What `reachable` found: `cost[h]` the least cost to reach hex h, `came_from[h]` the hex
    before it on a cheapest path (the start has none)."""

    __slots__ = ("start", "cost", "came_from")

    def __init__(self, start: int):
        self.start = start
        self.cost: dict[int, int] = {start: 0}
        self.came_from: dict[int, int] = {}

    def path_to(self, h: int) -> list[int]:
        """The hexes from the start to `h`, both included (KeyError if not reached)."""
        if h not in self.cost:
            raise KeyError(f"hex {h} is not reachable")
        path = [h]
        while h != self.start:
            h = self.came_from[h]
            path.append(h)
        path.reverse()
        return path


def reachable(board: HexBoard, start: int, budget: int, step_cost: StepCost,
              stops: Callable[[int], bool] | None = None,
              may_end: Callable[[int], bool] | None = None) -> Reach:
    """Dijkstra from `start` up to `budget`. `step_cost(from, direction, to)` is the cost of
    the step or None; a hex for which `stops(h)` is true may be entered but not left;
    hexes for which `may_end(h)` is false may be passed through but are not in the result's
    `cost` (a friend's hex where units may not stack, say)."""
    reach = Reach(start)
    best = {start: 0}
    frontier = [(0, start)]
    nbr = board.nbr
    while frontier:
        spent, h = heapq.heappop(frontier)
        if spent > best[h]:
            continue
        if h != start and stops is not None and stops(h):
            continue
        for d, to in enumerate(nbr[h]):
            if to == OFF:
                continue
            step = step_cost(h, d, to)
            if step is None:
                continue
            total = spent + step
            if total > budget or total >= best.get(to, budget + 1):
                continue
            best[to] = total
            reach.came_from[to] = h
            heapq.heappush(frontier, (total, to))
    reach.cost = {h: c for h, c in best.items()
                  if h == start or may_end is None or may_end(h)}
    return reach

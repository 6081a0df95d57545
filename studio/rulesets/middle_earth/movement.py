"""Movement on the map (M4-M6): allowances in metres by type and order, the terrain table
as a cost a hex, the charge's straight run-in, and contact."""
from __future__ import annotations

import math

from studio.engine.board import OFF
from studio.engine.search import reachable
from studio.engine.state import ON

from .weather import move_share


def column_of(terrain) -> str | None:
    """The terrain table's column a hex belongs to (a tag of its terrain type)."""
    for tag in terrain.tags or ():
        if tag in COLUMNS:
            return tag
    return None


COLUMNS = frozenset({"deep-river", "medium-river", "shallow-river", "hedge", "bog",
                     "steep-hill", "thick-wood", "thin-wood", "own-troops", "ford"})


def allowance(state, u, mode: str) -> int:
    """M4: metres `u` may move in close or open order or at the charge, the weather's share
    (M38) taken."""
    metres = state.tables.allowance(u.profile.movement, mode)
    return int(metres * move_share(state.tables, state.weather))


def entry_costs(state, row: str, flies: bool) -> list:
    """M5: metres it costs a unit of terrain row `row` to enter each hex (None where it may
    not): a hex's metres divided by the share of a move its ground allows. Made once a
    board, row and weather."""
    board = state.game.board
    key = (id(board), row, flies, state.weather)
    got = state.tables.cache.get(key)
    if got is not None:
        return got
    t = state.tables
    hexm = t.o["metres_per_hex"]
    out = []
    for ter in board.terrain:
        share = t.terrain_share(row, column_of(ter))
        out.append(None if (ter.mp is None and not flies) or share <= 0
                   else int(math.ceil(hexm / share)))
    state.tables.cache[key] = out
    return out


def step_cost(state, u, occupied: dict):
    """The cost of a step for `u`: `entry_costs`, an enemy's hex closed, a friend's hex at
    the own-troops share."""
    costs = entry_costs(state, u.profile.terrain, u.profile.flies)
    own = state.tables.terrain_share(u.profile.terrain, "own-troops")
    side = u.side

    def cost(a, d, b):
        other = occupied.get(b)
        c = costs[b]
        if other is None or c is None:
            return c
        if other.side != side or own <= 0:
            return None
        return int(math.ceil(c / own))
    return cost


def occupants(state) -> dict:
    return {x.hex: x for x in state.units if x.status == ON}


def zoc(state, side: int, occ) -> set:
    """The hexes next to a unit of another side than `side`."""
    out = set()
    nbr = state.game.board.nbr
    for h, x in occ.items():
        if x.side != side:
            out.update(n for n in nbr[h] if n != OFF)
    return out


def moves(state, u, mode: str = "close") -> dict[int, int]:
    """Hexes `u` may end an ordinary move in (M4), with their cost: free of units and not
    next to an enemy (contact is made by a charge, M20). A unit may always move one hex
    onto ground it may enter (C)."""
    occ = occupants(state)
    cost = step_cost(state, u, occ)
    budget = allowance(state, u, mode)
    near = set() if u.profile.flies else zoc(state, u.side, occ)
    r = reachable(state.game.board, u.hex, budget, cost, stops=near.__contains__,
                  may_end=lambda h: h not in occ)
    out = {h: c for h, c in r.cost.items() if h != u.hex}
    for d, n in enumerate(state.game.board.nbr[u.hex]):
        if n != OFF and n not in occ and n not in out and cost(u.hex, d, n) is not None:
            out[n] = budget
    return {h: c for h, c in out.items() if h not in near}


def charge_reach(state, u):
    """The cheapest ways `u` may go at the charge (shared by its charges on every target)."""
    occ = occupants(state)
    near = zoc(state, u.side, occ)
    near.discard(u.hex)
    cost = step_cost(state, u, occ)
    return occ, cost, reachable(state.game.board, u.hex, allowance(state, u, "charge"), cost,
                                stops=near.__contains__)


def charge_paths(state, u, target, reach=None) -> tuple[int, int] | None:
    """M4 charge: (contact hex, direction of the blow) for a charge of `u` on `target`
    within its charge allowance whose last two thirds run straight in: on hexes, every step
    of the last two thirds brings the charger one hex nearer the target (no sidestep or
    wheel; C). The cheapest such contact hex; None when it cannot reach."""
    board = state.game.board
    occ, cost, reach = reach or charge_reach(state, u)
    dist = board.dist_row(target.hex)
    best = None
    for d, c in enumerate(board.nbr[target.hex]):
        if c == OFF or c not in reach.cost or (c in occ and c != u.hex):
            continue
        path = reach.path_to(c)
        n = len(path) - 1
        straight = -(-2 * n // 3)
        if all(dist[path[i]] == dist[path[i - 1]] - 1 for i in range(n - straight + 1, n + 1)):
            key = (reach.cost[c], c)
            if best is None or key < best[0]:
                best = (key, c, (d + 3) % 6)
    return None if best is None else (best[1], best[2])


def facing_towards(state, u, target_hex: int) -> int:
    """The hexside facing nearest the bearing to `target_hex` (the blow's direction)."""
    board = state.game.board
    nbr = board.nbr[u.hex]
    best, bd = u.facing, None
    for d, n in enumerate(nbr):
        if n == OFF:
            continue
        dd = board.distance(n, target_hex)
        if bd is None or dd < bd:
            best, bd = d, dd
    return best

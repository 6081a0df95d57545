"""Where a unit can get to in one move (R13-R16): a Dijkstra search over (hex, facing)
nodes. Stepping into the faced hex costs the terrain's MP (+ uphill), after each hex entered
the unit may turn `free_turn_hexsides_per_hex` hexsides free, and at any point it may pay
`turn_any_cost_mp` to face anywhere. Costs are integer MP units (`Board.mp_unit`), so
fractions stay exact. Results are cached by the facts a search depends on.
"""
from __future__ import annotations

from bisect import bisect_left
from itertools import groupby
from operator import itemgetter

from .allowance import damaged, move_allowance
from .board import OFF, UNREACHED
from .occupancy import can_end_in, occupancy

INF = 1 << 40
_HEX, _FACING = itemgetter(0), itemgetter(1)     # of a (hex, facing) square


class Reach:
    """What one search found: every (hex, facing) node reached with the MP units it costs,
    and the way back. A search depends only on the facts in its key (see `reach`), so one
    result serves every state, copy and game those facts describe: treat it as read-only.

    `reached`: node keys (hex * 6 + facing) in ascending order; `costs`, `prevs`: parallel
    (MP units; the node it came from, -1 at the start); `hexes`: the hexes reached;
    `exits`: {node: MP units} of steps off the map across an exit edge."""

    __slots__ = ("reached", "costs", "prevs", "budget", "start", "exits", "hexes", "_moves",
                 "_by_hex", "_squares")

    def moves(self) -> dict:
        """{(hex, facing): MP units} of every node but the start: what `destinations` gives
        when stacking takes no hex away."""
        if self._moves is None:
            squares = self._squares
            moves = dict(zip(map(squares.__getitem__, self.reached), self.costs))
            moves.pop(squares[self.start], None)
            self._moves = moves
        return self._moves

    def cost_of(self, key: int) -> int:
        """MP units to get to node `key`, INF when it is out of reach."""
        reached = self.reached
        i = bisect_left(reached, key)
        if i < len(reached) and reached[i] == key:
            return self.costs[i]
        return INF

    def by_hex(self) -> dict:
        """`moves()` grouped: {hex: (facings...)}, in the same order."""
        if self._by_hex is None:
            keys = self.reached
            i = bisect_left(keys, self.start)
            if i < len(keys) and keys[i] == self.start:
                keys = keys[:i] + keys[i + 1:]
            # Ascending nodes: a hex's facings are neighbours, one group each.
            self._by_hex = {h: tuple(map(_FACING, group)) for h, group in
                            groupby(map(self._squares.__getitem__, keys), _HEX)}
        return self._by_hex

    def items(self) -> list:
        """[((hex, facing), MP units)] of every reached node, in node order."""
        return [(divmod(k, 6), c) for k, c in zip(self.reached, self.costs)]

    def path_to(self, key) -> list[int]:
        """Hexes entered (in order) to reach node `key`."""
        hexes = []
        reached, prevs = self.reached, self.prevs
        n = len(reached)
        while True:
            i = bisect_left(reached, key)
            if i == n or reached[i] != key:
                break
            p = prevs[i]
            if p == -1:
                break
            if p // 6 != key // 6:
                hexes.append(key // 6)
            key = p
        hexes.reverse()
        return hexes


# Searches shared by every game of a board: first in, first out beyond this many.
REACH_CACHE_SIZE = 6000


def reach(state, unit, charge=False, occ=None) -> Reach:
    """Every (hex, facing) the unit can get to this phase, with MP spent (R14–R20).

    A search depends on the unit's mobility class, square, MP and one-hex minimum, its
    side's exit edges, and the hexes it may not enter (enemies, barriers) or leave (zone of
    control, friends it may not pass). Only those of the last kind that the search without
    any of them reaches can change anything: blocking a hex never makes another one
    reachable. So the open search is done (or found) first, and the result is kept on the
    board under those facts, shared by every state and game they describe."""
    cache_key = ("reach", unit.i, charge)
    hit = state._cache.get(cache_key)
    if hit is not None:
        return hit
    game = state.game
    board = game.board
    o = game.options
    occ = occ or occupancy(state)
    budget = move_allowance(state, unit, charge)
    start_mp = board.mount_units if unit.carried_by != OFF else 0   # R18: dismounting
    side = unit.side
    prof = unit.profile
    mobility = board.mobility(prof)
    table = board._cost_tables.get(mobility) or board.cost_table(prof)
    min_one = o.min_move_one_hex and not damaged(unit) and unit.moved_round != state.round
    start = unit.hex
    facing = unit.facing
    exit_edges = game.sides[side].exit_edges
    cache = board.reach_cache
    open_key = (mobility, start, facing, budget, start_mp, min_one, exit_edges)
    r = cache.get(open_key)
    if r is None:
        r = _search(board, table, start, facing, budget, start_mp, min_one, (), (), exit_edges)
        _keep(cache, open_key, r)
    reached = r.hexes
    blocked = occ.frozen_enemies(side) & reached
    if state.barriers:
        blocked |= {h for h, s in state.barriers.items() if s != side and h in reached}
    stop = None
    if not (o.move_through_friends or prof.is_hero):
        stop = frozenset(h for h, us in occ.by_hex.items()
                         if h in reached and any(v.carried_by == OFF and v is not unit
                                                 for v in us))
    if o.zone_of_control == "stop":
        stop = (frozenset(occ.zoc(board, side)) & reached) | (stop or frozenset())
    if blocked or stop:
        key = open_key + (blocked, stop)
        r = cache.get(key)
        if r is None:
            r = _search(board, table, start, facing, budget, start_mp, min_one, blocked,
                        stop or (), exit_edges)
            _keep(cache, key, r)
    state._cache[cache_key] = r
    return r


def _keep(cache, key, r) -> None:
    if len(cache) >= REACH_CACHE_SIZE:
        try:
            del cache[next(iter(cache))]
        except (RuntimeError, KeyError, StopIteration):
            pass    # another thread (a batch beside the play mode) got there first
    cache[key] = r


def _seed(cost, prev, buckets, start, facing, budget, start_mp, min_one, turn_cost) -> None:
    """Put a search's first nodes in: the unit's own square, and every other facing of its
    hex for the turn cost; or, when even the start costs more than the budget (dismounting),
    only its own square at the budget, for the one-hex minimum. `prev` of the start is -1."""
    k0 = start * 6 + facing
    if start_mp <= budget:
        cost[k0] = start_mp
        prev[k0] = -1
        buckets[start_mp].append(k0)
        if start_mp + turn_cost <= budget:
            for f in range(6):
                k = start * 6 + f
                if k != k0:
                    cost[k] = start_mp + turn_cost
                    prev[k] = k0
                    buckets[start_mp + turn_cost].append(k)
    elif min_one:
        cost[k0] = budget
        prev[k0] = -1
        buckets[budget].append(k0)


def _search(board, table, start, facing, budget, start_mp, min_one, blocked, stop,
            exit_edges) -> Reach:
    """Dijkstra over (hex, facing) nodes. Costs are small integers, so a bucket queue
    replaces the heap; within one cost the search prefers routes through fewer entry-attack
    hexes (mine fields).

    After entering a hex the unit may face the free turns at no cost, any other facing for
    the turn cost: those two groups go to different buckets, so relaxing them group by group
    keeps every bucket in the order a turn-by-turn loop would give."""
    if not board.entry_hexes:
        return _search_plain(board, table, start, facing, budget, start_mp, min_one, blocked,
                             stop, exit_edges)
    turn_cost = board.turn_units
    free_turns, paid_turns = board.turn_groups
    step_cost = table.step
    nbr = board.nbr
    entry = board.entry_hexes
    edge_exits = board.edge_exits
    step_off = board.mp_unit
    cost: dict[int, int] = {}
    prev: dict[int, int] = {}
    mines: dict[int, int] = {}
    k0 = start * 6 + facing
    buckets = [[] for _ in range(budget + 1)]
    exits: dict[int, int] = {}
    _seed(cost, prev, buckets, start, facing, budget, start_mp, min_one, turn_cost)
    done = set()
    get = cost.get
    for c in range(budget + 1):
        bucket = buckets[c]
        i = 0
        while i < len(bucket):
            k = bucket[i]
            i += 1
            if cost[k] != c or k in done:
                continue
            done.add(k)
            h = k // 6
            f = k - h * 6
            first = h == start
            if not first and h in stop:
                continue
            to = nbr[h][f]
            if to == OFF:
                if exit_edges and not exit_edges.isdisjoint(edge_exits[h][f]):
                    if (c + step_off <= budget or (first and min_one)) and k not in exits:
                        exits[k] = min(c + step_off, max(budget, c))
                continue
            step = step_cost[k]
            if step is None or to in blocked:
                continue
            nc = c + step
            over = nc > budget
            if over:
                if not (min_one and first):
                    continue
                nc = max(budget, c)
            base = to * 6
            if entry:
                nm = mines.get(k, 0) + (1 if to in entry else 0)
                for fd in free_turns[f]:
                    k2 = base + fd
                    old = get(k2, INF)
                    if nc < old or (nc == old and nm < mines.get(k2, 0) and k2 not in done):
                        cost[k2] = nc
                        prev[k2] = k
                        if nm:
                            mines[k2] = nm
                        if over:
                            done.add(k2)    # the min-one-hex step ends the move there
                        else:
                            buckets[nc].append(k2)
                kc = nc + turn_cost
                if over or kc > budget:
                    continue
                for fd in paid_turns[f]:
                    k2 = base + fd
                    old = get(k2, INF)
                    if kc < old or (kc == old and nm < mines.get(k2, 0) and k2 not in done):
                        cost[k2] = kc
                        prev[k2] = k
                        if nm:
                            mines[k2] = nm
                        buckets[kc].append(k2)
                continue
            # No mine fields on this board: no ties to break.
            if over:
                for fd in free_turns[f]:
                    k2 = base + fd
                    if nc < get(k2, INF):
                        cost[k2] = nc
                        prev[k2] = k
                        done.add(k2)        # the min-one-hex step ends the move there
                continue
            add = buckets[nc].append
            for fd in free_turns[f]:
                k2 = base + fd
                if nc < get(k2, INF):
                    cost[k2] = nc
                    prev[k2] = k
                    add(k2)
            kc = nc + turn_cost
            if kc <= budget:
                add = buckets[kc].append
                for fd in paid_turns[f]:
                    k2 = base + fd
                    if kc < get(k2, INF):
                        cost[k2] = kc
                        prev[k2] = k
                        add(k2)
    r = Reach()
    r.reached = tuple(sorted(cost))
    r.costs = tuple(cost[k] for k in r.reached)
    r.prevs = tuple(prev.get(k, -1) for k in r.reached)
    r.budget = budget
    r.start = k0
    r.exits = exits
    r.hexes = frozenset(k // 6 for k in r.reached)
    r._squares = board.squares
    r._moves = None
    r._by_hex = None
    return r


def _search_plain(board, table, start, facing, budget, start_mp, min_one, blocked, stop,
                  exit_edges) -> Reach:
    """`_search` on a board without mine fields: no ties to break, so a node is expanded
    at most once without keeping the set of expanded nodes (the one-hex-minimum steps,
    which end the move, are kept apart).

    The same relaxations in the same order as `_search`, read from the class's per-node
    successor table (`CostTable.successors`) instead of worked out node by node."""
    turn_cost = board.turn_units
    succ, need = table.successors(board)
    edge_exits = board.edge_exits
    step_off = board.mp_unit
    # Cost of every node and least cost of entering every hex, UNREACHED at first: spare
    # arrays of the board's (left so again below) save allocating them per search.
    # pop/append are atomic, so two threads searching at once each get their own.
    try:
        cost, arrived = board.search_arrays.pop()
    except IndexError:
        cost, arrived = [UNREACHED] * (board.n * 6), [UNREACHED] * board.n
    # Every node reached gets a `prev` (the start -1), so its keys are the nodes reached.
    prev: dict[int, int] = {}
    k0 = start * 6 + facing
    buckets = [[] for _ in range(budget + 1)]
    exits: dict[int, int] = {}
    _seed(cost, prev, buckets, start, facing, budget, start_mp, min_one, turn_cost)
    ended = set()           # reached by the one-hex minimum: the move ends there
    start_nodes = range(start * 6, start * 6 + 6)
    c = 0
    for bucket in buckets:
        # A bucket may grow while it is read (zero-cost steps): the loop sees the additions.
        for k in bucket:
            if cost[k] != c or (ended and k in ended):
                continue
            if stop:
                h = k // 6
                if h != start and h in stop:
                    continue
            step, to, free_next, paid_next = succ[k]
            if step is None:
                if to == OFF and exit_edges:
                    h = k // 6
                    if not exit_edges.isdisjoint(edge_exits[h][k - h * 6]):
                        if (c + step_off <= budget or (h == start and min_one)) and \
                                k not in exits:
                            exits[k] = min(c + step_off, max(budget, c))
                continue
            if blocked and to in blocked:
                continue
            nc = c + step
            if nc > budget:
                if not (min_one and k // 6 == start):
                    continue
                nc = max(budget, c)
                for k2 in free_next:
                    if nc < cost[k2]:
                        cost[k2] = nc
                        prev[k2] = k
                        ended.add(k2)
                continue
            # `arrived`: the least cost of entering each hex so far. That entry left every
            # facing there costing at most that plus the turn cost, so an entry costing
            # that much more changes nothing, and one costing no less changes no facing
            # that needs the turn cost.
            best = arrived[to]
            if best + turn_cost <= nc:
                continue
            # A node is queued only when expanding it can do something: a step it can pay
            # for, an exit, a one-hex-minimum step from the start. Expanding any other node
            # changes nothing, so the search is the same without it.
            add = buckets[nc].append
            left = budget - nc
            for k2 in free_next:
                if nc < cost[k2]:
                    cost[k2] = nc
                    prev[k2] = k
                    if need[k2] <= left or (min_one and k2 in start_nodes):
                        add(k2)
            if nc >= best:
                continue
            arrived[to] = nc
            kc = nc + turn_cost
            if kc <= budget:
                add = buckets[kc].append
                left = budget - kc
                for k2 in paid_next:
                    if kc < cost[k2]:
                        cost[k2] = kc
                        prev[k2] = k
                        if need[k2] <= left or (min_one and k2 in start_nodes):
                            add(k2)
        c += 1
    r = Reach()
    reached = sorted(prev)
    take = _taker(reached)
    r_hexes = frozenset(take(board.node_hex))
    r.reached = tuple(reached)
    r.costs = take(cost)
    r.prevs = take(prev)
    for k in reached:
        cost[k] = UNREACHED
    for h in r_hexes:
        arrived[h] = UNREACHED
    board.search_arrays.append((cost, arrived))
    r.budget = budget
    r.start = k0
    r.exits = exits
    r.hexes = r_hexes
    r._squares = board.squares
    r._moves = None
    r._by_hex = None
    return r


def _taker(keys):
    """A function giving the tuple of seq[k] for the keys, in order: an itemgetter (looked
    up in C, all at once) but for 0 or 1 key, where itemgetter does not give a tuple."""
    if len(keys) > 1:
        return itemgetter(*keys)
    return lambda seq: tuple([seq[k] for k in keys])


def group_by_hex(squares) -> dict:
    """{hex: (facings...)} of (hex, facing) squares, hexes and facings in their order."""
    out: dict[int, list] = {}
    for h, f in squares:
        fs = out.get(h)
        if fs is None:
            out[h] = [f]
        else:
            fs.append(f)
    return {h: tuple(fs) for h, fs in out.items()}


def _taken(state, unit, charge):
    """(reach, hexes reached where stacking forbids ending the move)."""
    key = ("taken", unit.i, charge)
    hit = state._cache.get(key)
    if hit is not None:
        return hit
    occ = occupancy(state)
    r = reach(state, unit, charge, occ)
    if unit.profile.is_hero:
        full = occ.enemy_hexes(unit.side)
    else:
        full = occ.full_hexes(state, unit.side, unit.profile.flying)
    taken = full & r.hexes
    if taken and can_end_in(state, occ, unit, unit.hex):
        taken.discard(unit.hex)
    hit = state._cache[key] = (r, taken)
    return hit


def destinations(state, unit, charge=False) -> dict:
    """{(hex, facing): MP units} the unit may end its move at (stacking respected).
    The dict may be shared between states: treat it as read-only."""
    key = ("dest", unit.i, charge)
    hit = state._cache.get(key)
    if hit is not None:
        return hit
    r, taken = _taken(state, unit, charge)
    out = r.moves()
    if taken:
        # A copy without the taken hexes' squares (few), in the same order.
        out = dict(out)
        facings = r.by_hex()
        for h in taken:
            for f in facings.get(h, ()):
                del out[(h, f)]
    state._cache[key] = out
    return out


def destination_hexes(state, unit, charge=False) -> dict:
    """`destinations` grouped by hex: {hex: (facings...)}, hexes and facings in the same
    order. May be shared between states: treat it as read-only."""
    key = ("dest-hexes", unit.i, charge)
    hit = state._cache.get(key)
    if hit is not None:
        return hit
    r, taken = _taken(state, unit, charge)
    out = r.by_hex()
    if taken:
        # Stacking takes whole hexes away, never single facings.
        out = dict(out)
        for h in taken:
            out.pop(h, None)
    state._cache[key] = out
    return out

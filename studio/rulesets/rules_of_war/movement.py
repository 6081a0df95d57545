"""Movement (R13–R20): what a unit may enter, what it costs, where it can get to, and moving.

A unit's whole move in a phase is one action. `reach` runs a Dijkstra search over
(hex, facing) states: stepping into the faced hex costs the terrain's MP (+ uphill), after
each hex entered the unit may turn `free_turn_hexsides_per_hex` hexsides free, and at any
point it may pay `turn_any_cost_mp` to face anywhere. Costs are integer MP units
(`Board.mp_unit`), so fractions stay exact.
"""
from __future__ import annotations

from bisect import bisect_left
from fractions import Fraction
from itertools import groupby
from operator import itemgetter

from .abilities import charge_move_bonus
from .board import OFF
from .combat import entry_attack, melee_possible
from studio.engine.events import Event
from .state import ON

INF = 1 << 40
# "Not reached" inside `_search_plain`: above any budget a search can hold (one bucket per MP
# unit), yet a one-digit int, which the interpreter compares and adds fastest.
UNREACHED = 1 << 29
_HEX, _FACING = itemgetter(0), itemgetter(1)     # of a (hex, facing) square


# -- terrain --------------------------------------------------------------------------------
def enter_block_reason(board, profile, h) -> str | None:
    """Why `profile` may never be in hex `h` (impassable, forbidden tag, water-only...)."""
    t = board.terrain[h]
    if t.mp is None and not profile.flying:
        return f"{board.labels[h]} is {t.name}, impassable"
    if t.forbidden_tags and not profile.tags.isdisjoint(t.forbidden_tags):
        bad = sorted(profile.tags & set(t.forbidden_tags))
        return f"{t.name} ({board.labels[h]}) forbids units tagged {', '.join(bad)}"
    for a in profile.hooks.get("enter_block", ()):
        reason = a.enter_block(t)
        if reason:
            return f"{board.labels[h]}: {reason}"
    return None


def _cost_table(board, options, profile):
    """cost[h][d]: MP units to step from h in direction d (None: cannot enter), shared by
    every unit of the same mobility class on the board."""
    return board.cost_table(profile).rows


def stacking_limit(options) -> int:
    return options.stacking_limit


# -- occupancy ------------------------------------------------------------------------------
# Beyond this many units placed differently, building an occupancy anew is as cheap as
# patching the last one.
_PATCH_LIMIT = 6


def _spot(u) -> tuple:
    """All that decides where unit `u` stands in an `Occupancy` (as `Occupancy` reads it)."""
    return (u.hex, u.status, u.side, u.carried_by)


def _moved(units, spots) -> list:
    """Indices of the units whose `_spot` is no longer the one in `spots`."""
    out = []
    i = 0
    for u, (h, status, side, carrier) in zip(units, spots):
        if u.hex != h or u.status != status or u.side != side or u.carried_by != carrier:
            out.append(i)
        i += 1
    return out


def _odd_hex(here) -> bool:
    """Not one plain ground unit (which fills its hex at a stacking limit of 1): more than
    one unit, or a carried unit, a hero or a flyer."""
    if len(here) > 1:
        return True
    u = here[0]
    prof = u.profile
    return u.carried_by != OFF or prof.is_hero or prof.flying


class Occupancy:
    """Who stands where right now: `by_hex` {hex: [units there, in unit order]} (the hexes
    in no set order), and what `reach` and stacking derive from it, on demand.

    One per state version, read-only. The state keeps its last one beyond the cache
    (`state._occ`): a move changes one unit's place, so the next is that one patched
    (`updated`), found out by comparing every unit's `_spot`, never by trusting that
    whatever moved a unit said so."""

    __slots__ = ("units", "spots", "by_hex", "_side_hexes", "_odd", "enemy_hexes_of", "zoc_of",
                 "frozen_of", "full_of")

    def __init__(self, state):
        units = state.units
        by_hex: dict[int, list] = {}
        side_hexes: dict[int, list] = {}    # side: the hex of each of its units
        odd = []                            # hexes `_odd_hex` holds for (some twice)
        spots = []
        for u in units:
            h, status, side, carrier = spot = (u.hex, u.status, u.side, u.carried_by)
            spots.append(spot)
            if status != ON or h == OFF:
                continue
            here = by_hex.get(h)
            if here is None:
                by_hex[h] = [u]
            else:
                here.append(u)
                odd.append(h)
            mine = side_hexes.get(side)
            if mine is None:
                side_hexes[side] = [h]
            else:
                mine.append(h)
            prof = u.profile
            if carrier != OFF or prof.is_hero or prof.flying:
                odd.append(h)
        self._set(units, spots, by_hex, side_hexes, odd)

    def _set(self, units, spots, by_hex, side_hexes, odd):
        self.units = units
        self.spots = spots
        self.by_hex = by_hex
        self._side_hexes = side_hexes
        self._odd = odd
        self.enemy_hexes_of: dict[int, set] = {}
        self.zoc_of: dict[int, set] = {}
        self.frozen_of: dict[int, frozenset] = {}
        self.full_of: dict = {}

    def updated(self, state) -> "Occupancy":
        """The occupancy of `state`, whose units this one describes as they were: itself
        when none is placed differently, else a patched copy (this one stays as it is)."""
        units = state.units
        old = self.spots
        if len(units) != len(old):
            return Occupancy(state)
        changed = _moved(units, old)
        if not changed:
            return self
        if len(changed) > _PATCH_LIMIT:
            return Occupancy(state)
        spots = list(old)
        by_hex = dict(self.by_hex)
        side_hexes = dict(self._side_hexes)
        copied = set()                      # sides whose hex list is already a copy
        touched = []
        for i in changed:
            u = units[i]
            spots[i] = _spot(u)
            for leaving, (h, status, side, _) in ((True, old[i]), (False, spots[i])):
                if status != ON or h == OFF:
                    continue
                if side not in copied:
                    side_hexes[side] = list(side_hexes.get(side, ()))
                    copied.add(side)
                here = by_hex.get(h)
                if leaving:
                    side_hexes[side].remove(h)
                    if len(here) == 1:
                        del by_hex[h]
                    else:
                        by_hex[h] = [v for v in here if v is not u]
                else:
                    side_hexes[side].append(h)
                    if here is None:
                        by_hex[h] = [u]
                    else:
                        # In unit order, as a build would have it.
                        by_hex[h] = [v for v in here if v.i < u.i] + [u] + \
                                    [v for v in here if v.i > u.i]
                touched.append(h)
        odd = [h for h in self._odd if h not in touched]
        for h in touched:
            here = by_hex.get(h)
            if here and _odd_hex(here) and h not in odd:
                odd.append(h)
        occ = Occupancy.__new__(Occupancy)
        occ._set(units, spots, by_hex, side_hexes, odd)
        return occ

    def full_hexes(self, state, side, flying):
        """Hexes a non-hero unit of `side` in the ground (or air) layer may not stop in:
        enemies there, or its layer already at the stacking limit."""
        key = (side, flying)
        hit = self.full_of.get(key)
        if hit is None:
            limit = state.game.options.stacking_limit
            if limit == 1 and not flying:
                # Every hex but the odd ones is full; those are looked at one by one.
                hit = set(self.by_hex)
                hexes = self._odd
            else:
                hit = set()
                hexes = self.by_hex
            by_hex = self.by_hex
            for h in hexes:
                n = 0
                for v in by_hex[h]:
                    if v.side != side:
                        hit.add(h)
                        break
                    if v.carried_by == OFF and not v.profile.is_hero and \
                            v.profile.flying == flying:
                        n += 1
                else:
                    if n >= limit:
                        hit.add(h)
                    else:
                        hit.discard(h)
            self.full_of[key] = hit
        return hit

    def frozen_enemies(self, side):
        f = self.frozen_of.get(side)
        if f is None:
            f = self.frozen_of[side] = frozenset(self.enemy_hexes(side))
        return f

    def enemy_hexes(self, side):
        s = self.enemy_hexes_of.get(side)
        if s is None:
            s = set()
            for other, hexes in self._side_hexes.items():
                if other != side:
                    s.update(hexes)
            self.enemy_hexes_of[side] = s
        return s

    def zoc(self, board, side):
        s = self.zoc_of.get(side)
        if s is None:
            s = set()
            for h in self.enemy_hexes(side):
                s.update(x for x in board.nbr[h] if x != OFF)
            self.zoc_of[side] = s
        return s


def layer_count(here, unit) -> int:
    """Units in `here` that share `unit`'s stacking layer (heroes and carried units aside)."""
    flying = unit.profile.flying
    return sum(1 for v in here if v is not unit and v.carried_by == OFF and not v.profile.is_hero
               and v.profile.flying == flying)


def can_end_in(state, occ, unit, h) -> bool:
    here = occ.by_hex.get(h)
    if not here:
        return True
    if len(here) == 1 and here[0] is unit:
        # Alone in its own hex (asked of every unit that moves): its layer holds no other.
        return unit.profile.is_hero or state.game.options.stacking_limit > 0
    if any(v.side != unit.side for v in here):
        return False
    if unit.profile.is_hero:
        return True
    return layer_count(here, unit) < state.game.options.stacking_limit


def carrier_room(units, carrier, unit) -> bool:
    """Whether `carrier` has a free place for `unit` (a carry entry matching one of its tags)."""
    if carrier is unit or not carrier.profile.carry:
        return False
    aboard = [u for u in units if u.carried_by == carrier.i and u.status == ON]
    for tag, cap in carrier.profile.carry.items():
        if tag in unit.profile.tags or tag == "any":
            used = sum(1 for u in aboard if tag in u.profile.tags or tag == "any")
            if used < cap:
                return True
    return False


# -- movement allowance -------------------------------------------------------------------------
def move_allowance(state, unit, charge=False) -> int:
    """MP units the unit has left this phase (R14, with abilities and spells)."""
    prof = unit.profile
    board = state.game.board
    rnd = state.round
    hooks = prof.hooks.get("move_mods")
    aid = unit.aid.get("move") if unit.aid_round == rnd and unit.aid else None
    if not hooks and not aid and unit.haste_round != rnd and not charge:
        total = board.move_units(prof)          # the common case: no Fractions on the hot path
    else:
        mp = prof.move
        if hooks:
            mods = []
            for a in hooks:
                a.move_mods(state, unit, mods)
            mp += sum((Fraction(v) for _, v in mods), Fraction(0))
        if aid:
            mp += aid
        if unit.haste_round == rnd:
            mp += unit.haste
        if charge:
            mp += charge_move_bonus(prof)
        total = int(max(mp, Fraction(0)) * board.mp_unit)
    used = unit.mp_used if unit.mp_phase == state.phase_serial else 0
    return max(0, total - used)


def move_block_reason(state, unit) -> str | None:
    """Why the unit may not move now (its own-side checks: phase and turn order aside)."""
    if unit.status != ON:
        return "it is no longer on the map"
    if unit.routed:
        return "routed units cannot move by choice (R34)"
    if unit.moved_phase == state.phase_serial:
        return "it has already moved this phase"
    for a in unit.profile.hooks.get("move_block", ()):
        reason = a.move_block(state, unit)
        if reason:
            return reason
    if unit.carried_by != OFF:
        carrier = state.units[unit.carried_by]
        mount = state.board.mount_units
        if move_allowance(state, carrier) < mount:
            return f"its carrier {carrier.uid} has no MP left to let it dismount (R18)"
    return None


def damaged(unit) -> bool:
    return unit.hits > 0


# -- reach ----------------------------------------------------------------------------------
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


def occupancy(state) -> Occupancy:
    """Who stands where in `state` now (see `Occupancy`: patched from the state's last)."""
    occ = state._cache.get("occ")
    if occ is None:
        prev = state._occ
        if prev is not None and prev.units is state.units:
            occ = prev.updated(state)
        else:
            occ = Occupancy(state)
        state._cache["occ"] = state._occ = occ
    return occ


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


def enemy_in_arc_adjacent(state, occ, unit, h, f) -> list:
    """Enemy units next to hex h inside the front arc of facing f."""
    board = state.game.board
    out = []
    for n in board.nbr[h]:
        if n == OFF:
            continue
        for v in occ.by_hex.get(n, ()):
            if v.side != unit.side and v.carried_by == OFF and board.in_arc(h, f, n):
                out.append(v)
    return out


def charge_destinations(state, unit) -> dict:
    """Charge moves (R40 charge): ends next to an enemy it could attack hand-to-hand."""
    key = ("charge", unit.i)
    hit = state._cache.get(key)
    if hit is not None:
        return hit
    out = {}
    if unit.profile.has("charge") and unit.attacked_round != state.round:
        occ = occupancy(state)
        dests = dict(destinations(state, unit, charge=True))
        r = reach(state, unit, True, occ)
        if r.cost_of(r.start) < INF:
            dests.setdefault((unit.hex, unit.facing), r.cost_of(r.start))
        for (h, f), c in dests.items():
            if any(melee_possible(state, unit, v) for v in
                   enemy_in_arc_adjacent(state, occ, unit, h, f)):
                out[(h, f)] = c
    state._cache[key] = out
    return out


def charge_required(state, unit) -> bool:
    """always-charge: it must charge when it can and is not already in contact."""
    if not unit.profile.has("always-charge") or unit.moved_phase == state.phase_serial:
        return False
    if unit.routed or unit.status != ON or move_block_reason(state, unit):
        return False
    occ = occupancy(state)
    if enemy_in_arc_adjacent(state, occ, unit, unit.hex, unit.facing):
        return False
    return bool(charge_destinations(state, unit))


def can_exit(state, unit) -> bool:
    if move_block_reason(state, unit):
        return False
    return bool(reach(state, unit).exits)


# -- doing it ------------------------------------------------------------------------------
def explicit_path_cost(state, unit, hexes: list[int], facing: int, charge: bool):
    """MP units of moving through `hexes` (entered in order) and ending with `facing`,
    choosing the cheapest turns; raises ValueError with the reason if it cannot be done."""
    game = state.game
    board = game.board
    o = game.options
    occ = occupancy(state)
    budget = move_allowance(state, unit, charge)
    turn_cost = board.turn_units
    free = o.free_turn_hexsides_per_hex
    costs = _cost_table(board, o, unit.profile)
    enemy = occ.enemy_hexes(unit.side)
    min_one = o.min_move_one_hex and not damaged(unit) and unit.moved_round != state.round
    c = board.mount_units if unit.carried_by != OFF else 0
    h, f = unit.hex, unit.facing
    first = True
    entered_free = False
    zoc = occ.zoc(board, unit.side) if o.zone_of_control == "stop" else ()
    through = o.move_through_friends or unit.profile.is_hero
    for n, to in enumerate(hexes):
        if n and hexes[n - 1] in zoc:
            raise ValueError(f"entering {board.labels[hexes[n - 1]]} next to an enemy ends the "
                             "move (zone_of_control: stop)")
        if n and not through and any(v.carried_by == OFF and v is not unit
                                     for v in occ.by_hex.get(hexes[n - 1], ())):
            raise ValueError(f"it may not pass through friends in {board.labels[hexes[n - 1]]} "
                             "(move_through_friends: false)")
        d = board.nbr[h].index(to) if to in board.nbr[h] else None
        if d is None:
            raise ValueError(f"{board.labels[to]} is not next to {board.labels[h]}")
        if d != f:
            turn = min((d - f) % 6, (f - d) % 6)
            if entered_free and turn <= free:
                pass
            else:
                c += turn_cost
            f = d
        step = costs[h][d]
        if step is None:
            raise ValueError(f"it cannot enter {board.labels[to]} "
                             f"({enter_block_reason(board, unit.profile, to) or 'off the map'})")
        if to in enemy:
            raise ValueError(f"{board.labels[to]} holds an enemy unit (R17)")
        if to in state.barriers and state.barriers[to] != unit.side:
            raise ValueError(f"{board.labels[to]} is closed by a Barrier spell this round")
        if c + step > budget and not (first and min_one and c <= budget):
            raise ValueError(f"not enough MP: entering {board.labels[to]} needs "
                             f"{board.mp_of(c + step)} MP of {board.mp_of(budget)}")
        c = min(c + step, budget) if c + step > budget else c + step
        first = False
        entered_free = True
        h = to
    if facing != f:
        turn = min((facing - f) % 6, (f - facing) % 6)
        if not (entered_free and turn <= free):
            c += turn_cost
    if c > budget:
        raise ValueError(f"not enough MP to end facing {board.facing_names[facing]}: needs "
                         f"{board.mp_of(c)} MP of {board.mp_of(budget)}")
    return c


def carried_by(state, carrier):
    if not carrier.profile.carry:
        return []               # only units that carry (carrier_room) ever take anyone aboard
    return [u for u in state.units if u.carried_by == carrier.i and u.status == ON]


def execute_move(state, unit, hexes: list[int], facing: int, mp: int, events: list, *,
                 charge=False, embark=None) -> None:
    """Walk the unit along `hexes`; mine fields strike as it enters (R19)."""
    board = state.game.board
    entered = []
    disembark = unit.carried_by != OFF
    if disembark:
        carrier = state.units[unit.carried_by]
        _spend(state, carrier, board.mount_units)
        unit.carried_by = OFF
    stopped = False
    cargo = carried_by(state, unit)
    for to in hexes:
        d = board.nbr[unit.hex].index(to)
        unit.facing = d
        unit.hex = to
        for c in cargo:
            c.hex = to
        entered.append(board.labels[to])
        if board.terrain[to].entry_attack:
            entry_attack(state, unit, board.terrain[to], events)
            if unit.status != ON or unit.routed:
                stopped = True
                break
    if not stopped:
        unit.facing = facing
    if hexes:
        unit.moved_round = state.round
    unit.moved_phase = state.phase_serial
    _spend(state, unit, mp)
    if charge:
        unit.charge_round = state.round
    data = {"unit": unit.uid, "path": entered, "facing": board.facing_names[unit.facing],
            "mp": board.mp_text(mp), "charge": charge, "embark": None,
            "disembark": disembark}
    if embark is not None and not stopped and unit.status == ON:
        unit.carried_by = embark.i
        _spend(state, embark, board.mount_units)
        data["embark"] = embark.uid
    events.append(Event("moved", data))      # `state.event`, without copying `data`


def _spend(state, unit, mp):
    if unit.mp_phase != state.phase_serial:
        unit.mp_phase = state.phase_serial
        unit.mp_used = 0
    unit.mp_used += mp


def execute_exit(state, unit, events) -> None:
    """Leave the map across an exit edge (R39 exit) by the cheapest way there."""
    r = reach(state, unit)
    k = min(r.exits, key=lambda key: (r.exits[key], key))
    hexes = r.path_to(k)
    board = state.game.board
    h, f = divmod(k, 6)
    execute_move(state, unit, hexes, f, r.exits[k], events)
    if unit.status != ON or unit.routed:
        return
    edges = sorted(set(board.edge_exits[h][f]) & state.game.sides[unit.side].exit_edges)
    unit.status = "exited"
    unit.exit_edge = edges[0]
    unit.hex = OFF
    for c in carried_by(state, unit):
        c.status = "exited"
        c.exit_edge = edges[0]
        c.hex = OFF
    events.append(state.event("exited", unit=unit.uid, edge=edges[0]))

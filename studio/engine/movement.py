"""Movement (R13–R20): what a unit may enter, what it costs, where it can get to, and moving.

A unit's whole move in a phase is one action. `reach` runs a Dijkstra search over
(hex, facing) states: stepping into the faced hex costs the terrain's MP (+ uphill), after
each hex entered the unit may turn `free_turn_hexsides_per_hex` hexsides free, and at any
point it may pay `turn_any_cost_mp` to face anywhere. Costs are integer MP units
(`Board.mp_unit`), so fractions stay exact.
"""
from __future__ import annotations

from fractions import Fraction

from .abilities import charge_move_bonus
from .board import OFF
from .state import ON

INF = 1 << 40


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
    """cost[h][d]: MP units to step from h in direction d (None: cannot enter), cached per
    mobility class on the board."""
    key = ("costs", board.mobility(profile))
    cache = board._edge_dist
    table = cache.get(key)
    if table is not None:
        return table
    unit = board.mp_unit
    enterable = [enter_block_reason(board, profile, h) is None for h in range(board.n)]
    table = []
    for h in range(board.n):
        row = []
        for d in range(6):
            to = board.nbr[h][d]
            if to == OFF or not enterable[to]:
                row.append(None)
                continue
            if profile.flying:
                row.append(unit)        # R20: flyers ignore terrain MP (and hills)
                continue
            t = board.terrain[to]
            cost = Fraction(t.mp)
            if board.elev[to] > board.elev[h]:
                up = t.uphill_extra_mp if t.uphill_extra_mp is not None else options.uphill_extra_mp
                cost += Fraction(up)
            row.append(int(cost * unit))
        table.append(tuple(row))
    cache[key] = table
    return table


def stacking_limit(options) -> int:
    return options.stacking_limit


# -- occupancy ------------------------------------------------------------------------------
class Occupancy:
    """Who stands where right now (built per query; units are few, hexes many)."""

    __slots__ = ("by_hex", "enemy_hexes_of", "zoc_of", "frozen_of")

    def __init__(self, state):
        by_hex: dict[int, list] = {}
        for u in state.units:
            if u.status == ON and u.hex != OFF:
                by_hex.setdefault(u.hex, []).append(u)
        self.by_hex = by_hex
        self.enemy_hexes_of: dict[int, set] = {}
        self.zoc_of: dict[int, set] = {}
        self.frozen_of: dict[int, frozenset] = {}

    def full_hexes(self, state, side, flying):
        """Hexes a non-hero unit of `side` in the ground (or air) layer may not stop in:
        enemies there, or its layer already at the stacking limit."""
        key = (side, flying)
        cache = self.zoc_of
        hit = cache.get(("full",) + key)
        if hit is None:
            limit = state.game.options.stacking_limit
            hit = set(self.enemy_hexes(side))
            for h, us in self.by_hex.items():
                n = sum(1 for v in us if v.carried_by == OFF and not v.profile.is_hero
                        and v.profile.flying == flying)
                if n >= limit:
                    hit.add(h)
            cache[("full",) + key] = hit
        return hit

    def frozen_enemies(self, side):
        f = self.frozen_of.get(side)
        if f is None:
            f = self.frozen_of[side] = frozenset(self.enemy_hexes(side))
        return f

    def enemy_hexes(self, side):
        s = self.enemy_hexes_of.get(side)
        if s is None:
            s = {h for h, us in self.by_hex.items() if any(u.side != side for u in us)}
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
    """Result of a search: cost per (hex, facing) node and the way back."""

    __slots__ = ("cost", "prev", "mines", "budget", "start", "exits", "reached", "_items")

    def items(self) -> list:
        """[((hex, facing), MP units)] of every reached node, in node order."""
        if self._items is None:
            cost = self.cost
            self._items = [(divmod(k, 6), cost[k]) for k in sorted(self.reached)]
        return self._items

    def path_to(self, key) -> list[int]:
        """Hexes entered (in order) to reach node `key`."""
        hexes = []
        prev = self.prev
        while key != -1:
            p = prev[key]
            if p == -1:
                break
            if p // 6 != key // 6:
                hexes.append(key // 6)
            key = p
        hexes.reverse()
        return hexes


def reach(state, unit, charge=False, occ=None) -> Reach:
    """Every (hex, facing) the unit can get to this phase, with MP spent (R14–R20).

    Costs are small integers, so a bucket queue replaces the heap; within one cost the search
    prefers routes through fewer entry-attack hexes (mine fields)."""
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
    enemy = occ.frozen_enemies(side)
    barriers = frozenset(h for h, s in state.barriers.items() if s != side) \
        if state.barriers else None
    stop = None
    if not (o.move_through_friends or unit.profile.is_hero):
        stop = frozenset(h for h, us in occ.by_hex.items()
                         if any(v.carried_by == OFF and v is not unit for v in us))
    if o.zone_of_control == "stop":
        stop = frozenset(occ.zoc(board, side)) | (stop or frozenset())
    min_one = o.min_move_one_hex and not damaged(unit) and unit.moved_round != state.round
    # The search depends only on these facts, so games (and their copies) share results.
    shared_key = (board.mobility(unit.profile), unit.hex, unit.facing, budget, start_mp, min_one,
                  enemy, barriers, stop, game.sides[side].exit_edges)
    shared = board.reach_cache.get(shared_key)
    if shared is not None:
        state._cache[cache_key] = shared
        return shared
    turn_cost = board.turn_units
    turns = board.turn_table
    costs = _cost_table(board, o, unit.profile)
    blocked = enemy | barriers if barriers else enemy
    stop = stop or ()
    cost = [INF] * (board.n * 6)
    prev = [-1] * (board.n * 6)
    mines = {}
    reached = []
    start = unit.hex
    k0 = start * 6 + unit.facing
    buckets = [[] for _ in range(budget + 1)]
    exits = {}
    if start_mp <= budget:
        cost[k0] = start_mp
        reached.append(k0)
        buckets[start_mp].append(k0)
        if start_mp + turn_cost <= budget:
            for f in range(6):
                k = start * 6 + f
                if k != k0:
                    cost[k] = start_mp + turn_cost
                    prev[k] = k0
                    reached.append(k)
                    buckets[start_mp + turn_cost].append(k)
    elif min_one:
        cost[k0] = budget
        reached.append(k0)
        buckets[budget].append(k0)
    exit_edges = game.sides[unit.side].exit_edges
    nbr = board.nbr
    entry = board.entry_hexes
    edge_exits = board.edge_exits
    step_off = board.mp_unit
    done = set()
    for c in range(budget + 1):
        bucket = buckets[c]
        i = 0
        while i < len(bucket):
            k = bucket[i]
            i += 1
            if cost[k] != c or k in done:
                continue
            done.add(k)
            h, f = divmod(k, 6)
            first = h == start
            if not first and h in stop:
                continue
            to = nbr[h][f]
            if to == OFF:
                if exit_edges and not exit_edges.isdisjoint(edge_exits[h][f]):
                    if (c + step_off <= budget or (first and min_one)) and k not in exits:
                        exits[k] = min(c + step_off, max(budget, c))
                continue
            step = costs[h][f]
            if step is None or to in blocked:
                continue
            nc = c + step
            over = nc > budget
            if over:
                if not (min_one and first):
                    continue
                nc = max(budget, c)
            nm = mines.get(k, 0) + (1 if to in entry else 0)
            base = to * 6
            for df, extra in turns:
                if extra and (over or nc + extra > budget):
                    continue
                kc = nc + extra
                k2 = base + (f + df) % 6
                old = cost[k2]
                if kc < old or (kc == old and nm < mines.get(k2, 0) and k2 not in done):
                    if old == INF:
                        reached.append(k2)
                    cost[k2] = kc
                    prev[k2] = k
                    if nm:
                        mines[k2] = nm
                    if over:
                        done.add(k2)        # the min-one-hex step ends the move there
                    else:
                        buckets[kc].append(k2)
    r = Reach()
    r.cost = cost
    r.prev = prev
    r.mines = mines
    r.budget = budget
    r.start = k0
    r.exits = exits
    r.reached = reached
    r._items = None
    state._cache[cache_key] = r
    if len(board.reach_cache) > 50000:
        board.reach_cache.clear()
    board.reach_cache[shared_key] = r
    return r


def occupancy(state) -> Occupancy:
    occ = state._cache.get("occ")
    if occ is None:
        occ = Occupancy(state)
        state._cache["occ"] = occ
    return occ


def destinations(state, unit, charge=False) -> dict:
    """{(hex, facing): MP units} the unit may end its move at (stacking respected).
    The dict may be shared between states: treat it as read-only."""
    key = ("dest", unit.i, charge)
    hit = state._cache.get(key)
    if hit is not None:
        return hit
    occ = occupancy(state)
    r = reach(state, unit, charge, occ)
    if unit.profile.is_hero:
        full = occ.enemy_hexes(unit.side)
    else:
        full = occ.full_hexes(state, unit.side, unit.profile.flying)
    own = unit.hex if can_end_in(state, occ, unit, unit.hex) else OFF
    items = r.items()
    start = divmod(r.start, 6)
    out = {hf: c for hf, c in items if (hf[0] not in full or hf[0] == own) and hf != start}
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
        from .combat import melee_possible
        occ = occupancy(state)
        dests = dict(destinations(state, unit, charge=True))
        r = reach(state, unit, True, occ)
        if r.cost[r.start] < INF:
            dests.setdefault((unit.hex, unit.facing), r.cost[r.start])
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
    return [u for u in state.units if u.carried_by == carrier.i and u.status == ON]


def execute_move(state, unit, hexes: list[int], facing: int, mp: int, events: list, *,
                 charge=False, embark=None) -> None:
    """Walk the unit along `hexes`; mine fields strike as it enters (R19)."""
    from .combat import entry_attack
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
            "mp": str(board.mp_of(mp)), "charge": charge, "embark": None,
            "disembark": disembark}
    if embark is not None and not stopped and unit.status == ON:
        unit.carried_by = embark.i
        _spend(state, embark, board.mount_units)
        data["embark"] = embark.uid
    events.append(state.event("moved", **data))


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

"""Moving (R13-R20): charges, exits, a move along an explicit path, and carrying the move
out (entry attacks, carried units, MP spent). Where a unit may be is `entry` and
`occupancy`, how far it may go `allowance`, where it can get to `reach`.
"""
from __future__ import annotations

from studio.engine.events import Event

from .allowance import damaged, move_allowance, move_block_reason
from .board import OFF
from .combat import entry_attack, melee_possible
from .entry import cost_table, enter_block_reason
from .occupancy import carried_by, occupancy
from .reach import INF, destinations, reach
from .state import ON


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
    costs = cost_table(board, o, unit.profile)
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

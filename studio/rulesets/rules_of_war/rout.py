"""Routed units flee (R34): full MP away from the nearest enemy, off the map if need be,
attacking a friend in the way when they have rout-attacks-friends (R40)."""
from __future__ import annotations

from .allowance import move_allowance
from .board import OFF
from .combat import apply_outcomes, make_context, one_attack
from .entry import cost_table
from .modifiers import attack_total
from .occupancy import can_end_in, carried_by, occupancy
from .state import FLED, ON


def _nearest_enemy_distance(state, unit, h) -> int:
    board = state.game.board
    best = 1 << 30
    for v in state.units:
        if v.side != unit.side and v.status == ON and v.hex != OFF:
            d = board.distance(v.hex, h)
            if d < best:
                best = d
    return best


def _attack_blockers(state, unit, h, events: list) -> None:
    """R40 rout-attacks-friends: the router attacks a friend in hex `h`, which blocked its
    escape (the first one there that its attack can reach)."""
    for v in state.units:
        if v.hex != h or v.status != ON or v.carried_by != OFF or v.side != unit.side:
            continue
        ctx = make_context(state, unit, v)
        if attack_total(ctx, state.game.options) is None:
            continue
        hit = one_attack(state, ctx, unit, unit.uid, v, events, why="rout-attack")
        hit[2]["rout_attack"] = True        # a routed unit's attack, on its own side
        hit[3] = None                       # nobody captures a friend
        apply_outcomes(state, [hit], events)
        return


def flee(state, unit, events: list) -> None:
    """R34: full MP away from the nearest enemy; each hex no closer to it, towards the unit's
    own map edge when tied; stepping off the map removes the unit (lost)."""
    game = state.game
    board = game.board
    o = game.options
    if unit.profile.immobile or unit.carried_by != OFF:
        return
    costs = cost_table(board, o, unit.profile)
    side = game.sides[unit.side]
    edge = side.map_edge
    budget = move_allowance(state, unit)
    spent = 0
    path = []
    visited = {unit.hex}
    start = unit.hex
    trail = []
    off_map = False
    while True:
        occ = occupancy(state)
        here = unit.hex
        cur = _nearest_enemy_distance(state, unit, here)
        best = None
        for d in range(6):
            to = board.nbr[here][d]
            if to == OFF:
                edges = board.edge_exits[here][d]
                if spent + board.mp_unit <= budget and (edge in edges or edge is None):
                    key = (1, 1 << 30, 0, -d)
                    if best is None or key > best[0]:
                        best = (key, d, OFF, board.mp_unit)
                continue
            c = costs[here][d]
            if c is None or spent + c > budget or to in visited:
                continue
            if to in occ.enemy_hexes(unit.side):
                continue
            if to in state.barriers and state.barriers[to] != unit.side:
                continue
            dist = _nearest_enemy_distance(state, unit, to)
            if dist < cur:
                continue
            toward = -board.edge_distance(to, edge) if edge else 0
            key = (0, dist, toward, -d)
            if best is None or key > best[0]:
                best = (key, d, to, c)
        if best is None:
            break
        _, d, to, c = best
        spent += c
        unit.facing = d
        if to == OFF:
            off_map = True
            break
        # Passing through friends is fine; the unit must be able to stop where it ends.
        state._cache.clear()
        unit.hex = to
        for cargo in carried_by(state, unit):
            cargo.hex = to
        visited.add(to)
        trail.append(to)
        path.append(board.labels[to])
    # A router that cannot stop where it ended (stacking) steps back along its path.
    state._cache.clear()
    blocked = None                      # the friends' hex it could not stop in
    while not off_map and trail and not can_end_in(state, occupancy(state), unit, unit.hex):
        blocked = trail.pop()
        path.pop()
        unit.hex = trail[-1] if trail else start
        for cargo in carried_by(state, unit):
            cargo.hex = unit.hex
        state._cache.clear()
    events.append(state.event("fled", unit=unit.uid, path=path, off_map=off_map))
    if blocked is not None and unit.profile.has("rout-attacks-friends"):
        _attack_blockers(state, unit, blocked, events)
    if off_map:
        lost = [unit] + carried_by(state, unit)
        for u in lost:
            u.status = FLED
            u.hex = OFF
            events.append(state.event("destroyed", unit=u.uid, cause="fled-off-map"))
    state._cache.clear()

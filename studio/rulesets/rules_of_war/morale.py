"""Morale (R32–R36): checks, routs and their cascade, rallying, and fleeing."""
from __future__ import annotations

from .board import OFF
from .state import FLED, ON


def morale_modifiers(state, unit) -> list:
    """R33 and abilities: [(reason, value)] on the unit's morale now."""
    o = state.game.options
    mods = []
    if o.leader_morale_penalty and state.leader_lost(unit.side):
        mods.append(("leader destroyed", -o.leader_morale_penalty))
    if o.outnumbered_penalty and unit.hex != OFF:
        board = state.game.board
        radius = o.outnumbered_radius
        friends = enemies = 0
        for v in state.units:
            if v.status != ON or v.hex == OFF or v.carried_by != OFF:
                continue
            if board.distance(v.hex, unit.hex) <= radius:
                if v.side == unit.side:
                    friends += 1
                else:
                    enemies += 1
        if enemies and enemies >= o.outnumbered_ratio * friends:
            mods.append(("outnumbered", -o.outnumbered_penalty))
    for a in unit.profile.hooks.get("morale_mods", ()):
        a.morale_mods(state, unit, mods)
    if unit.aid_round == state.round and unit.aid and unit.aid.get("morale"):
        mods.append(("aid", unit.aid["morale"]))
    return mods


def morale_roll(state, unit, why: str, events: list, extra=None) -> tuple:
    """R32: the die against the unit's modified morale, for a unit that has a morale
    rating: (modifiers, needed, roll, passed)."""
    mods = morale_modifiers(state, unit)
    if extra:
        mods.extend(extra)
    needed = unit.profile.morale + sum(v for _, v in mods)
    roll = state.roll(unit.uid, why, needed, events, success=lambda r: r <= needed)
    return mods, needed, roll, roll <= needed


def check(state, unit, reason: str, events: list, extra=None) -> bool:
    """R32: one morale check; a failure routs the unit (and may cascade, R36)."""
    if unit.status != ON or unit.routed or unit.carried_by != OFF:
        return True
    base = unit.profile.morale
    if base is None:
        return True        # no morale rating: the unit never checks
    mods, needed, roll, passed = morale_roll(state, unit, "morale", events, extra)
    events.append(state.event("morale", unit=unit.uid, reason=reason, morale=base,
                              modifiers=[list(m) for m in mods], needed=needed, roll=roll,
                              passed=passed))
    if not passed:
        rout(state, unit, events)
    return passed


def rout(state, unit, events: list) -> None:
    """R12, R34, R36: turn about at once; every adjacent friend checks morale, cascading."""
    queue = [unit]
    board = state.game.board
    while queue:
        u = queue.pop(0)
        if u.routed or u.status != ON:
            continue
        u.routed = True
        u.routed_round = state.round
        u.facing = (u.facing + 3) % 6
        events.append(state.event("routed", unit=u.uid, facing=board.facing_names[u.facing]))
        for v in state.units:
            if (v is u or v.side != u.side or v.status != ON or v.routed or v.hex == OFF
                    or v.carried_by != OFF or board.distance(v.hex, u.hex) != 1):
                continue
            base = v.profile.morale
            if base is None:
                continue
            mods, needed, roll, passed = morale_roll(state, v, "morale", events)
            events.append(state.event("morale", unit=v.uid, reason="friend-routed", morale=base,
                                      modifiers=[list(m) for m in mods], needed=needed,
                                      roll=roll, passed=passed))
            if not passed:
                queue.append(v)


def rally(state, unit, events: list) -> bool:
    """R35: at most ceil(modified morale / rally_divisor) restores a routed unit."""
    base = unit.profile.morale
    if base is None:
        unit.routed = False
        events.append(state.event("rallied", unit=unit.uid))
        return True
    mods = morale_modifiers(state, unit)
    modified = base + sum(v for _, v in mods)
    div = state.game.options.rally_divisor
    needed = -((-modified) // div)
    roll = state.roll(unit.uid, "rally", needed, events, success=lambda r: r <= needed)
    if roll <= needed:
        unit.routed = False
        events.append(state.event("rallied", unit=unit.uid))
        return True
    return False


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
    from .combat import apply_outcomes, make_context, one_attack
    from .modifiers import attack_total
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
    from .movement import (_cost_table, can_end_in, carried_by, move_allowance, occupancy)
    game = state.game
    board = game.board
    o = game.options
    if unit.profile.immobile or unit.carried_by != OFF:
        return
    costs = _cost_table(board, o, unit.profile)
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

"""Q4, Q6-Q8: moving a unit: base move in hexes, facing chosen at the end, zones of
control (the hex straight ahead of a non-mob unit), locked units, flyers, terrain."""
from __future__ import annotations

import weakref

from studio.engine.board import OFF
from studio.engine.search import reachable
from studio.engine.state import ON, enemies_next_to, occupants

from .hexsides import edge_cost

CLEAR, ROUGH, IMPASSABLE = "clear", "rough", "impassable"


_KINDS: "weakref.WeakKeyDictionary" = weakref.WeakKeyDictionary()


def terrain_class(t) -> str:
    """Q8: clear, rough or impassable, for a terrain type."""
    if t.mp is None:
        return IMPASSABLE
    return ROUGH if "rough" in t.tags or t.mp > 1 else CLEAR


def kinds(board) -> list[str]:
    """Clear, rough or impassable for every hex of `board` (Q8), worked out once a board."""
    found = _KINDS.get(board)
    if found is None:
        found = _KINDS[board] = [terrain_class(t) for t in board.terrain]
    return found


def terrain_kind(board, h: int) -> str:
    return kinds(board)[h]


def ahead(board, u) -> int:
    return board.nbr[u.hex][u.facing]


def direction_to(board, src: int, dst: int) -> int:
    """The facing from `src` that points most nearly at `dst`."""
    row = board.dist_row(dst)
    best, best_d = 0, None
    for d, n in enumerate(board.nbr[src]):
        if n == OFF:
            continue
        dist = row[n]
        if best_d is None or dist < best_d:
            best, best_d = d, dist
    return best


def zoc_owners(state, mover, h: int, occ=None) -> list:
    """The enemies whose zone of control hex `h` is for `mover`: non-mob enemies directly
    ahead of which `h` lies (Q6); flyers ignore them (Q7, an option). A hex may be in two."""
    opts = state.game.options
    if not opts.zone_of_control:
        return []
    board = state.game.board
    occ = occ if occ is not None else occupants(state)
    out = []
    for n in board.nbr[h]:
        if n == OFF:
            continue
        e = occ.get(n)
        if e is None or e.side == mover.side or e.profile.mob or board.nbr[n][e.facing] != h:
            continue
        if mover.profile.flying and opts.flyers_ignore_zoc and not (
                opts.flyers_stopped_by_missile_zoc and e.profile.missile):
            continue
        out.append(e)
    return out


def zoc_owner(state, mover, h: int, occ=None):
    """The first enemy whose zone of control hex `h` is for `mover`, None when none."""
    owners = zoc_owners(state, mover, h, occ)
    return owners[0] if owners else None


def zoc_map(state, mover, occ) -> dict:
    """{hex: the enemies whose zone of control it is} for `mover` (see `zoc_owners`)."""
    opts = state.game.options
    if not opts.zone_of_control:
        return {}
    board = state.game.board
    flyer = mover.profile.flying and opts.flyers_ignore_zoc
    out: dict = {}
    for e in occ.values():
        if e.side == mover.side or e.profile.mob:
            continue
        if flyer and not (opts.flyers_stopped_by_missile_zoc and e.profile.missile):
            continue
        h = board.nbr[e.hex][e.facing]
        if h != OFF:
            out.setdefault(h, []).append(e)
    return out


def facing_enemies(board, h: int, enemies) -> tuple:
    """Q6: the facings a unit stopped at `h` by these enemies' zones may take: each points
    at one of them (in two zones, the owner picks which enemy to face)."""
    return tuple(sorted({direction_to(board, h, e.hex) for e in enemies}))


def in_contact(state, u, e) -> bool:
    """`u` and enemy `e` are in one combat: one's front touches the other."""
    board = state.game.board
    return e.status == ON and (ahead(board, u) == e.hex or ahead(board, e) == u.hex)


def lockers(state, u, occ) -> list:
    return [e for e in enemies_next_to(state, u.hex, u.side, occ) if in_contact(state, u, e)]


def may_back_out(state, u, enemies, occ) -> bool:
    """Q6: a locked unit may leave only when a friend is in the same combat."""
    board = state.game.board
    for e in enemies:
        for n in board.nbr[e.hex]:
            f = occ.get(n) if n != OFF else None
            if f is not None and f is not u and f.side == u.side and in_contact(state, f, e):
                return True
    return False


def step_cost_for(state, u, occ):
    board = state.game.board
    opts = state.game.options
    flyer = u.profile.flying
    rough = opts.rough_move_cost
    kind_of = kinds(board)
    hexside = board.hexside

    def cost(a, d, b):
        other = occ.get(b)
        if other is not None and other.side != u.side:
            return None
        kind = kind_of[b]
        if flyer:
            return 1
        if kind == IMPASSABLE:
            return None
        step = rough if kind == ROUGH else 1
        edge = hexside[a][d]
        return edge_cost(edge, step, rough) if edge else step
    return cost


def unit_moves(state, u):
    """({end hex: the facings it must take there, or None for any}, the search or None)
    where `u` may end its move now (its own hex included: it may turn in place)."""
    board = state.game.board
    occ = occupants(state)
    enemies = lockers(state, u, occ)
    if enemies and not may_back_out(state, u, enemies, occ):
        # Q6: locked; only a unit locked at a flank with a clear front may turn to face.
        front = occ.get(ahead(board, u))
        if front is not None and front.side != u.side:
            return {}, None
        return {u.hex: facing_enemies(board, u.hex, enemies)}, None
    zoc = zoc_map(state, u, occ)
    kind_of = kinds(board)
    reach = reachable(board, u.hex, u.profile.move, step_cost_for(state, u, occ),
                      stops=zoc.__contains__,
                      may_end=lambda h: (h not in occ or occ[h] is u) and
                      kind_of[h] != IMPASSABLE)
    out = {}
    for h in reach.cost:
        z = zoc.get(h) if h != u.hex else None
        out[h] = facing_enemies(board, h, z) if z else None
    out[u.hex] = None
    return out, reach

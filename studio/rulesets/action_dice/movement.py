"""S4, S8, S9, S15-S16: where a unit may move with one move action. Foot and mounted units
go up to Move hexes (further by the march fraction, disordered), stop on touching an enemy,
and are disordered by broken ground; vehicles go straight ahead (or back at half) with one
pivot of a hexside and run enemies down (rams)."""
from __future__ import annotations

import weakref

from studio.engine.board import OFF
from studio.engine.search import reachable
from studio.engine.state import ON, occupants

from .hexsides import edge_extra
from .profile import hexes
from .vehicles import move_inches

OPEN, BROKEN, BLOCKED = 0, 1, 2
_STEP = 64          # cost of a hex; a broken hex adds 1, so the search prefers clean paths
_KINDS: "weakref.WeakKeyDictionary" = weakref.WeakKeyDictionary()


def kinds(board) -> list[int]:
    """S4 for every hex: impassable (no move cost), broken ground (it costs more than one
    or is tagged rough: passable, but it disorders) or open."""
    found = _KINDS.get(board)
    if found is None:
        found = _KINDS[board] = [terrain_class(t) for t in board.terrain]
    return found


def terrain_class(t) -> int:
    """S4: impassable, broken ground or open, for a terrain type."""
    return BLOCKED if t.mp is None else BROKEN if (t.mp > 1 or "rough" in t.tags) else OPEN


def allowance(state, u) -> int:
    """S8, S14: Move in hexes; an ordnance unit at half its crew or less moves half."""
    inches = move_inches(u)
    if u.profile.kind == "ordnance" and 2 * u.figures <= u.start_figures:
        inches /= 2
    return hexes(inches, state.game.options)


def foot_moves(state, u, occ=None) -> dict[int, bool]:
    """{end hex: disordered} for a unit that is not a vehicle (its own hex excluded)."""
    occ = occ if occ is not None else occupants(state)
    board = state.game.board
    kind = kinds(board)
    normal = allowance(state, u)
    if normal <= 0:
        return {}
    extra = int(normal * state.game.options.march_fraction)
    limit = normal + extra
    side = u.side

    hexside = board.hexside

    def cost(a, d, b):
        other = occ.get(b)
        if kind[b] == BLOCKED or (other is not None and other.side != side):
            return None
        edge = hexside[a][d]
        if edge:
            extra = edge_extra(edge)
            if extra is None:
                return None
            return _STEP + max(extra, 1 if kind[b] == BROKEN else 0)
        return _STEP + (1 if kind[b] == BROKEN else 0)

    def touching(h):
        return any(n != OFF and n in occ and occ[n].side != side for n in board.nbr[h])

    reach = reachable(board, u.hex, limit * _STEP + _STEP - 1, cost, stops=touching,
                      may_end=lambda h: h not in occ)
    out = {}
    for h, c in reach.cost.items():
        if h == u.hex:
            continue
        steps, broken = divmod(c, _STEP)
        out[h] = broken > 0 or steps > normal
    return out


def vehicle_paths(state, u, occ=None):
    """Every move of a vehicle: (end hex, end facing, path, reverse, rammed unit or None).
    Forward up to its move, in reverse up to half, straight but for one pivot of a hexside
    anywhere along the way; running into an enemy straight ahead (or behind, reversing)
    stops it there and rams that enemy."""
    occ = occ if occ is not None else occupants(state)
    board = state.game.board
    kind = kinds(board)
    full = allowance(state, u)
    out = []
    seen = set()
    for reverse in (False, True):
        budget = full // 2 if reverse else full
        for pivot in (0, -1, 1):
            # steps before the pivot, then after it (a pivot with no steps turns in place)
            for before in range(budget + 1):
                afters = range(budget - before + 1) if pivot else (0,)
                for after in afters:
                    if not pivot and before == 0:
                        continue
                    _walk(board, kind, occ, u, reverse, pivot, before, after, out, seen)
    return out


def _walk(board, kind, occ, u, reverse, pivot, before, after, out, seen) -> None:
    facing = u.facing
    h = u.hex
    path = [h]
    for step in range(before + after):
        if step == before:
            facing = (facing + pivot) % 6
        d = (facing + 3) % 6 if reverse else facing
        n = board.nbr[h][d]
        if n == OFF or kind[n] == BLOCKED or (
                board.hexside[h][d] and edge_extra(board.hexside[h][d]) is None):
            return
        if n in occ:
            other = occ[n]
            if other.side != u.side and step == before + after - 1:
                key = (h, facing, other.i)
                if key not in seen:
                    seen.add(key)
                    out.append((h, facing, tuple(path), reverse, other))
            return
        h = n
        path.append(h)
    if pivot and after == 0:
        facing = (facing + pivot) % 6            # the pivot at the end of the move
    key = (h, facing, None)
    if key not in seen and (h, facing) != (u.hex, u.facing):
        seen.add(key)
        out.append((h, facing, tuple(path), reverse, None))


def nearest_enemy(state, h: int, side: int) -> int:
    row = state.game.board.dist_row(h)
    return min((row[e.hex] for e in state.units if e.status == ON and e.side != side),
               default=0)


def flight_moves(state, u, occ=None) -> dict[int, bool]:
    """S20: the moves of a unit with a failed morale token that end farther from the nearest
    enemy than it stands ({end hex: disordered})."""
    start = nearest_enemy(state, u.hex, u.side)
    return {h: d for h, d in foot_moves(state, u, occ).items()
            if nearest_enemy(state, h, u.side) > start}

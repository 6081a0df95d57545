"""Who may attack whom now: melee an adjacent enemy (a faced unit only inside its front,
S3), shoot an enemy in range and in sight when not in contact (S13, S14, S17), a hero's
fireball (S22)."""
from __future__ import annotations

from studio.engine.state import ON, enemies_next_to, occupants
from .profile import hexes
from .vehicles import fire_reach


def in_front(board, u, h: int) -> bool:
    return not u.profile.faced or board.in_arc(u.hex, u.facing, h)


def melee_targets(state, u, occ=None) -> list:
    if u.profile.kind == "vehicle":
        return []                                # S16: vehicles fight only by ramming
    occ = occ if occ is not None else occupants(state)
    board = state.game.board
    return [e for e in enemies_next_to(state, u.hex, u.side, occ) if in_front(board, u, e.hex)]


def in_contact(state, u, occ=None) -> bool:
    occ = occ if occ is not None else occupants(state)
    return bool(enemies_next_to(state, u.hex, u.side, occ))


def shot_reach(state, u, dst: int) -> int:
    """Hexes `u`'s ranged attack reaches towards `dst` (ordnance: its long range)."""
    if u.profile.kind == "vehicle":
        return fire_reach(state, u, dst)
    return u.profile.long or u.profile.range


def shoot_targets(state, u, occ=None) -> list:
    if not u.profile.ranged or u.status != ON:
        return []
    occ = occ if occ is not None else occupants(state)
    if in_contact(state, u, occ):
        return []
    board = state.game.board
    row = board.dist_row(u.hex)
    out = []
    for e in state.units:
        if e.status != ON or e.side == u.side:
            continue
        d = row[e.hex]
        if d < 2 or d > shot_reach(state, u, e.hex):
            continue
        if u.profile.kind != "vehicle" and not in_front(board, u, e.hex):
            continue
        if board.terrain_los(u.hex, e.hex):
            out.append(e)
    return out


def is_long(state, u, t) -> bool:
    """S14: an ordnance target beyond the short range is at long range."""
    return u.profile.kind == "ordnance" and \
        state.game.board.distance(u.hex, t.hex) > u.profile.range


def fireball_targets(state, u) -> list:
    if not u.profile.has("fireball"):
        return []
    board = state.game.board
    reach = hexes(state.game.options.fireball_range, state.game.options)
    row = board.dist_row(u.hex)
    return [e for e in state.units if e.status == ON and e.side != u.side
            and row[e.hex] <= reach and board.terrain_los(u.hex, e.hex)]

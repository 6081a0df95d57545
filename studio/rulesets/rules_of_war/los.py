"""Line of sight (R24) and spotting (R38)."""
from __future__ import annotations

from .board import OFF
from .occupancy import occupancy
from .state import ON


def line_of_sight(state, a: int, b: int, occ=None) -> bool:
    """Centre to centre; blocked by blocking terrain or ground higher than both ends strictly
    between; along a hexside by both (or either, `los_hexside`) flanking hexes; by units only
    with `units_block_los`."""
    board = state.game.board
    if not board.terrain_los(a, b):
        return False
    if not state.game.options.units_block_los:
        return True
    occ = occ or occupancy(state)
    either = state.game.options.los_hexside == "either"
    for hp, hm in board.los_samples(a, b):
        bp = hp != OFF and hp in occ.by_hex
        bm = hm != OFF and hm in occ.by_hex
        if (bp if hp == hm else (bp or bm) if either else (bp and bm)):
            return False
    return True


def side_spots(state, side: int) -> bool:
    """Whether spotting applies to attacks by `side` (option on and its list has the stat)."""
    if not state.game.options.spotting:
        return False
    key = ("spots", side)
    hit = state._cache.get(key)
    if hit is None:
        alist = state.game.sides[side].army_list
        hit = any(u.spotting is not None for u in alist.units)
        state._cache[key] = hit
    return hit


def spotted(state, side: int, target, occ=None) -> bool:
    """R38: some unit of `side` has the target within its spotting range (1 without the
    stat: adjacent enemies are always seen) and in line of sight."""
    if not side_spots(state, side):
        return True
    key = ("spotted", side, target.i)
    hit = state._cache.get(key)
    if hit is not None:
        return hit
    board = state.game.board
    hit = False
    for u in state.units:
        if u.side != side or u.status != ON or u.carried_by != OFF:
            continue
        rng = u.profile.spotting or 1
        d = board.distance(u.hex, target.hex)
        if d <= rng and (d <= 1 or line_of_sight(state, u.hex, target.hex, occ)):
            hit = True
            break
    state._cache[key] = hit
    return hit

"""S15-S18: what vehicles do differently: their stats worn down by the damage chart, their
three arcs of fire, and the damage roll."""
from __future__ import annotations

import math

from studio.hexgrid import DIRECTIONS, Hex, bearing

from .profile import hexes

ARCS = ("front", "left", "right", "rear")


def defense_of(u) -> int:
    """Defense after the vehicle damage taken (never below 1)."""
    return max(1, u.profile.defense - u.damage.get("defense", 0))


def move_inches(u) -> float:
    return max(0, u.profile.move - u.damage.get("move", 0))


def range_inches(u) -> float:
    return max(0, u.profile.weapon.get("range", 0) - 2 * u.damage.get("range", 0))


def arcs_lost(u) -> int:
    return u.damage.get("arc", 0)


def arc_of(board, u, dst: int) -> str:
    """Which of the vehicle's arcs hex `dst` lies in: front and rear are the 90 degrees
    about its facing and its back, left and right the rest."""
    src = u.hex
    dq, dr = board.q[dst] - board.q[src], board.r[dst] - board.r[src]
    if dq == 0 and dr == 0:
        return "front"
    to = bearing(board.orientation, Hex(0, 0), Hex(dq, dr))
    ahead = bearing(board.orientation, Hex(0, 0), DIRECTIONS[u.facing])
    diff = (to - ahead + 540.0) % 360.0 - 180.0     # -180..180, positive clockwise
    if abs(diff) <= 45.0 + 1e-9:
        return "front"
    if abs(diff) >= 135.0 - 1e-9:
        return "rear"
    return "right" if diff > 0 else "left"


def fire_reach(state, u, dst: int) -> int:
    """Hexes the vehicle's fire reaches towards `dst` (0: that arc cannot fire)."""
    opts = state.game.options
    arc = arc_of(state.game.board, u, dst)
    lost = ARCS[:arcs_lost(u)]                   # arcs are lost front first, then the sides
    if arc in lost:
        return 0
    inches = range_inches(u)
    if arc == "rear":
        if not u.profile.has("rear-attack-arc"):
            return 0
        inches /= 2
    elif arc != "front":
        inches /= 2
    return hexes(inches, opts)


def _applies(u, kind: str) -> bool:
    if kind == "move":
        return move_inches(u) > 0
    if kind == "defense":
        return defense_of(u) > 1
    if kind == "range":
        return range_inches(u) > 0
    return arcs_lost(u) < 3


def damage_roll(state, u, quotient: int, by, events: list) -> bool:
    """S18: roll d8 + quotient (+1 for each earlier 'plus' result) on the damage chart and
    apply the result; True when the vehicle is destroyed."""
    opts = state.game.options
    roll = state.dice.roll(8)
    bonus = u.damage.get("plus", 0)
    score = min(99, max(1, roll + quotient + bonus))
    result = opts.chart[score]
    took = None
    if result != "destroyed":
        picks = opts.defender_picks if result.startswith("defender") else opts.attacker_picks
        took = next((k for k in picks if _applies(u, k)), None)
        if took is not None:
            u.damage[took] = u.damage.get(took, 0) + 1
        if result.endswith("-plus"):
            u.damage["plus"] = bonus + 1
    events.append(state.event("vehicle-damage", unit=u.uid, roll=roll, quotient=quotient,
                              bonus=bonus, score=score, result=result, took=took,
                              by=by.uid if by is not None else None))
    return result == "destroyed"


def damage_summary(u) -> str:
    parts = []
    for kind, words in (("move", "Move -{}\""), ("defense", "Defense -{}"),
                        ("range", "range -{}\""), ("arc", "{} arc(s) lost")):
        n = u.damage.get(kind, 0)
        if n:
            parts.append(words.format(2 * n if kind == "range" else n))
    if u.damage.get("plus"):
        parts.append(f"+{u.damage['plus']} to damage rolls")
    return ", ".join(parts)


def half_down(n: int) -> int:
    return math.floor(n / 2)

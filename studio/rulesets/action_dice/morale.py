"""S20: the morale check of a unit that lost half its figures in one combat: its dice for
every figure left, more evens than odds passes; Fearless passes; a hero's Command adds its evens."""
from __future__ import annotations

from studio.engine.state import ON

from .profile import hexes


def _commander(state, u):
    """A friendly hero with Command within its radius, the nearest first."""
    board = state.game.board
    reach = hexes(state.game.options.command_radius, state.game.options)
    best = None
    for h in state.units:
        if h.side == u.side and h.status == ON and h is not u and h.profile.has("command"):
            d = board.distance(h.hex, u.hex)
            if d <= reach and (best is None or d < best[0]):
                best = (d, h)
    return best[1] if best else None


def check_after_losses(state, u, lost: int, before: int, events: list) -> None:
    if u.status != ON or u.profile.kind in ("vehicle", "hero") or lost <= 0 \
            or 2 * lost < before:
        return
    if u.profile.has("fearless"):
        events.append(state.event("morale", unit=u.uid, rolls=[], evens=0, odds=0,
                                  passed=True, fearless=True, command=None, command_rolls=[]))
        return
    # the unit rolls its action dice for every figure left: a 2d6 unit two dice a figure
    rolls = [state.dice.roll(u.die) for _ in range(u.figures * u.profile.n_dice)]
    evens = sum(1 for r in rolls if r % 2 == 0)
    odds = len(rolls) - evens
    hero = _commander(state, u)
    extra = []
    if hero is not None:
        extra = [state.dice.roll(hero.die) for _ in range(hero.profile.n_dice)]
        evens += sum(1 for r in extra if r % 2 == 0)
    passed = evens > odds
    if not passed:
        u.failed = True
    events.append(state.event("morale", unit=u.uid, rolls=rolls, evens=evens, odds=odds,
                              passed=passed, fearless=False,
                              command=hero.uid if hero is not None else None,
                              command_rolls=extra))

"""Where a unit of Rules of War may be (R13, R17): the terrain it may never enter, the cost
table of its mobility class, and how many units share a hex."""
from __future__ import annotations


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


def cost_table(board, options, profile):
    """cost[h][d]: MP units to step from h in direction d (None: cannot enter), shared by
    every unit of the same mobility class on the board."""
    return board.cost_table(profile).rows


def stacking_limit(options) -> int:
    return options.stacking_limit

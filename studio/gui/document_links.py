"""The connections a long-lived part of the window (a dock, the map view, autosave,
validation) keeps to the open document's signals.

The window swaps documents under them (New, Open, Revert, Close): each must drop its
connections to the old document before connecting to the new one, or it would keep
redrawing from, or saving, a document that is no longer shown.
"""
from __future__ import annotations

Link = tuple  # (signal, slot)


def relink(old: list[Link], new: list[Link]) -> list[Link]:
    """Disconnect the `old` (signal, slot) pairs, connect the `new` ones and return them, to
    be passed as `old` at the next swap."""
    for signal, slot in old:
        try:
            signal.disconnect(slot)
        except (RuntimeError, TypeError):
            pass        # already gone with the old document (or never connected)
    for signal, slot in new:
        signal.connect(slot)
    return list(new)

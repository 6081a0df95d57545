"""Keep None, True and False alive under PySide6 builds that under-count them.

PySide6 6.12 returns None from void methods (and the bool of `Signal.emit`) without taking
a reference. From Python 3.12 these singletons are immortal and nothing happens; on 3.11 each
call lowers their reference count by one, and after a few thousand calls (one paint of a big
map) the interpreter aborts with "none_dealloc: deallocating None". Giving the three
singletons a huge head start makes them as good as immortal, which is what 3.12 does anyway;
the singletons are static and never freed, so the larger count changes nothing else.

Imported for its effect by every module of studio.gui that calls Qt in loops; harmless twice.
"""
from __future__ import annotations

import sys

_HEAD_START = 1 << 56


def _pin(obj: object) -> bool:
    import ctypes
    if sys.getrefcount(obj) >= _HEAD_START:
        return True
    # ob_refcnt is the first field of every object in release builds of CPython; check that
    # the field read really is the count (allowing for the few references made meanwhile).
    cell = ctypes.c_ssize_t.from_address(id(obj))
    if abs(cell.value - sys.getrefcount(obj)) > 16:
        return False                       # another layout (debug build): leave it alone
    before = sys.getrefcount(obj)
    cell.value += _HEAD_START
    if abs(sys.getrefcount(obj) - before - _HEAD_START) > 16:
        cell.value -= _HEAD_START
        return False
    return True


def guard() -> bool:
    """Apply the work-around where it is needed; True when the singletons are safe."""
    if sys.implementation.name != "cpython" or sys.version_info >= (3, 12):
        return True
    return all(_pin(o) for o in (None, True, False))


GUARDED = guard()

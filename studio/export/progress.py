"""Progress reports and cancellation for exports run from a worker thread.

The studio's Export dialog passes a callback ``progress(done, total, message)`` and a
cancel flag: anything with ``is_set()`` (a ``threading.Event``) or a plain callable
returning True once the user pressed Cancel. The exporters check it between pages and
raise :class:`ExportCancelled`; the partly written file is removed.

>>> seen = []
>>> p = Progress(lambda d, t, m: seen.append((d, t, m)), None, total=2)
>>> p.step("page 1"); p.step("page 2")
>>> seen
[(1, 2, 'page 1'), (2, 2, 'page 2')]
"""
from __future__ import annotations

import os
from contextlib import contextmanager
from typing import Any, Callable

from studio.io.atomic_write import commit, real_target, sibling_path

ProgressCallback = Callable[[int, int, str], None]


class ExportCancelled(Exception):
    """The user cancelled an export; no file is left behind."""


def is_cancelled(cancel: Any) -> bool:
    if cancel is None:
        return False
    if hasattr(cancel, "is_set"):
        return bool(cancel.is_set())
    if callable(cancel):
        return bool(cancel())
    return bool(cancel)


class Progress:
    def __init__(self, callback: ProgressCallback | None, cancel: Any, total: int = 0) -> None:
        self.callback = callback
        self.cancel = cancel
        self.total = total
        self.done = 0

    def check(self) -> None:
        if is_cancelled(self.cancel):
            raise ExportCancelled("export cancelled")

    def step(self, message: str = "", amount: int = 1) -> None:
        self.check()
        self.done += amount
        if self.callback is not None:
            self.callback(self.done, max(self.total, self.done), message)

    def finished(self, message: str = "") -> None:
        """The last step, once the output is in place: no cancel check, since a cancel
        now could no longer keep the earlier file."""
        self.done = max(self.total, self.done + 1)
        if self.callback is not None:
            self.callback(self.done, self.done, message)


def partial_path(path: str | os.PathLike) -> str:
    """Where to write before the output is complete: beside the file `path` names (through
    a symbolic link, beside its target), so the final step is atomic and a cancelled or
    failed export never touches an earlier file at `path`."""
    return sibling_path(real_target(path), ".part")


def finish_partial(part: str, path: str | os.PathLike) -> None:
    """Put the finished output in place (see `studio.io.atomic_write.commit`)."""
    commit(part, real_target(path))


@contextmanager
def written_in_place(path: str | os.PathLike):
    """`with written_in_place(path) as part:` write the output to `part`; when the block
    ends it takes `path`'s place, and when it raises (a cancel included) it is deleted, so
    an earlier file at `path` is never touched by a failed export."""
    part = partial_path(path)
    try:
        yield part
        finish_partial(part, path)
    except BaseException:
        remove_partial(part)
        raise


def remove_partial(path: str | os.PathLike) -> None:
    """Delete a half-written output after a cancel or an error."""
    try:
        os.remove(path)
    except OSError:
        pass

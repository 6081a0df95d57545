"""Python's cyclic garbage collector runs on whichever thread happens to allocate when a
generation fills up. When that is a worker thread (live validation, batches, exports) and
the garbage holds Qt objects, their C++ destructors run off the GUI thread while the
collector holds the interpreter lock, and PySide's wait for that lock can freeze the studio
(seen as a deadlock between a window's `show()` and the validation worker). So while the
studio runs, the automatic collector is off and the GUI thread collects on a timer."""
from __future__ import annotations

import gc

from PySide6.QtCore import QObject, QTimer

INTERVAL_MS = 500


class GuiThreadCollector(QObject):
    """Collects, on the GUI thread, the generations the automatic collector would have."""

    def __init__(self, parent: QObject | None = None, interval_ms: int = INTERVAL_MS) -> None:
        super().__init__(parent)
        gc.disable()
        self._timer = QTimer(self)
        self._timer.timeout.connect(self.collect_due)
        self._timer.start(interval_ms)

    def collect_due(self) -> int:
        """Collect the oldest generation whose count passed its threshold; returns it (-1:
        nothing was due)."""
        counts, limits = gc.get_count(), gc.get_threshold()
        due = -1
        for generation in range(3):
            if counts[generation] > limits[generation]:
                due = generation
            else:
                break
        if due >= 0:
            gc.collect(due)
        return due

    def stop(self) -> None:
        """Hand collection back to Python (the studio is closing)."""
        self._timer.stop()
        gc.enable()

"""Export and preview jobs off the GUI thread, one at a time, each with its own cancel
Event. Results and progress come back through a relay QObject living on the GUI thread
(queued signals), as in validation_worker."""
from __future__ import annotations

import threading
import time
from dataclasses import dataclass
from typing import Any, Callable

from PySide6.QtCore import QObject, QRunnable, QThreadPool, Signal

from studio.export import ExportCancelled

Work = Callable[[Callable[[int, int, str], None], threading.Event], Any]


@dataclass(slots=True)
class Outcome:
    value: Any = None
    error: BaseException | None = None
    cancelled: bool = False


class _Relay(QObject):
    progress = Signal(int, int, int, str)       # job id, done, total, message
    finished = Signal(int, object)              # job id, Outcome


# Seconds between two progress signals of a job.
PROGRESS_INTERVAL = 0.05


class _Job(QRunnable):
    def __init__(self, job_id: int, work: Work, cancel: threading.Event, relay: _Relay) -> None:
        super().__init__()
        self.job_id, self.work, self.cancel, self.relay = job_id, work, cancel, relay

    def run(self) -> None:
        last = 0.0

        def progress(done: int, total: int, message: str) -> None:
            # At most one signal per PROGRESS_INTERVAL (and always the last step): a fast
            # export of thousands of pages would otherwise queue more signals than the GUI
            # thread can handle, and the window (and its Cancel button) would stop responding.
            nonlocal last
            now = time.monotonic()
            if done < total and now - last < PROGRESS_INTERVAL:
                return
            last = now
            try:
                self.relay.progress.emit(self.job_id, done, total, message)
            except RuntimeError:
                pass    # the dialog is gone; the cancel flag stops the work soon

        try:
            if self.cancel.is_set():
                raise ExportCancelled("cancelled before it started")
            outcome = Outcome(value=self.work(progress, self.cancel))
        except ExportCancelled:
            outcome = Outcome(cancelled=True)
        except Exception as err:  # noqa: BLE001 - reported to the user as a message
            outcome = Outcome(error=err)
        try:
            self.relay.finished.emit(self.job_id, outcome)
        except RuntimeError:
            pass


class JobRunner(QObject):
    """Runs ``work(progress, cancel)`` callables in order on one worker thread (the library
    caches what it loads, so two jobs never read it at once)."""

    progress = Signal(int, int, int, str)
    finished = Signal(int, object)

    def __init__(self, parent: QObject | None = None) -> None:
        super().__init__(parent)
        self.pool = QThreadPool(self)
        self.pool.setMaxThreadCount(1)
        self._relay = _Relay(self)
        self._relay.progress.connect(self.progress)
        self._relay.finished.connect(self._done)
        self._next_id = 0
        self.running: dict[int, threading.Event] = {}

    def start(self, work: Work) -> tuple[int, threading.Event]:
        self._next_id += 1
        cancel = threading.Event()
        self.running[self._next_id] = cancel
        self.pool.start(_Job(self._next_id, work, cancel, self._relay))
        return self._next_id, cancel

    def cancel(self, job_id: int) -> None:
        event = self.running.get(job_id)
        if event is not None:
            event.set()

    def cancel_all(self) -> None:
        for event in self.running.values():
            event.set()

    def idle(self) -> bool:
        return not self.running

    def wait(self, timeout_ms: int = 30000) -> bool:
        return self.pool.waitForDone(timeout_ms)

    def _done(self, job_id: int, outcome: Outcome) -> None:
        self.running.pop(job_id, None)
        self.finished.emit(job_id, outcome)

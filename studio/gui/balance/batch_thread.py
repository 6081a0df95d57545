"""`run_batch` (and, through `BackgroundRun`, any long run of games) in a QThread: progress
and the report come back as signals, Cancel sets the run's cancel flag (it stops between
games and the report covers the games played; worker processes are terminated and joined
by the runner, cluster tasks cancelled).

A thread still running when its window goes away is kept referenced here until it ends,
and the application waits for it on quit, so no thread or process is left behind.
"""
from __future__ import annotations

import threading
import time

from PySide6.QtCore import QCoreApplication, QThread, Signal

_RUNNING: set["BackgroundRun"] = set()


class BackgroundRun(QThread):
    """A run of games off the GUI thread; subclasses define `work()`, returning the report
    (or raising an error that has `diagnostics` to list them)."""
    progressed = Signal(int, int)          # games done, games asked for (or planned)
    reportReady = Signal(object, float)    # the report, seconds
    failed = Signal(str, object)           # message, diagnostics (list) or None

    def __init__(self) -> None:
        super().__init__()
        self.cancel_event = threading.Event()
        self.report = None
        self.error: str | None = None
        self.finished.connect(self._ended)

    def start(self, *args) -> None:
        _RUNNING.add(self)
        app = QCoreApplication.instance()
        if app is not None and len(_RUNNING) == 1:
            app.aboutToQuit.connect(stop_all)
        super().start(*args)

    def cancel(self) -> None:
        self.cancel_event.set()

    def work(self):
        raise NotImplementedError

    def emit_progress(self, done: int, total: int) -> None:
        self.progressed.emit(done, total)

    def run(self) -> None:
        from studio.simulate import ClusterUnavailable
        started = time.monotonic()
        try:
            report = self.work()
        except ClusterUnavailable as err:
            self.error = str(err)
            self.failed.emit(self.error, None)
            return
        except Exception as err:  # noqa: BLE001 - shown in the window, with its type
            diagnostics = getattr(err, "diagnostics", None)
            self.error = str(err) if diagnostics is not None else f"{type(err).__name__}: {err}"
            self.failed.emit(self.error, diagnostics)
            return
        self.report = report
        self.reportReady.emit(report, time.monotonic() - started)

    def _ended(self) -> None:
        _RUNNING.discard(self)


class BatchThread(BackgroundRun):
    def __init__(self, scenario, library, games: int, seed: int, workers: int,
                 options_override: dict | None = None, cluster: str | None = None) -> None:
        super().__init__()
        self.scenario = scenario
        self.library = library
        self.games = games
        self.seed = seed
        self.workers = workers
        self.options_override = options_override
        self.cluster = cluster or None

    def work(self):
        from studio.simulate import run_batch
        return run_batch(self.scenario, self.library, self.games, self.seed, self.workers,
                         progress=self.emit_progress, cancel=self.cancel_event,
                         options_override=self.options_override, cluster=self.cluster)


def stop_all(wait_ms: int = 60000) -> None:
    """Cancel every batch still running and wait for it (application quit)."""
    for t in list(_RUNNING):
        t.cancel()
    for t in list(_RUNNING):
        t.wait(wait_ms)

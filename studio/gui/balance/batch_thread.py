"""`run_batch` in a QThread: progress and the report come back as signals, Cancel sets the
batch's cancel flag (the batch stops between games and the report covers the games played;
worker processes are terminated and joined by `run_batch`).

A thread still running when its window goes away is kept referenced here until it ends,
and the application waits for it on quit, so no thread or process is left behind.
"""
from __future__ import annotations

import threading
import time

from PySide6.QtCore import QCoreApplication, QThread, Signal

from studio.simulate import ScenarioRefused, run_batch

_RUNNING: set["BatchThread"] = set()


class BatchThread(QThread):
    progressed = Signal(int, int)          # games done, games asked for
    reportReady = Signal(object, float)    # BatchReport, seconds
    failed = Signal(str, object)           # message, diagnostics (list) or None

    def __init__(self, scenario, library, games: int, seed: int, workers: int,
                 options_override: dict | None = None) -> None:
        super().__init__()
        self.scenario = scenario
        self.library = library
        self.games = games
        self.seed = seed
        self.workers = workers
        self.options_override = options_override
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

    def run(self) -> None:
        started = time.monotonic()
        try:
            report = run_batch(self.scenario, self.library, self.games, self.seed, self.workers,
                               progress=lambda done, total: self.progressed.emit(done, total),
                               cancel=self.cancel_event,
                               options_override=self.options_override)
        except ScenarioRefused as err:
            self.error = str(err)
            self.failed.emit(str(err), err.diagnostics)
            return
        except Exception as err:  # noqa: BLE001 - shown in the window, with its type
            self.error = f"{type(err).__name__}: {err}"
            self.failed.emit(self.error, None)
            return
        self.report = report
        self.reportReady.emit(report, time.monotonic() - started)

    def _ended(self) -> None:
        _RUNNING.discard(self)


def stop_all(wait_ms: int = 60000) -> None:
    """Cancel every batch still running and wait for it (application quit)."""
    for t in list(_RUNNING):
        t.cancel()
    for t in list(_RUNNING):
        t.wait(wait_ms)

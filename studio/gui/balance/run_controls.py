"""What the balance window and the Balance lab share around a `BackgroundRun`: the Run and
Cancel buttons, the progress bar, the status line and writing the PDF of a result.

The host widget has `run_button`, `cancel_button`, `progress`, `status`, `status_text` and
`thread`, and defines `_report_ready` and `_failed`; `CANCELLING` is its status while a
cancelled run finishes the games under way."""
from __future__ import annotations

from pathlib import Path
from typing import Callable

from PySide6.QtWidgets import QMessageBox


def error_lines(diagnostics) -> str:
    """The first ten errors of a refused run, one a line, each at its file:line."""
    errors = [d for d in diagnostics if getattr(d, "severity", "") == "error"]
    return "\n".join(d.format() for d in errors[:10])


class RunControls:
    CANCELLING = "Cancelling…"

    @property
    def running(self) -> bool:
        return self.thread is not None and self.thread.isRunning()

    def _start(self, thread, total: int, status: str) -> None:
        self.thread = thread
        thread.progressed.connect(self._progressed)
        thread.reportReady.connect(self._report_ready)
        thread.failed.connect(self._failed)
        self.progress.setRange(0, total)
        self.progress.setValue(0)
        self._set_status(status)
        self.run_button.setEnabled(False)
        self.cancel_button.setEnabled(True)
        thread.start()

    def cancel(self) -> None:
        if self.running:
            self.thread.cancel()
            self.cancel_button.setEnabled(False)
            self._set_status(self.CANCELLING)

    def wait(self, msecs: int = 120000) -> bool:
        """Block until the running batch ends (tests, closing)."""
        return self.thread.wait(msecs) if self.thread is not None else True

    def _progressed(self, done: int, total: int) -> None:
        if self.thread is None or self.thread.cancel_event.is_set():
            return                                  # the bar stops when Cancel is pressed
        self.progress.setRange(0, max(1, total))
        self.progress.setValue(done)

    def _finish(self) -> None:
        self.run_button.setEnabled(True)
        self.cancel_button.setEnabled(False)

    def _set_status(self, text: str) -> None:
        self.status_text = text
        self.status.setText(text)

    def _write_pdf(self, path: Path, write: Callable[[Path], object]) -> Path | None:
        """`write(path)`, then the status says so; a message box when the file cannot be
        written."""
        try:
            write(path)
        except OSError as err:
            QMessageBox.warning(self, "Not exported", f"Could not write {path}: "
                                f"{err.strerror or err}")
            return None
        self._set_status(f"Exported {path}")
        return Path(path)

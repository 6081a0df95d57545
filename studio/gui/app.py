"""Starting the studio: the QApplication, the main window, the first document."""
from __future__ import annotations

import sys
from pathlib import Path

from PySide6.QtWidgets import QApplication

from .main_window import APP_NAME, MainWindow


def application(argv: list[str] | None = None) -> QApplication:
    """The running QApplication, created on first use."""
    app = QApplication.instance()
    if app is None:
        app = QApplication(list(argv) if argv is not None else [sys.argv[0]])
        app.setApplicationName(APP_NAME)
        app.setOrganizationName("wargame-studio")
        app.setApplicationDisplayName(APP_NAME)
    return app


def run_studio(path: Path | None) -> int:
    """Open the studio on `path` (None: the bundled sample scenario) and run until the
    window closes; returns the exit code."""
    app = application()
    window = MainWindow()
    window.start(Path(path) if path is not None else None)
    window.show()
    return int(app.exec())

"""The Open Recent list and where the studio keeps its settings.

Settings go to `$WARGAME_STUDIO_HOME/settings.ini` when that variable is set (tests and
portable installs), else to the platform's usual place for QSettings.
"""
from __future__ import annotations

import os
from pathlib import Path

from PySide6.QtCore import QSettings

RECENT_KEY = "recent/files"
RECENT_LIMIT = 10


def studio_settings() -> QSettings:
    home = os.environ.get("WARGAME_STUDIO_HOME")
    if home:
        return QSettings(str(Path(home) / "settings.ini"), QSettings.IniFormat)
    return QSettings("wargame-studio", "Wargame Studio")


class RecentFiles:
    """Most recently opened or saved scenario files, newest first, at most `limit`."""

    def __init__(self, settings: QSettings, limit: int = RECENT_LIMIT) -> None:
        self.settings = settings
        self.limit = limit

    def paths(self) -> list[Path]:
        value = self.settings.value(RECENT_KEY, [])
        if isinstance(value, str):          # QSettings returns a lone entry as a string
            value = [value] if value else []
        return [Path(v) for v in (value or []) if v]

    def _store(self, paths: list[Path]) -> None:
        self.settings.setValue(RECENT_KEY, [str(p) for p in paths[: self.limit]])
        self.settings.sync()

    def add(self, path: str | os.PathLike) -> None:
        target = Path(os.path.abspath(os.fspath(path)))
        self._store([target] + [p for p in self.paths() if p != target])

    def remove(self, path: str | os.PathLike) -> None:
        target = Path(os.path.abspath(os.fspath(path)))
        self._store([p for p in self.paths() if p != target])

    def clear(self) -> None:
        self._store([])

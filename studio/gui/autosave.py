"""Never lose work: a copy of the modified scenario in the user data folder every few minutes.

The recovery file is the scenario's own YAML (what Save would write) after one comment line
naming the file it stands for, so it opens like any scenario. It lives in
`recovery/` of the user data folder (see studio.io.user_data), named after
its source file, and is removed on a clean save or a normal close; one that is still there at
start-up is what a crash left behind. It is offered whenever it holds something other than
the file (never judged by the files' times: a sync tool, a checkout or `touch` changes those),
and deleted only once the user has answered: restored and then saved or dropped, or declined.
"""
from __future__ import annotations

import hashlib
import os
from pathlib import Path

from PySide6.QtCore import QObject, QTimer, Signal

from studio.io import dump_model, load_file
from studio.io.saver import write_text_atomic
from studio.io.user_data import studio_home

from .document_links import relink
from .validation_worker import document_edit_signals

DEFAULT_INTERVAL_SECONDS = 120
HEADER = "# Wargame Studio recovery file of: "
UNTITLED = "(untitled)"


def recovery_dir() -> Path:
    return studio_home() / "recovery"


def recovery_path(source: Path | None) -> Path:
    """Where the recovery copy of `source` (None: an unsaved scenario) is written."""
    if source is None:
        return recovery_dir() / "untitled.yaml"
    absolute = os.path.abspath(os.fspath(source))
    digest = hashlib.sha1(absolute.encode("utf-8")).hexdigest()[:12]
    return recovery_dir() / f"{Path(absolute).stem}-{digest}.yaml"


def recovery_text(model, source: Path | None) -> str:
    shown = os.path.abspath(os.fspath(source)) if source is not None else UNTITLED
    return f"{HEADER}{shown}\n{dump_model(model)}"


def read_recovery(path: Path) -> tuple[Path | None, str]:
    """The source a recovery file stands for (None: unsaved) and its whole text."""
    text = Path(path).read_text(encoding="utf-8")
    first = text.split("\n", 1)[0]
    if not first.startswith(HEADER):
        raise ValueError(f"{path} is not a Wargame Studio recovery file (its first line should "
                         f"start with {HEADER.strip()!r})")
    shown = first[len(HEADER):].strip()
    return (None if shown == UNTITLED else Path(shown)), text


def find_recovery(source: Path | None) -> Path | None:
    """The recovery file for `source` when it holds work the file does not (any, for unsaved
    work, or when the file is gone or cannot be read as a scenario)."""
    candidate = recovery_path(source)
    if not candidate.is_file():
        return None
    if source is None or not Path(source).is_file():
        return candidate
    try:
        _recorded, text = read_recovery(candidate)
    except (OSError, ValueError):
        return candidate            # offered, so the user hears about it
    body = text.split("\n", 1)[1] if "\n" in text else ""
    saved = load_file(source)
    if saved.model is None or dump_model(saved.model) != body:
        return candidate
    return None


def remove_quietly(path: Path | None) -> None:
    if path is None:
        return
    try:
        Path(path).unlink()
    except FileNotFoundError:
        pass
    except OSError:
        pass   # a recovery file we cannot delete is offered again next time: no work is lost


class Autosaver(QObject):
    """Writes the document's recovery file every `interval` seconds while it has unsaved
    edits made since the last write; forgets it when the document is saved or closed."""

    saved = Signal(str)        # path of the recovery file written
    failed = Signal(str)       # why it could not be written

    def __init__(self, interval_seconds: float = DEFAULT_INTERVAL_SECONDS,
                 parent: QObject | None = None) -> None:
        super().__init__(parent)
        self.doc = None
        self._dirty = False
        self._written: Path | None = None
        self._connections: list = []
        self.timer = QTimer(self)
        self.timer.timeout.connect(self._tick)
        self.set_interval(interval_seconds)

    def set_interval(self, seconds: float) -> None:
        """Autosave period; 0 or less turns autosaving off."""
        self.interval_seconds = seconds
        if seconds > 0:
            self.timer.start(int(seconds * 1000))
        else:
            self.timer.stop()

    def set_document(self, doc) -> None:
        self.doc = doc
        self._written = None
        self._dirty = False
        self._connections = relink(self._connections,
                                   [(s, self._touch) for s in document_edit_signals(doc)]
                                   + [(doc.cleanChanged, self._clean_changed)])

    def _touch(self, *_args) -> None:
        self._dirty = True

    def _clean_changed(self, clean: bool) -> None:
        # Back at the saved state (a save, or undo all the way): the file on disk is the work.
        if clean:
            self.discard()

    def mark_dirty(self) -> None:
        """For a document that starts modified (restored from a recovery file)."""
        self._dirty = True

    def _tick(self) -> None:
        if self.doc is not None and self._dirty and self.doc.is_modified():
            self.save_now()

    def save_now(self) -> Path | None:
        """Write the recovery file now; returns its path, or None when writing failed."""
        if self.doc is None:
            return None
        target = recovery_path(self.doc.path)
        try:
            target.parent.mkdir(parents=True, exist_ok=True)
            write_text_atomic(target, recovery_text(self.doc.model, self.doc.path))
        except OSError as err:
            self.failed.emit(f"Autosave failed: cannot write {target} ({err.strerror or err}); "
                             "save your work with Ctrl+S")
            return None
        if self._written is not None and self._written != target:
            remove_quietly(self._written)       # the document was saved under a new name
        self._written = target
        self._dirty = False
        self.saved.emit(str(target))
        return target

    def adopt(self, path: Path) -> None:
        """Take charge of a recovery file the user chose to restore: it goes when the work is
        saved or dropped, as if this session had written it."""
        self._written = Path(path)

    def discard(self) -> None:
        """Remove this session's recovery file: the work is safe in its file (or deliberately
        dropped). A copy left by a crash that was never offered is not this session's."""
        remove_quietly(self._written)
        self._written = None
        self._dirty = False

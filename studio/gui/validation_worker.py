"""Live validation: the problems of the scenario being edited, found off the GUI thread.

After an edit the scheduler waits ~400 ms for more edits, then takes the scenario's plain data
on the GUI thread (`to_data`, a snapshot later edits cannot change) and hands it to a worker
in its own QThreadPool. The worker writes the text Save would write (`dump_keeping`: the
designer's comments merged in, the slow part on a large map), re-loads it with `load_text`
(so line numbers are those of the file the user would save) and runs `validate_document`. Each run carries a generation number; a result
arriving after a newer run started is stale and dropped.
"""
from __future__ import annotations

import traceback

from PySide6.QtCore import QObject, QRunnable, QThreadPool, QTimer, Signal

from studio.diagnostics import Diagnostic, sort_key
from studio.io import load_text, to_data
from studio.io.keep_comments import dump_keeping
from studio.validate import validate_document

from .docks.problem_targets import Problem, locate
from .document_links import relink

DEBOUNCE_MS = 400
SEVERITY_ORDER = {"error": 0, "warning": 1, "info": 2}


def document_edit_signals(doc) -> list:
    """Every signal a ScenarioDocument emits when its content changes."""
    return [doc.changed, doc.geometryChanged, doc.terrainSetChanged, doc.unitsChanged,
            doc.zonesChanged, doc.objectivesChanged, doc.victoryChanged, doc.metaChanged]


def find_problems(text: str, filename: str, library, extra: list[Diagnostic] = ()) -> list[Problem]:
    """Load `text`, validate it against `library`, and locate each finding (no Qt: testable
    and runnable on any thread)."""
    loaded = load_text(text, filename)
    found = list(dict.fromkeys(list(extra) + validate_document(loaded, library)))
    found.sort(key=lambda d: (SEVERITY_ORDER.get(d.severity, 3), sort_key(d)))
    return [Problem(d, locate(d, loaded.model, loaded.positions)) for d in found]


class _Relay(QObject):
    """Lives on the GUI thread; the worker emits through it (a queued connection)."""
    done = Signal(int, object)


class _Job(QRunnable):
    def __init__(self, generation: int, data: dict, source: str | None, filename: str, library,
                 extra, relay) -> None:
        super().__init__()
        self.generation, self.data, self.source = generation, data, source
        self.filename, self.library, self.extra, self.relay = filename, library, extra, relay

    def run(self) -> None:
        try:
            text = dump_keeping(self.data, self.source)
            result = find_problems(text, self.filename, self.library, self.extra)
        except Exception as err:  # noqa: BLE001 - the user sees a finding, not a dead panel
            detail = traceback.format_exception_only(type(err), err)[-1].strip()
            result = [Problem(Diagnostic("error", "internal",
                                         f"validation failed ({detail}); please report this "
                                         "with the scenario file"), None)]
        try:
            self.relay.done.emit(self.generation, result)
        except RuntimeError:
            pass   # the window closed while we worked


class ValidationScheduler(QObject):
    """Validates the current document after edits settle; `problemsFound` carries the
    list of Problems of the newest run only."""

    problemsFound = Signal(object)      # list[Problem]
    validating = Signal(bool)           # a run is pending or in progress

    def __init__(self, library_of=None, delay_ms: int = DEBOUNCE_MS,
                 parent: QObject | None = None) -> None:
        """`library_of(doc)` gives the library to validate against (default: the
        document's own, else the installed one)."""
        super().__init__(parent)
        self.library_of = library_of or _default_library_of
        self.doc = None
        self.generation = 0
        self.finished_generation = -1
        self.problems: list[Problem] = []
        self._connections: list = []
        self._relay = _Relay(self)
        self._relay.done.connect(self._finished)
        self.pool = QThreadPool(self)
        self.pool.setMaxThreadCount(1)
        self.timer = QTimer(self)
        self.timer.setSingleShot(True)
        self.timer.setInterval(delay_ms)
        self.timer.timeout.connect(self.run_now)

    def set_document(self, doc) -> None:
        self.doc = doc
        self._connections = relink(self._connections,
                                   [(s, self.schedule) for s in document_edit_signals(doc)]
                                   + [(doc.pathChanged, self.schedule)])
        self.run_now()

    def schedule(self, *_args) -> None:
        """Validate once edits have paused for the debounce delay."""
        self.generation += 1            # whatever is running now is already out of date
        self.validating.emit(True)
        self.timer.start()

    def run_now(self) -> None:
        self.timer.stop()
        doc = self.doc
        if doc is None:
            return
        self.generation += 1
        self.validating.emit(True)
        # Load findings of the file as opened still apply until the first edit.
        extra = list(getattr(doc, "load_diagnostics", []) or []) if doc.undo_stack.count() == 0 else []
        filename = str(doc.path) if doc.path is not None else f"{doc.model.id or 'untitled'}.yaml"
        # the worker writes the text Save would write, comments included, so findings name
        # the file's lines
        job = _Job(self.generation, to_data(doc.model), getattr(doc, "source_text", None),
                   filename, self.library_of(doc), extra, self._relay)
        self.pool.start(job)

    def _finished(self, generation: int, problems: list[Problem]) -> None:
        if generation != self.generation:
            return
        self.finished_generation = generation
        self.problems = problems
        self.validating.emit(False)
        self.problemsFound.emit(problems)

    def idle(self) -> bool:
        """No run pending and the newest run's problems are in `problems`."""
        return not self.timer.isActive() and self.finished_generation == self.generation

    def shutdown(self, timeout_ms: int = 5000) -> None:
        self.timer.stop()
        self.generation += 1
        self.pool.waitForDone(timeout_ms)


def _default_library_of(doc):
    if getattr(doc, "library", None) is not None:
        return doc.library
    from studio.io import default_library
    return default_library()

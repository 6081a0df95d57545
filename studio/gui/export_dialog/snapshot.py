"""The scenario as it was when the Export dialog opened, held as the YAML text Save would
write. Workers read the text back into a model of their own, so no thread touches the
document being edited, and refuse a scenario with errors as `studio export` does."""
from __future__ import annotations

import threading
from typing import Any

from studio.io import dump_model, load_text
from studio.model import Scenario
from studio.validate import validate_document

SHOWN_ERRORS = 5


class ScenarioNotReady(ValueError):
    """The scenario has errors; the message lists the first few."""


class ScenarioSnapshot:
    def __init__(self, scenario: Scenario, filename: str | None = None) -> None:
        self.text = dump_model(scenario)
        self.id = scenario.id
        self.name = scenario.name or scenario.id
        self.sides = [(s.id, s.name or s.id) for s in scenario.sides]
        self.filename = filename or f"{scenario.id or 'scenario'}.yaml"
        self._lock = threading.Lock()
        self._model: Scenario | None = None
        self._error: ScenarioNotReady | None = None

    def model(self, library: Any) -> Scenario:
        """The checked model (loaded and validated once, on first use, on any thread)."""
        with self._lock:
            if self._model is None and self._error is None:
                self._check(library)
            if self._error is not None:
                raise self._error
            return self._model

    def _check(self, library: Any) -> None:
        loaded = load_text(self.text, self.filename)
        errors = [d for d in validate_document(loaded, library) if d.severity == "error"]
        if loaded.model is None or not isinstance(loaded.model, Scenario) or errors:
            lines = [f"  line {d.line}: {d.message} [{d.code}]" if d.line else
                     f"  {d.message} [{d.code}]" for d in errors[:SHOWN_ERRORS]]
            if len(errors) > SHOWN_ERRORS:
                lines.append(f"  … and {len(errors) - SHOWN_ERRORS} more")
            count = f"{len(errors)} error{'s' if len(errors) != 1 else ''}" if errors else "errors"
            self._error = ScenarioNotReady(
                f"“{self.name}” has {count}; fix them before printing (the Problems panel "
                "lists them all):\n" + "\n".join(lines))
            return
        self._model = loaded.model

"""Reading a scenario file for the commands that play it (`simulate`, `play`, `replay`):
the file, the library to play it with, and refusal with every finding when it has errors.
"""
from __future__ import annotations

import sys
from pathlib import Path
from typing import Any, TextIO

from studio.diagnostics import Diagnostic

from .library import library_from_args

EXIT_OK, EXIT_ERRORS, EXIT_UNUSABLE = 0, 1, 2


class Unplayable(Exception):
    """The scenario cannot be played; `code` is the exit code, `diagnostics` the findings."""

    def __init__(self, code: int, diagnostics: list[Diagnostic], message: str):
        self.code = code
        self.diagnostics = diagnostics
        super().__init__(message)


def command_library(args) -> Any:
    """The installed library with any --library folders laid over it."""
    from studio.io import default_library
    return library_from_args(args) or default_library()


def load_scenario(path: str | Path, library: Any, options_override: dict | None = None):
    """(Document, Scenario) of a playable scenario file; raises Unplayable (exit 2 when the
    file is missing or not a scenario, 1 when it has errors)."""
    # Loaded when a scenario is played, not when a command starts (the engine and the
    # games are most of the start-up time).
    from studio.io import load_file
    from studio.simulate import ScenarioRefused, refuse_invalid
    p = Path(path)
    if not p.is_file():
        raise Unplayable(EXIT_UNUSABLE, [], f"no such scenario file: {p}; check the path")
    doc = load_file(p)
    if doc.data is None:          # not YAML at all: unusable, as `studio validate` says
        raise Unplayable(EXIT_UNUSABLE, doc.diagnostics, f"{p} cannot be read as a scenario "
                                                         "file; fix the problem above")
    if doc.model is not None and doc.kind != "scenario":
        raise Unplayable(EXIT_UNUSABLE, [], f"{p} is a {doc.kind} file, not a scenario "
                                            "(kind: scenario)")
    try:
        model = refuse_invalid(doc, library, options_override)
    except ScenarioRefused as err:
        raise Unplayable(EXIT_ERRORS, err.diagnostics,
                         f"{p}: the scenario has errors; fix them before playing it") from None
    return doc, model


def report_unplayable(err: Unplayable, out: TextIO | None = None) -> int:
    out = out or sys.stderr
    for d in err.diagnostics:
        out.write(d.format() + "\n")
    out.write(f"studio: {err}\n")
    return err.code

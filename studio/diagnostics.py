"""Findings about a designer's files: load errors and validation results alike.

Every problem the studio reports is a :class:`Diagnostic`, so the CLI, the problems panel
and the tests read one shape.

>>> d = Diagnostic("error", "map-row-length", "row 3 has 31 symbols, expected 32",
...                file="marathon.yaml", line=14, column=5, subject="hex:0103")
>>> d.format()
'marathon.yaml:14:5: error[map-row-length]: row 3 has 31 symbols, expected 32'
"""
from __future__ import annotations

from dataclasses import asdict, dataclass, replace
from typing import Iterable

SEVERITIES = ("error", "warning", "info")


@dataclass(frozen=True, slots=True)
class Diagnostic:
    severity: str          # "error" | "warning" | "info"
    code: str              # kebab-case, stable: tests and docs refer to it
    message: str           # says what is wrong and, where it can, what to do
    file: str | None = None
    line: int | None = None      # 1-based
    column: int | None = None    # 1-based
    subject: str | None = None   # what it concerns: "hex:0503", "unit:athenians/archon", "side:persians", "path:/sides/0"

    def format(self) -> str:
        where = self.file or "<input>"
        if self.line is not None:
            where += f":{self.line}"
            if self.column is not None:
                where += f":{self.column}"
        return f"{where}: {self.severity}[{self.code}]: {self.message}"

    def to_json(self) -> dict:
        return asdict(self)

    def with_file(self, file: str) -> "Diagnostic":
        return replace(self, file=file)


def has_errors(diagnostics: Iterable[Diagnostic]) -> bool:
    return any(d.severity == "error" for d in diagnostics)


def sort_key(d: Diagnostic):
    return (d.file or "", d.line or 0, d.column or 0, d.code)

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

# Findings shown per file: past this a file is broken wholesale (a pasted blob, a generated
# flood) and more lines only cost time and memory; the rest is counted, not built.
MAX_FINDINGS_PER_FILE = 200


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
    # the count of findings left out closes its file's list
    return (d.file or "", d.code == "too-many-findings", d.line or 0, d.column or 0, d.code)


def more_findings(file: str | None, hidden: int, errors: bool = True) -> Diagnostic:
    """The line standing for `hidden` findings of `file` left out past the cap."""
    return Diagnostic("error" if errors else "warning", "too-many-findings",
                      f"{hidden} more finding{'s' if hidden != 1 else ''} in this file not "
                      f"shown (at most {MAX_FINDINGS_PER_FILE} per file): fix those above and "
                      "validate again", file=file)


def capped(diagnostics: Iterable[Diagnostic], limit: int = MAX_FINDINGS_PER_FILE
           ) -> list[Diagnostic]:
    """At most `limit` findings per file (the first by position), each file's excess
    replaced by one `too-many-findings` line saying how many more there are.

    >>> many = [Diagnostic("warning", "w", str(i), file="a.yaml", line=i) for i in range(5)]
    >>> [d.message[:15] for d in capped(many, limit=2)]
    ['0', '1', '3 more findings']
    """
    by_file: dict[str | None, list[Diagnostic]] = {}
    for d in diagnostics:
        by_file.setdefault(d.file, []).append(d)
    out: list[Diagnostic] = []
    for file, found in by_file.items():
        found.sort(key=sort_key)
        if len(found) <= limit and all(d.code != "too-many-findings" for d in found):
            out.extend(found)
            continue
        shown = [d for d in found if d.code != "too-many-findings"][:limit]
        kept = set(shown)
        rest = [d for d in found if d not in kept]
        out.extend(shown)
        out.append(more_findings(file, sum(_weight(d) for d in rest),
                                 any(d.severity == "error" for d in rest)))
    return sorted(out, key=sort_key)


def _weight(d: Diagnostic) -> int:
    """How many findings a line stands for: a `too-many-findings` line counts its own."""
    if d.code != "too-many-findings":
        return 1
    return int(d.message.split(" ", 1)[0])

"""Helpers every check shares: placing findings in the source, suggestions, lookups.

A check walks a document's model and reports through a :class:`Findings`, which looks up
the line and column of the value the finding is about (`doc.positions`) so the CLI can print
`file:line:col` and the studio can jump there.
"""
from __future__ import annotations

import difflib
from dataclasses import dataclass
from typing import Any, Iterable

from studio.diagnostics import Diagnostic
from studio.model import Army, ArmyList, Scenario

Path = tuple[Any, ...]


class Findings:
    """Collects the diagnostics of one document, each placed at its path's position."""

    def __init__(self, doc: Any):
        self.doc = doc
        self.items: list[Diagnostic] = []

    @property
    def file(self) -> str | None:
        # Text loaded from memory has no path; the loader names it "<text>" in its findings.
        return getattr(self.doc, "path", None) or getattr(self.doc, "name", None)

    @property
    def default_subject(self) -> str | None:
        """The document itself ("army-list:greek"), for findings about no smaller part."""
        kind, ident = getattr(self.doc, "kind", None), getattr(self.doc, "id", None)
        return f"{kind}:{ident}" if kind and ident else None

    def position(self, path: Path) -> tuple[int | None, int | None]:
        positions = getattr(self.doc, "positions", None)
        if positions is None:
            return None, None
        return positions.at(path)

    def add(self, severity: str, code: str, message: str, path: Path = (),
            subject: str | None = None, at: tuple[int | None, int | None] | None = None) -> None:
        line, column = at if at is not None else self.position(path)
        if subject is None:
            subject = self.default_subject
        self.items.append(Diagnostic(severity, code, message, file=self.file, line=line,
                                     column=column, subject=subject))

    def error(self, code: str, message: str, path: Path = (), subject: str | None = None,
              at: tuple[int | None, int | None] | None = None) -> None:
        self.add("error", code, message, path, subject, at)

    def warning(self, code: str, message: str, path: Path = (), subject: str | None = None,
                at: tuple[int | None, int | None] | None = None) -> None:
        self.add("warning", code, message, path, subject, at)


def did_you_mean(word: Any, choices: Iterable[str]) -> str:
    """' (did you mean 'x'?)' for the closest choice, or '' when nothing is close."""
    if not isinstance(word, str):
        return ""
    close = difflib.get_close_matches(word, sorted(set(choices)), n=1, cutoff=0.6)
    return f" (did you mean {close[0]!r}?)" if close else ""


def listing(choices: Iterable[str], limit: int = 12) -> str:
    items = sorted(set(choices))
    if not items:
        return "(none)"
    shown = ", ".join(items[:limit])
    return shown + (f", ... ({len(items)} in all)" if len(items) > limit else "")


KIND_NAMES = {"terrain-set": "terrain set", "army-list": "army list", "ruleset": "ruleset",
              "points-table": "points table", "scenario": "scenario", "army": "army"}


def lookup(library: Any, kind: str, ident: Any) -> Any:
    """The model of `kind` with id `ident` in the library, or None.

    Besides `studio.io.Library`, anything with the per-kind look-ups (`army_list(id)`, ...,
    returning None or raising KeyError) will do, such as the engine's test Resolver.
    """
    if library is None or not isinstance(ident, str):
        return None
    getter = getattr(library, "get", None)
    if getter is not None:
        return getter(kind, ident)
    finder = getattr(library, kind.replace("-", "_"), None)
    if finder is None:
        return None
    try:
        return finder(ident)
    except KeyError:
        return None


def missing_reference(findings: Findings, library: Any, kind: str, ident: Any, path: Path,
                      where: str, subject: str | None = None) -> None:
    """Report that `ident` names no loaded `kind`, or one whose file failed to load."""
    name = KIND_NAMES[kind]
    document = library.document(kind, ident) if hasattr(library, "document") else None
    if document is not None:
        findings.error(
            "reference-broken",
            f"{where} names {name} {ident!r}, but {document.name} could not be loaded; "
            "fix the errors reported for that file",
            path, subject)
        return
    known = library.ids(kind) if hasattr(library, "ids") else []
    findings.error(
        f"unknown-{kind}",
        f"{where} names {name} {ident!r}, which is not in the library"
        f"{did_you_mean(ident, known)}; use one of: {listing(known)}, or add a {name} file "
        f"with id: {ident}",
        path, subject)


@dataclass(slots=True)
class Roster:
    """A side's army as the checks see it, in a scenario or in a stand-alone army file.

    `base` is the path of the mapping holding `army_list`, `composition`, `points_limit` and
    `units`: ("sides", i) in a scenario, () in an army file.
    """
    side_id: str
    army: Army
    base: Path
    army_list: ArmyList | None

    @property
    def subject(self) -> str:
        return f"side:{self.side_id}"

    def unit_subject(self, unit_id: str | None) -> str:
        return f"unit:{self.side_id}/{unit_id}"

    def unit_path(self, index: int, *rest: Any) -> Path:
        return (*self.base, "units", index, *rest)


def rosters(doc: Any, library: Any) -> list[Roster]:
    """The rosters of a scenario (one per side) or of an army file; none for other kinds."""
    model = getattr(doc, "model", None)
    if isinstance(model, Scenario):
        return [Roster(side.id, side.army, ("sides", i),
                       lookup(library, "army-list", side.army.army_list))
                for i, side in enumerate(model.sides)]
    if isinstance(model, Army):
        return [Roster(model.id or "army", model, (), lookup(library, "army-list",
                                                              model.army_list))]
    return []


def is_army_leader(army_list: ArmyList, unit_type) -> bool:
    return army_list.has_ability(unit_type, "army-leader")

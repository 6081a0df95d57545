"""A loaded file: its plain data, the model built from it, positions and findings."""
from __future__ import annotations

from dataclasses import dataclass, field
from typing import Any

from studio.diagnostics import Diagnostic, has_errors

from .positions import Positions


@dataclass(slots=True, eq=False)
class Document:
    """One file as loaded.

    `model` is a TerrainSet, ArmyList, Ruleset, PointsTable, Scenario or Army, or None when
    errors (unreadable YAML, unknown kind, schema errors) prevent building it; `data` is the
    plain structure read (None when the YAML itself could not be read). `diagnostics` holds
    every load finding, each with file, line and column.
    """
    path: str | None
    kind: str | None
    data: dict[str, Any] | None
    model: Any | None
    positions: Positions = field(default_factory=Positions)
    diagnostics: list[Diagnostic] = field(default_factory=list)
    text: str | None = field(default=None, repr=False)   # as read: saving keeps its comments

    @property
    def id(self) -> str | None:
        """The `id:` the file declares (when it is a string), even if the model failed."""
        if isinstance(self.data, dict):
            value = self.data.get("id")
            if isinstance(value, str):
                return value
        return getattr(self.model, "id", None)

    @property
    def ok(self) -> bool:
        """A model was built and no finding is an error."""
        return self.model is not None and not has_errors(self.diagnostics)

    @property
    def name(self) -> str:
        """The file name to show: its path, or "<text>" for text loaded from memory."""
        return self.path or "<text>"

    def __repr__(self) -> str:
        state = "ok" if self.ok else f"{len(self.diagnostics)} finding(s)"
        return f"Document({self.name!r}, kind={self.kind!r}, id={self.id!r}, {state})"

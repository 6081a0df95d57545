"""The file kinds the studio reads, and where their schemas live."""
from __future__ import annotations

from pathlib import Path

KINDS = ("terrain-set", "army-list", "ruleset", "points-table", "scenario", "army")

FORMAT = 1     # the current `format:` of every kind


def repo_root() -> Path:
    """The checkout holding `studio/`, `schemas/` and `libraries/` (installed editable)."""
    import studio
    return Path(studio.__file__).resolve().parent.parent


def schemas_dir() -> Path:
    return repo_root() / "schemas"


def schema_file(kind: str) -> Path:
    return schemas_dir() / f"{kind}.schema.json"

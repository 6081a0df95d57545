"""The file kinds the studio reads, and where their schemas live."""
from __future__ import annotations

from pathlib import Path

from studio.io.bundled_data import bundled_dir

KINDS = ("terrain-set", "army-list", "ruleset", "points-table", "scenario", "army",
         "balance-study")

FORMAT = 1     # the current `format:` of every kind


def schemas_dir() -> Path:
    return bundled_dir("schemas")


def schema_file(kind: str) -> Path:
    return schemas_dir() / f"{kind}.schema.json"

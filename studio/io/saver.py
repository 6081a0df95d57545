"""Saving models: YAML text in the house style, written atomically.

`save_file` writes through `atomic_write`: the new text goes to a sibling file first, is
flushed to disk, then takes the target's place (through a symbolic link, into the link's
target), so a crash or a full disk never leaves half a file behind.
"""
from __future__ import annotations

import os
from typing import Any

from .atomic_write import write_text_atomic
from .from_model import to_data
from .yaml_writer import dump_data

__all__ = ["dump_data", "dump_model", "save_file", "write_text_atomic"]


def dump_model(model: Any) -> str:
    """The YAML text of a TerrainSet, ArmyList, Ruleset, PointsTable, Scenario or Army."""
    return dump_data(to_data(model))


def save_file(model: Any, path: str | os.PathLike) -> None:
    """Write `model` to `path` atomically (the old file stays intact if anything fails)."""
    write_text_atomic(path, dump_model(model))

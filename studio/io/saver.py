"""Saving models: YAML text in the house style, written atomically, keeping the comments
and key order of the text a model was loaded from (studio.io.keep_comments).

`save_file` writes through `atomic_write`: the new text goes to a sibling file first, is
flushed to disk, then takes the target's place (through a symbolic link, into the link's
target), so a crash or a full disk never leaves half a file behind.
"""
from __future__ import annotations

import os
from typing import Any

from .atomic_write import write_text_atomic
from .from_model import to_data
from .keep_comments import dump_keeping
from .yaml_writer import dump_data

__all__ = ["dump_data", "dump_model", "save_file", "write_text_atomic"]


def dump_model(model: Any, source: str | None = None) -> str:
    """The YAML text of a TerrainSet, ArmyList, Ruleset, PointsTable, Scenario or Army;
    given the `source` text the model was loaded from, with its comments and key order."""
    return dump_keeping(to_data(model), source) if source else dump_data(to_data(model))


def save_file(model: Any, path: str | os.PathLike, source: str | None = None) -> str:
    """Write `model` to `path` atomically (the old file stays intact if anything fails),
    keeping the comments and key order of `source` (see `dump_model`); returns the text
    written, the source of the next save."""
    text = dump_model(model, source)
    write_text_atomic(path, text)
    return text

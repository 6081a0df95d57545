"""Saving models: YAML text in the house style, written atomically.

`save_file` writes a temporary file in the target's folder, flushes and fsyncs it, then
renames it over the target, so a crash or a full disk never leaves half a file behind.
"""
from __future__ import annotations

import os
import tempfile
from typing import Any

from .from_model import to_data
from .yaml_writer import dump_data


def dump_model(model: Any) -> str:
    """The YAML text of a TerrainSet, ArmyList, Ruleset, PointsTable, Scenario or Army."""
    return dump_data(to_data(model))


def save_file(model: Any, path: str | os.PathLike) -> None:
    """Write `model` to `path` atomically (the old file stays intact if anything fails)."""
    write_text_atomic(path, dump_model(model))


def write_text_atomic(path: str | os.PathLike, text: str) -> None:
    target = os.path.abspath(os.fspath(path))
    folder = os.path.dirname(target)
    fd, tmp = tempfile.mkstemp(prefix="." + os.path.basename(target) + ".", suffix=".tmp",
                               dir=folder)
    try:
        with os.fdopen(fd, "wb") as f:
            f.write(text.encode("utf-8"))
            f.flush()
            os.fsync(f.fileno())
        os.chmod(tmp, _mode_for(target))
        os.replace(tmp, target)
    except BaseException:
        try:
            os.unlink(tmp)
        except OSError:
            pass
        raise
    _fsync_folder(folder)


def _mode_for(target: str) -> int:
    """Keep an existing file's permissions; a new file gets the usual 0666 less umask."""
    try:
        return os.stat(target).st_mode & 0o7777
    except FileNotFoundError:
        return 0o666 & ~_umask()


def _umask() -> int:
    # Reading the umask by setting it races with other threads creating files; Linux shows
    # it in /proc, elsewhere assume the common 022.
    try:
        with open("/proc/self/status", encoding="ascii") as f:
            for line in f:
                if line.startswith("Umask:"):
                    return int(line.split()[1], 8)
    except (OSError, ValueError):
        pass
    return 0o022


def _fsync_folder(folder: str) -> None:
    """Make the rename itself durable where the platform allows it."""
    try:
        fd = os.open(folder, os.O_RDONLY)
    except OSError:
        return
    try:
        os.fsync(fd)
    except OSError:
        pass
    finally:
        os.close(fd)

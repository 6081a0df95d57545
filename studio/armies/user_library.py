"""Saving army lists, terrain sets and ruleset files a designer made into the user library.

Bundled files (under `bundled_library_dir()`) are never written: they open read-only and
are saved as a copy with a new id. A new file goes to `user_library_dir()/<folder>/<id>.yaml`;
a file that already lives outside the bundled library is written back where it is. Writes
are atomic (`studio.io.save_file`).
"""
from __future__ import annotations

import os
from pathlib import Path
from typing import Any, Iterable

from studio.io import bundled_library_dir, save_file, user_library_dir
from studio.io.atomic_write import same_file
from studio.model import ArmyList, Ruleset, TerrainSet

FOLDERS = {"army-list": "army-lists", "terrain-set": "terrain-sets", "ruleset": "rulesets"}
KIND_NAMES = {"army-list": "army list", "terrain-set": "terrain set", "ruleset": "ruleset"}


class SaveRefused(ValueError):
    """The file cannot be saved there; the message says why and what to do."""


def kind_of(model: Any) -> str:
    if isinstance(model, ArmyList):
        return "army-list"
    if isinstance(model, TerrainSet):
        return "terrain-set"
    if isinstance(model, Ruleset):
        return "ruleset"
    raise TypeError("only army lists, terrain sets and rulesets are saved to the user "
                    f"library, not {type(model).__name__}")


def _inside(path: Path, folder: Path) -> bool:
    try:
        Path(os.path.realpath(path)).relative_to(os.path.realpath(folder))
        return True
    except ValueError:
        return False


def is_bundled(path: str | os.PathLike | None) -> bool:
    """True for a file of the bundled library (which the studio never overwrites)."""
    return path is not None and _inside(Path(path), bundled_library_dir())


def user_path(kind: str, ident: str) -> Path:
    return user_library_dir() / FOLDERS[kind] / f"{ident}.yaml"


def save_target(kind: str, ident: str, path: str | os.PathLike | None) -> Path:
    """Where Save writes: back to a user's own file, else `<user library>/<folder>/<id>.yaml`."""
    if path is None or is_bundled(path):
        return user_path(kind, ident)
    return Path(path)


def free_id(base: str, taken: Iterable[str]) -> str:
    """`base`, or `base-2`, `base-3`, ... whichever is not taken."""
    used = set(taken)
    candidate, n = base, 2
    while candidate in used:
        candidate = f"{base}-{n}"
        n += 1
    return candidate


def copy_id(ident: str, taken: Iterable[str]) -> str:
    """A new id for a copy: `<id>-copy`, then `<id>-copy-2`, ... whichever is free.

    >>> copy_id("greek", ["greek", "greek-copy"])
    'greek-copy-2'
    """
    return free_id(f"{ident}-copy", taken)


def id_clash(library: Any, kind: str, ident: str, target: Path) -> str | None:
    """Why saving `ident` at `target` would give the library two files with one id, or None."""
    if library is None or not hasattr(library, "document"):
        return None
    doc = library.document(kind, ident)
    if doc is None or doc.path is None:
        return None
    if os.path.realpath(doc.path) == os.path.realpath(target):
        return None
    return (f"{KIND_NAMES[kind]} id {ident!r} is already used by {doc.path}; choose another "
            "id (ids are unique within their kind)")


def save_to_library(model: Any, path: str | os.PathLike | None = None,
                    library: Any = None) -> Path:
    """Save `model` (an ArmyList, TerrainSet or Ruleset) and return the file written.

    Raises SaveRefused for a bundled target or an id another library file already uses."""
    kind = kind_of(model)
    target = save_target(kind, model.id, path)
    if is_bundled(target):
        raise SaveRefused(f"{target} is part of the bundled library and is never overwritten; "
                          "use Save a copy")
    clash = id_clash(library, kind, model.id, target)
    if clash is not None:
        raise SaveRefused(clash)
    target.parent.mkdir(parents=True, exist_ok=True)
    save_file(model, target, _own_text(target, path))
    return target


def _own_text(target: Path, path: str | os.PathLike | None) -> str | None:
    """The text of the file being saved over in place (its comments are kept), else None:
    a copy saved under a new name starts clean."""
    if path is None or not target.is_file() or not same_file(target, path):
        return None
    try:
        return target.read_text(encoding="utf-8")
    except (OSError, UnicodeDecodeError):
        return None

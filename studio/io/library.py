"""The library: every document under some folders, indexed by (kind, id).

The bundled library is the repository's `libraries/`; a designer's own files live in the
user library (`libraries/` in the user data folder, see studio.io.user_data). Two files of one kind with the same id are an error (`duplicate-id`) naming
both files; the first one loaded (bundled before user) stays in the index.

>>> lib = default_library()
>>> lib.ruleset("rules-of-war").option("die_sides")
10
"""
from __future__ import annotations

import os
import threading
from collections.abc import Iterable
from pathlib import Path
from typing import Any

from studio.io.bundled_data import bundled_dir
from studio.diagnostics import Diagnostic, sort_key
from studio.io.user_data import studio_home

from .document import Document
from .kinds import KINDS
from .loader import load_file

PathLike = str | os.PathLike


class Library:
    """Loaded documents, looked up by kind and id.

    `diagnostics` holds every finding: each document's own load errors plus the library's
    (`duplicate-id`). Lookups by id return the model, or None when no document of that kind
    has the id or its document failed to load (`document()` still returns that document).
    """

    def __init__(self, documents: Iterable[Document] = ()):
        self.documents: list[Document] = []
        self._index: dict[tuple[str, str], Document] = {}
        self._own: list[Diagnostic] = []
        for doc in documents:
            self.add(doc)

    @classmethod
    def load(cls, folders: PathLike | Iterable[PathLike]) -> "Library":
        """Every `*.yaml` under `folders` (recursively, in sorted order; missing folders are
        skipped), loaded and indexed."""
        if isinstance(folders, (str, os.PathLike)):
            folders = [folders]
        lib = cls()
        for folder in folders:
            outside: list[tuple[Path, Path]] = []
            for path in yaml_files(folder, outside):
                lib.add(load_file(path))
            lib._own.extend(link_outside(link, target, folder) for link, target in outside)
        return lib

    def add(self, doc: Document) -> None:
        self.documents.append(doc)
        ident = doc.id
        if doc.kind is None or ident is None:
            return
        key = (doc.kind, ident)
        first = self._index.get(key)
        if first is None:
            self._index[key] = doc
            return
        line, column = doc.positions.at(("id",))
        first_line = first.positions.at(("id",))[0]
        where = f"{first.name}:{first_line}" if first_line else first.name
        self._own.append(Diagnostic(
            "error", "duplicate-id",
            f"{doc.kind} id {ident!r} is used by both {first.name} and {doc.name}: ids must be "
            f"unique within their kind; rename one (the one in {where} is used)",
            file=doc.name, line=line, column=column, subject=f"{doc.kind}:{ident}"))

    # -- lookups -------------------------------------------------------------------------
    def document(self, kind: str, ident: str) -> Document | None:
        return self._index.get((kind, ident))

    def get(self, kind: str, ident: str) -> Any | None:
        doc = self._index.get((kind, ident))
        return doc.model if doc is not None else None

    def terrain_set(self, ident: str):
        return self.get("terrain-set", ident)

    def army_list(self, ident: str):
        return self.get("army-list", ident)

    def ruleset(self, ident: str | None):
        """The ruleset file `ident`; None (an army list built in memory names none): one of
        the default game's."""
        if ident is None:
            from studio.rulesets import default_ruleset_file
            ident = default_ruleset_file(self)
            if ident is None:
                return None
        return self.get("ruleset", ident)

    def points_table(self, ident: str):
        return self.get("points-table", ident)

    def scenario(self, ident: str):
        return self.get("scenario", ident)

    def army(self, ident: str):
        return self.get("army", ident)

    def ids(self, kind: str) -> list[str]:
        """Ids of the documents of `kind`, sorted (including ones whose model failed)."""
        return sorted(i for k, i in self._index if k == kind)

    def items(self, kind: str) -> list[tuple[str, Any]]:
        """(id, model) of every loaded document of `kind`, sorted by id; documents whose
        model could not be built are left out (their errors are in `diagnostics`)."""
        if kind not in KINDS:
            raise ValueError(f"unknown kind {kind!r}; expected one of: {', '.join(KINDS)}")
        return [(i, d.model) for (k, i), d in sorted(self._index.items())
                if k == kind and d.model is not None]

    def models(self, kind: str) -> list[Any]:
        """The models of `kind`, sorted by id."""
        return [m for _, m in self.items(kind)]

    def documents_of(self, kind: str) -> list[Document]:
        return [d for d in self.documents if d.kind == kind]

    @property
    def diagnostics(self) -> list[Diagnostic]:
        found = [d for doc in self.documents for d in doc.diagnostics] + self._own
        return sorted(found, key=sort_key)

    def __len__(self) -> int:
        return len(self.documents)

    def __repr__(self) -> str:
        counts = ", ".join(f"{k}: {len(self.ids(k))}" for k in KINDS if self.ids(k))
        return f"Library({len(self.documents)} documents; {counts or 'empty'})"


def yaml_files(folder: PathLike, outside: list | None = None) -> list[Path]:
    """The `*.yaml` files under `folder` (or the file itself), sorted. A symlink leading out
    of the folder is not followed: a shared library must not read whatever file it points
    at. Such links are added to `outside` as (link, target) when a list is given."""
    root = Path(folder)
    if root.is_file():
        return [root]
    if not root.is_dir():
        return []
    real_root = os.path.realpath(root)
    found = []
    for p in root.rglob("*.yaml"):
        if not p.is_file():
            continue
        real = os.path.realpath(p)
        if os.path.commonpath([real_root, real]) != real_root:
            if outside is not None:
                outside.append((p, Path(real)))
            continue
        found.append(p)
    return sorted(found)


def link_outside(link: Path, target: Path, folder: PathLike) -> Diagnostic:
    return Diagnostic("warning", "link-outside-library",
                      f"{link} links to {target}, outside the library folder {folder}; it is "
                      "not read: copy the file into the folder instead", file=str(link))


def bundled_library_dir() -> Path:
    return bundled_dir("libraries")


def user_library_dir() -> Path:
    return studio_home() / "libraries"


_default: Library | None = None
_lock = threading.Lock()


def default_library(reload: bool = False) -> Library:
    """The bundled library plus the user's (when that folder exists), loaded once per
    process; `reload=True` (or `reset_default_library()`) reads the files again."""
    global _default
    with _lock:
        if _default is None or reload:
            _default = Library.load([bundled_library_dir(), user_library_dir()])
        return _default


def reset_default_library() -> None:
    """Forget the cached default library; the next `default_library()` reloads it."""
    global _default
    with _lock:
        _default = None


def load_any(path: PathLike) -> Library:
    """A file or a folder (every `*.yaml` under it) as a Library, for the command line.

    A path that does not exist gives a library with one `read` error."""
    p = Path(path)
    if not p.exists():
        lib = Library()
        lib._own.append(Diagnostic("error", "read", f"no such file or folder: {p}",
                                   file=str(p)))
        return lib
    return Library.load([p])

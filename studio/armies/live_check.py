"""Check a model being edited exactly as its saved file would be checked: dump it to YAML,
load that text (schema and model building) and run every validation check on it.

>>> from studio.io import default_library
>>> lib = default_library()
>>> greek = lib.army_list("ancient-greek")
>>> bundled = lib.document("army-list", "ancient-greek").path
>>> [d.code for d in check_model(greek, lib, bundled) if d.severity == "error"]
[]
>>> [d.code for d in check_model(greek, lib) if d.severity == "error"]   # a new file, same id
['id-taken']
"""
from __future__ import annotations

from typing import Any

from studio.diagnostics import Diagnostic
from studio.io import dump_model, load_text
from studio.validate import validate_document

from .user_library import id_clash, is_bundled, kind_of, save_target


def check_model(model: Any, library: Any, path: Any = None,
                filename: str = "<editor>") -> list[Diagnostic]:
    """Every finding about `model` (an ArmyList or TerrainSet), plus `id-taken` when saving
    it (to `path`, or to the user library) would clash with another library file. A bundled
    `path` is only ever saved as a copy with a new id, so its id cannot clash."""
    text = dump_model(model)
    doc = load_text(text, filename)
    found = validate_document(doc, library)
    kind = kind_of(model)
    if is_bundled(path):
        return found
    clash = id_clash(library, kind, model.id, save_target(kind, model.id, path))
    if clash is not None:
        found.append(Diagnostic("error", "id-taken", clash, file=filename))
    return found

"""Files and text -> Documents: read, parse, check the kind and schema, build the model.

Neither function raises on bad input; everything wrong comes back as diagnostics in the
Document, all at once (a schema error stops model building only for that document).

>>> doc = load_text("kind: ruleset\\nformat: 1\\nid: tiny\\nname: Tiny\\nopts: {}\\n")
>>> doc.model is None, sorted({d.code for d in doc.diagnostics})
(True, ['schema'])
>>> for d in doc.diagnostics: print(d.format())
<text>:1:1: error[schema]: missing key 'options' in ruleset
<text>:5:1: error[schema]: unknown key 'opts' in ruleset (allowed: kind, format, id, name, options, notes); did you mean 'options'?
"""
from __future__ import annotations

import os
from typing import Any

from studio.diagnostics import Diagnostic

from . import to_model
from .document import Document
from .kinds import KINDS
from .schema_check import check
from .yaml_source import YamlSource, parse_yaml, read_source


def load_file(path: str | os.PathLike) -> Document:
    """Load one file. A file over the size limit is refused unread."""
    name = os.fspath(path)
    raw = read_source(name)
    if isinstance(raw, Diagnostic):
        return Document(name, None, None, None, diagnostics=[raw])
    return _load(parse_yaml(raw, name), name)


def load_text(text: str | bytes, filename: str = "<text>") -> Document:
    """Load a document from memory; `filename` names it in diagnostics."""
    return _load(parse_yaml(text, filename), None if filename == "<text>" else filename,
                 filename)


def _load(src: YamlSource, path: str | None, shown: str | None = None) -> Document:
    shown = shown or path
    doc = Document(path, None, src.data, None, src.positions, list(src.diagnostics),
                   src.text)
    data = src.data
    if data is None:
        return doc
    kind = data.get("kind")
    if kind not in KINDS:
        doc.diagnostics.append(_unknown_kind(kind, src, shown))
        return doc
    doc.kind = kind
    errors = check(data, kind, src.positions, shown)
    if errors:
        doc.diagnostics.extend(errors)
        return doc
    try:
        doc.model = to_model.build(kind, data)
    except Exception as e:  # noqa: BLE001 - a bug here must not cost the user a traceback
        line, column = src.positions.at(())
        doc.diagnostics.append(Diagnostic(
            "error", "internal", f"could not build the {kind} from valid data ({e!r}); "
            "please report this with the file", file=shown, line=line, column=column))
    return doc


def _unknown_kind(kind: Any, src: YamlSource, shown: str | None) -> Diagnostic:
    kinds = ", ".join(KINDS)
    if "kind" not in (src.data or {}):
        line, column = src.positions.at(())
        message = f"the file has no `kind:`; start it with `kind:` and one of: {kinds}"
    else:
        line, column = src.positions.at(("kind",))
        shown_kind = repr(kind) if isinstance(kind, str) else f"{kind!r} (not text)"
        message = f"unknown kind {shown_kind}; expected one of: {kinds}"
    return Diagnostic("error", "unknown-kind", message, file=shown, line=line, column=column,
                      subject="path:/kind")

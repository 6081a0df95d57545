"""VASSAL's SequenceEncoder: how a list of strings becomes one delimited string.

Piece definitions, trait types and states are strings built this way, one delimiter per
nesting level (``\\t`` between traits, ``;`` inside a trait, ``,`` inside a list, ``/``
around a whole piece). The rules are those of ``SequenceEncoder.append(String)`` in
vassal-app/src/main/java/VASSAL/tools/SequenceEncoder.java:

* tokens are joined by the delimiter; an empty (or null) token is written as nothing;
* a delimiter inside a token is preceded by a backslash;
* a token starting with a backslash, or starting *and* ending with a single quote, is
  wrapped in single quotes (the decoder strips one pair of enclosing quotes).

>>> encode(["emb2", "a;b", "", "'x'"], ";")
"emb2;a\\\\;b;;''x''"
>>> encode(["front.png", "back.png"], ",")
'front.png,back.png'
"""
from __future__ import annotations

from typing import Iterable


def _token(text: str, delimiter: str) -> str:
    escaped = text.replace(delimiter, "\\" + delimiter)
    if text.startswith("\\") or (text.startswith("'") and text.endswith("'")):
        return f"'{escaped}'"
    return escaped


def value(item: object) -> str:
    """A token as Java's String.valueOf writes it (booleans lower case, doubles with .0)."""
    if isinstance(item, bool):
        return "true" if item else "false"
    if isinstance(item, float):
        return repr(item) if not item.is_integer() else f"{item:.1f}"
    return "" if item is None else str(item)


def encode(items: Iterable[object], delimiter: str) -> str:
    """The tokens joined as SequenceEncoder joins them (see the module's description)."""
    if len(delimiter) != 1:
        raise ValueError(f"a SequenceEncoder delimiter is one character, not {delimiter!r}")
    return delimiter.join(_token(value(item), delimiter) for item in items)

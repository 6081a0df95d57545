"""Printing command results: plain-text tables and JSON that never fails on model values."""
from __future__ import annotations

import json
import os
import sys
from fractions import Fraction
from typing import Any, Sequence, TextIO


def jsonable(value: Any) -> Any:
    """Model values as JSON-ready data: fractions as "1/2" (whole ones as numbers)."""
    if isinstance(value, Fraction):
        return int(value) if value.denominator == 1 else f"{value.numerator}/{value.denominator}"
    if isinstance(value, dict):
        return {str(k): jsonable(v) for k, v in value.items()}
    if isinstance(value, (list, tuple, set, frozenset)):
        return [jsonable(v) for v in value]
    if isinstance(value, float) and value.is_integer():
        return int(value)
    return value


def print_json(data: Any, out: TextIO | None = None) -> None:
    out = out or sys.stdout
    json.dump(jsonable(data), out, indent=2, ensure_ascii=False)
    out.write("\n")


def cell(value: Any) -> str:
    if value is None:
        return "-"
    if isinstance(value, bool):
        return "yes" if value else "no"
    if isinstance(value, float) and value.is_integer():
        return str(int(value))
    if isinstance(value, Fraction):
        return str(jsonable(value))
    if isinstance(value, (list, tuple)):
        return ", ".join(cell(v) for v in value) or "-"
    return str(value)


def table(headers: Sequence[str], rows: Sequence[Sequence[Any]], out: TextIO | None = None
          ) -> None:
    """Columns padded to their widest cell; the last column is left ragged."""
    out = out or sys.stdout
    text_rows = [[cell(v) for v in row] for row in rows]
    widths = [len(h) for h in headers]
    for row in text_rows:
        for i, v in enumerate(row):
            widths[i] = max(widths[i], len(v))

    def line(values: Sequence[str]) -> str:
        padded = [v.ljust(widths[i]) if i < len(values) - 1 else v
                  for i, v in enumerate(values)]
        return "  ".join(padded).rstrip()

    out.write(line(list(headers)) + "\n")
    out.write(line(["-" * w for w in widths]) + "\n")
    for row in text_rows:
        out.write(line(row) + "\n")


def shown_path(path: str | None) -> str | None:
    """A path relative to the working folder when it lies inside it (shorter to read)."""
    if not path:
        return path
    try:
        rel = os.path.relpath(path)
    except ValueError:            # another drive on Windows
        return path
    return path if rel.startswith("..") else rel


def plural(n: int, word: str) -> str:
    return f"{n} {word}{'' if n == 1 else 's'}"

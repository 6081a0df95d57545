"""Checking a command's output path before any work: it must be a file that can be written,
and never one of the command's inputs (a scenario, an army, a library file), which the
output would silently replace.
"""
from __future__ import annotations

import os
import sys
from typing import Any, Iterable

from studio.io.atomic_write import output_problem, same_file

EXIT_UNUSABLE = 2


def refuse_output(output: str, option: str, inputs: Iterable[str | os.PathLike],
                  library: Any = None) -> int | None:
    """None when `output` may be written; otherwise prints why (naming the `option` that
    gave it) and returns the exit code for unusable input."""
    problem = output_problem(output)
    if problem is None:
        clash = _input_named(output, inputs, library)
        if clash is not None:
            problem = (f"{output} is {clash}; writing there would replace it: choose another "
                       "file")
    if problem is None:
        return None
    print(f"studio: {option} {output}: {problem}", file=sys.stderr)
    return EXIT_UNUSABLE


def suffixed(output: str, suffix: str) -> str:
    """`output` with `suffix` (".tmx") added when it lacks it. A folder stays as given, to be
    refused as a folder rather than answered by a file `folder.tmx` beside it."""
    if os.path.isdir(output) or output.lower().endswith(suffix):
        return output
    return output + suffix


def _input_named(output: str, inputs: Iterable[str | os.PathLike], library: Any) -> str | None:
    if not os.path.exists(output):
        return None
    for path in inputs:
        if path and same_file(output, path):
            return f"the input file {os.fspath(path)}"
    for doc in getattr(library, "documents", None) or []:
        path = getattr(doc, "path", None)
        if path and same_file(output, path):
            return f"the library's {doc.kind or 'file'} {doc.id or path}"
    return None


def refuse_folder_output(folder: str, option: str) -> int | None:
    """Like `refuse_output` for an output that is a folder of files (created if missing):
    None when it may be filled, else the reason printed and the exit code."""
    problem = None
    if not folder:
        problem = "the output path is empty; give a folder"
    elif os.path.exists(folder) and not os.path.isdir(folder):
        problem = f"{folder} is a file; give a folder for the files"
    else:
        existing = os.path.abspath(folder)
        while not os.path.exists(existing):
            existing = os.path.dirname(existing)
        if not os.path.isdir(existing):
            problem = f"{existing} is a file, so no folder can be made under it"
        elif not os.access(existing, os.W_OK | os.X_OK):
            problem = f"{folder} cannot be written here (read-only); choose another place"
    if problem is None:
        return None
    print(f"studio: {option} {folder}: {problem}", file=sys.stderr)
    return EXIT_UNUSABLE

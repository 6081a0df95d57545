"""Running one file export of `studio export` (tmx, vassal) behind its progress line, with
the exit codes of every export: 1 when the input cannot be exported, 2 when the file cannot
be written."""
from __future__ import annotations

import sys
from typing import Any, Callable


def write_export(what: str, target, progress, write: Callable[[], Any]) -> tuple[Any, int]:
    """(what `write()` returned, 0), or (None, exit code) with the reason printed as
    `studio export WHAT: ...`; the progress line on stderr is ended first either way."""
    try:
        done = write()
    except ValueError as err:
        _end(progress)
        print(f"studio: export {what}: {err}", file=sys.stderr)
        return None, 1
    except OSError as err:
        _end(progress)
        print(f"studio: export {what}: {target}: cannot write ({err.strerror or err})",
              file=sys.stderr)
        return None, 2
    _end(progress)
    return done, 0


def _end(progress) -> None:
    if progress:
        print(file=sys.stderr)

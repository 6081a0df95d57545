"""What the dialog says when an export or a preview fails: one clear sentence, never a
traceback."""
from __future__ import annotations

import re
from pathlib import Path

from .snapshot import ScenarioNotReady

_FLAG = re.compile(r"--([a-z][a-z-]*)")
# Options whose field reads otherwise than the flag.
FIELD_NAMES = {"cmyk": "CMYK colours", "pdfx": "PDF/X output intent", "icc": "ICC profile"}


def gui_wording(message: str) -> str:
    """The exporters' messages name CLI options (``--gutter``); the dialog names fields.

    >>> gui_wording("use a smaller --counter-size or --margin")
    'use a smaller counter size or margin'
    >>> gui_wording("with --cmyk it must be a CMYK profile")
    'with CMYK colours it must be a CMYK profile'
    """
    return _FLAG.sub(lambda m: FIELD_NAMES.get(m.group(1), m.group(1).replace("-", " ")),
                     message)


def error_text(err: BaseException, target: Path | None = None) -> str:
    where = str(target) if target is not None else "the PDF"
    if isinstance(err, ScenarioNotReady):
        return str(err)
    if isinstance(err, PermissionError):
        return f"Cannot write {where}: permission denied. Choose a folder you can write to."
    if isinstance(err, FileNotFoundError):
        folder = target.parent if target is not None else "its folder"
        return f"Cannot write {where}: the folder {folder} does not exist. Choose another."
    if isinstance(err, IsADirectoryError):
        return f"Cannot write {where}: it is a folder. Add a file name ending in .pdf."
    if isinstance(err, OSError):
        return f"Cannot write {where}: {err.strerror or err}."
    if isinstance(err, ValueError):
        text = gui_wording(str(err))
        return text[:1].upper() + text[1:]
    return (f"The export failed ({type(err).__name__}: {err}). Please report this with the "
            "scenario file.")

"""Where the bundled data folders (`schemas/`, `libraries/`, `templates/`) are read from.

They sit at the repository's top level, where designers browse them; the wheel build copies
them into the package as `studio/_data/<name>` (see setup.py). A wheel install finds them
there through importlib.resources; a source checkout or an editable install has no
`_data` folder and finds them beside the package instead.
"""
from __future__ import annotations

from importlib import resources
from pathlib import Path

FOLDERS = ("schemas", "libraries", "templates")
PACKAGED = "_data"


def bundled_dir(name: str) -> Path:
    """The folder `name` (one of FOLDERS) as a file-system path."""
    if name not in FOLDERS:
        raise ValueError(f"not a bundled folder: {name!r}")
    package = resources.files("studio")
    packaged = package / PACKAGED / name
    if packaged.is_dir():
        return _as_path(packaged)
    return _as_path(package).parent / name


def _as_path(traversable) -> Path:
    # The library walks folders with glob/rglob, so the package must be unpacked on disk:
    # pip and pipx always install wheels that way; a zipped import would fail clearly here.
    if isinstance(traversable, Path):
        return traversable
    raise RuntimeError(f"Wargame Studio must be installed unpacked; its data is at {traversable}")

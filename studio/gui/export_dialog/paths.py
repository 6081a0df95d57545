"""Where an export goes by default: next to the scenario file, or in the user's documents
for a scenario never saved, named ``<scenario-id>-<kind>.pdf`` (other files: NAMES)."""
from __future__ import annotations

from pathlib import Path

from PySide6.QtCore import QStandardPaths

# The kinds that are not a PDF: what follows the scenario id.
NAMES = {"tiled": ".tmx", "counter-images": "-counter-images", "map-image": "-map.png",
         "vassal": "-vassal.vmod"}
SUFFIXES = {"vassal": ".vmod"}             # a single file's suffix; any other kind is a PDF
FILE_NAMES = {"vassal": "VASSAL module"}


def documents_folder() -> Path:
    found = QStandardPaths.writableLocation(QStandardPaths.DocumentsLocation)
    return Path(found) if found else Path.home()


def default_output(scenario_id: str, kind: str, source: Path | None,
                   documents: Path | None = None) -> Path:
    """The file a kind of export is offered under.

    >>> default_output("marathon", "map", Path("/games/marathon.yaml")).as_posix()
    '/games/marathon-map.pdf'
    >>> default_output("marathon", "tiled", Path("/games/marathon.yaml")).as_posix()
    '/games/marathon.tmx'
    """
    folder = Path(source).parent if source is not None else (documents or documents_folder())
    return folder / f"{scenario_id or 'scenario'}{NAMES.get(kind, f'-{kind}.pdf')}"


def as_output_path(text: str, kind: str) -> Path:
    """The path typed in the dialog for an export of ``kind``, with its suffix (``.pdf``,
    ``.vmod``) added when missing; a ValueError when nothing is typed.

    >>> as_output_path("~/games/marathon", "vassal").name
    'marathon.vmod'
    """
    suffix = SUFFIXES.get(kind, ".pdf")
    text = text.strip()
    if not text:
        raise ValueError(f"choose where to save the {FILE_NAMES.get(kind, 'PDF')} (the Save "
                         "as field is empty)")
    path = Path(text).expanduser()
    if path.suffix.lower() != suffix:
        path = path.with_name(path.name + suffix)
    return path

"""``moduledata``: the small XML file VASSAL reads to list a module before opening it.

Format of AbstractMetaData.save and ModuleMetaData.addElements (vassal-app/src/main/java/
VASSAL/build/module/metadata/): root ``<data version="1">`` (ModuleMetaData.DATA_VERSION),
then ``version``, ``VassalVersion``, ``dateSaved`` (milliseconds since 1970),
``description`` and ``name``. The zip entry is ModuleMetaData.ZIP_ENTRY_NAME, "moduledata".
"""
from __future__ import annotations

import time
import xml.etree.ElementTree as ET

from .buildfile import VASSAL_VERSION

ENTRY = "moduledata"


def module_data(name: str, version: str, description: str,
                saved_ms: int | None = None) -> bytes:
    root = ET.Element("data", version="1")
    for tag, text in (("version", version), ("VassalVersion", VASSAL_VERSION),
                      ("dateSaved", str(int(time.time() * 1000) if saved_ms is None else saved_ms)),
                      ("description", description), ("name", name)):
        ET.SubElement(root, tag).text = text
    ET.indent(root)
    return (b'<?xml version="1.0" encoding="UTF-8" standalone="no"?>\n'
            + ET.tostring(root, encoding="utf-8"))

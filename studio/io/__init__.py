"""Files <-> model: YAML with source positions, JSON Schema checks, saving, the library.

    load_file(path) / load_text(text) -> Document   (never raise on bad input)
    save_file(model, path)                          (atomic)
    dump_model(model) -> str,  to_data(model) -> dict
    Library.load(folders), default_library(), load_any(path)
"""
from .document import Document
from .from_model import to_data
from .kinds import KINDS
from .library import (Library, bundled_library_dir, default_library, load_any,
                      reset_default_library, user_library_dir)
from .loader import load_file, load_text
from .positions import Positions
from .saver import dump_data, dump_model, save_file

__all__ = [
    "Document", "KINDS", "Library", "Positions", "bundled_library_dir", "default_library",
    "dump_data", "dump_model", "load_any", "load_file", "load_text", "reset_default_library",
    "save_file", "to_data", "user_library_dir",
]

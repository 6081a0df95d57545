"""Asking where to save a PDF: the dialog, and ".pdf" added when the name lacks it."""
from __future__ import annotations

from pathlib import Path

from PySide6.QtWidgets import QFileDialog


def ask_pdf_path(parent, title: str, suggested: Path) -> Path | None:
    path, _ = QFileDialog.getSaveFileName(parent, title, str(suggested), "PDF (*.pdf)")
    if not path:
        return None
    target = Path(path)
    if target.suffix.lower() != ".pdf":
        target = target.with_name(target.name + ".pdf")
    return target

"""Columns of the window's tree lists (units, placement, problems): one column takes the
spare width and the others fit their contents, so the text people read (a unit's name, a
problem's message) gets the room and the short columns (hex, facing, code) never truncate."""
from __future__ import annotations

from PySide6.QtWidgets import QHeaderView, QTreeWidget


def set_columns(tree: QTreeWidget, labels: list[str], stretch: int) -> None:
    tree.setColumnCount(len(labels))
    tree.setHeaderLabels(labels)
    header = tree.header()
    for column in range(len(labels)):
        header.setSectionResizeMode(column, QHeaderView.Stretch if column == stretch
                                    else QHeaderView.ResizeToContents)
    header.setStretchLastSection(False)

"""Dragging a roster entry to the map: what the drag carries and the roster trees that start one.

The drag carries one roster entry as `side id` and `index in side.army.units` under the MIME
type `ROSTER_MIME` (JSON, so another window of the studio could read it too). The map view's
handler (`studio.gui.tools.roster_drop`) places or moves the entry on the hex under the drop.
"""
from __future__ import annotations

import json
from typing import Callable

from PySide6.QtCore import QMimeData, QPoint, Qt
from PySide6.QtGui import QDrag
from PySide6.QtWidgets import QAbstractItemView, QTreeWidget, QTreeWidgetItem

ROSTER_MIME = "application/x-wargame-studio-roster-entry"

RosterRef = tuple[str, int]          # (side id, index in side.army.units)


def roster_mime_data(side_id: str, index: int) -> QMimeData:
    """MIME data naming roster entry `index` of side `side_id`.

    >>> read_roster_mime(roster_mime_data("athenians", 3))
    ('athenians', 3)
    """
    mime = QMimeData()
    mime.setData(ROSTER_MIME, json.dumps({"side": side_id, "index": index}).encode("utf-8"))
    return mime


def read_roster_mime(mime: QMimeData | None) -> RosterRef | None:
    """The (side id, roster index) a drag carries, or None when it carries no roster entry."""
    if mime is None or not mime.hasFormat(ROSTER_MIME):
        return None
    try:
        data = json.loads(bytes(mime.data(ROSTER_MIME)).decode("utf-8"))
        side_id, index = data["side"], data["index"]
    except (ValueError, KeyError, TypeError):
        return None
    if not isinstance(side_id, str) or not isinstance(index, int) or isinstance(index, bool):
        return None
    return side_id, index


class RosterTree(QTreeWidget):
    """A tree whose entry rows can be dragged onto the map. `entry_of(item)` says which
    roster entry a row shows (None for headings, which do not drag)."""

    def __init__(self, entry_of: Callable[[QTreeWidgetItem], RosterRef | None],
                 parent=None) -> None:
        super().__init__(parent)
        self.entry_of = entry_of
        self.setDragEnabled(True)
        self.setDragDropMode(QAbstractItemView.DragOnly)

    def mimeTypes(self) -> list[str]:  # noqa: N802 (Qt's name)
        return [ROSTER_MIME]

    def mimeData(self, items) -> QMimeData | None:  # noqa: N802
        ref = self.entry_of(items[0]) if items else None
        return roster_mime_data(*ref) if ref is not None else None

    def startDrag(self, _actions) -> None:  # noqa: N802
        # Our own drag, offered as a copy only: Qt's default would delete the row after a
        # move, and the row must stay (the roster is rebuilt from the document anyway).
        item = self.currentItem()
        ref = self.entry_of(item) if item is not None else None
        if ref is None:
            return
        drag = QDrag(self)
        drag.setMimeData(roster_mime_data(*ref))
        rect = self.visualItemRect(item)
        if rect.isValid():
            drag.setPixmap(self.viewport().grab(rect))
            drag.setHotSpot(QPoint(12, rect.height() // 2))
        drag.exec(Qt.CopyAction)

"""Printed-counter pictures for the map: each unit's face as the counter sheets print it,
rendered once per face and size and reused on every repaint.

The faces come from the export (``counter_faces.unit_counter``) and are drawn by the
export's ``CounterPainter`` through the Qt art surface: one source for the sheet and the
map. A face is laid out at the printed counter's size (so names are abbreviated and small
lines left off exactly as on the sheet) and scaled to the pixels the map shows it at.
"""
from __future__ import annotations

from collections import OrderedDict

from PySide6.QtCore import Qt
from PySide6.QtGui import QImage, QPainter, QPixmap

from studio.export.counter_art import CounterPainter
from studio.export.counter_faces import CounterFace, unit_counter
from studio.export.lengths import parse_length
from studio.export.options import DEFAULT_COUNTER_SIZE
from studio.export.rosters import RosterSource

from .qt_surface import QtArtSurface

PRINT_SIZE = parse_length(DEFAULT_COUNTER_SIZE)     # points: the sheet's default counter
PICTURE_BUDGET = 24_000_000                         # pixels kept (about 96 MB) before the oldest go


def render_face(face: CounterFace, pixels: int, print_size: float = PRINT_SIZE) -> QPixmap:
    """``face`` drawn by the print artwork into a square ``pixels`` wide (transparent
    outside the counter)."""
    image = QImage(pixels, pixels, QImage.Format_ARGB32_Premultiplied)
    image.fill(Qt.transparent)
    painter = QPainter(image)
    painter.setRenderHint(QPainter.Antialiasing, True)
    painter.setRenderHint(QPainter.TextAntialiasing, True)
    k = pixels / print_size
    painter.scale(k, k)
    surface = QtArtSurface(painter, print_size)
    CounterPainter(surface, print_size, use_forms=False, frame=True).draw(face, 0, 0)
    painter.end()
    return QPixmap.fromImage(image)


class CounterPictures:
    """Rendered faces by (face, pixel size), the least recently used dropped first."""

    def __init__(self, budget: int = PICTURE_BUDGET, print_size: float = PRINT_SIZE) -> None:
        self.budget = budget
        self.print_size = print_size
        self._pictures: OrderedDict[tuple[CounterFace, int], QPixmap] = OrderedDict()
        self._pixels = 0
        self.rendered = 0                   # how many were drawn, for tests and benchmarks

    def get(self, face: CounterFace, pixels: int) -> QPixmap:
        key = (face, pixels)
        picture = self._pictures.get(key)
        if picture is not None:
            self._pictures.move_to_end(key)
            return picture
        picture = render_face(face, pixels, self.print_size)
        self.rendered += 1
        self._pictures[key] = picture
        self._pixels += pixels * pixels
        while self._pixels > self.budget and len(self._pictures) > 1:
            (_, old), _ = self._pictures.popitem(last=False)
            self._pixels -= old * old
        return picture


class UnitFaces:
    """Front and back faces of a document's units, looked up by side, type, leader mark
    and designation (a placed unit's ``name``, printed instead of its type's); None where
    the army list or unit type cannot be found (the map then shows the compact counter)."""

    def __init__(self, doc) -> None:
        self.doc = doc
        self._faces: dict[tuple[str, str, bool, str | None],
                          tuple[CounterFace, CounterFace] | None] = {}

    def clear(self) -> None:
        self._faces.clear()

    def faces(self, side_id: str, type_id: str, leader: bool = False, name: str | None = None
              ) -> tuple[CounterFace, CounterFace] | None:
        key = (side_id, type_id, bool(leader), name or None)
        if key not in self._faces:
            self._faces[key] = self._make(*key)
        return self._faces[key]

    def front(self, side_id: str, type_id: str, leader: bool = False, name: str | None = None
              ) -> CounterFace | None:
        pair = self.faces(side_id, type_id, leader, name)
        return pair[0] if pair is not None else None

    def _make(self, side_id: str, type_id: str, leader: bool, name: str | None):
        doc = self.doc
        side = doc.model.side(side_id)
        army_list = doc.army_list(side_id)
        unit = army_list.unit(type_id) if army_list is not None else None
        if side is None or unit is None:
            return None
        try:
            ruleset = doc.library.ruleset(doc.model.ruleset)
        except (LookupError, ValueError, OSError, AttributeError):
            ruleset = None          # no ruleset file (or library): the default game's counters
        source = RosterSource(side.name, side.colour, side.army, army_list, ruleset, side_id)
        try:
            return unit_counter(army_list, unit, side.colour, name=name,
                                rally_divisor=source.rally_divisor(), leader=leader,
                                rules=source.rules)
        except (ValueError, KeyError, TypeError):
            return None      # a side colour that is not a colour yet: the compact counter


def face_for_state(pair: tuple[CounterFace, CounterFace] | None, hits: int, routed: bool
                   ) -> CounterFace | None:
    """The face a counter shows in play: flipped to its back once routed (a one-hit unit's
    back is its routed side) or hit (a multi-hit unit's back is its damaged side)."""
    if pair is None:
        return None
    front, back = pair
    if back is None:
        return front
    if (routed and back.kind == "routed") or (hits and back.kind == "damaged"):
        return back
    return front

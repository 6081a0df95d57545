"""Adding and removing rows and columns on any edge of the map."""
from __future__ import annotations

from studio.edit.resize import capture, resize_scenario, restore

from .base import DocumentCommand


def _describe(north: int, south: int, east: int, west: int) -> str:
    parts = [f"{'+' if n > 0 else ''}{n} {edge}" for edge, n in
             (("north", north), ("south", south), ("east", east), ("west", west)) if n]
    return ", ".join(parts)


class ResizeMap(DocumentCommand):
    def __init__(self, doc, north: int = 0, south: int = 0, east: int = 0, west: int = 0,
                 fill: str = ".") -> None:
        super().__init__(doc, f"Resize map ({_describe(north, south, east, west)})")
        self.args = dict(north=north, south=south, east=east, west=west, fill=fill)
        self.before = capture(doc.model)
        self.after = None
        self.report = None

    def redo(self) -> None:
        if self.after is None:
            self.report = resize_scenario(self.doc.model, **self.args)
            self.after = capture(self.doc.model)
        else:
            restore(self.doc.model, self.after)
        self.doc._everything_changed()

    def undo(self) -> None:
        restore(self.doc.model, self.before)
        self.doc._everything_changed()

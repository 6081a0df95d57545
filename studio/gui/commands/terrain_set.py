"""Switching the scenario to another terrain set, translating the map's symbols."""
from __future__ import annotations

from typing import Mapping

from studio.edit.terrain_swap import remap_terrain
from studio.model import TerrainSet

from .base import DocumentCommand


class ChangeTerrainSet(DocumentCommand):
    def __init__(self, doc, terrain_set: TerrainSet, mapping: Mapping[str, str]) -> None:
        super().__init__(doc, f"Change terrain set to {terrain_set.name}")
        self.before = (doc.model.terrain_set, doc.terrain_set, list(doc.model.map.terrain))
        self.after = (terrain_set.id, terrain_set, remap_terrain(doc.model.map.terrain, mapping))

    def _apply(self, state) -> None:
        set_id, set_obj, rows = state
        self.doc.model.terrain_set = set_id
        self.doc.model.map.terrain = list(rows)
        self.doc._set_terrain_set(set_obj)

    def redo(self) -> None:
        self._apply(self.after)

    def undo(self) -> None:
        self._apply(self.before)

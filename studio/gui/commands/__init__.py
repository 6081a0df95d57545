"""One QUndoCommand class per kind of edit; each calls Qt-free functions of `studio.edit`
on the document's model and tells the document which signals to emit."""
from .base import DocumentCommand, StrokeMixin
from .cells import FloodFill, PaintTerrain, PasteRegion, SetElevation
from .fields import SetScenarioField, SetSideField
from .hexsides import PaintHexsides
from .map_size import ResizeMap
from .objectives import AddObjective, EditObjective, RemoveObjective
from .terrain_set import ChangeTerrainSet
from .units import (AddUnit, MoveUnit, PlaceUnit, RemoveUnit, RotateUnit, SetUnitField,
                    UnplaceUnit)
from .victory import AddVictoryCondition, EditVictoryCondition, RemoveVictoryCondition
from .zones import PaintZone

__all__ = [
    "DocumentCommand", "StrokeMixin", "FloodFill", "PaintTerrain", "PasteRegion",
    "SetElevation", "SetScenarioField", "SetSideField", "ResizeMap", "AddObjective",
    "EditObjective", "RemoveObjective", "ChangeTerrainSet", "AddUnit", "MoveUnit", "PlaceUnit",
    "RemoveUnit", "RotateUnit", "SetUnitField", "UnplaceUnit", "AddVictoryCondition",
    "EditVictoryCondition", "RemoveVictoryCondition", "PaintZone", "PaintHexsides",
]

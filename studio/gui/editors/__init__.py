"""Library editors: army lists and terrain sets (docs/armies.md)."""
from .army_list_editor import ArmyListEditor, blank_army_list
from .editor_window import EditorWindow
from .terrain_set_editor import TerrainSetEditor, blank_terrain_set

__all__ = ["ArmyListEditor", "EditorWindow", "TerrainSetEditor", "blank_army_list",
           "blank_terrain_set"]

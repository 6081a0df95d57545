"""The army builder dock and its undo commands (docs/armies.md)."""
from .builder import ArmyBuilder
from .commands import AddUnits, ChooseArmyList, MarkLeader, SetTypeCount

__all__ = ["ArmyBuilder", "AddUnits", "ChooseArmyList", "MarkLeader", "SetTypeCount"]

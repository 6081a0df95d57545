"""What the kernel and the tools above it read of a unit's profile (`UnitState.profile`):
its army list and unit type, their id and name, its points once asked (victory by points),
and whether it has an ability. A game's profile adds what its rules read."""
from __future__ import annotations

from typing import TYPE_CHECKING

if TYPE_CHECKING:
    from studio.model import ArmyList, UnitType


class UnitProfile:
    """The part of a unit's profile every game shares (a game's own profile may subclass
    it, or carry the same attributes)."""

    def __init__(self, army_list: ArmyList, unit_type: UnitType) -> None:
        self.army_list = army_list
        self.type = unit_type
        self.id: str = unit_type.id
        self.name: str = unit_type.name
        self.points: float | None = None        # filled in by `victory.points_of` when asked

    def has(self, ability: str) -> bool:
        """Whether the unit has the named ability (none, unless the game reads abilities)."""
        return any(a.name == ability for a in self.army_list.effective_abilities(self.type))

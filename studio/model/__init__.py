"""Plain data: what the files hold, with no I/O and no Qt."""
from .abilities import Ability
from .army import Army, RosterUnit
from .balance_study import CHANGE_KINDS, BalanceStudy, StudyVariant
from .army_list import (ArmyList, Composition, CompositionRule, ListDefaults, PointsSpec,
                        Selector, SpecialRule, Spell)
from .hexsides import HexsideKind
from .points_table import PointsItem, PointsTable
from .ruleset import Ruleset
from .scenario import HexMap, Objective, OffMapSupport, Scenario, Side, VictoryCondition
from .terrain import ElevationRule, TerrainSet, TerrainType
from .units import Attack, Figures, UnitType

__all__ = [
    "Ability", "Army", "RosterUnit", "ArmyList", "Composition", "CompositionRule",
    "ListDefaults", "PointsSpec", "Selector", "SpecialRule", "Spell", "PointsItem",
    "PointsTable", "Ruleset", "HexMap", "Objective", "OffMapSupport", "Scenario", "Side",
    "VictoryCondition", "ElevationRule", "TerrainSet", "TerrainType", "Attack", "Figures",
    "UnitType", "HexsideKind", "BalanceStudy", "StudyVariant", "CHANGE_KINDS",
]

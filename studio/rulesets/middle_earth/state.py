"""A Middle Earth game: rounds ("moves" of the booklet), the side acting, and what each unit
carries (figures, organisation, reactions under way, melee partners, rest, energy)."""
from __future__ import annotations

from dataclasses import dataclass

from studio.engine.state import TurnOrderState
from studio.engine.state import UnitState as KernelUnit
from studio.engine.state import attribute_copier


@dataclass(frozen=True, slots=True)
class Move:
    unit: str
    to: str
    facing: str
    order: str = "close"          # close or open (M4)


@dataclass(frozen=True, slots=True)
class Charge:
    unit: str
    target: str


@dataclass(frozen=True, slots=True)
class Fire:
    unit: str
    target: str


@dataclass(frozen=True, slots=True)
class Cast:
    unit: str
    spell: str
    target: str                   # a unit id ("" for a spell on the caster's surroundings)


@dataclass(frozen=True, slots=True)
class Hold:
    unit: str


@dataclass(frozen=True, slots=True)
class EndTurn:
    side: str


class UnitState(KernelUnit):
    __slots__ = ("figures", "start_figures", "org", "open_order", "engaged", "reaction",
                 "reaction_left", "acted", "moved", "fired", "shot_at", "lost_this_round",
                 "round_start_figures", "rest_due", "charges_in_row", "busy", "won_round",
                 "lost_round", "penalty", "half_tested", "energy", "rest_moves", "semi_moves",
                 "cast_this_round", "defence", "disarmed", "staff_broken", "charisma",
                 "controlled", "hits_taken")


UnitState.copy = attribute_copier(UnitState)


class GameState(TurnOrderState):
    __slots__ = ("weather", "tables", "cloud", "daylight", "memory")

    def copy(self) -> "GameState":
        c = self.copy_kernel_into(GameState.__new__(GameState))
        c.units = [u.copy() for u in self.units]
        for u in c.units:
            u.engaged = set(u.engaged)
        c.weather = self.weather
        c.tables = self.tables
        c.cloud = self.cloud
        c.daylight = self.daylight
        c.memory = dict(self.memory)
        return c

    def __repr__(self) -> str:
        return f"<MiddleEarth round={self.round} to_act={self.to_act} result={self.result}>"


Action = Move | Charge | Fire | Cast | Hold | EndTurn

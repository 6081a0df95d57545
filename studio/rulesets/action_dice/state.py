"""An Action Dice game: rounds, the sides' order, the unit being activated and its actions
left, and what each unit carries (figures left, its die, vehicle damage, disorder, the
morale token, whom it fought)."""
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


@dataclass(frozen=True, slots=True)
class Melee:
    unit: str
    target: str


@dataclass(frozen=True, slots=True)
class Shoot:
    unit: str
    target: str


@dataclass(frozen=True, slots=True)
class Ram:
    unit: str
    target: str


@dataclass(frozen=True, slots=True)
class Special:
    unit: str
    special: str
    target: str


@dataclass(frozen=True, slots=True)
class EndActivation:
    unit: str


@dataclass(frozen=True, slots=True)
class EndTurn:
    side: str


#: Every action of the game.
Action = Move | Melee | Shoot | Ram | Special | EndActivation | EndTurn


class UnitState(KernelUnit):
    __slots__ = ("figures", "die", "damage", "disordered", "failed", "activations",
                 "engaged", "aimed", "did", "start_figures")


UnitState.copy = attribute_copier(UnitState)


class GameState(TurnOrderState):
    __slots__ = ("current", "actions_left", "hidden")

    def copy(self) -> "GameState":
        c = self.copy_kernel_into(GameState.__new__(GameState))
        c.units = [u.copy() for u in self.units]
        for u in c.units:
            u.engaged = set(u.engaged)
            u.did = list(u.did)
            u.damage = dict(u.damage)
        c.current = self.current
        c.actions_left = self.actions_left
        c.hidden = {}
        return c

    def __repr__(self) -> str:
        return (f"<ActionDice round={self.round} to_act={self.to_act} "
                f"current={self.current} result={self.result}>")

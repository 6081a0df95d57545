"""A Quick and Dirty game: battle turns, the sides' order, each side's move and combat
phases, flipped and merged units, and which hidden units each side has spotted."""
from __future__ import annotations

from typing import NamedTuple

from studio.engine.state import TurnOrderState
from studio.engine.state import UnitState as KernelUnit
from studio.engine.state import attribute_copier

MERGED = "merged"        # a mob stacked into another (Q18); it fights on inside that one


class Move(NamedTuple):
    unit: str
    to: str
    facing: str


class Attack(NamedTuple):
    target: str
    units: tuple


class EndPhase(NamedTuple):
    phase: str


#: Every action of the game.
Action = Move | Attack | EndPhase


class UnitState(KernelUnit):
    __slots__ = ("flipped", "moved", "attacked", "extra", "merged_into")


UnitState.copy = attribute_copier(UnitState)


class GameState(TurnOrderState):
    __slots__ = ("phase", "hidden", "attacked_targets", "start_strength", "broken")

    def copy(self) -> "GameState":
        c = self.copy_kernel_into(GameState.__new__(GameState))
        c.units = [u.copy() for u in self.units]
        c.phase = self.phase
        c.hidden = {i: set(s) for i, s in self.hidden.items()}
        c.attacked_targets = set(self.attacked_targets)
        c.start_strength = self.start_strength
        c.broken = set(self.broken)
        return c

    def __repr__(self) -> str:
        return (f"<QnD round={self.round} phase={self.phase} to_act={self.to_act} "
                f"result={self.result}>")

"""The game state: units, round and phase, pending decisions, dice. Mutated in place by
`apply`; `copy()` gives an independent state for lookahead (the map, unit profiles and
scenario are shared, the history is a persistent list)."""
from __future__ import annotations

from studio.engine.events import Event
from studio.engine.state import (CAPTURED, DESTROYED, EXITED, FLED, JUMPED, ON, Game,  # noqa: F401
                                 Result, attribute_copier)
from studio.engine.state import GameState as KernelState
from studio.engine.state import SideInfo as KernelSide
from studio.engine.state import UnitState as KernelUnit

from .board import OFF


class SideInfo(KernelSide):
    """A side with what Rules of War adds: off-map support and the list's spells."""

    __slots__ = ("supports", "spells")

    def __init__(self, index, side, army_list, exit_edges):
        # R40 counts-for-objectives: when a list marks the units that count towards
        # objectives, no other unit of it holds a hex.
        super().__init__(index, side, army_list, exit_edges,
                         any(army_list.has_ability(u, "counts-for-objectives")
                             for u in army_list.units))
        self.supports = list(side.off_map_support)
        self.spells = {s.id: s for s in army_list.spells}


class UnitState(KernelUnit):
    __slots__ = ("hits", "routed_round", "attacked_round", "ranged_round", "moved_round",
                 "moved_phase", "mp_used", "mp_phase", "charge_round", "out_of_ammo",
                 "pila_used", "carried_by", "magic", "cast_round", "aid", "aid_round", "haste",
                 "haste_round", "targeted_round", "targeted_count", "formation",
                 "special_round")

    def __repr__(self) -> str:
        return (f"<{self.uid} side={self.side} hex={self.hex} facing={self.facing} "
                f"hits={self.hits} {self.status}{' routed' if self.routed else ''}>")


UnitState.copy = attribute_copier(UnitState)


class GameState(KernelState):
    """A Rules of War game: phases (R5), the order of sides, pending reaction and choice
    windows, off-map support, barriers, and the occupancy kept across moves."""

    __slots__ = ("phase", "order", "active", "pending", "offmap", "barriers", "initiative",
                 "phase_serial", "_occ")

    # -- public view ---------------------------------------------------------------------
    @property
    def to_act(self) -> str | None:
        if self.result is not None:
            return None
        if self.pending:
            return self.game.sides[self.pending[0][1]].id
        if self.phase == "movement":
            return self.game.sides[self.order[self.active]].id
        return None

    @property
    def to_act_index(self) -> int | None:
        if self.result is not None:
            return None
        if self.pending:
            return self.pending[0][1]
        return self.order[self.active] if self.phase == "movement" else None

    @property
    def active_side(self) -> str | None:
        if self.phase != "movement":
            return None
        return self.game.sides[self.order[self.active]].id

    @property
    def window(self) -> str | None:
        return self.pending[0][0] if self.pending else None

    def roll(self, who: str, why: str, target, events: list, sides: int | None = None,
             success=None) -> int:
        """R3: one die, logged with who rolled, why, the number and what it needed."""
        sides = sides or self.game.options.die_sides
        value = self.dice.roll(sides)
        events.append(Event("roll", {"who": who, "why": why, "sides": sides, "value": value,
                                     "target": target,
                                     "success": None if success is None else success(value)}))
        return value

    def roll_half(self, who: str, why: str, events: list) -> int:
        """R1: "1D5" — a die halved, rounded up (or a 5-sided die with the option off)."""
        if self.game.options.magic_die_halved:
            sides = self.game.options.die_sides
            value = self.dice.roll(sides)
            half = (value + 1) // 2
        else:
            sides = 5
            half = value = self.dice.roll(5)
        events.append(Event("roll", {"who": who, "why": why, "sides": sides, "value": value,
                                     "target": None, "success": None, "halved": half}))
        return half

    def with_hero(self, u: UnitState) -> bool:
        """A friendly hero stacked with or next to `u` (the legion bonus)."""
        board = self.game.board
        if u.hex == OFF:
            return False
        for v in self.units:
            if v is u or v.side != u.side or v.status != ON or not v.profile.is_hero:
                continue
            if v.hex == u.hex or board.distance(v.hex, u.hex) == 1:
                return True
        return False

    def hero_on_legion(self, u: UnitState) -> bool:
        return any(v is not u and v.status == ON and v.hex == u.hex and v.side == u.side
                   and v.profile.is_legion for v in self.units)

    # -- copying -------------------------------------------------------------------------
    def copy(self) -> "GameState":
        c = self.copy_kernel_into(GameState.__new__(GameState))
        c.units = [u.copy() for u in self.units]
        c.phase = self.phase
        c.order = self.order
        c.active = self.active
        c.pending = list(self.pending)
        c.offmap = [list(x) for x in self.offmap]
        c.barriers = dict(self.barriers)
        c.initiative = self.initiative
        c.phase_serial = self.phase_serial
        c._occ = None               # names this state's units, not the copy's
        return c

    def __repr__(self) -> str:
        return (f"<GameState round={self.round} phase={self.phase} to_act={self.to_act} "
                f"window={self.window} result={self.result}>")

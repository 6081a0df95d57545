"""The game state: units, round and phase, pending decisions, dice. Mutated in place by
`apply`; `copy()` gives an independent state for lookahead (the map, unit profiles and
scenario are shared, the history is a persistent list)."""
from __future__ import annotations

from dataclasses import dataclass

from .board import OFF
from .events import Event

ON, DESTROYED, FLED, EXITED, CAPTURED, JUMPED = ("on", "destroyed", "fled", "exited", "captured",
                                                 "jumped")


@dataclass(frozen=True, slots=True)
class Result:
    outcome: str                 # "win" | "draw" | "none"
    winner: str | None
    conditions: tuple[str, ...]
    round: int


class SideInfo:
    """A side as the engine needs it (shared, never mutated during play)."""

    __slots__ = ("index", "id", "name", "map_edge", "army_list", "supports", "spells",
                 "exit_edges", "holders_only")

    def __init__(self, index, side, army_list, exit_edges):
        self.index = index
        self.id = side.id
        self.name = side.name
        self.map_edge = side.map_edge
        self.army_list = army_list
        self.supports = list(side.off_map_support)
        self.spells = {s.id: s for s in army_list.spells}
        self.exit_edges = exit_edges
        # R40 counts-for-objectives: when a list marks the units that count towards
        # objectives, no other unit of it holds a hex.
        self.holders_only = any(army_list.has_ability(u, "counts-for-objectives")
                                for u in army_list.units)


class Game:
    """Everything fixed for one game: options, board, sides, profiles, victory conditions."""

    __slots__ = ("scenario", "options", "board", "sides", "side_index", "unit_index",
                 "victory", "unit_points", "round_limit", "library", "seed",
                 "options_override", "check_always")


class UnitState:
    __slots__ = ("i", "uid", "side", "original_side", "profile", "hex", "facing", "hits",
                 "status", "routed", "routed_round", "attacked_round", "ranged_round",
                 "moved_round", "moved_phase", "mp_used", "mp_phase", "charge_round",
                 "out_of_ammo", "pila_used", "carried_by", "magic", "cast_round", "aid",
                 "aid_round", "haste", "haste_round", "targeted_round", "targeted_count",
                 "leader", "exit_edge", "formation", "special_round")

    @property
    def on_map(self) -> bool:
        return self.status == ON

    def __repr__(self) -> str:
        return (f"<{self.uid} side={self.side} hex={self.hex} facing={self.facing} "
                f"hits={self.hits} {self.status}{' routed' if self.routed else ''}>")


def _make_unit_copy():
    # Generated straight-line attribute copies: several times faster than a getattr/setattr
    # loop, and copying units is most of the cost of `GameState.copy` (AI lookahead).
    lines = ["def copy(self):", "    c = _new(UnitState)"]
    lines += [f"    c.{n} = self.{n}" for n in UnitState.__slots__]
    lines.append("    return c")
    scope = {"_new": object.__new__, "UnitState": UnitState}
    exec("\n".join(lines), scope)
    return scope["copy"]


UnitState.copy = _make_unit_copy()


class GameState:
    __slots__ = ("game", "units", "round", "phase", "order", "active", "pending", "dice",
                 "result", "offmap", "barriers", "initiative", "phase_serial", "version",
                 "_history", "_events", "opening_events", "_cache", "_occ")

    # -- public view ---------------------------------------------------------------------
    @property
    def over(self) -> bool:
        return self.result is not None

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

    @property
    def board(self):
        return self.game.board

    @property
    def options(self):
        return self.game.options

    def unit(self, uid: str) -> UnitState:
        i = self.game.unit_index.get(uid)
        if i is None:
            raise KeyError(f"no unit {uid!r} in this game")
        return self.units[i]

    def units_of_side(self, side: int):
        return [u for u in self.units if u.side == side]

    def side_id(self, side: int) -> str:
        return self.game.sides[side].id

    def hex_label(self, u: UnitState) -> str | None:
        return self.game.board.labels[u.hex] if u.hex != OFF else None

    def facing_name(self, u: UnitState) -> str:
        return self.game.board.facing_names[u.facing]

    def actions(self) -> list:
        out = []
        node = self._history
        while node is not None:
            out.append(node[0])
            node = node[1]
        out.reverse()
        return out

    def events(self) -> list[Event]:
        chunks = []
        node = self._events
        while node is not None:
            chunks.append(node[0])
            node = node[1]
        out = list(self.opening_events)
        for chunk in reversed(chunks):
            out.extend(chunk)
        return out

    # -- helpers used by rules and abilities --------------------------------------------
    def event(self, kind: str, **data) -> Event:
        return Event(kind, data)

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

    def leader_lost(self, side: int) -> bool:
        leaders = [u for u in self.units if u.leader and u.original_side == side]
        return bool(leaders) and all(u.status != ON or u.side != side for u in leaders)

    # -- copying -------------------------------------------------------------------------
    def copy(self) -> "GameState":
        c = GameState.__new__(GameState)
        c.game = self.game
        c.units = [u.copy() for u in self.units]
        c.round = self.round
        c.phase = self.phase
        c.order = self.order
        c.active = self.active
        c.pending = list(self.pending)
        c.dice = self.dice.copy()
        c.result = self.result
        c.offmap = [list(x) for x in self.offmap]
        c.barriers = dict(self.barriers)
        c.initiative = self.initiative
        c.phase_serial = self.phase_serial
        c.version = self.version
        c._history = self._history
        c._events = self._events
        c.opening_events = self.opening_events
        c._cache = {}
        c._occ = None               # names this state's units, not the copy's
        return c

    def __repr__(self) -> str:
        return (f"<GameState round={self.round} phase={self.phase} to_act={self.to_act} "
                f"window={self.window} result={self.result}>")

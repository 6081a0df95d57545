"""The game state every ruleset builds on: the fixed `Game`, the units, the round, the dice,
the result and the history of actions and events.

A ruleset subclasses `GameState` and `UnitState` for what its rules track (phases, pending
decisions, hits, morale...). The kernel and the generic tools (log, replay, victory, batch
games, the random player) read only what is declared here.
"""
from __future__ import annotations

from dataclasses import dataclass
from collections.abc import Callable
from typing import TYPE_CHECKING, Any, Protocol, cast

from .board import OFF, HexBoard
from .errors import IllegalAction
from .events import Event

if TYPE_CHECKING:
    from studio.model import Scenario

    from .dice import Dice, ScriptedDice

ON, DESTROYED, FLED, EXITED, CAPTURED, JUMPED = ("on", "destroyed", "fled", "exited", "captured",
                                                 "jumped")
# A reinforcement not on the map yet (scenario_events brings it on); it is no loss.
WAITING = "waiting"


class ScriptView(Protocol):
    """What the kernel reads of where a game's scenario events stand (`scenario_events.Script`,
    which imports this module)."""

    @property
    def vp(self) -> tuple[float, ...]: ...
    @property
    def time_of_day(self) -> str | None: ...
    @property
    def weather(self) -> str | None: ...


@dataclass(frozen=True, slots=True)
class Result:
    outcome: str                 # "win" | "draw" | "none"
    winner: str | None
    conditions: tuple[str, ...]
    round: int


class Game:
    """Everything fixed for one game: rules, options, board, sides, victory conditions.
    `views` keeps what the sides' views of its states share (see `visibility.masked`)."""

    __slots__ = ("rules", "scenario", "options", "board", "sides", "side_index", "unit_index",
                 "victory", "unit_points", "round_limit", "library", "seed",
                 "options_override", "check_always", "views", "plan")

    # What the kernel and the tools read (a ruleset fills in the rest through `setup`).
    rules: Any                  # the game's Ruleset (the contract imports this module)
    scenario: Scenario
    options: Any                # the ruleset's options record
    board: HexBoard
    sides: list[SideInfo]
    victory: list[Any]          # the scenario's VictoryCondition records
    unit_points: Callable[..., float]
    library: Any                # the contract's Library (None in a side's view)
    check_always: Any           # ruleset-defined
    options_override: dict[str, Any]
    side_index: dict[str, int]
    unit_index: dict[str, int]
    round_limit: int
    seed: int | None                  # None in a side's view (`visibility.masked`)
    views: dict[object, Any]
    plan: object    # scenario_events.Plan, or None when the scenario has no events


class SideInfo:
    """A side as a game needs it (shared, never mutated during play). `holders_only`: only
    the units marked to count for objectives hold a hex (see `victory`)."""

    __slots__ = ("index", "id", "name", "map_edge", "army_list", "exit_edges", "holders_only")

    id: str
    name: str
    map_edge: str | None

    def __init__(self, index: int, side: Any, army_list: Any,
                 exit_edges: frozenset[str] = frozenset(), holders_only: bool = False) -> None:
        self.index = index
        self.id = side.id
        self.name = side.name
        self.map_edge = side.map_edge
        self.army_list = army_list
        self.exit_edges = exit_edges
        self.holders_only = holders_only


class UnitState:
    """What every ruleset tracks of a unit. `side` is the side it fights for now (a
    captured unit changes side), `original_side` the one it started with; `profile` is the
    ruleset's unit profile (it has `has(ability_name)` and `points`); `hex` is OFF when the
    unit is not on the map; a `routed` unit holds no hex."""

    __slots__ = ("i", "uid", "side", "original_side", "profile", "hex", "facing", "status",
                 "routed", "leader", "exit_edge")

    i: int
    uid: str
    side: int
    original_side: int
    profile: Any                # the ruleset's unit profile
    hex: int
    facing: int
    status: str
    routed: bool
    leader: bool
    exit_edge: str | None

    @property
    def on_map(self) -> bool:
        return self.status == ON

    def __repr__(self) -> str:
        return (f"<{self.uid} side={self.side} hex={self.hex} facing={self.facing} "
                f"{self.status}{' routed' if self.routed else ''}>")


def all_slots(cls: type) -> tuple[str, ...]:
    """Every slot of `cls` and its bases, base first."""
    names: list[str] = []
    for klass in reversed(cls.__mro__):
        for name in getattr(klass, "__slots__", ()):
            if name not in names and name != "__weakref__":
                names.append(name)
    return tuple(names)


def attribute_copier(cls: type) -> Callable[[Any], Any]:
    """A `copy` method for a slotted class: straight-line attribute copies, several times
    faster than a getattr/setattr loop (copying units is most of the cost of an AI's
    lookahead)."""
    lines = ["def copy(self):", "    c = _new(cls)"]
    lines += [f"    c.{n} = self.{n}" for n in all_slots(cls)]
    lines.append("    return c")
    scope = {"_new": object.__new__, "cls": cls}
    exec("\n".join(lines), scope)
    return cast("Callable[[Any], Any]", scope["copy"])


def occupants(state: GameState) -> dict[int, UnitState]:
    """The unit in each hex on the map, for games of one unit a hex."""
    return {u.hex: u for u in state.units if u.status == ON}


def enemies_next_to(state: GameState, h: int, side: int,
                    occ: dict[int, UnitState]) -> list[UnitState]:
    """The units of another side than `side` in the hexes next to `h`, in the board's
    neighbour order (`occ`: `occupants`)."""
    nbr = state.game.board.nbr[h]
    return [occ[n] for n in nbr if n != OFF and n in occ and occ[n].side != side]


class GameState:
    """A game in progress. `to_act` (the side that decides next, None when over) is the
    ruleset's; actions and events are persistent linked lists so that copies share them."""

    __slots__ = ("game", "units", "round", "dice", "result", "version", "_history", "_events",
                 "opening_events", "_cache", "script")

    game: Game
    units: list[Any]                        # the ruleset's UnitState subclass
    round: int
    dice: Dice | ScriptedDice
    result: Result | None
    version: int
    _history: tuple[Any, Any] | None        # (action, older history)
    _events: tuple[tuple[Event, ...], Any] | None
    opening_events: tuple[Event, ...]       # what set-up did, before the first action
    _cache: dict[Any, Any]
    script: ScriptView | None

    # -- public view ---------------------------------------------------------------------
    @property
    def over(self) -> bool:
        return self.result is not None

    @property
    def to_act(self) -> str | None:
        raise NotImplementedError

    @property
    def board(self) -> HexBoard:
        return self.game.board

    @property
    def options(self) -> Any:
        return self.game.options

    @property
    def rules(self) -> Any:
        return self.game.rules

    @property
    def time_of_day(self) -> str | None:
        """The time of day the scenario's turn track and events set now (None: not set);
        rules that care read it here."""
        return self.script.time_of_day if self.script is not None else None

    @property
    def weather(self) -> str | None:
        """The weather the scenario's turn track and events set now (None: not set)."""
        return self.script.weather if self.script is not None else None

    def unit(self, uid: str) -> UnitState:
        i = self.game.unit_index.get(uid)
        if i is None:
            raise KeyError(f"no unit {uid!r} in this game")
        unit: UnitState = self.units[i]
        return unit

    def unit_in(self, action: Any, uid: str) -> UnitState:
        """The unit `action` names, or IllegalAction saying there is none."""
        try:
            return self.unit(uid)
        except KeyError:
            raise IllegalAction(action, f"no unit {uid!r}") from None

    def units_of_side(self, side: int) -> list[Any]:
        return [u for u in self.units if u.side == side]

    def side_id(self, side: int) -> str:
        return self.game.sides[side].id

    def hex_label(self, u: UnitState) -> str | None:
        return self.game.board.labels[u.hex] if u.hex != OFF else None

    def facing_name(self, u: UnitState) -> str:
        return self.game.board.facing_names[u.facing]

    def actions(self) -> list[Any]:
        out: list[Any] = []
        node = self._history
        while node is not None:
            out.append(node[0])
            node = node[1]
        out.reverse()
        return out

    def events(self) -> list[Event]:
        chunks: list[tuple[Event, ...]] = []
        node = self._events
        while node is not None:
            chunks.append(node[0])
            node = node[1]
        out = list(self.opening_events)
        for chunk in reversed(chunks):
            out.extend(chunk)
        return out

    def start(self, game: Game, units: list[Any], dice: Dice | ScriptedDice) -> "GameState":
        """A new game's state at round 0 with no history (the ruleset sets its own fields,
        then plays the opening)."""
        self.game = game
        self.units = units
        self.round = 0
        self.dice = dice
        self.result = None
        self.version = 0
        self._history = None
        self._events = None
        self._cache = {}
        self.script = None
        return self

    def copy_kernel_into(self, c: "GameState") -> "GameState":
        """Give the copy `c` what every game shares or copies alike: the fixed game, the
        round, its own dice, the result and the history (a ruleset copies its units and
        its own fields)."""
        c.game = self.game
        c.round = self.round
        c.dice = self.dice.copy()
        c.result = self.result
        c.version = self.version
        c._history = self._history
        c._events = self._events
        c.opening_events = self.opening_events
        c._cache = {}
        c.script = self.script
        return c

    def record_action(self, action: Any, events: list[Event]) -> None:
        """Add `action` and its events to the history (after the ruleset applied it)."""
        self.version += 1
        self._history = (action, self._history)
        self._events = (tuple(events), self._events)

    def event(self, kind: str, **data: Any) -> Event:
        return Event(kind, data)

    def leader_lost(self, side: int) -> bool:
        leaders = [u for u in self.units if u.leader and u.original_side == side]
        return bool(leaders) and all(u.status not in (ON, WAITING) or u.side != side
                                     for u in leaders)


class TurnOrderState(GameState):
    """A game whose sides act one after another: `order` holds side indexes, first to act
    first, and `active` the position in it of the side acting now (the ruleset rolls the
    order; a new game starts with the sides as the scenario lists them)."""

    __slots__ = ("order", "active")

    order: tuple[int, ...]
    active: int

    @property
    def to_act(self) -> str | None:
        if self.result is not None:
            return None
        return self.game.sides[self.order[self.active]].id

    def start(self, game: Game, units: list[Any], dice: Dice | ScriptedDice) -> "TurnOrderState":
        super().start(game, units, dice)
        self.order = tuple(range(len(game.sides)))
        self.active = 0
        return self

    def copy_kernel_into(self, c: GameState) -> GameState:
        super().copy_kernel_into(c)
        turn = cast(TurnOrderState, c)
        turn.order = self.order
        turn.active = self.active
        return turn

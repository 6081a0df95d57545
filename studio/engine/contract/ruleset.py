"""The base class every ruleset (game system) derives from: a small typed core and the
capabilities it declares.

The core is what a game must have to be played, replayed and shown: a game from a scenario,
its legal actions, `apply`, the result, what a side may see, and the action codec of the
game log. The words and checks below the core have neutral defaults. Everything else a game
may bring (odds, its own AI, points formulas, print, schema fragments, editor columns,
outcome words) is a capability object in a typed attribute (see `capabilities`); callers
test `rules.odds is not None`, never probe with getattr. The shape follows OpenSpiel's games
and boardgame.io's game objects.
"""
from __future__ import annotations

from abc import ABC, abstractmethod
from collections.abc import Callable, Iterable, Mapping, Sequence
from typing import TYPE_CHECKING, Any, ClassVar, Generic, TypeVar

from studio.engine.events import Event
from studio.engine.state import GameState, Result, UnitState
from studio.engine.visibility import masked

from .hexsides import HexsideCapability
from .capabilities import (AICapability, BalanceCapability, CounterCapability,
                           EditorCapability, OddsCapability, OptionField, OutcomeCapability,
                           PlayCapability, PointsCapability, Problem,
                           ScenarioEventsCapability, SchemaFragments, SheetCapability,
                           schema_fields)

if TYPE_CHECKING:
    from studio.engine.dice import Dice, ScriptedDice
    from studio.model import ArmyList, RosterUnit, Scenario, UnitType
    from studio.model import Ruleset as RulesetFile

    from .library import Library

S = TypeVar("S", bound=GameState)
A = TypeVar("A")

#: Turns a unit id or side id into the name people see (play mode's names).
Namer = Callable[[str], str]
#: A unit's points (victory points, eliminate-by-points): (army list, unit type) -> points.
UnitPoints = Callable[["ArmyList", "UnitType"], float]
#: One gap of AI-against-AI games: {"ability": label, "unit_types": [ids]}.
Gap = dict[str, object]


class Ruleset(ABC, Generic[S, A]):
    """One game system. Every method is pure: no file I/O, dice only from the state.

    `S` is the game's `GameState` subclass and `A` its action type (small immutable values,
    named tuples, whose `action_to_dict` form is the game log's)."""

    id: ClassVar[str]                        # kebab-case: what a ruleset file's `system:` names
    name: ClassVar[str]                      # for people
    #: Files that name no system, and new scenarios, are of the default game.
    default: ClassVar[bool] = False
    option_names: ClassVar[tuple[str, ...]] = ()
    #: Whether a side may not see all of a game (then `view` masks what it has not spotted).
    hidden_information: ClassVar[bool] = False
    #: Whether every side must field exactly one Army Leader (a unit of a type with the
    #: `army-leader` ability, or one marked `leader: true`); validation asks it of such games only.
    army_leader_required: ClassVar[bool] = False

    # -- capabilities (None: the game has none) --------------------------------------------
    odds: OddsCapability | None = None
    ai: AICapability | None = None
    points: PointsCapability | None = None
    balance: BalanceCapability = BalanceCapability()
    counters: CounterCapability = CounterCapability()
    sheets: SheetCapability = SheetCapability()
    schema: SchemaFragments = SchemaFragments()
    editor: EditorCapability = EditorCapability()
    outcomes: OutcomeCapability = OutcomeCapability()
    play: PlayCapability = PlayCapability()
    hexsides: HexsideCapability = HexsideCapability()
    scenario_events: ScenarioEventsCapability = ScenarioEventsCapability()

    # -- the core --------------------------------------------------------------------------
    @abstractmethod
    def options(self, ruleset_file: RulesetFile,
                override: Mapping[str, object] | None = None) -> object:
        """The typed options of a ruleset file (with `override` on top); SetupError names a
        bad one."""

    @abstractmethod
    def new_game(self, scenario: Scenario, library: Library, seed: int = 0,
                 options_override: Mapping[str, object] | None = None, *,
                 dice: Dice | ScriptedDice | None = None,
                 unit_points: UnitPoints | None = None) -> S:
        """A game of `scenario` at its first decision (SetupError says what is wrong)."""

    @abstractmethod
    def legal_actions(self, state: S) -> list[A]:
        """Every action the side to act may take now."""

    @abstractmethod
    def apply(self, state: S, action: A) -> list[Event]:
        """Apply `action` (IllegalAction if it is not legal); returns its events."""

    @abstractmethod
    def action_to_dict(self, action: A) -> dict[str, object]:
        """A JSON-able dict of `action` (the game log's form)."""

    @abstractmethod
    def action_from_dict(self, data: Mapping[str, object]) -> A:
        """The action of `action_to_dict`'s dict (ValueError when it is none)."""

    def result(self, state: S) -> Result | None:
        """How the game ended; None while it goes on."""
        return state.result

    def view(self, state: S, side: str) -> S:
        """What `side` may see of `state` (AIs, hotseat play and the log get this): always a
        copy, whose dice cannot tell the game's next rolls and whose history holds only what
        the side saw; units it has not seen are placeholders (`visibility.masked`)."""
        seen: S = masked(state, state.game.side_index[side])
        return seen

    # -- words -----------------------------------------------------------------------------
    def action_text(self, state: S, action: A) -> str:
        """The action in plain words, for menus and the log ("Move knights-1 to 0405")."""
        return str(action)

    def action_unit(self, action: A) -> str | None:
        """The id of the unit the action is for (None for side-wide actions)."""
        return None

    def action_hex(self, state: S, action: A) -> int | None:
        """The board hex a player clicks to choose this action, None when it has none."""
        return None

    def describe(self, event: Event) -> str:
        """One line of plain words for the game log."""
        details = ", ".join(f"{k} {v}" for k, v in event.data.items())
        return f"{event.kind}: {details}" if details else event.kind

    def log_line(self, event: Event) -> str | None:
        """The studio log's line for an event whose ids are already names; None for an event
        another line already tells (a roll an attack line states)."""
        return self.describe(event) if self.log_shown(event) else None

    def log_shown(self, event: Event) -> bool:
        """Whether the studio log gives the event a line of its own."""
        return True

    def turn_words(self, state: S, who: str, unit_name: Namer,
                   side_name: Namer) -> tuple[str, str]:
        """(where the turn stands in words, what the side to act, `who`, is asked now)."""
        return (f"Round {state.round}", f"{who} to act")

    def unit_text(self, state: S, unit: UnitState) -> str:
        """A unit's situation in a few words for the studio (hits, flipped, figures left)."""
        return ""

    # -- checks of the game's data ---------------------------------------------------------
    def unit_problems(self, army_list: ArmyList, unit_type: UnitType,
                      ruleset_file: RulesetFile | None = None) -> list[Problem]:
        """What is wrong with a unit type's stats for this game (against the tables of the
        list's ruleset file when given)."""
        return []

    def option_problems(self, ruleset_file: RulesetFile) -> list[Problem]:
        """What is wrong with a ruleset file's options beyond its schema."""
        return []

    def unit_faced(self, army_list: ArmyList, unit_type: UnitType) -> bool:
        """Whether a placed unit of the type must name a facing."""
        return True

    def not_simulated(self, army_list: ArmyList) -> set[str]:
        """Names of the list's abilities the engine does not play: by default those its
        `schema.abilities` does not define (a game that defines more than it plays says so
        here)."""
        simulated = self.schema.abilities
        return {a.name for ut in army_list.units for a in ut.abilities
                if a.name not in simulated}

    def test_game_gaps(self, army_list: ArmyList,
                       placed_units: Iterable[RosterUnit | str]) -> list[Gap]:
        """What AI-against-AI games of these units leave out: abilities not simulated."""
        types = {u if isinstance(u, str) else u.type for u in placed_units}
        missing = self.not_simulated(army_list)
        gaps: dict[str, list[str]] = {}
        for ut in army_list.units:
            if ut.id in types:
                for a in ut.abilities:
                    if a.name in missing:
                        gaps.setdefault(a.name, []).append(ut.id)
        return [{"ability": k, "unit_types": v} for k, v in sorted(gaps.items())]

    # -- conveniences over the capabilities ------------------------------------------------
    def kill_credits(self, events: Sequence[Event]) -> Iterable[tuple[object, ...]]:
        return self.balance.kill_credits(events)

    def first_mover(self, events: Sequence[Event]) -> str | None:
        return self.balance.first_mover(events)

    def option_form(self) -> tuple[OptionField, ...]:
        """The options editor's fields: the game's own form, else its options schema's."""
        return self.editor.options_form or schema_fields(self.schema.options)

    def __repr__(self) -> str:
        return f"<rules {self.id}>"


#: A ruleset of any game (what the registry hands out; its states and actions are the
#: game's own, so callers above the kernel pass back what it gave them).
AnyRuleset = Ruleset[Any, Any]

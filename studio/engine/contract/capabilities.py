"""The optional capabilities a ruleset declares: odds, its own AI, points formulas, what its
counters, playsheets and map legends print, its schema fragments, what the editors show,
and the words of its outcomes.

Each is a small object held in a typed attribute of `Ruleset` (`odds`, `ai`, `points`,
`balance`, `counters`, `sheets`, `schema`, `editor`, `outcomes`). A game without one
leaves `None` (odds, AI, points) or inherits the neutral default; callers test the
attribute, never probe a ruleset with getattr.
"""
from __future__ import annotations

from abc import ABC, abstractmethod
from collections.abc import Callable, Iterable, Mapping, Sequence
from dataclasses import dataclass, field
from typing import TYPE_CHECKING, Literal, Protocol

from studio.engine.events import Event
from studio.engine.odds_words import outcome_phrases
from studio.engine.options import Option

if TYPE_CHECKING:
    from studio.engine.state import GameState, Result
    from studio.model import ArmyList, Scenario, TerrainSet, UnitType
    from studio.model.ability_catalogue import AbilitySpec
    from studio.model import Ruleset as RulesetFile

    from .library import Library

#: (path inside the checked object, message): validation places it at file:line.
Problem = tuple[tuple[str | int, ...], str]
#: An army list and one of its unit types.
UnitRef = tuple["ArmyList", "UnitType"]
#: Odds as the CLI, the play dock and hover text read them: {"outcomes": {name: p}, ...}.
OddsResult = dict[str, object]
#: A playsheet section: (title, [paragraph or table (rows, the first its header)]).
Section = tuple[str, list[object]]
#: What a counter prints: {"front": {...}, "back": {...} | None} (see CounterCapability).
CounterFace = dict[str, object]
#: (unit removed, ids credited) or (unit removed, ids credited, share of the unit).
Credit = tuple[object, ...]


# -- odds ---------------------------------------------------------------------------------

@dataclass(frozen=True, slots=True)
class SituationParam:
    """One situation parameter `studio odds` accepts for a game (`--<name>` with dashes).

    `kind`: "int" (a count or distance), "bool" (a flag), "choice" (one of `choices`),
    "terrain" (a terrain id of the defender's terrain set)."""

    name: str
    help: str
    kind: Literal["int", "bool", "choice", "terrain"] = "int"
    default: object = None
    choices: tuple[str, ...] = ()

    @property
    def option(self) -> str:
        return "--" + self.name.replace("_", "-")


class OddsCapability(ABC):
    """Exact odds of attacks, from the same code the games roll against."""

    #: The situation parameters `unit_odds` reads; `studio odds` refuses any other.
    situation: tuple[SituationParam, ...] = ()

    @abstractmethod
    def state_odds(self, state: GameState, attacker_id: str, target_id: str) -> OddsResult:
        """Odds of an attack the game allows now; ValueError when it allows none."""

    def action_odds(self, state: GameState, action: object, attacker_id: str,
                    target_id: str) -> OddsResult:
        """Odds of one attack action, for games that tell attacks on one target apart (a
        vehicle that may ram or shoot); by default those of the attack on `target_id`."""
        return self.state_odds(state, attacker_id, target_id)

    @abstractmethod
    def unit_odds(self, library: Library, attacker: UnitRef, defender: UnitRef,
                  situation: Mapping[str, object]) -> OddsResult:
        """Odds of `attacker` against `defender` in `situation` (only the declared
        parameters; each missing one at its default)."""

    def words(self, odds: OddsResult) -> list[str]:
        """The outcomes of `odds` in the game's words with their chances, one phrase each
        (play mode's tooltip); by default the outcome names as they are."""
        return outcome_phrases(odds)

    def report(self, odds: OddsResult, situation: Mapping[str, object]) -> dict[str, object]:
        """What `studio odds --format json` prints of `unit_odds`' result (after the units
        and the situation): by default the result itself."""
        return dict(odds)

    def lines(self, odds: OddsResult, situation: Mapping[str, object]) -> list[str] | None:
        """The text `studio odds` prints of `unit_odds`' result, one line each; None: every
        entry of the result, chances as percentages."""
        return None


# -- AI -----------------------------------------------------------------------------------

class Player(Protocol):
    """Decides for the side that must act now (`state.to_act`), from its view."""

    def choose(self, state: GameState) -> object: ...


class AICapability(ABC):
    """A game's own AI. Without one, AI-against-AI games use the search player."""

    @abstractmethod
    def player(self, seed: int, weights: object | None = None) -> Player:
        """A seeded player (it is handed only `Ruleset.view(state, side)`); `weights` tune
        a heuristic AI that has any (its own weights type; the others ignore them)."""


# -- points -------------------------------------------------------------------------------

Compute = Callable[["ArmyList", "UnitType", "Library | None"], tuple[float, str]]


@dataclass(frozen=True, slots=True)
class Formula:
    """A points formula an army list may name (`points: {formula: <name>}`): `compute`
    gives (points, the working shown to the designer) or raises ValueError naming the
    missing stat. `params`: the `points.params` keys it reads; `param_defaults`: their
    values when a list sets none (a table of numbers by kind: a list may override some)."""

    name: str
    summary: str
    params: tuple[str, ...]
    compute: Compute
    param_defaults: Mapping[str, object] = field(default_factory=dict)


@dataclass(frozen=True, slots=True)
class PointsCapability:
    """The formulas a game contributes; `studio.armies.points` composes them with the
    shared ones."""

    formulas: tuple[Formula, ...]


# -- balance statistics -------------------------------------------------------------------

Credits = Callable[[Sequence[Event]], Iterable[Credit]]
FirstMover = Callable[[Sequence[Event]], "str | None"]


class BalanceCapability:
    """Who removed whom and who moved first, for batch and balance statistics: from the
    game's functions (`BalanceCapability(kill_credits, first_mover)`) or a subclass."""

    def __init__(self, kill_credits: Credits | None = None,
                 first_mover: FirstMover | None = None) -> None:
        self._credits = kill_credits
        self._first = first_mover

    def kill_credits(self, events: Sequence[Event]) -> Iterable[Credit]:
        """(unit removed by attacks, ids of the units that share the credit[, share of the
        unit]) for each loss, in order; a game that tells none credits nobody."""
        return self._credits(events) if self._credits is not None else ()

    def first_mover(self, events: Sequence[Event]) -> str | None:
        """The side that acted first in the first round; None when the events do not say."""
        return self._first(events) if self._first is not None else None


# -- print --------------------------------------------------------------------------------

class CounterCapability:
    """What a counter prints. The default prints a unit's name only; games override `face`.

    A face is {"front": {"stats": [big numbers, up to 3], "small": [small texts, up to 3],
    "arrow": shows a facing, "extra": a line under the arrow}, "back": {... as front, plus
    "band": text across it, "kind": "routed"|"damaged"} or None, optionally "symbol_tags":
    tags the symbol box draws besides the unit's own (what the game's stats say the unit
    is: foot, riders, missile troops...)}."""

    #: (what the big numbers mean, what the small ones mean), for the counter key.
    key: tuple[str, str] | None = None
    #: The print export lays this game's counters out itself (symbols, attack by distance).
    own_layout: bool = False
    #: The printed marker kinds its games use; None: every kind.
    marker_kinds: tuple[str, ...] | None = None
    #: Marker kinds any unit may need one of (one each).
    unit_markers: tuple[str, ...] = ()

    def face(self, army_list: ArmyList, unit_type: UnitType) -> CounterFace:
        return {"front": {"stats": [], "small": [], "arrow": True}, "back": None}


Playsheet = Callable[["RulesetFile | None", "Scenario", "Library"], list[Section]]
LegendRows = Callable[["TerrainSet", "RulesetFile | None"], list[tuple[str, str]]]
ElevationWords = Callable[["TerrainSet", "RulesetFile | None"], str]


class SheetCapability:
    """The playsheet's sections and the map legend's rows; none by default. A game gives
    its functions (`SheetCapability(playsheet, legend_rows, elevation_words)`) or
    subclasses."""

    def __init__(self, playsheet: Playsheet | None = None,
                 legend_rows: LegendRows | None = None,
                 elevation_words: ElevationWords | None = None) -> None:
        self._playsheet = playsheet
        self._legend_rows = legend_rows
        self._elevation_words = elevation_words

    def playsheet(self, ruleset_file: RulesetFile | None, scenario: Scenario,
                  library: Library) -> list[Section]:
        return [] if self._playsheet is None else self._playsheet(ruleset_file, scenario,
                                                                  library)

    def legend_rows(self, terrain_set: TerrainSet,
                    ruleset_file: RulesetFile | None) -> list[tuple[str, str]]:
        """(terrain name, what it does in this game) for each terrain type the legend
        lists; nothing for a game without terrain rules."""
        return [] if self._legend_rows is None else self._legend_rows(terrain_set,
                                                                      ruleset_file)

    def elevation_words(self, terrain_set: TerrainSet,
                        ruleset_file: RulesetFile | None) -> str:
        """What height does in this game, after the legend's line on contours; nothing
        for a game whose rules do not use it."""
        return ("" if self._elevation_words is None
                else self._elevation_words(terrain_set, ruleset_file))


#: The studio's panel for games played by orders to each unit: moves, charges, volleys,
#: formations and spells, with odds on the map.
ORDERS_PANEL = "orders"


@dataclass(frozen=True, slots=True)
class PlayCapability:
    """How the studio's play mode plays the game. `panel` names a play panel of the studio
    by the kind of play it offers (the panel's Qt code lives in the studio, not the game);
    None: the generic panel, which plays any game through the contract's core."""
    panel: str | None = None


# -- data the shared schemas and editors compose ------------------------------------------

@dataclass(frozen=True, slots=True)
class SchemaFragments:
    """JSON-Schema fragments a game adds to the shared schemas (Python data inside its
    package): its ruleset file's `options`, a unit type's `stats`, the abilities it
    defines (name -> AbilitySpec: what army lists of any game may name, composed over
    every registered game above the kernel), the terrain fields it reads, and the victory
    condition kinds it adds (kind -> schema of the condition)."""

    options: Mapping[str, object] = field(default_factory=dict)
    unit_stats: Mapping[str, object] = field(default_factory=dict)
    abilities: Mapping[str, AbilitySpec] = field(default_factory=dict)
    terrain_effects: Mapping[str, object] = field(default_factory=dict)
    victory_kinds: Mapping[str, Mapping[str, object]] = field(default_factory=dict)


@dataclass(frozen=True, slots=True)
class StatColumn:
    """One column of the army-list editor: the stat's key, its header, the kind of value
    ("int", "text", "choice", "dice", "bool", "list": ids separated by commas, "map": a
    name and a number, separated by commas, e.g. "spear 1, armor 1"), a tooltip, and
    `where` the value lives: an entry of the unit's `stats` ("stats") or a field of the
    shared unit type ("unit": move, range, flying)."""

    key: str
    title: str
    kind: str = "int"
    tooltip: str = ""
    choices: tuple[str, ...] = ()
    where: str = "stats"


@dataclass(frozen=True, slots=True)
class OptionField:
    """One field of the options editor: an option of the ruleset file. `low`/`high`
    bound a number."""

    name: str
    title: str
    kind: str                      # "bool" | "int" | "float" | "choice" | "text"
    default: object = None
    choices: tuple[str, ...] = ()
    tooltip: str = ""
    low: float | None = None
    high: float | None = None


def option_fields(spec: Mapping[str, Option]) -> tuple[OptionField, ...]:
    """The form of a game's option spec (`studio.engine.options`): every option of a
    plain value, with its bounds, choices, default and help; tables (lists, dicts) are
    left to the file.

    >>> from studio.engine.options import Option
    >>> option_fields({"die_sides": Option(int, 10, low=4, high=20, help="the die"),
    ...                "chart": Option(list, [])})[0]
    OptionField(name='die_sides', title='Die sides', kind='int', default=10, choices=(), \
tooltip='the die', low=4, high=20)
    """
    out = []
    for name, opt in spec.items():
        kind = ("choice" if opt.choices else "bool" if opt.type is bool else
                "int" if opt.type is int else "float" if opt.type is float else
                "text" if opt.type is str else None)
        if kind is None:
            continue
        out.append(OptionField(name, _title(name), kind, opt.default,
                               tuple(str(c) for c in opt.choices or ()), opt.help,
                               opt.low, opt.high))
    return tuple(out)


def schema_fields(schema: Mapping[str, object]) -> tuple[OptionField, ...]:
    """The form of an `options:` JSON-Schema fragment: booleans, integers, numbers and
    enums (with their bounds and descriptions); anything else stays in the file.

    >>> schema_fields({"properties": {"zoc": {"type": "boolean", "description": "stops"},
    ...                               "mode": {"enum": ["a", "b"]}}})[1].choices
    ('a', 'b')
    """
    props = schema.get("properties")
    out = []
    for name, prop in (props.items() if isinstance(props, Mapping) else ()):
        if not isinstance(prop, Mapping):
            continue
        enum, kind = prop.get("enum"), prop.get("type")
        low, high = prop.get("minimum"), prop.get("maximum")
        field_kind = ("choice" if isinstance(enum, list) else
                      {"boolean": "bool", "integer": "int", "number": "float",
                       "string": "text"}.get(kind if isinstance(kind, str) else ""))
        if field_kind is None:
            continue
        out.append(OptionField(
            str(name), _title(str(name)), field_kind, prop.get("default"),
            tuple(str(c) for c in enum) if isinstance(enum, list) else (),
            str(prop.get("description", "")),
            float(low) if isinstance(low, (int, float)) else None,
            float(high) if isinstance(high, (int, float)) else None))
    return tuple(out)


def _title(name: str) -> str:
    words = name.replace("_", " ")
    return words[:1].upper() + words[1:]


class EditorCapability:
    """What the army-list editor and the options editor show for this game (an empty
    `options_form`: the one `schema_fields` reads from the game's options schema)."""

    stat_columns: tuple[StatColumn, ...] = ()
    options_form: tuple[OptionField, ...] = ()


class OutcomeCapability:
    """The words of a game's outcomes for reports."""

    #: event kind -> a short noun for log filters ("attack", "rally", ...).
    event_words: Mapping[str, str] = {}
    #: The kinds of win the game itself decides, besides the scenario's conditions, in a
    #: report's words ("army-break": "enemy army broke"); a win's result names its kind
    #: as `<side>: <kind> (<detail>)`, so batches count wins by kind.
    cause_words: Mapping[str, str] = {}

    def deciding_causes(self, state: GameState, result: Result) -> tuple[str, ...]:
        """Why the winner won, in words for reports: the kernel's victory conditions the
        result names (a game adds its own: an army broke, the last army on the field)."""
        return result.conditions

    def story(self, events: Sequence[Event], sides: Mapping[str, str]) -> list[str] | None:
        """A played game told in the game's own summary (round by round, say), for `studio
        play`; `sides` maps unit ids to the sides that fielded them. None: one line an event
        in the game's log words."""
        return None


# -- scenario events ----------------------------------------------------------------------

#: A ruleset's own scenario-event effect: (game state, the effect's parameters, the events
#: list to append what happened to). It may change the state; it rolls no dice but the
#: game's own.
EffectFn = Callable[["GameState", Mapping[str, object], list[Event]], None]


@dataclass(frozen=True)
class ScenarioEventsCapability:
    """What a game adds to the kernel's scenario events (studio.engine.scenario_events).

    `effects`: effect kinds of its own (`then: - {kind: <name>, ...}`), beyond the kernel's
    message, victory-points, reinforcements, time-of-day, weather and option; validation
    accepts them for scenarios of this game. `arrived(state, units)`: called after reinforcements entered the map, for a game that
    keeps its own index of who stands where."""

    effects: Mapping[str, EffectFn] = field(default_factory=dict)
    arrived: Callable[["GameState", Sequence[object]], None] | None = None

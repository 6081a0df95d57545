"""The protocol a ruleset plug-in implements, and the registry the kernel finds them in.

A ruleset (a game system: Rules of War, the Quick and Dirty mass-combat rules, ...) is one
package under `studio/rulesets/` exposing one object with the attributes below; it
registers itself when the package is imported. The kernel, the AI, the CLI, the studio and
the exporters call rulesets only through this protocol, so adding a game touches no kernel
file. The shape follows OpenSpiel's games and boardgame.io's game objects: a state, its
legal actions, `apply`, and events that replay.
"""
from __future__ import annotations

import importlib
from typing import Any, Protocol

from .errors import SetupError


class Rules(Protocol):
    """One game system. Every method is pure: no file I/O, dice only from the state.

    States are `studio.engine.state.GameState` subclasses (`to_act`, `over`, `result`,
    `round`, `copy()`, `units`, `game.sides`); actions are small immutable values (named
    tuples) whose `action_to_dict` form is the game log's.
    """

    id: str                       # kebab-case: what a ruleset file's `system:` names
    name: str                     # for people
    option_names: tuple[str, ...]  # every option its ruleset files carry
    hidden_information: bool      # whether a side may not see all of a game (`view`)
    # kinds of win the rules decide besides the scenario's conditions -> words for reports;
    # a win's `Result.conditions` name them as `<side>: <kind> (<detail>)`
    deciding_causes: dict[str, str]

    # -- setting up ----------------------------------------------------------------------
    def options(self, ruleset_file, override: dict | None = None) -> Any:
        """The typed options of a ruleset file (with `override` on top); SetupError names a
        bad one."""

    def new_game(self, scenario, library, seed: int = 0, options_override: dict | None = None,
                 *, dice=None, unit_points=None) -> Any:
        """A game of `scenario` at its first decision (SetupError says what is wrong)."""

    def unit_problems(self, army_list, unit_type) -> list[tuple[tuple, str]]:
        """What is wrong with a unit type's stats for this system: (path inside the unit,
        message) pairs, so validation can place them at file:line."""

    def option_problems(self, ruleset_file) -> list[tuple[tuple, str]]:
        """What is wrong with a ruleset file's options beyond its schema (a chart's rows,
        options that contradict each other): (path inside the options, message) pairs."""

    # Optional: `marker_kinds`, the printed marker kinds its games use (every kind when
    # absent), and `unit_markers`, those any unit may need one of (one each on auto).
    # Optional: `unit_faced(army_list, unit_type) -> bool`, whether a unit of the type has a
    # front, so that a placed one must name a facing; without it every unit has one.

    def unit_costing(self, unit_type) -> tuple[float, str]:
        """A unit's points under the ruleset's own formula and the working shown to the
        designer; ValueError says which stat is missing. Rulesets without a formula of
        their own raise ValueError."""

    def not_simulated(self, army_list) -> set[str]:
        """Names of the list's abilities its engine does not simulate."""

    def test_game_gaps(self, army_list, placed_units) -> list[dict]:
        """What AI-against-AI games of these units leave out (abilities not simulated or
        never used by the AI): [{"ability": label, "unit_types": [ids]}, ...]."""

    # -- playing -------------------------------------------------------------------------
    def legal_actions(self, state) -> list:
        """Every action the side to act may take now."""

    def apply(self, state, action) -> list:
        """Apply `action` (IllegalAction if it is not legal); returns its events."""

    def action_to_dict(self, action) -> dict:
        """A JSON-able dict of `action` (the game log's form)."""

    def action_from_dict(self, data: dict) -> Any:
        """The action of `action_to_dict`'s dict (ValueError when it is none)."""

    def action_text(self, state, action) -> str:
        """The action in plain words, for menus and the log ("Move knights-1 to 0405")."""

    def action_unit(self, action) -> str | None:
        """The id of the unit the action is for (None for side-wide actions)."""

    def action_hex(self, state, action) -> int | None:
        """The board hex a player clicks to choose this action (where a unit moves to, the
        target it attacks), None when it has none."""

    def describe(self, event) -> str:
        """One line of plain words for the game log."""

    def turn_words(self, state, who: str, unit_name, side_name) -> tuple[str, str]:
        """(the phase in words, what the side to act — named `who` — is asked now);
        `unit_name`/`side_name` turn ids into the names people see."""

    def log_line(self, event) -> str | None:
        """The studio log's line for an event whose ids are already names; None for an
        event another line already tells (a roll an attack line states, say)."""

    def log_shown(self, event) -> bool:
        """Whether the studio log gives the event a line of its own (see `log_line`)."""

    def view(self, state, side: str) -> Any:
        """What `side` may see of `state`: the state itself when nothing is hidden, else a
        copy without what that side has not spotted (the AI and hotseat play get this)."""

    def unit_text(self, state, unit) -> str:
        """A unit's situation in a few words for the studio (hits, flipped, figures left)."""

    # -- odds ----------------------------------------------------------------------------
    def state_odds(self, state, attacker_id: str, target_id: str) -> dict:
        """Exact odds of an attack the game would allow now: {"outcomes": {name:
        probability}, ...}; ValueError when that attack is not possible."""

    def unit_odds(self, library, attacker: tuple, defender: tuple, situation: dict) -> dict:
        """Exact odds of `attacker` = (army list, unit type) against `defender` in the
        `situation` the CLI describes (distance, terrain, ...); same form as `state_odds`."""

    # -- AI ------------------------------------------------------------------------------
    def first_mover(self, events) -> str | None:
        """The side that acted first in the game's first round (from its events)."""

    def kill_credits(self, events):
        """(unit removed by attacks, ids of the units that share the credit) for each unit
        the game's events remove by combat, in order; balance reports sum them by type. A
        ruleset whose units lose figures one by one adds a third item, the share of the
        unit credited (figures removed / its figures at the start), and yields it for every
        loss, so that a unit worn down counts as the fractions of a kill its attackers took."""

    def evaluate(self, state, side: str) -> float:
        """How good the position is for `side` (the AI's evaluation; higher is better)."""

    def player(self, seed: int) -> Any:
        """This ruleset's own AI player, seeded (it sees only `view(state, side)`)."""

    # -- print ---------------------------------------------------------------------------
    def counter_face(self, army_list, unit_type) -> dict:
        """What a counter prints: {"front": {"stats": [big numbers, up to 3], "small":
        [small texts, up to 3], "arrow": shows a facing, "extra": a line under the arrow},
        "back": {... as front, plus "band": text across it, "kind": "routed"|"damaged"}
        or None, optionally "key": (what the big numbers mean, what the small ones mean) for
        the playsheet's counter key}. The back is the flipped, routed or damaged side."""

    def playsheet(self, ruleset_file, scenario, library) -> list:
        """The playsheet's sections: [(title, [paragraph or table, ...]), ...]; a table is a
        list of rows, the first its header."""


_RULES: dict[str, Any] = {}
_DEFAULT: list[str] = []
_PLUGIN_PACKAGE = "studio.rulesets"


def register(rules, *, default: bool = False) -> None:
    """Make `rules` known by its id (a ruleset package does this on import). `default`:
    files that name no ruleset (written before there were several) belong to it."""
    _RULES[rules.id] = rules
    if default:
        _DEFAULT[:] = [rules.id]


def _discover() -> None:
    if not _RULES:
        importlib.import_module(_PLUGIN_PACKAGE)


def rules_named(ident: str | None):
    """The registered rules called `ident` (the default rules for None)."""
    _discover()
    if ident is None:
        ident = default_id()
    found = _RULES.get(ident)
    if found is None:
        raise SetupError(f"no ruleset {ident!r} (known: {', '.join(sorted(_RULES))})")
    return found


def default_id() -> str:
    _discover()
    return _DEFAULT[0] if _DEFAULT else next(iter(_RULES))


def all_rules() -> list:
    """Every registered ruleset, in registration order."""
    _discover()
    return list(_RULES.values())

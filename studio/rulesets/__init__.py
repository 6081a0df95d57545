"""The game systems the studio plays, each a plug-in behind the kernel's ruleset protocol
(`studio.engine.rules.Rules`), and the calls that pick the right one for a scenario.

A ruleset file and an army list say which system they belong to (`system:`; files written
before there were several belong to Rules of War). Importing this package registers every
bundled system.
"""
from __future__ import annotations

from studio.engine.errors import SetupError
from studio.engine.rules import all_rules, default_id, rules_named

from . import rules_of_war  # noqa: F401  (registers itself, as the default)
from . import quick_and_dirty  # noqa: F401,E402
from . import action_dice  # noqa: F401,E402


def system_of(item) -> str:
    """The system a ruleset file or army list belongs to."""
    return getattr(item, "system", None) or default_id()


def rules_for(scenario, library):
    """The rules `scenario` is played by: those of the ruleset file it names. When that
    file cannot be found, the default rules (whose `new_game` then says what is missing)."""
    try:
        ruleset_file = library.ruleset(scenario.ruleset)
    except (KeyError, LookupError, AttributeError):
        ruleset_file = None
    return rules_named(system_of(ruleset_file) if ruleset_file is not None else None)


def unit_faced(army_list, unit_type, library) -> bool:
    """Whether a unit of `unit_type` has a front under the rules of its army list, so that a
    placed one must name a facing (a skirmisher of Action Dice has none)."""
    try:
        ruleset_file = library.ruleset(army_list.ruleset)
    except (KeyError, LookupError, AttributeError):
        ruleset_file = None
    try:
        rules = rules_named(system_of(ruleset_file) if ruleset_file is not None else None)
    except SetupError:               # an unknown system is reported where it is named
        return True
    faced = getattr(rules, "unit_faced", None)
    return True if faced is None else bool(faced(army_list, unit_type))


def new_game(scenario, library, seed: int = 0, options_override: dict | None = None, *,
             dice=None, unit_points=None):
    """A game of `scenario` by its own rules, at its first decision."""
    return rules_for(scenario, library).new_game(scenario, library, seed, options_override,
                                                 dice=dice, unit_points=unit_points)


def legal_actions(state) -> list:
    return state.game.rules.legal_actions(state)


def apply(state, action) -> list:
    return state.game.rules.apply(state, action)


def describe(state, event) -> str:
    """The plain words of `event` in the game `state` is of."""
    return state.game.rules.describe(event)


__all__ = ["all_rules", "apply", "describe", "legal_actions", "new_game", "rules_for",
           "rules_named", "system_of", "unit_faced"]

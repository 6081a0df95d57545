"""The game systems the studio plays, each a package behind the ruleset contract
(`studio.engine.contract.Ruleset`) and found through the entry-point group
`wargame_studio.rulesets`, and the calls that pick the right one for a scenario.

A ruleset file and an army list say which system they belong to (`system:`; files that
name none belong to the registry's default game). This package imports no game: each
registers in `pyproject.toml` exactly as a game of another distribution does.
"""
from __future__ import annotations

from functools import lru_cache

from studio.engine.contract import AnyRuleset
from studio.engine.errors import SetupError
from studio.engine.rules import all_rules, default_id, known_ids, rules_named


def system_of(item) -> str:
    """The system a ruleset file or army list belongs to."""
    return getattr(item, "system", None) or default_id()   # a file's data, not a ruleset


def _ruleset_file(library, ident):
    try:
        return library.ruleset(ident)
    except (KeyError, LookupError, AttributeError):
        return None


def ruleset_files_of(library, system: str | None = None) -> list[str]:
    """Ids of the library's ruleset files of `system` (the default game for None), the one
    named like the game first."""
    system = system or default_id()
    found = [ident for ident, rs in library.items("ruleset") if system_of(rs) == system]
    return sorted(found, key=lambda ident: ident != system)


def default_ruleset_file(library) -> str | None:
    """The ruleset file a new scenario names: one of the default game's in `library`."""
    found = ruleset_files_of(library) if library is not None else []
    return found[0] if found else None


def ability_catalogue() -> dict:
    """Every ability an army list may name: the catalogues of the registered games
    (name -> `AbilitySpec`)."""
    return _catalogue(known_ids())


@lru_cache(maxsize=4)
def _catalogue(games: tuple[str, ...]) -> dict:
    out: dict = {}
    for rules in all_rules():
        for name, spec in rules.schema.abilities.items():
            out.setdefault(name, spec)
    return out


def ability_spec(name: str):
    """The `AbilitySpec` of an ability any registered game defines, else None."""
    return ability_catalogue().get(name)


def rules_for(scenario, library) -> AnyRuleset:
    """The rules `scenario` is played by: those of the ruleset file it names. When that
    file cannot be found, the default rules (whose `new_game` then says what is missing)."""
    ruleset_file = _ruleset_file(library, scenario.ruleset)
    return rules_named(system_of(ruleset_file) if ruleset_file is not None else None)


def unit_faced(army_list, unit_type, library) -> bool:
    """Whether a unit of `unit_type` has a front under the rules of its army list, so that a
    placed one must name a facing (a skirmisher of Action Dice has none)."""
    ruleset_file = _ruleset_file(library, army_list.ruleset)
    try:
        rules = rules_named(system_of(ruleset_file) if ruleset_file is not None else None)
    except SetupError:               # an unknown system is reported where it is named
        return True
    return rules.unit_faced(army_list, unit_type)


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


__all__ = ["ability_catalogue", "ability_spec", "all_rules", "apply", "default_ruleset_file", "describe", "legal_actions",
           "new_game", "rules_for", "rules_named", "ruleset_files_of", "system_of", "unit_faced"]

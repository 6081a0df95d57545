"""Where rulesets are found: the entry-point group `wargame_studio.rulesets`.

Every game registers the same way, the bundled ones in the studio's own `pyproject.toml`
and a game of another distribution in its own:

    [project.entry-points."wargame_studio.rulesets"]
    my-game = "my_game:RULES"

The entry point's name is the ruleset id; its value a `Ruleset` instance (or a class,
made with no arguments). One game declares `default = True`: files that name no system,
and new scenarios, are of it.

A source checkout whose installed metadata predates the group (the studio's distribution
declares no ruleset entry point) still finds the bundled games: the registry then also takes
every package under `studio.rulesets` that exports `RULES`. `register` adds a game by hand
(tests, a game not installed).
"""
from __future__ import annotations

import importlib
import importlib.metadata
import pkgutil
from collections.abc import Callable

from studio.engine.errors import SetupError

from .ruleset import AnyRuleset, Ruleset

GROUP = "wargame_studio.rulesets"
_STUDIO_DISTRIBUTION = "wargame-studio"
_BUNDLED_PACKAGE = "studio.rulesets"

_RULES: dict[str, AnyRuleset] = {}
_BROKEN: dict[str, str] = {}        # id -> why its entry point did not load
_found = False


def _as_ruleset(name: str, loaded: object) -> AnyRuleset:
    made = loaded() if isinstance(loaded, type) else loaded
    if not isinstance(made, Ruleset):
        raise TypeError(f"{type(made).__name__} is not a studio.engine.contract.Ruleset")
    if made.id != name:
        raise TypeError(f"it is ruleset {made.id!r}, not {name!r}")
    return made


def _load(name: str, load: Callable[[], object], where: str) -> None:
    if name in _RULES:
        return
    try:
        _RULES[name] = _as_ruleset(name, load())
    except Exception as err:      # a broken game must not stop the others from loading
        _BROKEN[name] = f"entry point {name!r} = {where!r} of group {GROUP!r}: {err}"


def _studio_declares_group() -> bool:
    try:
        dist = importlib.metadata.distribution(_STUDIO_DISTRIBUTION)
    except importlib.metadata.PackageNotFoundError:
        return False
    return any(ep.group == GROUP for ep in dist.entry_points)


def _bundled_fallback() -> None:
    package = importlib.import_module(_BUNDLED_PACKAGE)
    for info in pkgutil.iter_modules(package.__path__, _BUNDLED_PACKAGE + "."):
        module = importlib.import_module(info.name)
        found = getattr(module, "RULES", None)    # a module, not a ruleset: no capability probe
        if isinstance(found, Ruleset) and found.id not in _RULES:
            _RULES[found.id] = found


def _discover() -> None:
    global _found
    if _found:
        return
    _found = True
    for ep in importlib.metadata.entry_points(group=GROUP):
        _load(ep.name, ep.load, ep.value)
    if not _studio_declares_group():
        _bundled_fallback()


def reset() -> None:
    """Forget every ruleset and look again (after a distribution was added to the path)."""
    global _found
    _RULES.clear()
    _BROKEN.clear()
    _found = False


def register(rules: AnyRuleset) -> None:
    """Make `rules` known by its id without an entry point (tests, a game not installed)."""
    _discover()
    _RULES[rules.id] = rules


def unregister(ident: str) -> None:
    _RULES.pop(ident, None)


def rules_named(ident: str | None) -> AnyRuleset:
    """The registered ruleset called `ident` (the default one for None)."""
    _discover()
    if ident is None:
        ident = default_id()
    found = _RULES.get(ident)
    if found is None:
        if ident in _BROKEN:
            raise SetupError(f"ruleset {ident!r} is installed but does not load: "
                             f"{_BROKEN[ident]}")
        raise SetupError(f"no ruleset {ident!r} (known: {', '.join(known_ids())})")
    return found


def default_id() -> str:
    """The game whose `default` is set; the first known one when none says so."""
    _discover()
    defaults = sorted(r.id for r in _RULES.values() if r.default)
    if defaults:
        return defaults[0]
    if not _RULES:
        raise SetupError(f"no ruleset is installed (entry-point group {GROUP!r})")
    return min(_RULES)


def known_ids() -> tuple[str, ...]:
    _discover()
    return tuple(sorted(_RULES))


def all_rules() -> list[AnyRuleset]:
    """Every registered ruleset: the default first, then by id."""
    _discover()
    first = default_id() if _RULES else None
    return sorted(_RULES.values(), key=lambda r: (r.id != first, r.id))


def problems() -> dict[str, str]:
    """Entry points that did not load, by id, with why (for `studio doctor`-like reports)."""
    _discover()
    return dict(_BROKEN)

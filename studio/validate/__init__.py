"""Checks no schema can express: references between files, map shapes, armies that may meet,
points, compositions, leaders, set-up, and abilities the engine does not simulate.

Each concern is a module with one `check_*(doc, library) -> list[Diagnostic]`; a check
ignores documents of kinds it has nothing to say about. `validate_document` runs them all on
one loaded document, `validate_paths` on files and folders, reporting every finding at once.

Codes (stable; tests and docs refer to them), by module:
- references: unknown-ruleset, unknown-terrain-set, unknown-army-list, unknown-points-table,
  unknown-composition, unknown-unit-type, unknown-side, duplicate-side-id, victory-against-self,
  reference-broken (the named file exists but failed to load)
- systems: mixed-rulesets (a side's army list is for another game system than the scenario)
- army_lists: duplicate-unit-type-id, duplicate-composition-id, unknown-selector-unit,
  unused-selector-tag (warning), composition-rule-empty, composition-rule-conflict,
  composition-share-range, unknown-points-formula, unknown-points-param, bad-points-param,
  points-missing, figures-missing, unknown-figure-type, unknown-equipment
- ability_names: unknown-ability, unknown-ability-param, bad-ability-param,
  missing-ability-param
- terrain_sets: duplicate-terrain-id, duplicate-terrain-symbol, bad-terrain-symbol
- map_grid: bad-map-shape, map-row-count, map-row-length, unknown-terrain-symbol,
  elevation-row-count, elevation-row-length, elevation-not-digit
- hexside_edges: unknown-hexside-kind, hexside-off-map, hexside-not-neighbours,
  duplicate-hexside-id
- limits: map-too-large, too-many-units, too-few-sides, too-many-sides, too-many-objectives
- map_areas: objective-off-map, victory-hex-off-map, victory-count-too-high, bad-setup-zone
- compatibility: terrain-set-mismatch, era-mismatch, scale-mismatch
- points_limits: points-over-limit, points-unknown (warning)
- composition: composition-rule-failed
- leaders: no-army-leader, several-army-leaders
- objective_holders: no-objective-holder (warning)
- victory_goals: no-victory-conditions, victory-unreachable, no-reachable-victory (warnings)
- placement: hex-off-map, facing-missing, bad-facing, impassable-terrain, forbidden-terrain,
  water-only, outside-setup-zone, stacking-limit, enemy-units-stacked, duplicate-unit-id,
  count-on-placed-unit
  unit-stats, ruleset-option, unknown-system (ruleset_data: what a ruleset plug-in judges)
- not_simulated: ability-not-simulated (warning)
- studies (what `studio balance` refuses): no-scenario, wrong-kind, scenario-errors,
  unknown-side, bad-variant, variant-invalid
- run_validation: path-missing, no-files, link-outside-library (warning), internal (a check failed: a bug),
  too-many-findings (the count of a file's findings past MAX_FINDINGS_PER_FILE)
"""
from __future__ import annotations

import os
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any, Callable, Iterable

from studio.diagnostics import Diagnostic, capped, sort_key

from .ability_names import check_ability_names
from .army_lists import check_army_list
from .compatibility import check_compatibility
from .hexside_edges import check_hexsides
from .composition import RuleResult, check_composition, check_compositions
from .leaders import check_leaders
from .limits import check_limits
from .map_areas import check_map_areas
from .map_grid import check_map
from .not_simulated import check_not_simulated
from .objective_holders import check_objective_holders
from .placement import check_placement
from .points_limits import check_points_limits
from .references import check_references
from .ruleset_data import check_ruleset_data
from .studies import check_study
from .systems import check_systems
from .terrain_sets import check_terrain_set
from .victory_goals import check_victory_goals

__all__ = [
    "CHECKS", "RuleResult", "ValidationRun", "check_ability_names", "check_army_list",
    "check_compatibility", "check_composition", "check_compositions", "check_hexsides",
    "check_leaders",
    "check_limits", "check_map", "check_map_areas", "check_not_simulated",
    "check_objective_holders", "check_placement", "check_points_limits", "check_references",
    "check_ruleset_data", "check_study", "check_systems", "check_terrain_set",
    "check_victory_goals",
    "library_with",
    "run_validation", "validate_document",
    "validate_paths",
]

CHECKS: list[Callable[[Any, Any], list[Diagnostic]]] = [
    check_references, check_systems, check_terrain_set, check_army_list, check_ability_names,
    check_limits, check_map, check_hexsides, check_map_areas, check_compatibility,
    check_points_limits,
    check_compositions, check_leaders, check_placement, check_objective_holders,
    check_victory_goals, check_ruleset_data, check_study,
]


def validate_document(doc: Any, library: Any, simulated: Iterable[str] | None = None
                      ) -> list[Diagnostic]:
    """The document's load findings plus every check's, sorted by position.

    `simulated` is the set of ability names the engine implements (default: the engine's).
    """
    found = list(getattr(doc, "diagnostics", []) or [])
    if getattr(doc, "model", None) is None:
        return sorted(found, key=sort_key)
    over = [d for d in _guarded(check_limits, doc, library) if d.severity == "error"
            and d.code != "too-few-sides"]
    if over:
        # Past a size limit the other checks could run for many seconds on a file that
        # cannot be used anyway: the limits are reported alone, at once.
        return capped(_unique(found + over))
    for check in CHECKS:
        found.extend(_guarded(check, doc, library))
    found.extend(_guarded(lambda d, lib: check_not_simulated(d, lib, simulated), doc, library))
    return capped(_unique(found))


def _guarded(check, doc, library) -> list[Diagnostic]:
    # One faulty check must not hide the others' findings, nor reach the user as a traceback.
    try:
        return check(doc, library)
    except Exception as err:  # noqa: BLE001
        name = getattr(check, "__name__", "check")
        line, column = doc.positions.at(()) if getattr(doc, "positions", None) else (None, None)
        return [Diagnostic("error", "internal",
                           f"the {name} check failed ({err!r}); please report this with the file",
                           file=getattr(doc, "path", None), line=line, column=column)]


def _unique(items: list[Diagnostic]) -> list[Diagnostic]:
    return list(dict.fromkeys(items))


@dataclass(slots=True)
class ValidationRun:
    """What `run_validation` found: findings, the files read, and why input was unusable."""
    diagnostics: list[Diagnostic] = field(default_factory=list)
    files: list[str] = field(default_factory=list)
    missing: list[str] = field(default_factory=list)      # paths that do not exist
    empty: list[str] = field(default_factory=list)        # folders without *.yaml files
    unreadable: list[str] = field(default_factory=list)   # files whose YAML could not be read

    @property
    def usable(self) -> bool:
        """False when a path is missing or nothing given could be read as YAML."""
        if self.missing:
            return False
        return len(self.files) > len(self.unreadable)

    @property
    def errors(self) -> int:
        return sum(1 for d in self.diagnostics if d.severity == "error")

    @property
    def warnings(self) -> int:
        return sum(1 for d in self.diagnostics if d.severity == "warning")


def library_with(documents: list[Any], base: Any) -> Any:
    """A library of `documents` plus those of `base` they do not shadow (same kind and id, or
    the same file), so the files being validated win over the installed ones."""
    from studio.io import Library

    given_paths = {_real(d.path) for d in documents if d.path}
    keys = {(d.kind, d.id) for d in documents if d.kind and d.id}
    extra = [d for d in getattr(base, "documents", [])
             if (d.kind, d.id) not in keys and not (d.path and _real(d.path) in given_paths)]
    return Library(list(documents) + extra)


def _real(path: str) -> str:
    return os.path.realpath(path)


def run_validation(paths: Iterable[str | os.PathLike], library: Any = None,
                   simulated: Iterable[str] | None = None) -> ValidationRun:
    """Load every file under `paths` and validate each against `library` (default: the
    installed one) plus the files themselves."""
    from studio.io import Library, default_library, load_file
    from studio.io.library import link_outside, yaml_files

    run = ValidationRun()
    documents = []
    for raw in paths:
        path = Path(raw)
        if not os.fspath(raw):            # Path("") is the current folder: never meant
            run.missing.append("")
            run.diagnostics.append(Diagnostic(
                "error", "path-missing", "an empty path was given; give a file or a folder"))
            continue
        if not path.exists():
            run.missing.append(str(path))
            run.diagnostics.append(Diagnostic(
                "error", "path-missing", f"no such file or folder: {path}; check the path",
                file=str(path)))
            continue
        outside: list = []
        files = yaml_files(path, outside)
        run.diagnostics.extend(link_outside(link, target, path) for link, target in outside)
        if not files:
            run.empty.append(str(path))
            run.diagnostics.append(Diagnostic(
                "error", "no-files", f"folder {path} holds no .yaml files; give a file or a "
                "folder of scenario, army or library files", file=str(path)))
            continue
        for file in files:
            if any(_real(str(file)) == _real(f) for f in run.files):
                continue
            doc = load_file(file)
            run.files.append(str(file))
            documents.append(doc)
            if doc.data is None:
                run.unreadable.append(str(file))
    base = default_library() if library is None else library
    combined = library_with(documents, base)
    own = {d for doc in documents for d in doc.diagnostics}
    # Ids the given files share among themselves (the combined library keeps the first).
    run.diagnostics.extend(d for d in Library(documents).diagnostics if d not in own)
    for doc in documents:
        run.diagnostics.extend(validate_document(doc, combined, simulated))
    run.diagnostics = capped(_unique(run.diagnostics))
    return run


def validate_paths(paths: Iterable[str | os.PathLike], library: Any = None
                   ) -> list[Diagnostic]:
    """Every finding about the files and folders in `paths`: each file is validated against
    `library` (default: the installed one) together with the other given files, so
    `validate_paths(["mylist.yaml", "myscenario.yaml"])` resolves the scenario's list."""
    return run_validation(paths, library).diagnostics

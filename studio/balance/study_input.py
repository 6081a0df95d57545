"""Reading a balance study file and building every variant before any game is played.

Everything wrong is found at once and reported at the study file's line: a schema error,
a scenario file that is missing or has errors, a side the scenario lacks, a unit type the
side's army list lacks, a variant whose scenario breaks a points limit or a composition
rule (or any other check of `studio validate`).
"""
from __future__ import annotations

import os
from dataclasses import dataclass, replace
from pathlib import Path
from typing import Any

from studio.ai.kinds import check_kind
from studio.diagnostics import Diagnostic
from studio.model import BalanceStudy
from studio.simulate.batch import ScenarioRefused

from .variants import BuiltVariant, VariantError, baseline, build_variant


class StudyRefused(ScenarioRefused):
    """The study cannot be run; `diagnostics` says why, at the lines of the files."""

    WHAT, BEFORE = "the balance study", "running it"


@dataclass
class PreparedStudy:
    study: BalanceStudy
    path: str | None
    scenario_path: str
    variants: list[BuiltVariant]             # the scenario as written first, then the study's

    def with_settings(self, target: float | None = None, band: float | None = None,
                      players: dict[str, str] | None = None) -> "PreparedStudy":
        """The same study aimed at another target or band, or with other players on some
        sides (command-line overrides)."""
        study = replace(self.study,
                        target=self.study.target if target is None else target,
                        band=self.study.band if band is None else band,
                        players={**self.study.players, **(players or {})})
        return replace(self, study=study)


def load_study(path: str | os.PathLike, library: Any) -> PreparedStudy:
    """The study file and its variants, built and validated; raises StudyRefused."""
    from studio.io import load_file
    name = os.fspath(path)
    if not Path(name).is_file():
        raise StudyRefused([Diagnostic("error", "no-file", f"no such study file: {name}; "
                                       "check the path", file=name)])
    doc = load_file(name)
    if doc.model is not None and doc.kind != "balance-study":
        raise StudyRefused([Diagnostic("error", "wrong-kind", f"{name} is a {doc.kind} file, "
                                       "not a balance study (kind: balance-study)", file=name,
                                       line=1, column=1)])
    if doc.model is None:
        raise StudyRefused(doc.diagnostics or [Diagnostic("error", "unreadable",
                                                          "the study file cannot be read",
                                                          file=name)])
    return prepare_study(doc.model, library, name, doc.positions)


def prepare_study(study: BalanceStudy, library: Any, path: str | None = None,
                  positions: Any = None, scenario: Any = None) -> PreparedStudy:
    """Build and check every variant of `study`. Its scenario is read from its file (relative
    to `path`) unless given as `scenario` (a Scenario already checked)."""
    from studio.simulate import ScenarioRefused, refuse_invalid

    def at(*where) -> dict:
        line, column = positions.at(where) if positions is not None else (None, None)
        return {"file": path, "line": line, "column": column}

    base_dir = Path(path).parent if path else Path.cwd()
    scenario_path = str(base_dir / study.scenario)
    if scenario is None:
        scenario = _scenario(study, scenario_path, library, at)
    if study.target is None:
        # A third each for three sides: 0.5 would aim one side at beating both others.
        study = replace(study, target=round(1 / len(scenario.sides), 4))
    if scenario.side(study.side) is None:
        raise StudyRefused([Diagnostic("error", "unknown-side",
                                       f"the scenario has no side {study.side!r} (its sides: "
                                       f"{', '.join(s.id for s in scenario.sides)})",
                                       **at("side"))])
    found: list[Diagnostic] = []
    for side, spec in study.players.items():
        if scenario.side(side) is None:
            found.append(Diagnostic("error", "unknown-side",
                                    f"players: the scenario has no side {side!r} (its sides: "
                                    f"{', '.join(s.id for s in scenario.sides)})",
                                    **at("players", side)))
            continue
        try:
            check_kind(spec)
        except ValueError as err:
            found.append(Diagnostic("error", "bad-player", f"players: {side}: {err}",
                                    **at("players", side)))
    variants = [baseline(scenario)]
    for i, v in enumerate(study.variants):
        where = ("variants", i, v.kind)
        try:
            built = build_variant(scenario, v, library)
        except VariantError as err:
            spot = where + ((err.field,) if err.field and isinstance(v.params, dict) else ())
            found.append(Diagnostic("error", "bad-variant", f"variant {i + 1}: {err}",
                                    **at(*spot)))
            continue
        try:
            refuse_invalid(built.scenario, library, built.options_override or None)
        except ScenarioRefused as err:
            for d in err.diagnostics:
                if d.severity == "error":
                    found.append(Diagnostic("error", "variant-invalid",
                                            f"variant {i + 1} ({built.label}) breaks the "
                                            f"scenario: {d.message}", **at(*where)))
            continue
        variants.append(built)
    if found:
        raise StudyRefused(found)
    return PreparedStudy(study, path, scenario_path, variants)


def _scenario(study: BalanceStudy, scenario_path: str, library: Any, at):
    """The study's scenario, read and checked; raises StudyRefused."""
    from studio.io import load_file
    from studio.simulate import ScenarioRefused, refuse_invalid
    if not Path(scenario_path).is_file():
        raise StudyRefused([Diagnostic("error", "no-scenario", f"the scenario file "
                                       f"{study.scenario!r} does not exist (looked for "
                                       f"{scenario_path}); give a path relative to the study",
                                       **at("scenario"))])
    doc = load_file(scenario_path)
    if doc.model is not None and doc.kind != "scenario":
        raise StudyRefused([Diagnostic("error", "wrong-kind", f"{study.scenario} is a "
                                       f"{doc.kind} file, not a scenario", **at("scenario"))])
    try:
        scenario = refuse_invalid(doc, library)
    except ScenarioRefused as err:
        raise StudyRefused([Diagnostic("error", "scenario-errors",
                                       f"the scenario {study.scenario} has errors; fix them "
                                       "first (listed below)", **at("scenario"))]
                           + err.diagnostics) from None
    return scenario

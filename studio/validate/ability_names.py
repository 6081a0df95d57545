"""Abilities in army lists: every name from the catalogue, every parameter one it knows,
every required parameter given, and values of the kind the catalogue's default has."""
from __future__ import annotations

from typing import Any

from studio.diagnostics import Diagnostic
from studio.model import Ability, ArmyList
from studio.rulesets import ability_catalogue

from .report import Findings, did_you_mean


def check_ability_names(doc: Any, library: Any) -> list[Diagnostic]:
    army_list = getattr(doc, "model", None)
    if not isinstance(army_list, ArmyList):
        return []
    findings = Findings(doc)
    for i, unit in enumerate(army_list.units):
        for j, ability in enumerate(unit.abilities):
            _check(findings, ability, ("units", i, "abilities", j), f"unit {unit.id!r}",
                   f"unit-type:{army_list.id}/{unit.id}")
    for i, rule in enumerate(army_list.special_rules):
        for j, ability in enumerate(rule.abilities):
            _check(findings, ability, ("special_rules", i, "abilities", j),
                   f"special rule {i + 1}", None)
    return findings.items


def _kind_of(default: Any) -> tuple[type, ...] | None:
    if isinstance(default, bool):
        return (bool,)
    if isinstance(default, (int, float)):
        return (int, float)
    if isinstance(default, str):
        return (str,)
    if isinstance(default, list):
        return (list,)
    return None


_KIND_WORDS = {bool: "true or false", int: "a number", str: "a text", list: "a list"}


def _check(findings: Findings, ability: Ability, path, where: str, subject: str | None) -> None:
    spec = ability_catalogue().get(ability.name)
    if spec is None:
        findings.error(
            "unknown-ability",
            f"{where}: ability {ability.name!r} is not in the catalogue"
            f"{did_you_mean(ability.name, ability_catalogue())}; use a name from docs/abilities.md, or "
            "keep the rule as text in notes",
            path, subject)
        return
    for key, value in ability.params.items():
        if key not in spec.params:
            known = ", ".join(spec.params) or "none"
            findings.error(
                "unknown-ability-param",
                f"{where}: ability {ability.name!r} has no parameter {key!r}"
                f"{did_you_mean(key, spec.params)}; its parameters are: {known}",
                (*path, key), subject)
            continue
        kinds = _kind_of(spec.params[key])
        if kinds is not None and value is not None and (
                not isinstance(value, kinds) or (bool not in kinds and isinstance(value, bool))):
            findings.error(
                "bad-ability-param",
                f"{where}: ability {ability.name!r} parameter {key!r} is {value!r}; it must be "
                f"{_KIND_WORDS[kinds[0]]} (default {spec.params[key]!r})",
                (*path, key), subject)
    for key, default in spec.params.items():
        if default is None and ability.params.get(key) is None:
            findings.error(
                "missing-ability-param",
                f"{where}: ability {ability.name!r} needs parameter {key!r}; write it as "
                f"{{name: {ability.name}, {key}: ...}}",
                path, subject)

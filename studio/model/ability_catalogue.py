"""What an ability of an army list is: its name, a plain description and its parameters.

Each game ships the catalogue of the abilities it defines (`Ruleset.schema.abilities`);
`studio.rulesets.ability_catalogue()` composes the registered games' catalogues. An army
list names abilities from it (an unknown name is an error: it is almost always a typo).
"""
from __future__ import annotations

from dataclasses import dataclass, field
from typing import Any


@dataclass(frozen=True, slots=True)
class AbilitySpec:
    name: str
    summary: str
    params: dict[str, Any] = field(default_factory=dict)   # name -> default (None: required)


def ability_spec(name: str, summary: str, **params: Any) -> AbilitySpec:
    return AbilitySpec(name, summary, params)

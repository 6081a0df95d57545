"""Ability references as they appear in army lists: a name plus parameters.

The catalogue of known names, their parameters and what they mean lives in
`studio.model.ability_catalogue`; the engine says which of them it simulates.
"""
from __future__ import annotations

from dataclasses import dataclass, field
from typing import Any


@dataclass(slots=True)
class Ability:
    name: str
    params: dict[str, Any] = field(default_factory=dict)

    def __repr__(self) -> str:
        if not self.params:
            return f"Ability({self.name!r})"
        return f"Ability({self.name!r}, {self.params!r})"

    def get(self, key: str, default: Any = None) -> Any:
        return self.params.get(key, default)

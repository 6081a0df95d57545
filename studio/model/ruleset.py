"""A ruleset file: which game system it is for, and the options of its rules that the
engine reads instead of hard-coding."""
from __future__ import annotations

from dataclasses import dataclass, field
from typing import Any


@dataclass(slots=True)
class Ruleset:
    id: str
    name: str
    options: dict[str, Any] = field(default_factory=dict)
    # The game system (registered ruleset) these options are for; None: the default game.
    system: str | None = None
    notes: str = ""
    format: int = 1

    def option(self, name: str) -> Any:
        """An option's value; a missing one is a bug in the ruleset file, not a default."""
        try:
            return self.options[name]
        except KeyError:
            raise KeyError(f"ruleset {self.id!r} has no option {name!r}") from None

"""How long the search player may think about one decision: a number of playouts (the
default, reproducible) or milliseconds of wall-clock time (not reproducible: how many
playouts fit depends on the machine and its load)."""
from __future__ import annotations

import re
from dataclasses import dataclass

# Playouts a decision gets when the kind names no budget (`search`): enough to prefer a
# better action to the rollout policy's own choice, few enough for whole batches.
DEFAULT_PLAYOUTS = 16

_SPEC = re.compile(r"^\s*(\d+)\s*(ms)?\s*$")


@dataclass(frozen=True)
class Budget:
    """Playouts per decision, or milliseconds per decision when `ms` is set."""

    playouts: int = DEFAULT_PLAYOUTS
    ms: int | None = None

    @property
    def reproducible(self) -> bool:
        return self.ms is None

    def __str__(self) -> str:
        return f"{self.ms}ms" if self.ms is not None else str(self.playouts)


def parse_budget(text: str | None) -> Budget:
    """`"200"` -> 200 playouts, `"50ms"` -> 50 ms, None or `""` -> the default.

    >>> parse_budget("200"), parse_budget("50ms").ms, parse_budget(None).playouts
    (Budget(playouts=200, ms=None), 50, 16)
    """
    if text is None or not text.strip():
        return Budget()
    found = _SPEC.match(text)
    if found is None or int(found.group(1)) < 1:
        raise ValueError(f"search budget {text!r}: give a number of playouts (search:200) or "
                         f"milliseconds (search:50ms), 1 or more")
    value = int(found.group(1))
    return Budget(ms=value) if found.group(2) else Budget(playouts=value)

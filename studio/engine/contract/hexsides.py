"""What hexside features do in a game: each ruleset lists the kinds it plays (river, wall,
road ...) with their effect on movement, combat and sight, in its own package; a kind it
does not list does nothing in that game (it is still drawn and printed)."""
from __future__ import annotations

from collections.abc import Iterable, Mapping
from dataclasses import dataclass, field
from fractions import Fraction


@dataclass(frozen=True)
class HexsideEffect:
    """One kind's effect. `crossing_mp`: a step across costs exactly this, whatever the hex
    entered (a road or a bridge); `negates`: kinds whose effects this one cancels on the same
    edge (a bridge over a river); `defense`: added to a defender attacked across the edge
    from the next hex."""
    extra_mp: Fraction = Fraction(0)
    blocks_move: bool = False
    crossing_mp: Fraction | None = None
    negates: tuple[str, ...] = ()
    defense: int = 0
    blocks_sight: bool = False
    words: str = ""                           # the effect in words, for legends and pages


@dataclass(frozen=True)
class HexsideCapability:
    """A game's hexside effects by kind id (none: hexsides are only drawn)."""
    effects: Mapping[str, HexsideEffect] = field(default_factory=dict)

    def sight_blocking(self) -> frozenset[str]:
        return frozenset(k for k, e in self.effects.items() if e.blocks_sight)

    def active(self, kinds: Iterable[str]) -> list[HexsideEffect]:
        """The effects that apply on an edge carrying `kinds` (negated ones left out)."""
        kinds = tuple(kinds)
        negated = {n for k in kinds if k in self.effects for n in self.effects[k].negates}
        return [self.effects[k] for k in kinds if k in self.effects and k not in negated]

    def step_cost(self, kinds: Iterable[str], enter_mp: Fraction) -> Fraction | None:
        """The cost of a step across an edge carrying `kinds` into a hex that costs
        `enter_mp`; None when the edge blocks the step."""
        active = self.active(kinds)
        crossings = [e.crossing_mp for e in active if e.crossing_mp is not None]
        if crossings:
            return min(crossings)
        if any(e.blocks_move for e in active):
            return None
        return enter_mp + sum((e.extra_mp for e in active), Fraction(0))

    def defense(self, kinds: Iterable[str]) -> int:
        """The defender's bonus across an edge carrying `kinds` (the best one counts)."""
        return max((e.defense for e in self.active(kinds)), default=0)

    def rows(self) -> list[tuple[str, str]]:
        """(kind id, effect in words) for every kind the game plays, in its order."""
        return [(k, e.words) for k, e in self.effects.items()]

"""The game's only source of chance (R1, R2): a seeded splitmix64 generator.

Pure Python integers, so the same seed gives the same rolls on every machine and Python
version. The state holds the dice; copying the state copies them.

>>> d = Dice(42)
>>> [d.roll(10) for _ in range(8)]
[4, 2, 9, 5, 1, 3, 6, 9]
>>> d2 = Dice(42); _ = [d2.roll(10) for _ in range(8)]; d2.state == d.state
True
"""
from __future__ import annotations

from collections.abc import Iterable
from hashlib import blake2b
from typing import Protocol

_MASK = (1 << 64) - 1


class Roller(Protocol):
    """What rolls a game's dice: `Dice`, or `ScriptedDice` in tests."""

    def roll(self, sides: int) -> int: ...


class Dice:
    """splitmix64: tiny, fast, and good enough for board-game dice."""

    __slots__ = ("seed", "state")

    def __init__(self, seed: int, state: int | None = None) -> None:
        if isinstance(seed, bool) or not isinstance(seed, int):
            raise TypeError(f"dice seed must be an integer, got {seed!r}")
        self.seed = seed & _MASK
        self.state = self.seed if state is None else state

    def _next(self) -> int:
        self.state = z = (self.state + 0x9E3779B97F4A7C15) & _MASK
        z = ((z ^ (z >> 30)) * 0xBF58476D1CE4E5B9) & _MASK
        z = ((z ^ (z >> 27)) * 0x94D049BB133111EB) & _MASK
        return z ^ (z >> 31)

    def roll(self, sides: int) -> int:
        """A number in 1..sides; rejection sampling keeps every face equally likely."""
        limit = ((_MASK + 1) // sides) * sides
        while True:
            x = self._next()
            if x < limit:
                return x % sides + 1

    def copy(self) -> "Dice":
        return Dice(self.seed, self.state)

    def __repr__(self) -> str:
        return f"Dice(seed={self.seed}, state={self.state})"


class ScriptedDice:
    """Returns the given rolls in order (tests fix the dice with it).

    >>> d = ScriptedDice([3, 10]); d.roll(10), d.roll(10)
    (3, 10)
    """

    __slots__ = ("rolls", "position", "seed")

    def __init__(self, rolls: Iterable[int], position: int = 0) -> None:
        self.rolls = list(rolls)
        self.position = position
        self.seed = None

    def roll(self, sides: int) -> int:
        if self.position >= len(self.rolls):
            raise IndexError(f"ScriptedDice ran out after {len(self.rolls)} rolls "
                             f"{self.rolls!r}; script more rolls for this test")
        value: int = self.rolls[self.position]
        self.position += 1
        if not 1 <= value <= sides:
            raise ValueError(f"scripted roll {value} does not fit a {sides}-sided die")
        return value

    @property
    def remaining(self) -> list[int]:
        return self.rolls[self.position:]

    def copy(self) -> "ScriptedDice":
        return ScriptedDice(self.rolls, self.position)

    def __repr__(self) -> str:
        return f"ScriptedDice(next={self.remaining[:6]!r})"


def unlinked(dice: "Dice | ScriptedDice", salt: str = "") -> Dice:
    """Dice for a side's view of a game: a fresh generator seeded by a one-way hash of where
    `dice` stand (and `salt`), so a view can roll (an AI looking ahead) but nothing in it
    tells the game's next rolls, and the same position gives the same view.

    >>> d = Dice(42); v = unlinked(d, "north")
    >>> game, view = d.copy(), v.copy()
    >>> [game.roll(6) for _ in range(5)] == [view.roll(6) for _ in range(5)]
    False
    >>> v.seed == unlinked(Dice(42), "north").seed and v.seed != unlinked(d, "south").seed
    True
    """
    if isinstance(dice, Dice):
        where = f"{dice.seed}:{dice.state}"
    elif isinstance(dice, ScriptedDice):
        where = f"{dice.rolls}:{dice.position}"
    else:
        raise TypeError(f"cannot make a view of dice {dice!r}: a game's dice are Dice or "
                        "ScriptedDice")
    digest = blake2b(f"{where}|{salt}".encode(), digest_size=8,
                     person=b"side-view").digest()
    return Dice(int.from_bytes(digest, "big"))

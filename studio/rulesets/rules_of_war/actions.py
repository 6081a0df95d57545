"""The decisions a side can take, as small immutable values with readable reprs.

Units are named by their scenario id, hexes by printed label, facings by compass name.
"""
from __future__ import annotations

from typing import NamedTuple


class ChooseOrder(NamedTuple):
    side: str
    first: bool


class Move(NamedTuple):
    unit: str
    to: str
    facing: str
    charge: bool = False
    embark: str | None = None
    path: tuple | None = None


class Exit(NamedTuple):
    unit: str


class Jump(NamedTuple):
    """R40 hyper-jump: the unit leaves the battle from where it stands (its move)."""
    unit: str


class Form(NamedTuple):
    """R40 formations: try to change to `formation` (line, column, square) instead of
    attacking."""
    unit: str
    formation: str


class Attack(NamedTuple):
    unit: str
    target: str


class Volley(NamedTuple):
    attacks: tuple


class Strike(NamedTuple):
    side: str
    support: str
    target: str


class Cast(NamedTuple):
    unit: str
    spell: str
    targets: tuple = ()
    hexes: tuple = ()
    stat: str | None = None
    sign: int = 1


class Advance(NamedTuple):
    unit: str


class Pass(NamedTuple):
    side: str


class EndPhase(NamedTuple):
    side: str


#: Every action of the game.
Action = (ChooseOrder | Move | Exit | Jump | Form | Attack | Volley | Strike | Cast | Advance
          | Pass | EndPhase)

ACTION_TYPES = {cls.__name__: cls for cls in
                (ChooseOrder, Move, Exit, Jump, Form, Attack, Volley, Strike, Cast, Advance,
                 Pass, EndPhase)}


def action_to_dict(a) -> dict:
    d = {"type": type(a).__name__}
    for k, v in a._asdict().items():
        if isinstance(a, Volley) and k == "attacks":
            v = [[x.unit, x.target] for x in v]
        elif isinstance(v, tuple):
            v = list(v)
        d[k] = v
    return d


def action_from_dict(d: dict):
    d = dict(d)
    kind = d.pop("type", None)
    cls = ACTION_TYPES.get(kind)
    if cls is None:
        raise ValueError(f"unknown action type {kind!r}; known: {', '.join(ACTION_TYPES)}")
    if cls is Volley:
        d["attacks"] = tuple(Attack(u, t) for u, t in d["attacks"])
    for k in ("targets", "hexes", "path"):
        if isinstance(d.get(k), list):
            d[k] = tuple(d[k])
    return cls(**d)

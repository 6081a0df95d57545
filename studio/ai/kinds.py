"""The players a side can be given wherever one is chosen (command line, the studio's play
menus, batches, balance studies), by a short spec: `heuristic`, `random`, `search` or
`search:BUDGET` (`search:200`: 200 playouts a decision; `search:50ms`: 50 milliseconds a
decision, not reproducible).

>>> check_kind("search:200"), check_kind("random")
('search:200', 'random')
>>> make_player("search:50ms", 3)
SearchPlayer(seed=3, budget=50ms)
"""
from __future__ import annotations

from typing import Any

from .player import HeuristicAI, RandomPlayer
from .search import SearchPlayer, parse_budget

# Kind -> what people call it (menus, reports).
KIND_NAMES = {"heuristic": "Heuristic AI", "search": "Search AI", "random": "Random player"}

SPEC_HELP = ("heuristic (the game's own AI), random, or search[:BUDGET] with BUDGET playouts "
             "(search:200) or milliseconds (search:50ms) a decision")


def check_kind(spec: str) -> str:
    """`spec` as given when it names a player; ValueError saying what to write otherwise."""
    kind, sep, arg = spec.partition(":")
    if kind not in KIND_NAMES:
        raise ValueError(f"player {spec!r} is unknown; use {SPEC_HELP}")
    if sep and kind != "search":
        raise ValueError(f"player {spec!r}: only search takes a budget (search:200)")
    if kind == "search":
        parse_budget(arg if sep else None)
    return spec


def kind_of(spec: str) -> str:
    """The kind a spec names: `search:200` -> `search`."""
    return spec.partition(":")[0]


def reproducible(spec: str) -> bool:
    """Whether a player of this spec makes the same choices from the same seed (a search
    with a millisecond budget does not)."""
    kind, sep, arg = spec.partition(":")
    return kind != "search" or parse_budget(arg if sep else None).reproducible


def make_player(spec: str, seed: int) -> Any:
    """A seeded player of `spec` (see `check_kind`)."""
    kind, sep, arg = check_kind(spec).partition(":")
    if kind == "heuristic":
        return HeuristicAI(seed)
    if kind == "random":
        return RandomPlayer(seed)
    return SearchPlayer(seed, parse_budget(arg if sep else None))

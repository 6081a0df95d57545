"""A library of model objects looked up by id, for games built in code (tests, batch
workers): the same look-ups as `studio.io.Library`, with nothing read from files."""
from __future__ import annotations

from collections.abc import Iterable
from typing import TYPE_CHECKING, TypeVar

if TYPE_CHECKING:
    from studio.model import ArmyList, PointsTable, TerrainSet
    from studio.model import Ruleset as RulesetFile

T = TypeVar("T")


class Resolver:
    """A minimal library for tests and tools: look-ups by id in the given objects."""

    def __init__(self, terrain_sets: Iterable[TerrainSet] = (),
                 army_lists: Iterable[ArmyList] = (), rulesets: Iterable[RulesetFile] = (),
                 points_tables: Iterable[PointsTable] = ()) -> None:
        self._t = {t.id: t for t in terrain_sets}
        self._a = {a.id: a for a in army_lists}
        self._r = {r.id: r for r in rulesets}
        self._p = {p.id: p for p in points_tables}

    @staticmethod
    def _get(table: dict[str, T], kind: str, ident: str) -> T:
        try:
            return table[ident]
        except KeyError:
            raise KeyError(f"no {kind} {ident!r} (have: {', '.join(sorted(table)) or 'none'})") from None

    def terrain_set(self, ident: str) -> TerrainSet:
        return self._get(self._t, "terrain set", ident)

    def army_list(self, ident: str) -> ArmyList:
        return self._get(self._a, "army list", ident)

    def ruleset(self, ident: str) -> RulesetFile:
        return self._get(self._r, "ruleset", ident)

    def points_table(self, ident: str) -> PointsTable:
        return self._get(self._p, "points table", ident)

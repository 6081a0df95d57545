"""What a ruleset may ask of the library a game is built from (the studio's `io.Library`
has it; tests pass small stand-ins)."""
from __future__ import annotations

from typing import TYPE_CHECKING, Protocol

if TYPE_CHECKING:
    from studio.model import ArmyList, TerrainSet
    from studio.model import Ruleset as RulesetFile


class Library(Protocol):
    def terrain_set(self, ident: str) -> TerrainSet | None: ...

    def army_list(self, ident: str) -> ArmyList | None: ...

    def ruleset(self, ident: str) -> RulesetFile | None: ...

"""Rosters: the units a side fields, placed on the map or still in reserve."""
from __future__ import annotations

from dataclasses import dataclass, field


@dataclass(slots=True)
class RosterUnit:
    type: str                  # unit type id in the army list
    id: str | None = None      # unique per scenario; assigned "<type>-<n>" when absent
    hex: str | None = None     # printed label; None = not yet placed
    facing: str | None = None  # hexside name (N, NE, ...); required when placed
    leader: bool = False       # marks the Army Leader where the list lets players pick one
    count: int = 1             # only for unplaced entries
    name: str | None = None    # designation printed on the counter ("Datis"); None: the type's
    arrives: str | None = None  # the reinforcement wave it enters with; None: at the start

    @property
    def in_play(self) -> int:
        """How many units of this entry a game fields: a placed one, or every unit of an
        entry that arrives as a reinforcement; 0 for units held in reserve."""
        if self.hex is not None:
            return 1
        return self.count if self.arrives is not None else 0


@dataclass(slots=True)
class Army:
    army_list: str
    units: list[RosterUnit] = field(default_factory=list)
    composition: str | None = None
    points_limit: float | None = None
    id: str | None = None       # set for stand-alone `kind: army` files
    name: str | None = None
    format: int = 1

    def expanded(self) -> list[RosterUnit]:
        """One entry per unit (counts unrolled), in roster order."""
        out: list[RosterUnit] = []
        for u in self.units:
            if u.count == 1 or u.hex is not None:
                out.append(u)
            else:
                out.extend(RosterUnit(type=u.type, leader=u.leader, arrives=u.arrives)
                           for _ in range(u.count))
        return out

"""What a Quick and Dirty counter prints, and the key that reads it.

The rules need four things of a unit on the table: its base strength (Q9), its move (Q6),
whether it flies (Q7) and its missile range (Q19). They are the large row, so that a 1/2in
counter keeps every one of them; the discipline, which only makes up the strength (and
matters to the elite-loss option, Q17), is the small line. The unit's type value sets only
its cost, so it stays off the counter.

>>> from studio.model import ArmyList, UnitType
>>> griffons = UnitType("griffon-pack", "Griffon Pack", tags=["flyer"], move=8, flying=True,
...                     stats={"type_value": 4, "discipline": "irregular",
...                            "discipline_value": 1, "equipment": {"claws": 1}})
>>> elves = ArmyList("e", "Elves", "fantasy", ["tactical"], "t", units=[griffons])
>>> face = counter_face(elves, griffons)
>>> face["front"]["stats"], face["front"]["small"]
(['6', '8F', '–'], ['irregular'])
"""
from __future__ import annotations

from .profile import Profile

NO_RANGE = "–"
# what the large row and the small line mean, for the playsheet's counter key
KEY = ("strength · move (F: flies) · missile range", "discipline")


def counter_face(army_list, unit_type) -> dict:
    """Front and back (the flipped side, Q15) of a counter of `unit_type`."""
    p = Profile(army_list, unit_type)
    stats = unit_type.stats or {}
    big = [str(p.strength), f"{p.move}" + ("F" if p.flying else ""),
           str(p.range) if p.missile else NO_RANGE]
    small = [str(stats.get("discipline", ""))]
    front = {"stats": big, "small": small, "arrow": True}
    back = {"stats": big, "small": small, "arrow": True, "band": "FLIPPED", "kind": "damaged"}
    return {"front": front, "back": back, "key": KEY}

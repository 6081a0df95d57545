"""What an Action Dice counter prints, and the key that reads it.

Action dice, Fight/Shoot and Defense are the large row; Move, figures (or hero, vehicle)
and the weapon the small one. The symbol box tells the combatant: foot or mounted (a unit
tagged `cavalry`), a missile weapon, ordnance, a vehicle, a hero, so that two units with
the same numbers are still told apart on the table.

>>> from studio.model import ArmyList, UnitType
>>> archers = UnitType("archers", "Archers", tags=["basic"],
...                    stats={"type": "basic", "dice": "1d6", "move": 6, "fight": 0,
...                           "shoot": 0, "defense": 8, "figures": 6,
...                           "formation": "skirmish", "weapon": "bow"})
>>> men = ArmyList("m", "Men", "fantasy", ["skirmish"], "t", units=[archers])
>>> counter_face(men, archers)["symbol_tags"]
('infantry', 'missile')
"""
from __future__ import annotations

from .options import lenient
from .profile import Profile

KEY = ("dice · Fight/Shoot · Defense", "Move · figures · weapon")
MOUNTED = frozenset({"cavalry", "horse", "mounted"})
# the symbol of each combatant type that is not a body of foot or riders
TYPE_SYMBOL = {"ordnance": "ordnance", "vehicle": "vehicle", "hero": "hero"}


def symbol_tags(p: Profile) -> tuple[str, ...]:
    """The symbols' tags of a unit: what it is and how it fights."""
    out = []
    mounted = bool(MOUNTED.intersection(p.type.tags))
    if p.kind in TYPE_SYMBOL:
        out.append(TYPE_SYMBOL[p.kind])
        if mounted:
            out.append("cavalry")
    else:
        out.append("cavalry" if mounted else "infantry")
    if p.ranged and p.kind not in ("ordnance", "vehicle"):
        out.append("missile")
    return tuple(out)


def counter_face(army_list, unit_type) -> dict:
    """Front and back of a counter of `unit_type`. The back is what a wounded hero (one die
    lower), a damaged vehicle (Defense -1) or a unit with a failed morale token shows."""
    p = Profile(army_list, unit_type, lenient())
    dice = f"{p.n_dice}d{p.die}"
    fs = f"{p.fight + p.weapon.get('fight', 0)}/{p.shoot + p.weapon.get('shoot', 0)}"
    small = [f"M{p.move}\"", f"{p.figures} fig" if p.kind not in ("hero", "vehicle")
             else p.kind, p.weapon["id"].replace("-", " ")]
    front = {"stats": [dice, fs, str(p.defense)], "small": small, "arrow": p.faced}
    if p.kind == "hero":
        lower = p.die - 2 if p.die > 4 else p.die
        back = {"stats": [f"{p.n_dice}d{lower}", fs, str(p.defense)], "small": small,
                "arrow": False, "band": "WOUNDED", "kind": "damaged"}
    elif p.kind == "vehicle":
        back = {"stats": [dice, fs, str(max(1, p.defense - 1))], "small": small,
                "arrow": True, "band": "DAMAGED", "kind": "damaged"}
    else:
        back = {"stats": [dice, fs, str(p.defense)], "small": small, "arrow": p.faced,
                "band": "FAILED", "kind": "routed"}
    return {"front": front, "back": back, "key": KEY, "symbol_tags": symbol_tags(p)}

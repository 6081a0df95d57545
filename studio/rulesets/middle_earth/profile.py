"""A unit's fixed profile for Middle Earth: its troop type, morale class, side of the war,
weapon, missile and figures, read from the army list's `stats` (M3).

stats:
  type: medium-infantry     # a troop type of the ruleset (troop_types)
  class: C                  # morale class A B C D E O T
  alignment: good           # good (Law, with the neutrals) or evil
  weapon: man-sword         # its attacking row in Chart I or column in Chart II
  defends_as: medium-infantry   # its column in Chart I / row in Chart II
  missile: long-bow         # optional: its row in Chart III or IV
  shield: true              # false: shieldless (M14, M19)
  charisma: 0               # the leader's charisma (M17); a born leader's bonus
  special: 5                # optional: the rating of a named leader with the unit (M33)
  wizard: gandalf           # optional: gandalf or witch-king (M29)
  nazgul: witch-king        # optional: witch-king or ringwraith (M35)
  hit_dice: 7               # heroes and wizards (M36)
  energy: 7                 # a hero's energy levels (M36)
  nation: rohan             # optional: rohan, dunland (M14's special factors)
"""
from __future__ import annotations

from .tables import CLASSES, NoCell

KINDS = {"elves": "elves", "armoured-elves": "elves", "rangers": "rangers",
         "dwarves": "dwarves", "orcs": "orcs", "uruks": "orcs", "man-orcs": "orcs",
         "wolf-riders": "orcs"}


class Profile:
    """Everything fixed about one unit type in one game."""

    __slots__ = ("army_list", "type", "id", "name", "troop", "kind", "cls", "good", "weapon",
                 "defends_as", "missile", "shield", "charisma", "special", "wizard", "nazgul",
                 "hit_dice", "energy", "nation", "figures", "single", "flies", "mounted",
                 "big", "orc", "formed_order", "movement", "terrain", "impetus", "push",
                 "attack_dice", "frontage", "points")

    def __init__(self, army_list, unit_type, tables):
        stats = unit_type.stats or {}
        if not isinstance(stats, dict):
            raise ValueError(f"unit {unit_type.id!r}: stats must be a mapping")
        types = tables.o["troop_types"]
        troop = stats.get("type")
        if troop not in types:
            raise ValueError(f"unit {unit_type.id!r}: stats.type {troop!r} is not a troop type "
                             f"of the ruleset ({', '.join(types)})")
        cls = stats.get("class")
        if cls not in CLASSES:
            raise ValueError(f"unit {unit_type.id!r}: stats.class {cls!r} is not a morale class "
                             f"({' '.join(CLASSES)})")
        alignment = stats.get("alignment")
        if alignment not in ("good", "evil"):
            raise ValueError(f"unit {unit_type.id!r}: stats.alignment must be good or evil")
        t = types[troop]
        self.army_list, self.type, self.id, self.name = army_list, unit_type, unit_type.id, \
            unit_type.name
        self.troop, self.cls, self.good = troop, cls, alignment == "good"
        self.kind = KINDS.get(troop, "others")
        self.weapon = stats.get("weapon")
        self.defends_as = stats.get("defends_as")
        self.missile = stats.get("missile")
        self.single = bool(t.get("single"))
        if not self.single and (self.weapon is None or self.defends_as is None):
            raise ValueError(f"unit {unit_type.id!r}: a body of figures needs stats.weapon and "
                             "stats.defends_as (its row and column in the weapon charts)")
        if self.missile is not None:
            try:
                tables.missile_range(self.missile)
            except NoCell as err:
                raise ValueError(f"unit {unit_type.id!r}: stats.missile: {err}") from None
        self.shield = bool(stats.get("shield", True))
        self.charisma = int(stats.get("charisma", 0))
        self.special = stats.get("special")
        self.wizard = stats.get("wizard")
        self.nazgul = stats.get("nazgul")
        self.hit_dice = int(stats.get("hit_dice", 5 if self.single else 0))
        self.energy = int(stats.get("energy", tables.o["energy"].get(self.wizard, 0)
                                    if self.wizard else 0))
        self.nation = stats.get("nation")
        if self.single:
            self.figures = 1
        elif unit_type.figures is not None:
            self.figures = int(unit_type.figures.count)
        else:
            self.figures = int(stats.get("figures", 0))
        if self.figures < 1:
            raise ValueError(f"unit {unit_type.id!r}: give it figures: {{count: N, type: ...}}")
        self.flies = bool(t.get("flies"))
        self.mounted = bool(t.get("mounted"))
        self.big = bool(t.get("big"))
        self.orc = bool(t.get("orc"))
        self.formed_order = t["order"]
        self.movement, self.terrain = t["movement"], t["terrain"]
        self.impetus, self.push = t["impetus"], t["push"]
        self.attack_dice = float(t.get("attack_dice", 2))
        fr = tables.o["frontage"]
        self.frontage = int(fr["single"] if self.single else fr["big"] if self.big
                            else fr["mounted"] if self.mounted else fr["foot"])
        self.points = None

    @property
    def faced(self) -> bool:
        return not self.single

    @property
    def heroic(self) -> bool:
        """A hero (charisma 7 and more) or a wizard: immune to the Rout spell (M33)."""
        return self.single and (self.charisma >= 7 or self.wizard is not None)

    def has(self, ability: str) -> bool:
        return self.type.ability(ability) is not None

    def __repr__(self) -> str:
        return f"<Profile {self.id} {self.troop} {self.cls}>"

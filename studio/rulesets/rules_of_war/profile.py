"""A unit type as the engine plays it: list defaults filled in, abilities bound, ratings cached.

One `Profile` per (army list, unit type) in a game, shared by every unit of that type and by
every copy of the state.
"""
from __future__ import annotations

from fractions import Fraction

from .abilities import bind_abilities

CAVALRY_TAGS = frozenset({"cavalry", "shock-cavalry"})

# Every distinct unit type content seen in this process, numbered (see `Profile.key`).
_KEYS: dict[tuple, int] = {}


class Profile:
    __slots__ = ("type", "army_list", "id", "name", "tags", "move", "flying", "range", "attack",
                 "defense", "morale", "hull", "shields", "hits", "carry", "spotting",
                 "abilities", "by_name", "hooks", "is_hero", "is_legion", "is_leader",
                 "is_cavalry", "immobile", "points", "_ratings", "first_strike_hth",
                 "missiles_first", "indirect", "any_arc", "superlaser", "ignores_terrain_defense",
                 "enter_block_names", "key")

    def __init__(self, army_list, unit_type):
        stat = army_list.stat
        self.type = unit_type
        self.army_list = army_list
        self.id = unit_type.id
        self.name = unit_type.name
        self.tags = frozenset(unit_type.tags)
        move = stat(unit_type, "move")
        self.move = Fraction(str(move)) if move is not None else Fraction(0)
        self.flying = bool(unit_type.flying)
        self.range = int(stat(unit_type, "range") or 1)
        self.attack = unit_type.attack
        self.defense = stat(unit_type, "defense")
        self.morale = stat(unit_type, "morale")
        self.hull = int(stat(unit_type, "hits") or 1)
        self.shields = int(unit_type.shields or 0)
        self.hits = self.hull + self.shields
        self.carry = dict(unit_type.carry or {})
        self.spotting = unit_type.spotting
        self.abilities = bind_abilities(army_list.effective_abilities(unit_type))
        self.by_name = {a.name: a for a in self.abilities}
        # Per hook, only the components that implement it: the hot path never asks the rest.
        self.hooks: dict[str, tuple] = {}
        for a in self.abilities:
            for hook in a.hooks:
                self.hooks[hook] = self.hooks.get(hook, ()) + (a,)
        # Only Middle Earth's `*` heroes carry the ability; the `hero` tag alone is a
        # points class (army leaders of other lists), not the rules of heroes.
        self.is_hero = "hero" in self.by_name
        self.is_legion = "legion" in self.by_name or "legion" in self.tags
        self.is_leader = "army-leader" in self.by_name
        self.is_cavalry = bool(self.tags & CAVALRY_TAGS)
        self.immobile = "immobile" in self.by_name
        self.first_strike_hth = "set-spears" in self.by_name
        self.missiles_first = "missiles-first" in self.by_name
        self.indirect = "indirect-fire" in self.by_name
        # R40 attack-any-arc: with one attack a round (attack dice are not simulated), the
        # die it may fire into any arc is its attack.
        self.any_arc = "attack-any-arc" in self.by_name
        self.superlaser = self.by_name.get("superlaser")
        self.ignores_terrain_defense = "ignores-terrain-defense" in self.by_name
        # Part of the board's mobility class (which hexes it may enter, at what cost).
        self.enter_block_names = tuple(a.name for a in self.hooks.get("enter_block", ()))
        self.points = None
        self._ratings = [None] + [self.attack.at(d, self.range) for d in range(1, self.range + 1)]
        # Equal for profiles of equal content, in any game of this process: what every
        # figure of the unit type derives from (lets AI estimates outlive one game).
        content = (army_list.id, self.id, self.move, self.flying, self.range, repr(self.attack),
                   self.defense, self.morale, self.hull, self.shields, tuple(sorted(self.tags)),
                   tuple(sorted(self.carry.items())), self.spotting,
                   tuple((a.name, repr(a.params)) for a in self.abilities))
        key = _KEYS.get(content)
        if key is None:
            key = _KEYS[content] = len(_KEYS)
        self.key = key

    def base_attack(self, distance: int):
        """Printed attack rating at `distance` (None: no attack at that distance, R6)."""
        if distance < 1 or distance > self.range:
            return None
        return self._ratings[distance]

    def has(self, name: str) -> bool:
        return name in self.by_name

    def ability(self, name: str):
        return self.by_name.get(name)

    def __repr__(self) -> str:
        return f"Profile({self.army_list.id}/{self.id})"

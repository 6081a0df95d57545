"""The arithmetic of one attack (R25–R29), shared by the engine and by `odds`.

An `AttackContext` holds plain facts about one attack (who, from where, how far, what has
happened to both units this round); `attack_total`, `defense_total` and `terrain_save` turn
them into numbers, each with the list of modifiers that made it, so the game log can say
"needs 10 (8 +2)". Abilities add their modifiers through their hooks (`abilities.py`).
"""
from __future__ import annotations


class AttackContext:
    __slots__ = ("attacker", "defender", "distance", "ranged", "rear", "elevation",
                 "prior_attackers", "attacker_terrain", "defender_terrain", "attacker_hits",
                 "defender_hits", "attacker_charging", "defender_charging", "attacker_with_hero",
                 "defender_with_hero", "attacker_aid", "defender_aid", "defender_routed",
                 "base_override", "source", "attacker_moved", "attacker_formation",
                 "defender_formation", "hexside")

    def __init__(self, attacker, defender, distance=1, *, rear=False, elevation="level",
                 prior_attackers=0, attacker_terrain=None, defender_terrain=None,
                 attacker_hits=0, defender_hits=0, attacker_charging=False,
                 defender_charging=False, attacker_with_hero=False, defender_with_hero=False,
                 attacker_aid=None, defender_aid=None, defender_routed=False,
                 base_override=None, source="unit", attacker_moved=False,
                 attacker_formation="line", defender_formation="line", hexside=None):
        self.attacker = attacker            # Profile, or None for off-map support / entry attacks
        self.defender = defender            # Profile
        self.distance = distance
        self.ranged = distance >= 2 or source in ("offmap", "pila")
        self.rear = rear                    # hand-to-hand from outside the defender's front arc
        self.elevation = elevation          # the attacker's hex compared with the defender's
        self.prior_attackers = prior_attackers
        self.attacker_terrain = attacker_terrain
        self.defender_terrain = defender_terrain
        self.attacker_hits = attacker_hits
        self.defender_hits = defender_hits
        self.attacker_charging = attacker_charging
        self.defender_charging = defender_charging
        self.attacker_with_hero = attacker_with_hero
        self.defender_with_hero = defender_with_hero
        self.attacker_aid = attacker_aid    # {stat: amount} from the Aid spell, this round
        self.defender_aid = defender_aid
        self.defender_routed = defender_routed
        self.base_override = base_override  # strength of off-map support / mine fields
        self.source = source                # "unit" | "pila" | "offmap" | "entry" | "superlaser"
        self.attacker_moved = attacker_moved
        self.attacker_formation = attacker_formation    # Napoleonic formations (line: none)
        self.defender_formation = defender_formation
        self.hexside = hexside              # (reason, bonus): attacked across a wall, river ...


def attack_total(ctx: AttackContext, o):
    """(base, [(reason, value)], total) of the attack, or None if it has no rating here."""
    attacker = ctx.attacker
    if ctx.source == "superlaser":
        # Its usual rating (as next to the target), out to the superlaser's range.
        base = attacker.base_attack(1)
        for a in attacker.hooks.get("attack_rating", ()):
            base = a.attack_rating(ctx, base)
    elif ctx.source != "unit":
        base = ctx.base_override
    else:
        base = attacker.base_attack(ctx.distance)
        if ctx.distance <= attacker.range:
            for a in attacker.hooks.get("attack_rating", ()):
                base = a.attack_rating(ctx, base)
    if base is None:
        return None
    mods = []
    if ctx.prior_attackers > 0 and o.multi_attacker_bonus:
        mods.append(("combined attack", o.multi_attacker_bonus))
    if ctx.rear and o.rear_attack_bonus:
        mods.append(("rear", o.rear_attack_bonus))
    if ctx.elevation == "higher" and o.higher_ground_attack_bonus:
        mods.append(("higher ground", o.higher_ground_attack_bonus))
    t = ctx.attacker_terrain
    if t is not None and t.attack_modifier and attacker is not None:
        mods.append((t.name, t.attack_modifier))
    if attacker is not None:
        for a in attacker.hooks.get("attack_mods", ()):
            a.attack_mods(ctx, mods)
    if ctx.attacker_aid and ctx.attacker_aid.get("attack"):
        mods.append(("aid", ctx.attacker_aid["attack"]))
    return base, mods, base + sum(v for _, v in mods)


def terrain_protects(ctx: AttackContext) -> bool:
    """Terrain bonuses apply unless the defender flies (R20) or the attacker ignores them."""
    if ctx.defender.flying or ctx.defender_terrain is None:
        return False
    return not (ctx.attacker is not None and ctx.attacker.ignores_terrain_defense)


def defense_total(ctx: AttackContext, o):
    """(base, [(reason, value)], total) before overkill, or None: no save roll (R28)."""
    if ctx.source == "superlaser":
        return None                     # it destroys whatever it hits
    defender = ctx.defender
    base = defender.defense
    for a in defender.hooks.get("defense_rating", ()):
        base = a.defense_rating(ctx, base)
    if base is None:
        return None
    mods = []
    if terrain_protects(ctx):
        t = ctx.defender_terrain
        bonus = t.defense_against(2 if ctx.ranged else 1)
        if bonus:
            mods.append((t.name, bonus))
        if ctx.hexside is not None:
            mods.append(ctx.hexside)
    if ctx.elevation == "lower" and o.defense_from_below_bonus:
        mods.append(("attacked from below", o.defense_from_below_bonus))
    if ctx.rear and o.rear_defense_penalty:
        mods.append(("rear", -o.rear_defense_penalty))
    for a in defender.hooks.get("defense_mods", ()):
        a.defense_mods(ctx, mods)
    if ctx.defender_aid and ctx.defender_aid.get("defense"):
        mods.append(("aid", ctx.defender_aid["defense"]))
    return base, mods, base + sum(v for _, v in mods)


def terrain_save(ctx: AttackContext):
    """The terrain's second save value (R29), or None."""
    if ctx.source == "superlaser" or not terrain_protects(ctx):
        return None
    return ctx.defender_terrain.save


def is_hit(roll: int, total: int, o) -> bool:
    """R25: natural rolls in auto_miss miss, in auto_hit hit, otherwise roll <= total."""
    if roll in o.auto_miss:
        return False
    if roll in o.auto_hit:
        return True
    return roll <= total


def overkill(roll: int, total: int) -> int:
    """R27: how far under the modified attack the roll came."""
    return max(0, total - roll)


def terrain_saves(roll: int, value: int, o) -> bool:
    """R29: strictly below the terrain's save (or at most it, with the option off)."""
    return roll < value if o.terrain_save_strict else roll <= value

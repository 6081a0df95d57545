"""Army-list abilities (R40) as small named components.

Each component is bound once per unit type with its parameters (catalogue defaults filled
in) and implements only the hooks it needs; `Profile.hooks` indexes components by hook so
the hot path asks only the ones that care. Hooks:

- `attack_rating(ctx, base)` / `defense_rating(ctx, base)`: replace the printed rating,
- `attack_mods(ctx, mods)` / `defense_mods(ctx, mods)`: append (reason, value),
- `move_mods(state, unit, mods)` / `morale_mods(state, unit, mods)`,
- `attack_block(state, unit, target, distance)` -> reason or None (the attacker's side),
- `target_block(state, attacker_profile, target)` -> reason or None (the target's side),
- `move_block(state, unit)` -> reason or None, `enter_block(terrain)` -> reason or None,
- `after_attack_roll(state, unit, roll, events)`, `on_destroyed(state, unit, by_side, events)`
  -> True when the unit is captured instead of destroyed,
- `extra_targets(state, unit, target)` -> other units one of its attacks also strikes,
- `on_hit(state, unit, attacker, events)` (the target's side) -> True when the hit destroys
  it outright.

`SIMULATED` is the set of catalogue names the engine implements; anything else in a list is
bound as an inert component and reported by `not_simulated`.
"""
from __future__ import annotations

from fractions import Fraction

from .ability_catalogue import CATALOGUE

from .board import OFF
from .state import ON

HOOKS = ("attack_rating", "attack_mods", "defense_rating", "defense_mods", "move_mods",
         "morale_mods", "attack_block", "target_block", "move_block", "enter_block",
         "after_attack_roll", "on_destroyed", "extra_targets", "on_hit")


class Component:
    name = ""
    hooks: tuple = ()

    def __init__(self, params: dict):
        spec = CATALOGUE.get(self.name)
        merged = dict(spec.params) if spec else {}
        merged.update(params or {})
        self.params = merged

    def __init_subclass__(cls, **kw):
        super().__init_subclass__(**kw)
        cls.hooks = tuple(h for h in HOOKS if h in cls.__dict__)

    def p(self, key):
        return self.params.get(key)

    def __repr__(self) -> str:
        return f"<{self.name} {self.params}>" if self.params else f"<{self.name}>"


REGISTRY: dict[str, type] = {}


def component(name: str):
    def register(cls):
        cls.name = name
        REGISTRY[name] = cls
        return cls
    return register


def _tags_match(profile, tags) -> bool:
    return profile is not None and bool(tags) and not profile.tags.isdisjoint(tags)


def _vs_ok(ctx, vs: str) -> bool:
    return vs in (None, "any") or (vs == "ranged") == ctx.ranged


# -- flags: the engine reads these through Profile attributes ---------------------------------
@component("army-leader")
class ArmyLeader(Component):
    """R7: marks the side's Army Leader."""


@component("hero")
class Hero(Component):
    """Stacks freely on other units (R13); see Legion for how heroes and legions interact."""


@component("always-charge")
class AlwaysCharge(Component):
    """Must charge when a charge is possible (enforced by `movement.charge_required`)."""


@component("missiles-first")
class MissilesFirst(Component):
    """Answering a hand-to-hand attack, its attack resolves first (`combat` tiers)."""


@component("magic")
class Magic(Component):
    """Magic points for the list's spells (`spells.py`)."""


@component("indirect-fire")
class IndirectFire(Component):
    """Needs no line of sight (R23)."""


@component("ignores-terrain-defense")
class IgnoresTerrainDefense(Component):
    """Targets get no terrain defense or terrain save against it (`modifiers.terrain_protects`)."""


@component("forward-arc-only")
class ForwardArcOnly(Component):
    """Every attack into the front arc: R11 already requires it of every unit."""


@component("hyper-jump")
class HyperJump(Component):
    """May leave the battle as its move (`Jump`, see `hyper_jump`)."""


@component("gravity-well")
class GravityWell(Component):
    """While it is on the map no ship may hyper jump (`hyper_jump.jump_block_reason`)."""


@component("round-shot")
class RoundShot(Component):
    """A ranged attack also strikes every unit, of either side, on the straight line to the
    target: the hexes the line of sight passes through, or along whose side it runs."""

    def extra_targets(self, state, unit, target):
        board = state.game.board
        if board.distance(unit.hex, target.hex) < 2:
            return []
        passed = []
        for pair in board.los_samples(unit.hex, target.hex):
            for h in pair:
                if h != OFF and h not in passed:
                    passed.append(h)
        return [u for h in passed for u in state.units
                if u.hex == h and u.status == ON and u.carried_by == OFF and u is not unit]


@component("formations")
class Formations(Component):
    """Napoleonic formations (see `formations`): column and square change ratings; a unit
    with a hit is disrupted, -`disrupted` to every rating but range."""

    def attack_mods(self, ctx, mods):
        f = ctx.attacker_formation
        if f == "column":
            mods.append(("column", -self.params["column_penalty"]))
        elif f == "square":
            sq = ctx.attacker.by_name.get("square")
            if sq is not None:
                mods.append(("square", -sq.params["attack"]))
        if ctx.attacker_hits:
            mods.append(("disrupted", -self.params["disrupted"]))

    def defense_mods(self, ctx, mods):
        f = ctx.defender_formation
        if f == "column":
            mods.append(("column", -self.params["column_penalty"]))
        elif f == "square":
            sq = ctx.defender.by_name.get("square")
            if sq is not None:
                vs = _tags_match(ctx.attacker, sq.params["vs_tags"])
                mods.append(("square", sq.params["vs_cavalry" if vs else "vs_others"]))
        if ctx.defender_hits:
            mods.append(("disrupted", -self.params["disrupted"]))

    def move_block(self, state, unit):
        if unit.formation == "square":
            return f"{unit.uid} stands in square (move 0): it must leave the square first"
        return None

    def move_mods(self, state, unit, mods):
        if unit.formation == "column":
            mods.append(("column", Fraction(str(self.params["column_move"]))))
        if unit.hits:
            mods.append(("disrupted", -Fraction(str(self.params["disrupted"]))))

    def morale_mods(self, state, unit, mods):
        if unit.hits:
            mods.append(("disrupted", -self.params["disrupted"]))


@component("square")
class Square(Component):
    """May form square (read by `Formations` and `formations.form_block_reason`)."""


@component("never-second-disruption")
class NeverSecondDisruption(Component):
    """Read by `combat.one_attack`: its hits on a disrupted unit with formations force a
    morale check instead of a second hit."""


@component("rout-attacks-friends")
class RoutAttacksFriends(Component):
    """Read by `rout.flee`: a router whose flight friends cut short attacks one of them."""


@component("superlaser")
class Superlaser(Component):
    """Every `every` rounds, in its own movement phase, one attack out to `range` hexes, with
    its usual rating, that destroys whatever it hits (no save). `combat` reads `reach`; the
    shot's context has source "superlaser"."""

    def reach(self, state, unit) -> int:
        """Its range now: the superlaser's when it may fire, else its printed one."""
        every = int(self.params.get("every") or 1)
        if state.pending or state.phase != "movement" or \
                state.round - unit.special_round < every:
            return unit.profile.range
        return max(unit.profile.range, int(self.params.get("range") or 0))


@component("must-land")
class MustLand(Component):
    """At the end of every `every`-th round it must stand on `terrain` (an airfield); one
    that does not is lost (`landing_round`, `lands_on`; `phases.morale_phase` removes it)."""

    def landing_round(self, state) -> bool:
        every = int(self.params.get("every") or 0)
        return every > 0 and state.round % every == 0

    def lands_on(self, state, h) -> bool:
        return state.game.board.terrain[h].id == self.params.get("terrain")


@component("attack-any-arc")
class AttackAnyArc(Component):
    """Attacks into any arc (`Profile.any_arc`, read by the attack checks): of its attack
    dice one may go into any arc, and the engine plays one attack a round."""


@component("exhaust-port")
class ExhaustPort(Component):
    """A fighter squad (tag `fighter`) that hits it destroys it on 1D10 of `max_roll` or less
    (`jedi_max_roll` with a Jedi pilot)."""

    def on_hit(self, state, unit, attacker, events):
        prof = attacker.profile
        if "fighter" not in prof.tags:
            return False
        limit = self.params["jedi_max_roll" if prof.has("jedi-pilot") else "max_roll"]
        roll = state.roll(attacker.uid, "exhaust-port", limit, events,
                          success=lambda r: r <= limit)
        return roll <= limit


@component("counts-for-objectives")
class CountsForObjectives(Component):
    """Of a list that has it, only these units hold objective hexes (`SideInfo.holders_only`,
    read by victory)."""


@component("immobile")
class Immobile(Component):
    def move_block(self, state, unit):
        return "it never leaves its hex (immobile)"


# -- ratings ----------------------------------------------------------------------------------
@component("attack-modifier")
class AttackModifier(Component):
    def attack_mods(self, ctx, mods):
        p = self.params
        if not _vs_ok(ctx, p.get("vs")):
            return
        if p.get("vs_tags") and not _tags_match(ctx.defender, p["vs_tags"]):
            return
        if p.get("vs_terrain") and (ctx.defender_terrain is None
                                    or ctx.defender_terrain.id not in p["vs_terrain"]):
            return
        if p.get("vs_routed") and not ctx.defender_routed:
            return
        if p.get("terrain_tags") and (ctx.attacker_terrain is None or
                                      not set(ctx.attacker_terrain.tags) & set(p["terrain_tags"])):
            return
        if p.get("value"):
            mods.append((self.name, p["value"]))


@component("defense-modifier")
class DefenseModifier(Component):
    def defense_mods(self, ctx, mods):
        p = self.params
        if not _vs_ok(ctx, p.get("vs")):
            return
        if p.get("vs_tags") and not _tags_match(ctx.attacker, p["vs_tags"]):
            return
        if p.get("value"):
            mods.append((self.name, p["value"]))


@component("attack-rating-vs")
class AttackRatingVs(Component):
    def attack_rating(self, ctx, base):
        return self.params["value"] if _tags_match(ctx.defender, self.params.get("vs_tags")) else base


@component("defense-rating-vs")
class DefenseRatingVs(Component):
    def defense_rating(self, ctx, base):
        return self.params["value"] if _tags_match(ctx.attacker, self.params.get("vs_tags")) else base


@component("jedi-pilot")
class JediPilot(Component):
    def attack_mods(self, ctx, mods):
        mods.append((self.name, self.params.get("value", 2)))

    def defense_mods(self, ctx, mods):
        mods.append((self.name, self.params.get("value", 2)))


@component("degrade-per-hit")
class DegradePerHit(Component):
    def attack_mods(self, ctx, mods):
        if ctx.attacker_hits and self.params.get("attack"):
            mods.append(("damage", -self.params["attack"] * ctx.attacker_hits))

    def defense_mods(self, ctx, mods):
        if ctx.defender_hits and self.params.get("defense"):
            mods.append(("damage", -self.params["defense"] * ctx.defender_hits))

    def move_mods(self, state, unit, mods):
        if unit.hits and self.params.get("move"):
            mods.append(("damage", -Fraction(str(self.params["move"])) * unit.hits))


@component("half-at-half-hull")
class HalfAtHalfHull(Component):
    def move_mods(self, state, unit, mods):
        prof = unit.profile
        hull_left = prof.hull - max(0, unit.hits - prof.shields)
        if hull_left * 2 <= prof.hull:
            mods.append(("half hull", -prof.move / 2))


# -- charging and hand-to-hand ----------------------------------------------------------------
@component("charge")
class Charge(Component):
    def move_bonus(self, profile) -> Fraction:
        key = "cavalry_move" if profile.is_cavalry else "move"
        return Fraction(str(self.params.get(key) or 0))

    def attack_mods(self, ctx, mods):
        if ctx.attacker_charging and not ctx.ranged and self.params.get("attack"):
            mods.append(("charge", self.params["attack"]))

    def defense_mods(self, ctx, mods):
        if ctx.defender_charging and self.params.get("defense"):
            mods.append(("charging", self.params["defense"]))


@component("set-spears")
class SetSpears(Component):
    """+value defense against hand-to-hand from units with vs_tags; strikes first in HTH."""

    def defense_mods(self, ctx, mods):
        if not ctx.ranged and _tags_match(ctx.attacker, self.params.get("vs_tags")):
            mods.append(("set spears", self.params.get("value", 1)))


@component("legion")
class Legion(Component):
    """+1 to every rating next to (or stacked with) a friendly hero; heroes cannot attack it;
    it may not attack a hero sharing a hex with a legion."""

    def attack_mods(self, ctx, mods):
        if ctx.attacker_with_hero:
            mods.append(("with hero", 1))

    def defense_mods(self, ctx, mods):
        if ctx.defender_with_hero:
            mods.append(("with hero", 1))

    def move_mods(self, state, unit, mods):
        if state.with_hero(unit):
            mods.append(("with hero", 1))

    def morale_mods(self, state, unit, mods):
        if state.with_hero(unit):
            mods.append(("with hero", 1))

    def target_block(self, state, attacker_profile, target):
        if attacker_profile is not None and attacker_profile.is_hero:
            return "heroes cannot attack legions"
        return None

    def attack_block(self, state, unit, target, distance):
        if target.profile.is_hero and state.hero_on_legion(target):
            return "a legion may not attack a hero who shares a hex with a legion"
        return None


# -- when a unit may attack or move -------------------------------------------------------------
@component("no-ranged-after-move")
class NoRangedAfterMove(Component):
    def attack_block(self, state, unit, target, distance):
        if distance >= 2 and unit.moved_round == state.round:
            return "it moved this round and cannot make a ranged attack (no-ranged-after-move)"
        return None

    def move_block(self, state, unit):
        if unit.ranged_round == state.round:
            return "it made a ranged attack this round and cannot move (no-ranged-after-move)"
        return None


@component("no-attack-after-move")
class NoAttackAfterMove(Component):
    def attack_block(self, state, unit, target, distance):
        if unit.moved_round == state.round:
            return "it moved this round and cannot attack (no-attack-after-move)"
        return None

    def move_block(self, state, unit):
        if unit.attacked_round == state.round:
            return "it attacked this round and cannot move (no-attack-after-move)"
        return None


@component("every-other-round")
class EveryOtherRound(Component):
    def attack_block(self, state, unit, target, distance):
        if unit.attacked_round == state.round - 1:
            return "it attacked last round and attacks only every other round"
        return None


@component("out-of-ammo")
class OutOfAmmo(Component):
    def attack_block(self, state, unit, target, distance):
        return "it is out of ammunition" if unit.out_of_ammo else None

    def after_attack_roll(self, state, unit, roll, events):
        if roll == self.params.get("roll", 10) and not unit.out_of_ammo:
            unit.out_of_ammo = True
            events.append(state.event("out-of-ammo", unit=unit.uid, roll=roll))


@component("pila")
class Pila(Component):
    """No ordinary ranged attacks; the first hand-to-hand attack of the battle is preceded by
    `attacks` ranged attacks at its ranged rating on the same target (`combat.pila_volley`)."""

    def attack_block(self, state, unit, target, distance):
        return self.fixed_attack_block(unit.profile, target.profile, distance)

    def fixed_attack_block(self, profile, target_profile, distance):
        if distance >= 2:
            return "pila units make no ranged attacks except their pila volley"
        return None

    def volley_rating(self, profile):
        a = profile.attack
        if a.form == "melee-ranged":
            return a.ranged
        return a.at(2, max(profile.range, 2))


@component("water-only")
class WaterOnly(Component):
    def enter_block(self, terrain):
        if "water" not in terrain.tags:
            return f"it may only be in water and {terrain.name} is not tagged water"
        return None


@component("only-attacked-by")
class OnlyAttackedBy(Component):
    def target_block(self, state, attacker_profile, target):
        tags = self.params.get("tags") or []
        if attacker_profile is None or attacker_profile.tags.isdisjoint(tags):
            return f"only units tagged {', '.join(tags)} may attack it"
        return None


@component("capture-on-destroy")
class CaptureOnDestroy(Component):
    def on_destroyed(self, state, unit, by_side, events):
        if by_side is None:
            return False
        limit = self.params.get("max_roll", 5)
        roll = state.roll(unit.uid, "capture", limit, events)
        return roll <= limit


@component("leaderless-morale")
class LeaderlessMorale(Component):
    def morale_mods(self, state, unit, mods):
        if not any(u.on_map and "officer" in u.profile.tags for u in state.units_of_side(unit.side)):
            mods.append(("no officer", self.params.get("value", -2)))


class Unsimulated(Component):
    """A catalogue ability the engine does not act on (reported, never silently ignored)."""

    def __init__(self, name: str, params: dict):
        self.name = name
        super().__init__(params)


SIMULATED: frozenset[str] = frozenset(REGISTRY)


def fixed_block(attacker, defender, distance: int) -> str | None:
    """Why a unit of profile `attacker` may never attack one of profile `defender` at
    `distance`, whatever the game's situation (None: it may, as far as the profiles
    say). The restrictions that depend on the game (moved, attacked last round, out of
    ammunition) are the game's own checks."""
    for a in attacker.hooks.get("attack_block", ()):
        fixed = getattr(a, "fixed_attack_block", None)
        reason = fixed(attacker, defender, distance) if fixed else None
        if reason:
            return reason
    for a in defender.hooks.get("target_block", ()):
        # Target restrictions read only the attacker's profile.
        reason = a.target_block(None, attacker, None)
        if reason:
            return reason
    return None


def bind_abilities(abilities) -> list[Component]:
    out = []
    for a in abilities:
        cls = REGISTRY.get(a.name)
        out.append(cls(a.params) if cls else Unsimulated(a.name, a.params))
    return out


def not_simulated(army_list) -> set[str]:
    """Ability names used in `army_list` (units and special rules) the engine ignores."""
    names = set()
    for u in army_list.units:
        names.update(a.name for a in army_list.effective_abilities(u))
    return {n for n in names if n not in SIMULATED}


def charge_move_bonus(profile) -> Fraction:
    c = profile.by_name.get("charge")
    return c.move_bonus(profile) if c is not None else Fraction(0)

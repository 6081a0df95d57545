"""What an attack is worth, as the AI sees it: odds from the engine's own modifier code,
turned into points, and cached per game.

The AI scores hundreds of hypothetical attacks a phase ("if I stood there, facing so, what
would my attack on that unit be worth?"). Each is an `AttackContext` of the engine's
`modifiers` module, so abilities, terrain, elevation, rear and combined-attack bonuses count
exactly as the engine counts them; the dice are enumerated, never rolled, and the result is
cached under the facts that decide it.
"""
from __future__ import annotations

from studio.engine.modifiers import (AttackContext, attack_total, defense_total, is_hit,
                                     overkill, terrain_save, terrain_saves)

# How much of a unit's value a hit is worth when it does not destroy: the hit itself
# brings the unit closer to destruction, and the morale check it forces may rout it.
ROUT_WEIGHT = 0.5


def unsaved_probability(ctx: AttackContext, options) -> float:
    """Probability that the attack in `ctx` hits and the defender fails every save (R25-R29).

    Exact: the attack die, the save die and the terrain-save die are enumerated with the
    engine's own `is_hit`, `overkill` and `terrain_saves`.
    """
    at = attack_total(ctx, options)
    if at is None:
        return 0.0
    total = at[2]
    die = options.die_sides
    dt = defense_total(ctx, options)
    ts = terrain_save(ctx)
    p_terrain_fails = 1.0
    if ts:
        p_terrain_fails = sum(1 for r in range(1, die + 1)
                              if not terrain_saves(r, ts, options)) / die
    p = 0.0
    for roll in range(1, die + 1):
        if not is_hit(roll, total, options):
            continue
        if dt is None:
            fail = 1.0
        else:
            need = dt[2] - overkill(roll, total)
            fail = 1.0 - min(max(need, 0), die) / die
        p += fail * p_terrain_fails
    return p / die


def damage_share(p_unsaved: float, profile, hits_taken: int, die: int) -> float:
    """Share of the target's value one attack takes away on average: the whole of it when
    the hit destroys, else a part of it plus the chance the morale check routs it."""
    remaining = profile.hits - hits_taken
    if remaining <= 1:
        return p_unsaved
    morale = profile.morale
    p_rout = 0.0 if morale is None else 1.0 - min(max(morale, 0), die) / die
    return p_unsaved * (1.0 / remaining + ROUT_WEIGHT * p_rout)


def _always(a: int, b: int) -> bool:
    return True


class Estimator:
    """Cached attack estimates for one game (profiles and the board are the game's)."""

    __slots__ = ("game", "options", "board", "die", "_share", "_values", "sight",
                 "_boost_terrain")

    def __init__(self, game):
        self.game = game
        self.options = game.options
        board = self.board = game.board
        self.die = game.options.die_sides
        self._share: dict = {}
        self._values: dict = {}
        # On a map with no sight-blocking terrain and no hills nothing blocks the terrain
        # line of sight: skip asking (the engine still checks every attack declared).
        open_map = not any(t.blocks_los for t in board.terrain) and len(set(board.elev)) <= 1
        self.sight = _always if open_map else board.terrain_los
        # The terrain giving the best attack bonus to a unit standing on it, for bounds.
        boosts = [t for t in {id(t): t for t in board.terrain}.values() if t.attack_modifier > 0]
        self._boost_terrain = max(boosts, key=lambda t: t.attack_modifier) if boosts else None

    def unit_value(self, profile) -> float:
        """Points of a unit type (the game's points function), at least 1."""
        v = self._values.get(profile)
        if v is None:
            try:
                v = float(self.game.unit_points(profile.army_list, profile.type) or 0)
            except Exception:   # noqa: BLE001 - a list whose formula cannot price a unit
                v = 0.0
            v = max(v, 1.0)
            self._values[profile] = v
        return v

    def share(self, attacker, target, from_hex: int, distance: int, *, rear: bool,
              prior: int, charging: bool = False, target_hex: int | None = None,
              target_hits: int | None = None) -> float:
        """Expected share of `target`'s value taken by one attack of `attacker` standing in
        `from_hex` (units are engine UnitStates; `target_hex` overrides where the target
        stands, for threats against a square the attacker considers)."""
        board = self.board
        th = target.hex if target_hex is None else target_hex
        hits = target.hits if target_hits is None else target_hits
        ea, et = board.elev[from_hex], board.elev[th]
        elevation = "higher" if ea > et else "lower" if ea < et else "level"
        ta, tt = board.terrain[from_hex], board.terrain[th]
        key = (attacker.profile, target.profile, distance, rear, elevation, prior > 0,
               ta.id, tt.id, hits, attacker.hits, charging, target.routed)
        v = self._share.get(key)
        if v is None:
            ctx = AttackContext(attacker.profile, target.profile, distance, rear=rear,
                                elevation=elevation, prior_attackers=prior,
                                attacker_terrain=ta, defender_terrain=tt,
                                attacker_hits=attacker.hits, defender_hits=hits,
                                attacker_charging=charging, defender_routed=target.routed,
                                attacker_moved=True)
            p = unsaved_probability(ctx, self.options)
            v = damage_share(p, target.profile, hits, self.die)
            self._share[key] = v
        return v

    def best_share(self, attacker, target) -> float:
        """The most one attack of `attacker` could take of `target` where it stands, with
        every bonus a square could give (rear, higher ground, combined attack, charge, the
        map's best attacking terrain)."""
        tt = self.board.terrain[target.hex]
        key = ("best", attacker.profile, target.profile, tt.id, target.hits, attacker.hits,
               target.routed)
        v = self._share.get(key)
        if v is None:
            v = 0.0
            charging = attacker.profile.has("charge")
            for d in range(1, attacker.profile.range + 1):
                ctx = AttackContext(attacker.profile, target.profile, d, rear=d == 1,
                                    elevation="higher", prior_attackers=1, defender_terrain=tt,
                                    attacker_terrain=self._boost_terrain,
                                    attacker_hits=attacker.hits, defender_hits=target.hits,
                                    attacker_charging=charging, defender_routed=target.routed,
                                    attacker_moved=True)
                share = damage_share(unsaved_probability(ctx, self.options), target.profile,
                                     target.hits, self.die)
                v = max(v, share)
            self._share[key] = v
        return v

    def strike_share(self, strength: int, target, prior: int = 0) -> float:
        """Expected share of `target`'s value taken by an off-map strike of `strength`."""
        tt = self.board.terrain[target.hex]
        key = ("strike", strength, target.profile, tt.id, target.hits, target.routed,
               prior > 0)
        v = self._share.get(key)
        if v is None:
            ctx = AttackContext(None, target.profile, 2, prior_attackers=prior,
                                defender_terrain=tt, defender_hits=target.hits,
                                defender_routed=target.routed, base_override=strength,
                                source="offmap")
            v = damage_share(unsaved_probability(ctx, self.options), target.profile,
                             target.hits, self.die)
            self._share[key] = v
        return v

"""What an attack is worth, as the AI sees it: odds from the engine's own modifier code,
turned into points, and cached per game.

The AI scores hundreds of hypothetical attacks a phase ("if I stood there, facing so, what
would my attack on that unit be worth?"). Each is an `AttackContext` of the engine's
`modifiers` module, so abilities, terrain, elevation, rear and combined-attack bonuses count
exactly as the engine counts them; the dice are enumerated, never rolled, and the result is
cached under the facts that decide it.
"""
from __future__ import annotations

import threading
import weakref

from ..modifiers import (AttackContext, attack_total, defense_total, is_hit,
                                     overkill, terrain_save, terrain_saves)

# How much of a unit's value a hit is worth when it does not destroy: the hit itself
# brings the unit closer to destruction, and the morale check it forces may rout it.
ROUT_WEIGHT = 0.5


def unsaved_probability(ctx: AttackContext, options, dice: dict | None = None) -> float:
    """Probability that the attack in `ctx` hits and the defender fails every save (R25-R29).

    Exact: the attack die, the save die and the terrain-save die are enumerated with the
    engine's own `is_hit`, `overkill` and `terrain_saves`. `dice`, if given, keeps the
    enumerations already made for these `options` (they depend on the three totals only).
    """
    at = attack_total(ctx, options)
    if at is None:
        return 0.0
    dt = defense_total(ctx, options)
    key = (at[2], None if dt is None else dt[2], terrain_save(ctx))
    if dice is None:
        return _dice_odds(*key, options)
    p = dice.get(key)
    if p is None:
        p = dice[key] = _dice_odds(*key, options)
    return p


def _dice_odds(total, defense, ts, options) -> float:
    """`unsaved_probability` for an attack total, a save total (None: no save roll) and a
    terrain save (None or 0: none)."""
    die = options.die_sides
    p_terrain_fails = 1.0
    if ts:
        p_terrain_fails = sum(1 for r in range(1, die + 1)
                              if not terrain_saves(r, ts, options)) / die
    p = 0.0
    for roll in range(1, die + 1):
        if not is_hit(roll, total, options):
            continue
        if defense is None:
            fail = 1.0
        else:
            need = defense - overkill(roll, total)
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


class Pair:
    """One attacker type against one target type, each with its hits taken (and whether the
    target is routed): the facts of a `share` that do not depend on the squares. Its cache
    holds the shares already worked out, by the facts that do."""

    __slots__ = ("attacker", "target", "attacker_hits", "target_hits", "routed", "cache", "fast")

    def __init__(self, attacker, target, attacker_hits, target_hits, routed):
        self.attacker = attacker
        self.target = target
        self.attacker_hits = attacker_hits
        self.target_hits = target_hits
        self.routed = routed
        self.cache: dict = {}
        self.fast: dict = {}        # the same shares by `Estimator.fast_key`


class _BoardFacts:
    """What the estimates need of a board, and the estimates themselves, shared by every
    game played on it with the same options (unit types are told apart by `Profile.key`,
    which is equal for equal content, so nothing of one game leaks into another)."""

    __slots__ = ("share", "pairs", "dice", "elev", "terrain_id", "open_map", "boost_terrain",
                 "defense", "cls", "classes")

    def __init__(self, board):
        self.share: dict = {}
        self.pairs: dict = {}
        self.dice: dict = {}        # `unsaved_probability`'s enumerations, for these options
        self.elev = board.elev
        self.terrain_id = [t.id for t in board.terrain]
        self.defense = [t.defense for t in board.terrain]
        # Hexes of the same terrain and height give the same shares: numbered classes.
        numbers: dict = {}
        self.cls = [numbers.setdefault((t.id, e), len(numbers))
                    for t, e in zip(board.terrain, board.elev)]
        self.classes = len(numbers)
        # On a map with no sight-blocking terrain and no hills nothing blocks the terrain
        # line of sight: skip asking (the engine still checks every attack declared).
        # Nothing here may hold the board itself (not even its bound `terrain_los`): the
        # facts are the value of a weak dictionary keyed by the board, which would then live
        # forever, with its caches, long after its games.
        self.open_map = not any(t.blocks_los for t in board.terrain) and len(set(board.elev)) <= 1
        # The terrain giving the best attack bonus to a unit standing on it, for bounds.
        boosts = [t for t in {id(t): t for t in board.terrain}.values() if t.attack_modifier > 0]
        self.boost_terrain = max(boosts, key=lambda t: t.attack_modifier) if boosts else None


# Board -> {options: _BoardFacts}; boards are shared between games (`shared_board`).
_FACTS: "weakref.WeakKeyDictionary" = weakref.WeakKeyDictionary()


_FACTS_LOCK = threading.Lock()      # games may be played from two threads at once


def _board_facts(board, options) -> _BoardFacts:
    with _FACTS_LOCK:
        by_options = _FACTS.get(board)
        if by_options is None:
            by_options = _FACTS[board] = {}
        facts = by_options.get(options)
        if facts is None:
            facts = by_options[options] = _BoardFacts(board)
        return facts


class Estimator:
    """Attack estimates for one game, looked up in caches shared by every game on the same
    board (see `_BoardFacts`); unit values are the game's own."""

    __slots__ = ("game", "options", "board", "die", "_share", "_values", "sight",
                 "_boost_terrain", "_pairs", "_dice", "_elev", "_terrain_id", "movers",
                 "defense", "cls", "classes", "_scaled")

    def __init__(self, game):
        self.game = game
        self.options = game.options
        board = self.board = game.board
        self.die = game.options.die_sides
        facts = _board_facts(board, game.options)
        self._share = facts.share
        self._pairs = facts.pairs
        self._dice = facts.dice
        self._values: dict = {}
        self.movers: dict = {}
        self._scaled: dict = {}
        self._elev = facts.elev
        self._terrain_id = facts.terrain_id
        self.defense = facts.defense
        self.cls = facts.cls
        self.classes = facts.classes
        self.sight = _always if facts.open_map else board.terrain_los
        self._boost_terrain = facts.boost_terrain

    def scaled_defense(self, weight: float) -> list[float]:
        """`weight` x the terrain defense of every hex (made once per weight and game)."""
        v = self._scaled.get(weight)
        if v is None:
            v = self._scaled[weight] = [weight * d for d in self.defense]
        return v

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
              target_hits: int | None = None, aid: int = 0) -> float:
        """Expected share of `target`'s value taken by one attack of `attacker` standing in
        `from_hex` (units are engine UnitStates; `target_hex` overrides where the target
        stands, for threats against a square the attacker considers; `aid`: an Aid spell's
        amount on its attack)."""
        board = self.board
        th = target.hex if target_hex is None else target_hex
        hits = target.hits if target_hits is None else target_hits
        ea, et = board.elev[from_hex], board.elev[th]
        elevation = "higher" if ea > et else "lower" if ea < et else "level"
        ta, tt = board.terrain[from_hex], board.terrain[th]
        key = (attacker.profile.key, target.profile.key, distance, rear, elevation, prior > 0,
               ta.id, tt.id, hits, attacker.hits, charging, target.routed, aid)
        v = self._share.get(key)
        if v is None:
            # Beyond its printed range only a superlaser reaches: that shot destroys outright.
            laser = distance > attacker.profile.range and attacker.profile.superlaser
            ctx = AttackContext(attacker.profile, target.profile, distance, rear=rear,
                                elevation=elevation, prior_attackers=prior,
                                attacker_terrain=ta, defender_terrain=tt,
                                attacker_hits=attacker.hits, defender_hits=hits,
                                attacker_charging=charging, defender_routed=target.routed,
                                attacker_moved=True,
                                attacker_aid={"attack": aid} if aid else None,
                                source="superlaser" if laser else "unit")
            p = unsaved_probability(ctx, self.options, self._dice)
            v = p if laser else damage_share(p, target.profile, hits, self.die)
            self._share[key] = v
        return v

    def mover(self, profile) -> tuple:
        """(walk, range, reach, points) of a unit type: the hexes from which it can come next
        to a square next phase, its range, the larger of the two, its `unit_value`."""
        from .intent import walk_of
        walk = walk_of(profile)
        m = self.movers[profile] = (walk, profile.range, max(walk, profile.range),
                                    self.unit_value(profile))
        return m

    def pair(self, attacker, target, target_hits: int | None = None) -> Pair:
        """The `Pair` of unit `attacker` attacking unit `target` as they are now (with
        `target_hits` hits taken, if given), for `share_at`."""
        hits = target.hits if target_hits is None else target_hits
        key = (attacker.profile.key, target.profile.key, attacker.hits, hits, target.routed)
        p = self._pairs.get(key)
        if p is None:
            p = self._pairs[key] = Pair(attacker.profile, target.profile, attacker.hits, hits,
                                        target.routed)
        return p

    def share_at(self, pair: Pair, from_hex: int, target_hex: int, distance: int, rear: bool,
                 prior: int, charging: bool = False) -> float:
        """`share` for a `Pair`, the attacker in `from_hex` and the target in `target_hex`:
        the same figure, looked up by fewer facts."""
        elev = self._elev
        ea, et = elev[from_hex], elev[target_hex]
        tid = self._terrain_id
        key = (distance, rear, (ea > et) - (ea < et), prior > 0, tid[from_hex], tid[target_hex],
               charging)
        v = pair.cache.get(key)
        if v is None:
            board = self.board
            elevation = "higher" if ea > et else "lower" if ea < et else "level"
            ctx = AttackContext(pair.attacker, pair.target, distance, rear=rear,
                                elevation=elevation, prior_attackers=prior,
                                attacker_terrain=board.terrain[from_hex],
                                defender_terrain=board.terrain[target_hex],
                                attacker_hits=pair.attacker_hits, defender_hits=pair.target_hits,
                                attacker_charging=charging, defender_routed=pair.routed,
                                attacker_moved=True)
            p = unsaved_probability(ctx, self.options, self._dice)
            v = damage_share(p, pair.target, pair.target_hits, self.die)
            pair.cache[key] = v
        return v

    def fast_key(self, from_hex: int, target_hex: int, distance: int, rear: bool, prior: int,
                 charging: bool) -> int:
        """An int standing for every fact `share_at` looks a share up by (the two hexes'
        terrain and height classes, distance, rear, combined attack, charge): the key of
        `Pair.fast`. The scorer's hot loops compute it inline, as a sum of parts: the two
        classes' number << 19 (`from` class x classes + `target` class), distance << 3,
        rear << 2, combined attack << 1, charge (see `move_scoring._Enemy`)."""
        cls = self.cls
        return ((((cls[from_hex] * self.classes + cls[target_hex]) << 16 | distance) << 3)
                | rear << 2 | (prior > 0) << 1 | charging)

    def best_share(self, attacker, target) -> float:
        """The most one attack of `attacker` could take of `target` where it stands, with
        every bonus a square could give (rear, higher ground, combined attack, charge, the
        map's best attacking terrain)."""
        tt = self.board.terrain[target.hex]
        key = ("best", attacker.profile.key, target.profile.key, tt.id, target.hits,
               attacker.hits, target.routed)
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
                p = unsaved_probability(ctx, self.options, self._dice)
                share = damage_share(p, target.profile, target.hits, self.die)
                v = max(v, share)
            self._share[key] = v
        return v

    def best_shares(self, attacker, targets) -> list[float]:
        """`best_share` of `attacker` on each of `targets`: one call and the attacker's part
        of the key built once (the move scorer asks for every enemy near a unit)."""
        share = self._share
        tid = self._terrain_id
        akey = attacker.profile.key
        ahits = attacker.hits
        out = []
        for t in targets:
            # (`best_share`'s own key.)
            v = share.get(("best", akey, t.profile.key, tid[t.hex], t.hits, ahits, t.routed))
            out.append(self.best_share(attacker, t) if v is None else v)
        return out

    def strike_share(self, strength: int, target, prior: int = 0) -> float:
        """Expected share of `target`'s value taken by an off-map strike of `strength`."""
        tt = self.board.terrain[target.hex]
        key = ("strike", strength, target.profile.key, tt.id, target.hits, target.routed,
               prior > 0)
        v = self._share.get(key)
        if v is None:
            ctx = AttackContext(None, target.profile, 2, prior_attackers=prior,
                                defender_terrain=tt, defender_hits=target.hits,
                                defender_routed=target.routed, base_override=strength,
                                source="offmap")
            p = unsaved_probability(ctx, self.options, self._dice)
            v = damage_share(p, target.profile, target.hits, self.die)
            self._share[key] = v
        return v

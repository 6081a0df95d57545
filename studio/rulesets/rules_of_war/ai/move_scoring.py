"""Scoring where one unit should end its move: a sum of plain terms, in points.

For a square (hex, facing) the unit could end on:
- opportunity: the best attack it could make from there this phase (value of the target x
  the share one attack takes, with rear, high-ground, terrain and combined-attack bonuses
  as the engine counts them);
- threat: what the enemies near it could take from it (adjacent ones that have it in their
  arc count fully, and more when it shows them its flank or rear; those that can reach it
  next phase count a little);
- approach: hexes still to go towards its goal (an enemy, an objective, an exit edge);
  missile units want their target inside their range but not next to them;
- ground: terrain defense and height; friends alongside.
The Army Leader scores safety first: out of the enemy's reach, behind the line, near its
army.

Squares are scored hex first (distances, terrain, what does not depend on facing), then
each facing of that hex (arcs): a unit has up to six times more squares than hexes.
Distances come from the board's distance rows and arcs from its arc masks (bit f: inside
the front arc of facing f), so scoring a hex is a few look-ups per nearby enemy.
"""
from __future__ import annotations

from math import copysign
from operator import attrgetter

from studio.engine.board import OFF
from studio.engine.state import ON

from .intent import on_map, reach_of


_local_order = attrgetter("k")      # the nearby enemies' order (a C key: sorted often)


def _foes(intent, est) -> list:
    """[(enemy unit, walk, range, reach, value but for routing)] of the side's enemies:
    what does not change in a phase (`target_value` without its routed factor)."""
    leader_factor = 3.0 if intent.wants_enemy_leader else 1.5
    out = []
    for u in intent.enemies:
        walk, erange, reach, v = est.movers.get(u.profile) or est.mover(u.profile)
        if u.leader:
            v *= leader_factor
        out.append((u, walk, erange, reach, v))
    return out


class _Enemy:
    """A nearby enemy, with what scoring asks of it precomputed."""

    __slots__ = ("u", "k", "hex", "facing", "walk", "range", "routed", "can_react", "value",
                 "prior", "reach", "relevant", "d0", "attack_pair", "threat_pair", "akey",
                 "tkey")


class MoveScorer:
    """Scores squares for one unit in one decision (its nearby enemies fixed)."""

    def __init__(self, intent, est, unit, committed, noise, weights, where=None):
        """`where`: the hexes, besides its own, the unit's squares will be scored in (None:
        any); enemies too far from all of them to attack or threaten are then left out."""
        self.w = w = weights
        self.intent = intent
        self.est = est
        state = self.state = intent.state
        board = self.board = intent.board
        self.unit = unit
        rnd = self.round = state.round
        prof = unit.profile
        self.value = est.unit_value(prof)
        self.may_attack = unit.attacked_round != rnd and not unit.routed
        my_range = self.range = prof.range
        self.ranged = my_range >= 2 and prof.base_attack(2) is not None
        i = unit.i
        self.goal_hex = intent.goal_hex.get(i)
        self.goal_edge = intent.goal_edge.get(i)
        ge = intent.goal_enemy.get(i)
        self.goal_enemy = ge if ge is not None and on_map(ge) else None
        # The hex a square's facing is scored towards (fixed for the decision).
        self.goal_face = self.goal_hex if self.goal_hex is not None else \
            self.goal_enemy.hex if self.goal_enemy is not None else None
        self.leader = unit.leader
        self.in_arc = board.in_arc
        self.nbr = board.nbr
        # The terrain term of every hex, and the support term by friends alongside (0-2):
        # products made once, not for every square.
        self.terrain_term = est.scaled_defense(w.terrain)
        self.support_term = (w.support * 0, w.support * 1, w.support * 2)
        self.noise = noise
        self.dist_row = board.dist_row
        # Enemies that can matter where this unit may end: within its move plus their reach.
        my_reach = reach_of(prof)
        row = board.dist_row(unit.hex)
        foes = intent.foes
        if foes is None:
            foes = intent.foes = _foes(intent, est)
        # From a hex at most `spread` from the unit, an enemy `d0` from the unit is at least
        # d0 - spread away: beyond its range from every hex scored, or beyond its own
        # `relevant` distance, it counts in no attack or threat there.
        spread = 0 if where is not None else 1 << 30
        for h in where or ():
            if row[h] > spread:
                spread = row[h]
        limit = spread + my_range
        span = my_reach + 2 if self.may_attack else -1      # a charge may add to the move
        leader = self.leader
        local = []                          # records of those that count (the Army Leader:
        targets = self._targets = []        # all), those it may attack from some hex scored,
        threats = self._threats = []        # those not routed that may threaten one,
        within_values = []                  # and the values and units of those a charge
        within_units = []                   # may reach, for `opp_bound`
        new = object.__new__
        cls = est.cls
        classes = est.classes
        near = my_reach + 1
        for u, walk, erange, reach, v in foes:
            h = u.hex
            d = row[h]
            # (Distance first: most enemies are far. An OFF hex reads some distance; the
            # enemies not on the map are left out next.)
            if d > near + reach or u.status != ON or h == OFF or u.carried_by != OFF:
                continue
            routed = u.routed
            if routed:
                v *= 0.6
            if d <= span:
                within_values.append(v)
                within_units.append(u)
            # Beyond this distance from a square it neither threatens it nor can be attacked
            # from it.
            relevant = reach if reach > my_range else my_range
            target = d <= limit
            threat = not routed and d <= spread + relevant
            if not (target or threat or leader):
                continue
            e = new(_Enemy)
            e.u = u
            e.k = len(local)
            e.hex = h
            e.facing = u.facing
            e.walk = walk                   # hexes it can get to and still strike
            e.range = erange
            e.reach = reach
            e.routed = routed
            e.can_react = u.attacked_round != rnd
            e.value = v
            prior = e.prior = (u.targeted_count if u.targeted_round == rnd else 0) + \
                committed.get(u.i, 0)
            e.relevant = relevant
            e.d0 = d                        # distance from the unit's own hex
            e.attack_pair = None            # estimates.Pair: the unit attacking it
            e.threat_pair = None            # estimates.Pair: it attacking the unit
            # Its parts of the `Estimator.fast_key`s of the unit attacking it (its hex's class
            # as the target's, combined attack) and of it attacking the unit (its hex's class
            # as the attacker's); a square adds its own part and the distance.
            c = cls[h]
            e.akey = (c << 19) + ((prior > 0) << 1)
            e.tkey = (c * classes) << 19
            local.append(e)
            if target:
                targets.append(e)
            if threat:
                threats.append(e)
        self.local = local
        self._local_at = None
        # No square can offer an attack worth more than this (every bonus at once).
        bound = 0.0
        if within_units:
            for v, share in zip(within_values, est.best_shares(unit, within_units)):
                v *= share
                if v > bound:
                    bound = v
        self.opp_bound = (0.2 if self.leader else 1.0) * bound
        others = [f.hex for f in intent.mine if f is not unit and f.status == ON
                  and f.hex != OFF and f.carried_by == OFF]
        self.friend_hexes = set(others)
        self.friends = others if w.isolation else None
        self.threat_scale = self.value * (w.leader_threat if self.leader else
                                          w.threat_survive if intent.survive else w.threat)
        # Threats, isolation and the missile units' keeping out of contact only ever lower
        # a score while their weights are not negative: then `could_beat` may leave them out.
        self.prunable = min(self.threat_scale, w.react, w.engaged, w.turn, w.ranged, w.reach,
                            w.isolation, w.approach) >= 0
        self._attacks: dict = {}
        self._parts: dict = {}
        self._places: dict = {}
        self._approach_at: dict = {}
        self.opp_weight = 0.2 if self.leader else 1.0
        # The facing part of `could_beat`'s bound, and a little more for rounding.
        self._top_extra = w.face_goal + (noise.scale if noise is not None else 0.0) + 1e-9
        self._melee_zone = None

    def enemy_at(self, h: int):
        for e in self.local:
            if e.hex == h:
                return e.u
        return None

    def upper_bounds(self, hexes) -> dict:
        """{hex: a score no square of it can beat} (for skipping hexes unseen); not for the
        Army Leader, whose place is scored from every enemy around."""
        w = self.w
        terrain_term = self.terrain_term
        s2 = 2 * w.support
        fg = w.face_goal
        ob = self.opp_bound
        ns = self.noise.scale if self.noise is not None else 0
        approach = self._approaches(hexes, 99)
        self._approach_at.update(zip(hexes, approach))
        return {h: a + terrain_term[h] + s2 + fg + ob + ns for h, a in zip(hexes, approach)}

    def could_beat(self, h: int, best_score: float, charging: bool = False) -> bool:
        """False when no facing of hex `h` can score more than `best_score`: its best
        possible score leaves out every threat (never more than the square's `best_facing`
        bound). Only valid when `prunable`; much cheaper than `hex_part`."""
        # Friends next to the hex (a neighbour off the map is OFF, never a friend's hex).
        support = len(self.friend_hexes.intersection(self.nbr[h]))
        if self.leader:
            place = self._leader_place(h)
        else:
            place = self._approach_at.get(h)
            if place is None:
                place = self._approach_at[h] = self._approaches((h,), 99)[0]
        top = place + self.terrain_term[h] + self.support_term[support if support < 2 else 2] + \
            self._top_extra
        if top > best_score:
            return True
        if not self.may_attack:
            return False
        if self.range == 1:
            # Hand-to-hand units attack only from hexes next to an enemy.
            zone = self._melee_zone
            if zone is None:
                nbr = self.nbr
                zone = self._melee_zone = {n for e in self._targets for n in nbr[e.hex]}
            if h not in zone:
                return False
        attacks = self.attacks_from(h, charging)
        if not attacks:
            return False
        best = 0.0
        for _, v in attacks:
            if v > best:
                best = v
        return top + self.opp_weight * best > best_score

    def attacks_from(self, h: int, charging: bool = False) -> list:
        """[(enemy hex, worth)] of the attacks the unit could make from hex `h` (any facing),
        in the order of the nearby enemies."""
        key = (h, charging)
        attacks = self._attacks.get(key)
        if attacks is not None:
            return attacks
        attacks = []
        if self.may_attack:
            rng = self.range
            if rng == 1:
                # Hand-to-hand only: just the enemies next to the hex.
                at = self._local_at
                if at is None:
                    at = self._local_at = {}
                    for e in self._targets:
                        at.setdefault(e.hex, []).append(e)
                near = [e for n in self.nbr[h] if n in at for e in at[n]]
                if not near:
                    self._attacks[key] = attacks
                    return attacks
                near.sort(key=_local_order)
            else:
                near = self._targets
            row = self.dist_row(h)
            in_arc = self.in_arc
            est = self.est
            share_at = est.share_at
            sight = est.sight
            # The square's part of the key (see `_Enemy.akey`): its class, the charge.
            hk = ((est.cls[h] * est.classes) << 19) + charging
            for e in near:
                d = row[e.hex]
                if d <= rng:                    # (`relevant` is never below the range)
                    eh = e.hex
                    if d == 1 or sight(h, eh):
                        rear = d == 1 and not in_arc(eh, e.facing, h)
                        pair = e.attack_pair or self._attack_pair(e)
                        k = hk + e.akey + (d << 3) + (rear << 2)
                        share = pair.fast.get(k)
                        if share is None:
                            share = pair.fast[k] = share_at(pair, h, eh, d, rear, e.prior,
                                                            charging)
                        v = e.value * share
                        if v > 0:
                            attacks.append((eh, v))
        self._attacks[key] = attacks
        return attacks

    # -- hex part ------------------------------------------------------------------------------
    def hex_part(self, h: int, charging: bool = False):
        """What a hex offers whatever the facing: (base score, attacks [(enemy hex, worth)],
        exposures [(enemy hex, threat if faced, threat if not)], worst far exposure,
        threat scale, the most any facing could score).

        Only arcs depend on the facing: which of the attacks are in the front arc, and
        whether each adjacent (or nearly adjacent) enemy would strike the front or the rear.
        (Kept: the unit's own hex is asked for twice, standing and turning in place.)
        """
        key = (h, charging)
        part = self._parts.get(key)
        if part is None:
            part = self._parts[key] = self._hex_part(h, charging)
        return part

    def _hex_part(self, h: int, charging: bool):
        w = self.w
        est = self.est
        share_at = est.share_at
        sight = est.sight
        in_arc = self.in_arc
        attacks = self.attacks_from(h, charging)
        exposures = []
        lows = []               # the lesser threat of each exposure, for the bound
        far = None
        far_worst = 0.0
        nearest = 99
        fixed_threat = 0.0
        coming = 0
        row = self.dist_row(h)
        # The square's part of the keys (see `_Enemy.tkey`), and with a distance of 1.
        hk = est.cls[h] << 19
        hk1 = hk + 8
        for e in self._threats:
            eh = e.hex
            d = row[eh]
            if d > e.relevant:
                continue
            if d < nearest:
                nearest = d
            if d <= e.walk:
                coming += 1
            # Shares of its attack on the square, by `Estimator.fast_key` (no combined
            # attack, no charge): from its hex into this one.
            if d == 1:
                if in_arc(eh, e.facing, h):
                    k = w.react if e.can_react else w.engaged
                else:
                    k = w.turn
                pair = e.threat_pair or self._threat_pair(e)
                fast = pair.fast
                key = e.tkey + hk1
                front = fast.get(key)
                if front is None:
                    front = fast[key] = share_at(pair, eh, h, 1, False, 0)
                rear = fast.get(key | 4)
                if rear is None:
                    rear = fast[key | 4] = share_at(pair, eh, h, 1, True, 0)
                front *= k
                rear *= k
                exposures.append((eh, front, rear))
                lows.append(rear if rear < front else front)        # min(front, rear)
            elif d <= e.range and in_arc(eh, e.facing, h) and sight(eh, h):
                pair = e.threat_pair or self._threat_pair(e)
                key = e.tkey + hk + (d << 3)
                share = pair.fast.get(key)
                if share is None:
                    share = pair.fast[key] = share_at(pair, eh, h, d, False, 0)
                fixed_threat += w.ranged * share
            elif d <= e.walk:
                pair = e.threat_pair or self._threat_pair(e)
                fast = pair.fast
                key = e.tkey + hk1
                rear = fast.get(key | 4)
                if rear is None:
                    rear = fast[key | 4] = share_at(pair, eh, h, 1, True, 0)
                rear = w.reach * rear
                if rear > far_worst:
                    far_worst = rear
                    front = fast.get(key)
                    if front is None:
                        front = fast[key] = share_at(pair, eh, h, 1, False, 0)
                    far = (eh, w.reach * front, rear)
        base = self.terrain_term[h]
        support = len(self.friend_hexes.intersection(self.nbr[h]))
        base += self.support_term[support if support < 2 else 2]
        if w.isolation and coming > 1:
            # Out on its own: more enemies can fall on it than friends stand by it.
            around = sum(1 for f in self.friends if row[f] <= 2)
            if coming > around + 1:
                base -= w.isolation * self.value * (coming - around - 1)
        threat_scale = self.threat_scale
        base -= fixed_threat * threat_scale
        if self.leader:
            base += self._leader_place(h)
        elif self.ranged and nearest == 1:
            base += self._approaches((h,), nearest)[0]
        else:
            # The same whatever the nearest enemy: `upper_bounds` may have it already.
            a = self._approach_at.get(h)
            if a is None:
                a = self._approach_at[h] = self._approaches((h,), 99)[0]
            base += a
        # No facing can score more than this (its best attack, no threat from behind, its
        # goal in front, the most jitter): `best_facing` skips the hex below it.
        best = 0.0
        for _, v in attacks:
            if v > best:
                best = v
        noise = self.noise
        top = base + self.opp_weight * best + w.face_goal + \
            (noise.scale if noise is not None else 0.0)
        if exposures or far is not None:
            top -= threat_scale * (sum(lows) + (min(far[1], far[2]) if far is not None
                                                else 0.0))
        return base, attacks, exposures, far, threat_scale, top

    def _attack_pair(self, e):
        e.attack_pair = p = self.est.pair(self.unit, e.u)
        return p

    def _threat_pair(self, e):
        e.threat_pair = p = self.est.pair(e.u, self.unit)
        return p

    def _approaches(self, hexes, nearest) -> list[float]:
        """The approach term of each hex (towards the goal), `nearest` being the distance
        of the nearest enemy (missile units keep out of contact)."""
        w = self.w
        board = self.board
        na = -w.approach
        if self.goal_hex is not None:
            row = self.dist_row(self.goal_hex)
            g, a = w.garrison, w.approach
            return [(g if row[h] == 0 else 0.0) - a * row[h] for h in hexes]
        if self.goal_edge is not None:
            edge = self.goal_edge
            dist = board.edge_distance
            return [na * dist(h, edge) for h in hexes]
        ge = self.goal_enemy
        if ge is None:
            return [0.0] * len(hexes)
        row = self.dist_row(ge.hex)
        elev = board.elev
        top = elev[ge.hex]
        wh = w.height
        flat = wh * 0           # the height term below the goal's level: max(0, ...) is 0
        if self.ranged:
            close = w.approach * 2 if nearest == 1 else 0.0
            rng = self.range
            # (`row[h] - rng if row[h] > rng else 0` is `max(0, row[h] - rng)`, without a call)
            return [na * (row[h] - rng if row[h] > rng else 0) - close +
                    (wh * (elev[h] - top) if elev[h] > top else flat) for h in hexes]
        return [na * row[h] + (wh * (elev[h] - top) if elev[h] > top else flat) for h in hexes]

    def _leader_place(self, h) -> float:
        """Safety first: out of every enemy's reach, a little behind the line, with the army."""
        v = self._places.get(h)
        if v is not None:
            return v
        w = self.w
        row = self.dist_row(h)
        danger = 0
        nearest = 99
        for e in self.local:
            if e.routed:
                continue
            d = row[e.hex]
            if d < nearest:
                nearest = d
            if d <= e.reach:
                danger += e.reach + 1 - d
        want = self.intent.front + w.leader_behind
        behind = -0.3 * abs(nearest - want) if nearest < 99 else 0.0
        v = self._places[h] = \
            -w.leader_safety * danger + behind - 0.2 * self.intent.centroid_distance(h)
        return v

    # -- facing part ---------------------------------------------------------------------------
    def best_facing(self, h: int, facings, part, best_score: float):
        """(score, facing, worth of its best attack) of the best of `facings` in hex `h`,
        or None when none beats `best_score`."""
        base, attacks, exposures, far, threat_scale, top = part
        if top <= best_score:
            return None
        opp_weight = self.opp_weight
        noise = self.noise
        arc_mask = self.board.arc_mask
        # `base + opp_weight * opp` for each attack that may be the facing's best (and for
        # none), the same sums made once per attack rather than once per facing.
        no_attack = base + opp_weight * 0.0
        if attacks:
            attacks = [(v, eh, arc_mask(h, eh), base + opp_weight * v) for eh, v in attacks]
        if exposures:
            exposures = [(front, rear, arc_mask(h, eh)) for eh, front, rear in exposures]
        far_mask = arc_mask(h, far[0]) if far is not None else 0
        # With no threat at all, taking away `threat_scale * 0.0` changes no bit when that is
        # +0.0 (a threat scale neither negative nor infinite): it is then left out.
        threatened = exposures or far is not None or not _plus_zero(threat_scale * 0.0)
        goal = self.goal_face
        goal_mask = arc_mask(h, goal) if goal is not None and goal != h else 0
        face_goal = self.w.face_goal
        if noise is not None:
            draw, scale = noise.random, noise.scale
        found = None
        for f in facings:
            bit = 1 << f
            opp = 0.0
            target_hex = None
            total = no_attack
            for v, eh, mask, with_it in attacks:
                if v > opp and mask & bit:
                    opp, target_hex, total = v, eh, with_it
            if threatened:
                threat = 0.0
                for front, rear, mask in exposures:
                    threat += front if mask & bit else rear
                if far is not None:
                    threat += far[1] if far_mask & bit else far[2]
                total -= threat_scale * threat
            if goal_mask & bit:
                total += face_goal
            if noise is not None:
                total += draw() * scale         # the jitter, as `noise()` draws it
            if total > best_score:
                best_score = total
                found = (total, f, target_hex)
        return found


def _plus_zero(x: float) -> bool:
    return x == 0.0 and copysign(1.0, x) > 0

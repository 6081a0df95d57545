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
"""
from __future__ import annotations

from .attack_choice import target_value
from .intent import on_map, reach_of


class _Enemy:
    """A nearby enemy, with what scoring asks of it precomputed."""

    __slots__ = ("u", "hex", "q", "r", "facing", "walk", "range", "routed", "can_react",
                 "value", "prior", "reach", "relevant")

    def __init__(self, u, board, walk, value, prior, rnd, my_range):
        self.u = u
        self.hex = u.hex
        self.q = board.q[u.hex]
        self.r = board.r[u.hex]
        self.facing = u.facing
        self.walk = walk                   # hexes it can get to and still strike next phase
        self.range = u.profile.range
        self.reach = max(walk, self.range)
        self.routed = u.routed
        self.can_react = u.attacked_round != rnd
        self.value = value
        self.prior = prior
        # Beyond this distance from a square it neither threatens it nor can be attacked
        # from it.
        self.relevant = max(self.reach, my_range)


class MoveScorer:
    """Scores squares for one unit in one decision (its nearby enemies fixed)."""

    def __init__(self, intent, est, unit, committed, noise, weights):
        self.w = weights
        self.intent = intent
        self.est = est
        state = self.state = intent.state
        board = self.board = intent.board
        self.unit = unit
        rnd = self.round = state.round
        self.value = est.unit_value(unit.profile)
        self.may_attack = unit.attacked_round != rnd and not unit.routed
        prof = unit.profile
        self.range = prof.range
        self.ranged = prof.range >= 2 and prof.base_attack(2) is not None
        self.goal_hex = intent.goal_hex.get(unit.i)
        self.goal_edge = intent.goal_edge.get(unit.i)
        ge = intent.goal_enemy.get(unit.i)
        self.goal_enemy = ge if ge is not None and on_map(ge) else None
        self.leader = unit.leader
        self.in_arc = board.in_arc
        self.noise = noise
        q, r = board.q, board.r
        self.q, self.r = q, r
        # Enemies that can matter where this unit may end: within its move plus their reach.
        my_reach = reach_of(prof)
        uq, ur = q[unit.hex], r[unit.hex]
        local = []
        for e in intent.enemies:
            if not on_map(e):
                continue
            eq, er = q[e.hex], r[e.hex]
            d = (abs(uq - eq) + abs(ur - er) + abs(uq - eq + ur - er)) >> 1
            walk = intent.walk(e.profile)
            if d <= my_reach + max(walk, e.profile.range) + 1:
                prior = (e.targeted_count if e.targeted_round == rnd else 0) + \
                    committed.get(e.i, 0)
                local.append(_Enemy(e, board, walk, target_value(est, intent, e), prior, rnd,
                                    prof.range))
        self.local = local
        # No square can offer an attack worth more than this (every bonus at once).
        bound = 0.0
        if self.may_attack:
            span = my_reach + 2          # a charge may add to the move
            for e in local:
                dq, dr = uq - e.q, ur - e.r
                if (abs(dq) + abs(dr) + abs(dq + dr)) >> 1 <= span:
                    v = e.value * est.best_share(unit, e.u)
                    if v > bound:
                        bound = v
        self.opp_bound = (0.2 if self.leader else 1.0) * bound
        others = [f.hex for f in intent.mine if f is not unit and on_map(f)]
        self.friend_hexes = set(others)
        self.friends = [(q[h], r[h]) for h in others]

    def enemy_at(self, h: int):
        for e in self.local:
            if e.hex == h:
                return e.u
        return None

    def upper_bound(self, h: int) -> float:
        """A score no square of hex `h` can beat (for skipping hexes unseen); not for the
        Army Leader, whose place is scored from every enemy around."""
        w = self.w
        return (self._approach(h, 99) + w.terrain * self.board.terrain[h].defense + 2 * w.support
                + w.face_goal + self.opp_bound
                + (self.noise.scale if self.noise is not None else 0))

    # -- hex part ------------------------------------------------------------------------------
    def prepare(self, hexes) -> None:
        """Which nearby enemies matter for each of `hexes`, at what distance: worked out
        enemy by enemy over all the hexes at once (far cheaper than hex by hex)."""
        q, r = self.q, self.r
        qs = [q[h] for h in hexes]
        rs = [r[h] for h in hexes]
        near = self._near = {h: [] for h in hexes}
        for e in self.local:
            eq, er, rel = e.q, e.r, e.relevant
            ds = [(abs(x - eq) + abs(y - er) + abs(x - eq + y - er)) >> 1
                  for x, y in zip(qs, rs)]
            for h, d in zip(hexes, ds):
                if d <= rel:
                    near[h].append((e, d))

    def hex_part(self, h: int, charging: bool = False):
        """What a hex offers whatever the facing: (base score, attacks [(enemy hex, worth)],
        exposures [(enemy hex, threat if faced, threat if not)], worst far exposure,
        threat scale). `prepare` must have seen `h`.

        Only arcs depend on the facing: which of the attacks are in the front arc, and
        whether each adjacent (or nearly adjacent) enemy would strike the front or the rear.
        """
        w = self.w
        board = self.board
        est = self.est
        sight = est.sight
        u = self.unit
        in_arc = self.in_arc
        rng = self.range if self.may_attack else 0
        attacks = []
        exposures = []
        far = None
        far_worst = 0.0
        nearest = 99
        fixed_threat = 0.0
        coming = 0
        for e, d in self._near[h]:
            if d <= rng and (d == 1 or sight(h, e.hex)):
                rear = d == 1 and not in_arc(e.hex, e.facing, h)
                v = e.value * est.share(u, e.u, h, d, rear=rear, prior=e.prior,
                                        charging=charging)
                if v > 0:
                    attacks.append((e.hex, v))
            if e.routed:
                continue
            if d < nearest:
                nearest = d
            if d <= e.walk:
                coming += 1
            if d == 1:
                if in_arc(e.hex, e.facing, h):
                    k = w.react if e.can_react else w.engaged
                else:
                    k = w.turn
                exposures.append((e.hex,
                                  k * est.share(e.u, u, e.hex, 1, rear=False, prior=0,
                                                target_hex=h),
                                  k * est.share(e.u, u, e.hex, 1, rear=True, prior=0,
                                                target_hex=h)))
            elif d <= e.range and in_arc(e.hex, e.facing, h) and sight(e.hex, h):
                fixed_threat += w.ranged * est.share(e.u, u, e.hex, d, rear=False, prior=0,
                                                          target_hex=h)
            elif d <= e.walk:
                rear = w.reach * est.share(e.u, u, e.hex, 1, rear=True, prior=0,
                                                target_hex=h)
                if rear > far_worst:
                    far_worst = rear
                    far = (e.hex, w.reach * est.share(e.u, u, e.hex, 1, rear=False,
                                                           prior=0, target_hex=h), rear)
        base = w.terrain * board.terrain[h].defense
        friends = self.friend_hexes
        support = 0
        for n in board.nbr[h]:
            if n in friends:
                support += 1
        base += w.support * min(support, 2)
        if w.isolation and coming > 1:
            # Out on its own: more enemies can fall on it than friends stand by it.
            hq, hr = self.q[h], self.r[h]
            around = sum(1 for fq, fr in self.friends
                         if abs(hq - fq) + abs(hr - fr) + abs(hq - fq + hr - fr) <= 4)
            if coming > around + 1:
                base -= w.isolation * self.value * (coming - around - 1)
        threat_scale = self.value * (w.leader_threat if self.leader else
                                     w.threat_survive if self.intent.survive else w.threat)
        base -= fixed_threat * threat_scale
        if self.leader:
            base += self._leader_place(h)
        else:
            base += self._approach(h, nearest)
        return base, attacks, exposures, far, threat_scale

    def _approach(self, h, nearest) -> float:
        w = self.w
        board = self.board
        if self.goal_hex is not None:
            d = board.distance(h, self.goal_hex)
            return (w.garrison if d == 0 else 0.0) - w.approach * d
        if self.goal_edge is not None:
            return -w.approach * board.edge_distance(h, self.goal_edge)
        ge = self.goal_enemy
        if ge is None:
            return 0.0
        d = board.distance(h, ge.hex)
        height = w.height * max(0, board.elev[h] - board.elev[ge.hex])
        if self.ranged:
            close = w.approach * 2 if nearest == 1 else 0.0
            return -w.approach * max(0, d - self.range) - close + height
        return -w.approach * d + height

    def _leader_place(self, h) -> float:
        """Safety first: out of every enemy's reach, a little behind the line, with the army."""
        w = self.w
        hq, hr = self.q[h], self.r[h]
        danger = 0
        nearest = 99
        for e in self.local:
            if e.routed:
                continue
            dq = hq - e.q
            dr = hr - e.r
            d = (abs(dq) + abs(dr) + abs(dq + dr)) >> 1
            if d < nearest:
                nearest = d
            if d <= e.reach:
                danger += e.reach + 1 - d
        want = self.intent.front + w.leader_behind
        behind = -0.3 * abs(nearest - want) if nearest < 99 else 0.0
        return -w.leader_safety * danger + behind - 0.2 * self.intent.centroid_distance(h)

    # -- facing part ---------------------------------------------------------------------------
    def goal_hex_for_facing(self):
        if self.goal_hex is not None:
            return self.goal_hex
        return self.goal_enemy.hex if self.goal_enemy is not None else None

    def best_facing(self, h: int, facings, part, best_score: float):
        """(score, facing, worth of its best attack) of the best of `facings` in hex `h`,
        or None when none beats `best_score`."""
        base, attacks, exposures, far, threat_scale = part
        w = self.w
        in_arc = self.in_arc
        goal = self.goal_hex_for_facing()
        opp_weight = 0.2 if self.leader else 1.0
        noise = self.noise
        # No facing can score more than this: skip the hex early.
        top = base + opp_weight * max((v for _, v in attacks), default=0.0) + w.face_goal + \
            (noise.scale if noise is not None else 0.0)
        if exposures or far is not None:
            top -= threat_scale * (sum(min(a, b) for _, a, b in exposures) +
                                   (min(far[1], far[2]) if far is not None else 0.0))
        if top <= best_score:
            return None
        found = None
        for f in facings:
            opp = 0.0
            target_hex = None
            for eh, v in attacks:
                if v > opp and in_arc(h, f, eh):
                    opp, target_hex = v, eh
            threat = 0.0
            for eh, front, rear in exposures:
                threat += front if in_arc(h, f, eh) else rear
            if far is not None:
                threat += far[1] if in_arc(h, f, far[0]) else far[2]
            total = base + opp_weight * opp - threat_scale * threat
            if goal is not None and goal != h and in_arc(h, f, goal):
                total += w.face_goal
            if noise is not None:
                total += noise()
            if total > best_score:
                best_score = total
                found = (total, f, target_hex)
        return found

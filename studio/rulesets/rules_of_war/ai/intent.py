"""What a side is trying to do this phase: who is where, what each unit heads for, what the
victory conditions ask for. Built once per movement phase (and per window), from the state.

Goals come from the scenario's victory conditions:
- hexes to hold (own `hold` conditions, objectives worth victory points) get a garrison:
  the nearest fit unit heads there; so do hexes the enemy must hold, to deny them;
- an `exit` condition sends units to that map edge;
- everyone else heads for the enemy unit most worth reaching (near, damaged, or the enemy
  Army Leader when destroying it wins the game);
- the Army Leader stays behind its own line.
"""
from __future__ import annotations

from math import ceil

from studio.engine.board import OFF
from studio.engine.state import ON


def on_map(u) -> bool:
    return u.status == ON and u.hex != OFF and u.carried_by == OFF


_REACH: dict = {}


def reach_of(profile) -> int:
    """Hexes a unit can threaten next phase: its move (rounded up) plus its range."""
    v = _REACH.get(profile)
    if v is None:
        if len(_REACH) > 4096:      # profiles are made per game: forget old games' ones
            _REACH.clear()
        v = _REACH[profile] = int(ceil(profile.move)) + profile.range
    return v


def walk_of(profile) -> int:
    """Hexes away from which a unit can come next to a square next phase (move + 1)."""
    return reach_of(profile) - profile.range + 1


class Intent:
    """One side's picture of the game at the start of a decision."""

    __slots__ = ("state", "side", "board", "mine", "aboard", "enemies", "leaders", "goal_hex",
                 "goal_edge", "goal_enemy", "wants_enemy_leader", "survive",
                 "front", "centroid", "later_phase", "exit_edges", "foes",
                 "_enemy_set")

    def __init__(self, state, side: int, goals: bool = True):
        self.state = state
        self.side = side
        game = state.game
        self.board = game.board
        mine = self.mine = []
        # Units carried by a friend: they cannot attack, but may move off their carrier.
        aboard = self.aboard = []
        enemies = self.enemies = []
        # (One pass, `on_map` spelled out: this runs for every decision window.)
        for u in state.units:
            if u.status == ON and u.hex != OFF:
                if u.carried_by == OFF:
                    (mine if u.side == side else enemies).append(u)
                elif u.side == side:
                    aboard.append(u)
        self.leaders = [u for u in self.mine if u.leader]
        my_id = game.sides[side].id
        kinds = {vc.kind for vc in game.victory if vc.side == my_id}
        self.wants_enemy_leader = "destroy-leader" in kinds
        self.survive = "survive" in kinds
        self.exit_edges = sorted(game.sides[side].exit_edges)
        self.goal_hex: dict[int, int] = {}
        self.goal_edge: dict[int, str] = {}
        self.goal_enemy: dict[int, object] = {}
        order = list(state.order)
        self.later_phase = (side in order and state.phase == "movement"
                            and order.index(side) > state.active)
        self.front = 0
        self.centroid = (0.0, 0.0)
        self.foes = None        # the enemies as move scoring looks at them (move_scoring)
        self._enemy_set = None
        if goals:
            self._assign_objectives(game, my_id)
            self._assign_enemies()
            self._measure_line()

    def _measure_line(self):
        board = self.board
        # Distance of the line from the enemy: the median of the non-leaders' distances.
        near = sorted(self.nearest_enemy_distances([u.hex for u in self.mine if not u.leader]))
        self.front = near[len(near) // 2] if near else 0
        if self.mine:
            self.centroid = (sum(board.q[u.hex] for u in self.mine) / len(self.mine),
                             sum(board.r[u.hex] for u in self.mine) / len(self.mine))

    walk = staticmethod(walk_of)

    def enemy_set(self) -> frozenset:
        """Unit indices of `enemies`."""
        if self._enemy_set is None:
            self._enemy_set = frozenset(e.i for e in self.enemies)
        return self._enemy_set

    # -- goals -------------------------------------------------------------------------------
    def _assign_objectives(self, game, my_id):
        board = self.board
        targets: list[int] = []
        for vc in game.victory:
            if vc.kind == "hold":
                for label in vc.get("hexes") or []:
                    try:
                        h = board.index_of_label(label)
                    except ValueError:
                        continue
                    if h not in targets:
                        targets.append(h)       # ours to hold, or theirs to deny
            elif vc.kind == "victory-points":
                for obj in game.scenario.objectives:
                    if obj.points:
                        try:
                            h = board.index_of_label(obj.hex)
                        except ValueError:
                            continue
                        if h not in targets:
                            targets.append(h)
        free = [u for u in self.mine if not u.leader and not u.routed]
        if self.exit_edges:
            # Exits win games outright: every unit heads for the nearest exit edge.
            for u in free:
                self.goal_edge[u.i] = min(self.exit_edges,
                                          key=lambda e: board.edge_distance(u.hex, e))
            return
        # Of a list that marks the units holding objectives, only those can garrison.
        fit = [u for u in free if u.profile.has("counts-for-objectives")] \
            if game.sides[self.side].holders_only else list(free)
        for h in targets:
            if not fit:
                break
            # Slow, sturdy units make the best garrisons; nearest first.
            u = min(fit, key=lambda v: (board.distance(v.hex, h), -v.profile.hits,
                                        v.profile.move, v.i))
            self.goal_hex[u.i] = h
            fit.remove(u)

    def _assign_enemies(self):
        board = self.board
        enemies = [e for e in self.enemies if not e.routed] or self.enemies
        if not enemies:
            return
        bonuses = []
        for e in enemies:
            bonus = 0.0
            if e.leader and self.wants_enemy_leader:
                bonus += 3.0
            if e.hits:
                bonus += 1.0
            bonuses.append((e, e.hex, bonus))
        for u in self.mine + self.aboard:
            if u.i in self.goal_hex or u.i in self.goal_edge:
                continue
            row = board.dist_row(u.hex)
            # The least distance - bonus, ties to the lowest unit index: `enemies` are in
            # index order, so the first found of equal keys.
            best = None
            best_key = 0.0
            for e, h, bonus in bonuses:
                # (With no bonus the distance itself: the same value, and no float made.)
                key = row[h] - bonus if bonus else row[h]
                if best is None or key < best_key:
                    best, best_key = e, key
            self.goal_enemy[u.i] = best

    # -- measures ----------------------------------------------------------------------------
    def nearest_enemy_distances(self, hexes) -> list[int]:
        """Hexes from each of `hexes` to the nearest enemy not routed (99: none)."""
        dist_row = self.board.dist_row
        there = [e.hex for e in self.enemies if not e.routed]
        if not there:
            return [99] * len(hexes)
        first = there[0]
        out = []
        for h in hexes:
            row = dist_row(h)
            nearest = row[first]
            for t in there:
                if row[t] < nearest:
                    nearest = row[t]
            out.append(nearest)
        return out

    def centroid_distance(self, h: int) -> float:
        q, r = self.centroid
        dq = self.board.q[h] - q
        dr = self.board.r[h] - r
        return (abs(dq) + abs(dr) + abs(dq + dr)) / 2.0

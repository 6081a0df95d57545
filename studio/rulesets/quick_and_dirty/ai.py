"""The Quick and Dirty AI: greedy and one move deep, like a careful player. It sees only
the view its side is given (hidden enemies are not in it). Movement: each unit goes for the
best attack it can set up (flank and rear first), else closes on the nearest enemy, in both
cases weighing what the enemy can bring against it where it stops (enemies that can reach
it, from its flank most of all). Combat: the attack of best expected worth (chart odds times
the strengths at stake), made with the fewest attackers that get it: once the chart stops
improving, a further attacker adds nothing and is kept for another fight."""
from __future__ import annotations

import itertools
import random

from studio.engine.state import ON

from .chart import outcome_odds
from .combat import FLANK, REAR, aspect, attack_odds, eligible_attackers, strength
from .movement import ROUGH, occupants, terrain_kind, unit_moves
from .play import attack_actions
from .state import Attack, EndPhase, Move

# How much of what the enemy could do to a unit where it stops counts against going there:
# all of it (benchmarks/ai_vs_previous.py: a quarter of it scored 52 % of 100 mirrored
# games against the previous AI, all of it 62 % of 50, then 53.6 % of 1,000)
THREAT_WEIGHT = 1.0
# A hair per attacker, so that of two groups as good the smaller one attacks.
COMMIT_COST = 0.01
MAX_GROUP = 6


def _worth(odds, attackers, def_strength) -> float:
    """Expected strength the defender loses minus what the attackers lose (Q25: the
    strongest attacker is lost, the others retreat; a retreat counts half)."""
    o = odds["outcomes"]
    strengths = sorted((strength(a) for a in attackers), reverse=True)
    att = sum(strengths)
    return (def_strength * (o["defender-destroyed"] + 0.5 * o["defender-retreat"]
                            + 0.5 * o["defender-saved"])
            - o["attacker-loss"] * (strengths[0] + 0.5 * (att - strengths[0]))
            - 0.5 * att * o["attacker-retreat"])


class _Mark:
    """A place to head for when no enemy is in sight."""

    side = -1
    i = -1

    def __init__(self, h):
        self.hex = h


def _centre(board) -> int:
    cq = (min(board.q) + max(board.q)) / 2
    cr = (min(board.r) + max(board.r)) / 2
    return min(range(board.n), key=lambda h: (abs(board.q[h] - cq) + abs(board.r[h] - cr), h))


class QuickAndDirtyAI:
    def __init__(self, seed: int = 0):
        self.rng = random.Random(seed)
        self._turn = None
        self._staying: set[int] = set()
        self._threat_memo: dict = {}

    def choose(self, view):
        side = view.order[view.active]
        if view.phase == "move":
            return self._move(view, side)
        return self._attack(view)

    def _move(self, view, side):
        board = view.game.board
        mine = [u for u in view.units if u.side == side and u.status == ON and not u.moved]
        enemies = [e for e in view.units if e.side != side and e.status == ON]
        if not mine:
            return EndPhase("move")
        if not enemies:
            # Nothing spotted yet: march on the middle of the field, where they must be.
            enemies = [_Mark(_centre(board))]
        occ = occupants(view)
        turn = (view.round, view.active)
        if self._turn != turn:
            self._turn, self._staying = turn, set()
        rows = [board.dist_row(e.hex) for e in enemies]
        nearest = list(map(min, zip(*rows))) if len(rows) > 1 else list(rows[0])
        threats = [(e, row) for e, row in zip(enemies, rows) if e.i >= 0]
        for u in mine:
            if u.i in self._staying:
                continue
            best = self._best_end(view, u, side, nearest, occ, threats)
            if best is None:
                self._staying.add(u.i)
            else:
                h, f = best
                return Move(u.uid, board.labels[h], board.facing_names[f])
        return EndPhase("move")

    def _reachers(self, view, u, h, threats) -> list:
        """[(enemy, worth from the front, worth from outside it)] of the enemies that can
        reach `u` at hex `h` next: what each one's attack on it there is worth to them."""
        board = view.game.board
        opts = view.game.options
        mod = opts.rough_attack_modifier if terrain_kind(board, h) == ROUGH else 0
        mine = strength(u)
        out = []
        for e, row in threats:
            if e.flipped or row[h] > e.profile.move + 1:
                continue
            m = mod + e.profile.attack_bonus
            out.append((e, self._threat_worth(opts, strength(e), mine, m),
                        self._threat_worth(opts, strength(e), mine, m + opts.flank_bonus)))
        return out

    def _threat(self, view, u, h, f, threats, target, reachers=None) -> float:
        """What the enemies that can reach `u` at hex `h` facing `f` next could take from it:
        each one's best expected worth attacking it there (from its flank or rear when it
        comes from outside the front), the unit it is about to attack left out."""
        board = view.game.board
        if reachers is None:
            reachers = self._reachers(view, u, h, threats)
        total = 0.0
        for e, front, flank in reachers:
            if e is not target:
                total += front if board.in_arc(h, f, e.hex) else flank
        return THREAT_WEIGHT * total

    def _threat_worth(self, opts, theirs: int, mine: int, mod: int) -> float:
        """What an attack of strength `theirs` on ours at roll modifier `mod` is worth to the
        enemy (never below nothing: it need not attack), worked out once a game."""
        key = (theirs, mine, mod)
        found = self._threat_memo.get(key)
        if found is None:
            o = outcome_odds(opts.table, theirs - mine, mod, opts.die_sides)
            found = max(0.0, mine * (o["defender-loss"] + 0.5 * o["defender-retreat"])
                        - theirs * (o["attacker-loss"] + 0.5 * o["attacker-retreat"]))
            self._threat_memo[key] = found
        return found

    def _best_end(self, view, u, side, nearest, occ, threats=()):
        """The best (hex, facing) for `u`, None when staying as it is is best."""
        board = view.game.board
        ends, _ = unit_moves(view, u)
        best, best_score = None, None
        for h, forced in ends.items():
            reachers = self._reachers(view, u, h, threats)
            for f in (forced if forced is not None else range(6)):
                front = board.nbr[h][f]
                target = occ.get(front)
                if target is not None and target.side != side:
                    bonus = {FLANK: 1.5, REAR: 3.0}.get(aspect(board, h, target), 0.0)
                    score = 10 + bonus + (strength(u) - strength(target)) * 0.5
                else:
                    target = None
                    score = -nearest[h]
                    if front != -1:
                        score -= 0.3 * nearest[front]
                score -= self._threat(view, u, h, f, threats, target, reachers)
                score += 0.01 * self.rng.random()
                if best_score is None or score > best_score:
                    best, best_score = (h, f), score
        if best is None or best == (u.hex, u.facing):
            return None
        return best

    def _attack(self, view):
        """The attack of best worth, with the smallest group that makes it."""
        best, best_worth = None, 0.0
        targets = {act.target for act in attack_actions(view)}
        for tid in sorted(targets):
            t = view.unit(tid)
            pool = sorted(eligible_attackers(view, t), key=lambda a: (-strength(a), a.i))
            pool = pool[:MAX_GROUP]
            for n in range(1, len(pool) + 1):
                for group in itertools.combinations(pool, n):
                    odds = attack_odds(view, list(group), t)
                    w = _worth(odds, group, strength(t)) - COMMIT_COST * n
                    if w > best_worth + 1e-9:
                        best = Attack(tid, tuple(a.uid for a in group))
                        best_worth = w
        return best if best is not None else EndPhase("combat")

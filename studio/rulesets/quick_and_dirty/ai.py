"""The Quick and Dirty AI: greedy and one move deep. It sees only the view its side is
given (hidden enemies are not in it). Movement: each unit goes for the best attack it can
set up (flank and rear first), else closes on the nearest enemy; combat: every attack whose
expected worth (chart odds times strengths) is positive, all eligible attackers together."""
from __future__ import annotations

import random

from studio.engine.state import ON

from .combat import FLANK, REAR, aspect, attack_odds, eligible_attackers, strength
from .movement import occupants, unit_moves
from .play import attack_actions
from .state import EndPhase, Move


def _worth(odds, att_strength, def_strength) -> float:
    o = odds["outcomes"]
    return (def_strength * (o["defender-destroyed"] + 0.5 * o["defender-retreat"]
                            + 0.5 * o["defender-saved"])
            - att_strength * (o["attacker-loss"] + 0.5 * o["attacker-retreat"]))


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
        for u in mine:
            if u.i in self._staying:
                continue
            best = self._best_end(view, u, side, nearest, occ)
            if best is None:
                self._staying.add(u.i)
            else:
                h, f = best
                return Move(u.uid, board.labels[h], board.facing_names[f])
        return EndPhase("move")

    def _best_end(self, view, u, side, nearest, occ):
        """The best (hex, facing) for `u`, None when staying as it is is best."""
        board = view.game.board
        ends, _ = unit_moves(view, u)
        best, best_score = None, None
        for h, forced in ends.items():
            for f in (forced if forced is not None else range(6)):
                front = board.nbr[h][f]
                target = occ.get(front)
                if target is not None and target.side != side:
                    bonus = {FLANK: 1.5, REAR: 3.0}.get(aspect(board, h, target), 0.0)
                    score = 10 + bonus + (strength(u) - strength(target)) * 0.5
                else:
                    score = -nearest[h]
                    if front != -1:
                        score -= 0.3 * nearest[front]
                score += 0.01 * self.rng.random()
                if best_score is None or score > best_score:
                    best, best_score = (h, f), score
        if best is None or best == (u.hex, u.facing):
            return None
        return best

    def _attack(self, view):
        best, best_worth = None, 0.0
        for act in attack_actions(view):
            t = view.unit(act.target)
            group = [view.unit(a) for a in act.units]
            if len(group) == 1 and len(eligible_attackers(view, t)) > 1:
                continue
            odds = attack_odds(view, group, t)
            w = _worth(odds, sum(strength(a) for a in group), strength(t))
            if w > best_worth:
                best, best_worth = act, w
        return best if best is not None else EndPhase("combat")

"""The Middle Earth AI: greedy over the exact casualty odds. Each decision it takes the
order worth most: a charge is worth the figures its impetus and the next round are expected
to kill less those the enemy is expected to kill back; a volley its expected kills; a spell
a fixed worth by what it reaches; a move the ground it gains towards the enemy (or, for a
unit with a missile, towards range). When nothing is worth doing it ends its turn.
Victory points count only whole units, so a charge or volley also earns the points of a unit it
may finish, and a charge pays for the share of its own unit the melee may cost."""
from __future__ import annotations

import random

from studio.engine.state import ON
from studio.engine.victory import points_of

from . import melee, morale
from .combat import charge_context
from .morale import WITHDRAWALS
from .firing import volley_distribution
from .movement import allowance
from .play import legal_actions
from .state import Cast, Charge, EndTurn, Fire, Hold, Move
from .tables import NoCell

HERO_SHARE = 0.15        # a hero's worth a blow: a share of his points
FINISH = 1.0            # victory points come only from whole units lost: finish them
RISK = 1.0              # and keep its own from the same fate
HALF_LOST = 0.4         # about the chance a unit fails the half-strength test (M15)


def mean(dist: dict) -> float:
    return sum(k * p for k, p in dist.items())


def worth(state, u) -> float:
    """Victory points a figure of `u` is worth (a hero: those a blow on him is worth)."""
    pts = points_of(state, u)
    return pts * HERO_SHARE if u.profile.single else pts / max(1, u.start_figures)


class MiddleEarthAI:
    def __init__(self, seed: int = 0):
        self.rng = random.Random(seed)
        self._cache: dict = {}

    def _blow(self, state, a, b, extra: int = 0) -> float:
        if a.profile.single and b.profile.single:
            need = state.tables.hero_to_hit(a.profile.hit_dice, b.profile.hit_dice)
            return (21 - need) / 20 * (2.0 if b.profile.nazgul else 1.0)
        if a.profile.single or b.profile.single:
            return 0.5 if a.profile.single else 0.3
        try:
            return mean(melee.casualty_distribution(
                state.tables, a.profile.weapon, b.profile.defends_as,
                max(0, a.figures - a.disarmed), a.profile.frontage, extra))
        except NoCell:
            return 0.0

    def _breaks(self, state, u, e) -> float:
        """The chance the target withdraws when charged, by its class and the charge's own
        factors (the field's are left out: a quick estimate)."""
        if e.profile.single:
            return 0.0
        ctx = tuple(charge_context(state, u, e))
        key = (e.profile.cls, ctx, e.penalty)
        got = self._cache.get(key)
        if got is None:
            t = state.tables
            mod = morale.factor_sum(t, e.profile.cls, ctx) + e.penalty
            dist = morale.distribution(t, e.profile.cls, mod)
            got = self._cache[key] = sum(p for r, p in dist.items() if r in WITHDRAWALS
                                         or r == "retire")
        return got

    def _charge(self, state, u, e) -> float:
        t = state.tables
        if u.profile.wizard and not e.profile.single:
            return -5.0
        imp = melee.impetus_bonus(t, u.profile.impetus) + 2
        dealt = self._blow(state, u, e, imp) + 0.7 * self._blow(state, u, e)
        taken = 0.7 * self._blow(state, e, u)
        broken = self._breaks(state, u, e) * e.figures * 0.5 * worth(state, e)
        late = 0.5 * state.round            # as the move limit nears, fight
        late += FINISH * self._finish(state, e, dealt) - RISK * self._exposure(state, u, taken)
        return dealt * worth(state, e) - taken * worth(state, u) * 1.2 + broken + 0.5 + late

    def _finish(self, state, e, dealt: float) -> float:
        """The points a blow of `dealt` figures is likely to take off the enemy's score: all of
        them if it destroys the unit, a share if it drops it below a strength not yet tested
        (M15), where it may quit the field."""
        if e.profile.single or e.figures <= 0:
            return 0.0
        left = e.figures - dealt
        if left <= 0.5:
            return points_of(state, e)
        share = left / e.start_figures
        level = 2 if share < 0.25 else 1 if share < 0.5 else 0
        return HALF_LOST * points_of(state, e) if level > e.half_tested else 0.0

    def _exposure(self, state, u, taken: float) -> float:
        """The points a charge puts at risk: the melee goes on, and the share of the unit two
        more rounds may cost is about the chance it ends off the field."""
        if u.profile.single or u.figures <= 0:
            return 0.0
        return points_of(state, u) * min(1.0, 2 * taken / u.figures)

    def _fire(self, state, u, e) -> float:
        if e.profile.single:
            return 0.3
        try:
            d = volley_distribution(state.tables, u.profile.missile, e.profile.defends_as,
                                    u.figures, u.profile.frontage, 0)
        except NoCell:
            return 0.0
        kills = mean(d)
        return kills * worth(state, e) + 0.2 + FINISH * self._finish(state, e, kills)

    def _cast(self, state, u, a) -> float:
        """A spell's worth by what it reaches, times its chance to work, less the energy it
        costs (a wizard at level 0 keeps his strength for need)."""
        t = state.tables
        board = state.game.board
        foes = [o for o in state.units if o.status == ON and o.side != u.side
                and not o.profile.single]
        near = [o for o in foes if board.distance(u.hex, o.hex) <= 2]
        target = state.unit(a.target) if a.target else None
        each = target is not None and not target.profile.single and worth(state, target)
        value = {"rout": sum(0.4 * o.figures * worth(state, o) for o in near),
                 "impress": sum(0.2 * o.figures * worth(state, o) for o in near),
                 "fire-burst": 4.0 * (each or 1), "cause-fire": 2.0 * (each or 1),
                 "defence-bolt": sum(3.0 * worth(state, o) for o in near) if u.engaged else 0,
                 "limited-command": 2.0 * (each or 1), "break-staff": 3.0,
                 "will": 2.0}.get(a.spell, 0.0)
        if a.spell == "beam-of-good" and target is not None:
            value = 4.0 if board.distance(u.hex, target.hex) <= t.hexes(200) + 1 else 0.5
        if a.spell == "will" or u.profile.wizard is None:
            return value - 1.0
        drop = t.depletion(u.profile.wizard, a.spell, u.energy)
        chance = 1.0 if drop <= u.energy else max(0.0, (10 - (drop - u.energy)) / 10)
        return value * chance - 0.4 * min(drop, u.energy) - (2.0 if chance < 1 else 0.0)

    def _move(self, state, u, a, enemies) -> float:
        if not enemies:
            return -1.0
        board = state.game.board
        to = board.index_of_label(a.to)
        before = min(board.distance(u.hex, e.hex) for e in enemies)
        after = min(board.distance(to, e.hex) for e in enemies)
        if u.profile.missile is not None:
            rng = state.tables.reach(state.tables.missile_range(u.profile.missile))
            want = max(2, rng - 1)
            return (abs(before - want) - abs(after - want)) * 0.3 - 0.05
        if u.profile.wizard:
            # keep by the friends the Nazgul's shadow falls on (M35: Gandalf's relief)
            friends = [f for f in state.units if f.status == ON and f.side == u.side
                       and not f.profile.single]
            if not friends:
                return -0.5
            near = min(board.distance(to, f.hex) for f in friends)
            was = min(board.distance(u.hex, f.hex) for f in friends)
            return (was - near) * 0.2 + (0.1 if after >= 2 else -0.5)
        reach = state.tables.hexes(allowance(state, u, "charge"))
        gain = (before - after) * 0.3 * (1 + state.round / 4)
        if after <= reach:
            gain += 0.4                  # it may charge next move
        return gain - 0.05

    def choose(self, state):
        actions = legal_actions(state)
        enemies_of = {}
        best, best_score = None, 0.0
        for a in actions:
            if isinstance(a, (EndTurn, Hold)):
                continue
            u = state.unit(a.unit)
            if u.side not in enemies_of:
                enemies_of[u.side] = [e for e in state.units if e.status == ON and e.side != u.side]
            if isinstance(a, Charge):
                score = self._charge(state, u, state.unit(a.target))
            elif isinstance(a, Fire):
                score = self._fire(state, u, state.unit(a.target))
            elif isinstance(a, Cast):
                score = self._cast(state, u, a)
            elif isinstance(a, Move):
                score = self._move(state, u, a, enemies_of[u.side])
            else:
                score = 0.0
            score += self.rng.random() * 1e-3
            if score > best_score:
                best, best_score = a, score
        if best is not None:
            return best
        return next(a for a in actions if isinstance(a, EndTurn))

"""The Action Dice AI: greedy, one action deep, over the exact odds. It activates first the
unit with the best thing to do; an attack is worth the points it expects to remove minus
those it expects to lose; a move is worth the attack it sets up for the next action (a
melee unit into contact with the enemy in its front, a shooter into range and sight, out of
contact), else the ground it gains towards the nearest enemy, less what it risks: a
regiment weighs the enemies that could reach it outside its front (they strike without being
struck back), and a move that disorders loses the action that would use what it set up."""
from __future__ import annotations

import random

from studio.engine.state import ON
from studio.hexgrid import DIRECTIONS, Hex, bearing
from studio.engine.victory import points_of

from .combat import strikes_back
from .movement import allowance, occupants
from .odds import attack_odds
from .play import actions_left, unit_actions
from .state import EndActivation, EndTurn, Melee, Move, Ram, Shoot, Special
from .targets import is_long, shoot_targets
from .turns import waiting

DISORDER_COST = 2.0
# The share of a flank threat counted against a facing: the enemy may have better to do.
FLANK_RISK = 0.5


def _value(state, u) -> float:
    """Points a figure (a hero: a die step; a vehicle: a damage roll) of `u` is worth."""
    pts = points_of(state, u)
    if u.profile.kind == "hero":
        return pts / 4
    if u.profile.kind == "vehicle":
        return pts / 3
    return pts / max(1, u.start_figures)


def _gap(board, h: int, facing: int, dst: int) -> float:
    """Degrees between facing `facing` at `h` and the bearing to hex `dst`."""
    to = bearing(board.orientation, Hex(0, 0), Hex(board.q[dst] - board.q[h],
                                                   board.r[dst] - board.r[h]))
    ahead = bearing(board.orientation, Hex(0, 0), DIRECTIONS[facing])
    return abs((to - ahead + 540.0) % 360.0 - 180.0)


class ActionDiceAI:
    def __init__(self, seed: int = 0):
        self.rng = random.Random(seed)
        self._cache: dict = {}
        self._survey_key = None
        self._survey_data = None

    # -- worth of attacks --------------------------------------------------------------
    def _attack_worth(self, state, a, t, melee: bool, back=None) -> float:
        long = False if melee else is_long(state, a, t)
        if back is None:
            back = strikes_back(state, t, a) if melee else False
        key = (a.profile.id, a.figures, a.die, tuple(sorted(a.damage.items())), t.profile.id,
               t.figures, t.die, tuple(sorted(t.damage.items())), melee, long, back,
               a.profile.formation, t.profile.formation)
        found = self._cache.get(key)
        if found is None:
            odds = attack_odds(state, a, t, melee=melee, long=long, back=back)
            found = (odds["expected_removed"]["defender"] * _value(state, t)
                     - odds["expected_removed"]["attacker"] * _value(state, a))
            if len(self._cache) > 20000:
                self._cache.clear()
            self._cache[key] = found
        return found

    def _score(self, state, u, action, detail, occ) -> float:
        if isinstance(action, Melee):
            return self._attack_worth(state, u, state.unit(action.target), True)
        if isinstance(action, Shoot):
            if detail is None and u.profile.kind == "ordnance" and not u.aimed and \
                    2 * u.figures <= u.start_figures:
                return 0.5
            return self._attack_worth(state, u, state.unit(action.target), False)
        if isinstance(action, Special):
            t = state.unit(action.target)
            return 0.3 * u.profile.n_dice * u.die / max(1, t.profile.defense) * _value(state, t)
        if isinstance(action, Ram):
            t = state.unit(action.target)
            return 0.5 * u.profile.n_dice * (u.die + 1) / 2 / max(1, t.profile.defense) \
                * _value(state, t)
        if isinstance(action, Move):
            return self._move_score(state, u, detail, occ)
        return 0.0

    def _survey(self, state, u):
        """What the moves of `u` are scored on, worked out once a decision: the enemies,
        each hex's distance to the nearest of them, and a memo of each hex's attacks."""
        key = (id(state), state.version, u.i, u.hex, u.facing, tuple(u.did))
        if self._survey_key != key:
            board = state.game.board
            enemies = [e for e in state.units if e.status == ON and e.side != u.side]
            rows = [board.dist_row(e.hex) for e in enemies]
            nearest = list(map(min, zip(*rows))) if rows else [0] * board.n
            self._survey_key = key
            self._survey_data = (enemies, rows, nearest, {}, {})
        return self._survey_data

    def _threats(self, state, u, h, survey):
        """[(enemy, what facing it is worth)] for the enemies that could close on `u` at
        hex `h` next: the points an enemy's melee gains against `u` unanswered (from
        outside its front) over the same melee answered."""
        enemies, rows, _, _, memo = survey
        found = memo.get(h)
        if found is not None:
            return found
        found = []
        old = u.hex
        u.hex = h
        try:
            for e, row in zip(enemies, rows):
                if e.profile.kind == "vehicle" or row[h] > allowance(state, e) + 1:
                    continue
                gap = (self._attack_worth(state, e, u, True, back=False)
                       - self._attack_worth(state, e, u, True, back=True))
                if gap > 0:
                    found.append((e, gap))
        finally:
            u.hex = old
        memo[h] = found
        return found

    def _exposure(self, state, u, h, facing, survey) -> float:
        """What a regiment at `h` facing `facing` risks from enemies outside its front."""
        if not u.profile.faced or u.profile.kind == "vehicle":
            return 0.0
        board = state.game.board
        return FLANK_RISK * sum(w for e, w in self._threats(state, u, h, survey)
                                if not board.in_arc(h, facing, e.hex))

    def _hex_attacks(self, state, u, h, survey, occ):
        """(melee [(enemy, worth)], shots [(enemy, worth)], nearest enemy) of `u` at `h`,
        before its facing is chosen."""
        enemies, rows, nearest, memo, _ = survey
        found = memo.get(h)
        if found is not None:
            return found
        board = state.game.board
        old = u.hex
        u.hex = h
        try:
            adjacent = [occ[n] for n in board.nbr[h] if n in occ and occ[n].side != u.side]
            melee = []
            if u.profile.kind != "vehicle" and not (u.profile.kind == "ordnance"):
                melee = [(e, self._attack_worth(state, u, e, True)) for e in adjacent]
            shots = []
            if u.profile.ranged and u.profile.kind not in ("hero", "vehicle") and not adjacent:
                reach = u.profile.long or u.profile.range
                for e, row in zip(enemies, rows):
                    if 2 <= row[h] <= reach and board.terrain_los(h, e.hex):
                        shots.append((e, self._attack_worth(state, u, e, False)))
            near = min(zip(enemies, rows), key=lambda er: (er[1][h], er[0].i))[0] \
                if enemies else None
        finally:
            u.hex = old
        found = memo[h] = (melee, shots, near)
        return found

    def _move_score(self, state, u, detail, occ) -> float:
        h, disordered, _, _, facing = detail
        survey = self._survey(state, u)
        nearest = survey[2]
        if u.failed:
            return nearest[h]
        board = state.game.board
        melee, shots, near = self._hex_attacks(state, u, h, survey, occ)
        faced = u.profile.faced

        def ahead(e):
            return not faced or board.in_arc(h, facing, e.hex)
        if u.profile.kind == "vehicle" and u.profile.ranged:
            old = (u.hex, u.facing)
            u.hex, u.facing = h, facing
            try:
                shots = [(t, self._attack_worth(state, u, t, False))
                         for t in shoot_targets(state, u, occ)]
            finally:
                u.hex, u.facing = old
        best = max((w for e, w in shots if ahead(e)), default=None)
        if best is None:
            best = max((w for e, w in melee if ahead(e)), default=None)
        gain = nearest[u.hex] - nearest[h]
        # An attack set up for later is worth less than one made now: the enemy may act
        # first, the more so when this is the unit's last action, or when disorder takes
        # the action that was to make it.
        later = 0.6 if actions_left(state, u) > 1 and not disordered else 0.4
        score = (later * best + 0.5 if best is not None else 0.0) + 0.3 * gain
        # what the move changes in the flank it shows (standing still keeps the one it has)
        score -= self._exposure(state, u, h, facing, survey) \
            - self._exposure(state, u, u.hex, u.facing, survey)
        if faced and best is None and near is not None and not board.in_arc(h, facing, near.hex):
            score -= 0.2                          # not facing the nearest enemy
        if best is None and u.profile.ranged and nearest[h] <= 1:
            score -= 1.0                          # a shooter in contact cannot shoot
        if disordered:
            score -= DISORDER_COST
        return score + 0.001 * self.rng.random()

    # -- choosing ----------------------------------------------------------------------
    def _facing_for(self, state, u, h, options, occ):
        """Of a regiment's moves to hex `h` (one a facing), the one with the best target in
        its front for the least exposed flank (an enemy regiment beside it counts for more
        than a hero ahead), then the one nearest the nearest enemy: only it is scored."""
        survey = self._survey(state, u)
        melee, shots, near = self._hex_attacks(state, u, h, survey, occ)
        board = state.game.board
        targets = shots + melee
        rated = []
        for o in options:
            f = o[1][4]
            best = max((w for e, w in targets if board.in_arc(h, f, e.hex)), default=None)
            value = (best + 1.0 if best is not None else 0.0) \
                - self._exposure(state, u, h, f, survey)
            # the facing that points most nearly at the nearest enemy, among equals
            aim = _gap(board, h, f, near.hex) if near is not None else 0.0
            rated.append((value, -aim, o))
        top = max(r[:2] for r in rated)
        # an even tie is drawn, so that mirror-image positions get mirror-image choices
        ties = [o for v, a, o in rated if top[0] - v < 1e-6 and top[1] - a < 1e-6]
        return ties[self.rng.randrange(len(ties))] if len(ties) > 1 else ties[0]

    def _best(self, state, u, occ):
        best, best_score = None, None
        by_hex: dict = {}
        scored = []
        for action, detail in unit_actions(state, u, occ).items():
            if isinstance(action, Move) and u.profile.faced and u.profile.kind != "vehicle" \
                    and not u.failed:
                by_hex.setdefault(detail[0], []).append((action, detail))
            else:
                scored.append((action, detail))
        scored += [self._facing_for(state, u, h, options, occ) for h, options in by_hex.items()]
        for action, detail in scored:
            # a hair of noise draws even ties (two equal targets side by side) at random
            # rather than by the board's neighbour order, which is not mirror-symmetric
            s = self._score(state, u, action, detail, occ) + 1e-6 * self.rng.random()
            if best_score is None or s > best_score:
                best, best_score = action, s
        return best, best_score

    def choose(self, view):
        state = view
        occ = occupants(state)
        side = state.order[state.active]
        if state.current is not None:
            u = state.units[state.current]
            action, score = self._best(state, u, occ)
            if action is None or (score <= 0.0 and not u.failed and
                                  not isinstance(action, Move)):
                return EndActivation(u.uid)
            if isinstance(action, Move) and score <= 0.0 and "move" in u.did:
                return EndActivation(u.uid)
            return action
        choice, choice_score = None, None
        for u in waiting(state, side):
            if u.status != ON:
                continue
            action, score = self._best(state, u, occ)
            if action is not None and (choice_score is None or score > choice_score):
                choice, choice_score = action, score
        return choice if choice is not None else EndTurn(state.side_id(side))

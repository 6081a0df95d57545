"""A heuristic player: cheap scoring of the engine's legal choices, no lookahead.

In its own movement phase a side
1. calls its off-map support on the best target,
2. shoots with missile units (and a ready superlaser) that have a target at range before
   anyone moves,
3. moves its units one at a time (units in contact first, then by distance to their goal,
   missile units after the line, the Army Leader last), each to the square that scores best
   (see `move_scoring`), or leaves it where it stands,
4. casts Fear on the enemies next to a caster, or Aid on the side's best attacker (see
   `spell_choice`),
5. attacks, best attack first, again and again (values favour damaged units, the enemy
   Army Leader when destroying it wins, and units already attacked this round),
6. ends its phase.
In reaction and response windows it declares, together, every unit's best attack on the
mover or the attackers, unless it is a long shot better kept for its own phase. It advances
into the hexes it empties (not the Army Leader). Routed units move and rally by themselves.

It reads only the state and the engine's queries, and draws only on its own generator:
the same seed and the same game give the same choices.
"""
from __future__ import annotations

import random
from itertools import chain
from typing import Any

from studio.engine.board import OFF
from studio.engine.state import ON

from ..actions import Advance, Attack, ChooseOrder, EndPhase, Exit, Move, Pass, Strike
from ..play import legal_actions

from . import queries
from .attack_choice import best_attack, target_value, window_declaration
from .estimates import Estimator
from .intent import Intent, on_map
from .move_scoring import MoveScorer
from .spell_choice import best_cast
from .weights import DEFAULT, Weights


class _Jitter:
    """Tiny random amounts added to scores, drawn from the player's own generator."""

    __slots__ = ("random", "scale")

    def __init__(self, rng, scale):
        self.random = rng.random
        self.scale = scale

    def __call__(self) -> float:
        return self.random() * self.scale


class _PhasePlan:
    """What a side decided at the start of its movement phase, kept until the phase ends."""

    __slots__ = ("key", "intent", "order", "pos", "committed", "moved_any", "strikes_open",
                 "exits_open", "spells_open")

    def __init__(self, key, intent, order):
        self.key = key
        self.intent = intent
        self.order = order
        self.pos = 0
        self.committed: dict[int, int] = {}
        self.moved_any = False
        self.strikes_open = True
        self.exits_open = bool(intent.exit_edges)
        # Spells to consider before the attacks (until none is worth casting).
        self.spells_open = any(u.profile.has("magic") for u in intent.mine)


class HeuristicAI:
    """`HeuristicAI(seed).choose(state)` -> an action for `state.to_act`.

    >>> HeuristicAI(5)
    HeuristicAI(seed=5)
    """

    def __init__(self, seed: int = 0, weights: Weights = DEFAULT):
        self.seed = seed
        self.weights = weights
        self.rng = random.Random(seed)
        self._plans: dict[int, _PhasePlan] = {}
        self._est: Estimator | None = None
        # Tiny amounts added to scores so equal squares are not always settled by the
        # board's fixed order.
        self._jitter = _Jitter(self.rng, weights.noise)

    def __repr__(self) -> str:
        if self.weights == DEFAULT:
            return f"HeuristicAI(seed={self.seed})"
        return f"HeuristicAI(seed={self.seed}, weights={self.weights})"

    # -- entry point ---------------------------------------------------------------------------
    def choose(self, state: Any) -> Any:
        side_id = state.to_act
        if side_id is None:
            raise ValueError(f"no side is to act in {state!r}: the game is over or between phases")
        side = state.game.side_index[side_id]
        window = state.window
        if window is not None:
            return self._window(state, side, side_id, window)
        return self._movement(state, side, side_id)

    def _estimator(self, state) -> Estimator:
        if self._est is None or self._est.game is not state.game:
            self._est = Estimator(state.game)
        return self._est

    # -- windows -------------------------------------------------------------------------------
    def _window(self, state, side, side_id, window):
        if window == "order":
            # Move second: every enemy move then comes into our reaction attacks, and we
            # move knowing where the enemy stands (in mirror games the side moving first
            # in a round wins clearly less often).
            return ChooseOrder(side_id, False)
        if window == "advance":
            adv = next((a for a in legal_actions(state) if isinstance(a, Advance)), None)
            if adv is not None and self._should_advance(state, state.unit(adv.unit)):
                return adv
            return Pass(side_id)
        # The window's legal attacks (legal_actions lists these, then spells and Pass); units
        # routed, carried or that have attacked this round have none, and are not asked.
        rnd = state.round
        attacks = [Attack(u.uid, t.uid) for u in state.units
                   if u.side == side and u.status == ON and not u.routed
                   and u.attacked_round != rnd and u.carried_by == OFF
                   for t in queries.targets(state, u)]
        if attacks:
            intent = Intent(state, side, goals=False)
            decl = window_declaration(self._estimator(state), intent, state, side_id, attacks,
                                      self.weights.patient_share)
            if decl is not None:
                return decl
        return Pass(side_id)

    def _should_advance(self, state, u) -> bool:
        if u.leader:
            return False
        prof = u.profile
        return not (prof.range >= 2 and prof.base_attack(2) is not None)

    # -- movement phase -----------------------------------------------------------------------
    def _plan(self, state, side) -> _PhasePlan:
        key = (id(state), state.round, state.phase_serial)
        plan = self._plans.get(side)
        if plan is None or plan.key != key:
            intent = Intent(state, side)
            plan = _PhasePlan(key, intent, self._move_order(state, intent))
            self._plans[side] = plan
        return plan

    def _move_order(self, state, intent) -> list:
        board = state.game.board
        enemy_hexes = {e.hex for e in intent.enemies}

        def rank(u):
            prof = u.profile
            # An enemy one hex away stands in a neighbouring hex (off-map ones are OFF).
            contact = not enemy_hexes.isdisjoint(board.nbr[u.hex])
            missile = prof.range >= 2 and prof.base_attack(2) is not None
            group = 3 if u.leader else 0 if contact else 2 if missile else 1
            goal = intent.goal_enemy.get(u.i)
            if u.i in intent.goal_hex:
                d = board.distance(u.hex, intent.goal_hex[u.i])
            elif u.i in intent.goal_edge:
                d = board.edge_distance(u.hex, intent.goal_edge[u.i])
            elif goal is not None:
                d = board.distance(u.hex, goal.hex)
            else:
                d = 0
            return (group, d, u.i)

        # Carried units get off after their carriers have moved.
        return sorted((u for u in intent.mine if not u.routed), key=rank) + \
            [u for u in intent.aboard if not u.routed]

    def _movement(self, state, side, side_id):
        plan = self._plan(state, side)
        intent = plan.intent
        est = self._estimator(state)
        rnd = state.round

        if plan.strikes_open and state.game.sides[side].supports:
            strike = self._best_strike(state, side, est, intent)
            if strike is not None:
                return strike
            plan.strikes_open = False

        if not plan.moved_any:
            # Missile units shoot before anyone closes in (and a superlaser before its ship
            # turns away: move scoring does not count that shot).
            shooters = [u for u in intent.mine if on_map(u) and (
                (u.profile.range >= 2 and not u.leader) or u.profile.superlaser)]
            shot = best_attack(est, intent, state, shooters,
                               lambda a: queries.targets(state, a), min_distance=2)
            if shot is not None:
                return Attack(shot[1].uid, shot[2].uid)

        if plan.exits_open:
            for u in intent.mine:
                if on_map(u) and not u.routed and u.i in intent.goal_edge and \
                        u.moved_phase != state.phase_serial and queries.may_exit(state, u):
                    plan.moved_any = True
                    return Exit(u.uid)

        while plan.pos < len(plan.order):
            u = plan.order[plan.pos]
            plan.pos += 1
            if u.status != ON or u.hex == OFF or u.routed or \
                    u.moved_phase == state.phase_serial:
                continue
            act = self._move_for(state, intent, est, u, plan)
            if act is not None:
                plan.moved_any = True
                return act

        # Units that must charge (always-charge) before the phase may end.
        for u in intent.mine:
            if u.moved_phase != state.phase_serial and on_map(u) and queries.must_charge(state, u):
                act = self._move_for(state, intent, est, u, plan, forced_charge=True)
                if act is not None:
                    return act

        candidates = [u for u in intent.mine if u.attacked_round != rnd and not u.routed
                      and on_map(u)]
        hit = best_attack(est, intent, state, candidates, lambda a: queries.targets(state, a))
        if plan.spells_open:
            cast = best_cast(state, intent, est, hit) if self.weights.spells else None
            if cast is not None:
                return cast
            plan.spells_open = False
        if hit is not None:
            return Attack(hit[1].uid, hit[2].uid)
        return EndPhase(side_id)

    def _move_for(self, state, intent, est, u, plan, forced_charge: bool = False):
        """The best Move for unit `u`, or None to leave it where it stands."""
        forced = forced_charge or queries.must_charge(state, u)
        landing = queries.landing_hexes(state, u)
        if landing is not None and not forced:
            # A plane due to land this round ends on its airfield, or is lost.
            if u.hex in landing:
                return None
            by_hex = {h: fs for h, fs in queries.square_hexes(state, u).items()
                      if h in landing}
            if by_hex:      # (standing where it is, off its airfield, is no choice)
                return self._best_square(state, intent, est, u, plan, by_hex, {}, True)
        if not forced and self._engaged(state, intent, u):
            return None
        by_hex = {} if forced else queries.square_hexes(state, u)
        may_attack = u.attacked_round != state.round
        charges = queries.charge_squares(state, u) if may_attack else {}
        if not by_hex and not charges:
            return None
        charge_hexes: dict[int, list[int]] = {}
        for (h, f) in charges:
            charge_hexes.setdefault(h, []).append(f)
        return self._best_square(state, intent, est, u, plan, by_hex, charge_hexes, forced)

    def _best_square(self, state, intent, est, u, plan, by_hex, charge_hexes, forced):
        """The Move to the best of the squares `by_hex` {hex: facings} and the charges
        `charge_hexes`, or None when standing where it is scores best (not an option when
        `forced`)."""
        scorer = MoveScorer(intent, est, u, plan.committed, self._jitter, self.weights,
                            where=chain(by_hex, charge_hexes))
        best = None
        best_score = float("-inf")
        best_target = None
        hexes = list(by_hex)
        if not u.leader:
            # Most promising first, and none whose best possible score cannot win.
            bounds = scorer.upper_bounds(hexes)
            hexes.sort(key=bounds.__getitem__, reverse=True)
        if not forced:
            found = scorer.best_facing(u.hex, (u.facing,), scorer.hex_part(u.hex), best_score)
            best_score, best_target = found[0], found[2]
        # A hex whose best possible score cannot beat the best square so far is skipped
        # (`best_facing` would score none of its facings: no jitter is drawn for it).
        prune = scorer.prunable
        for h in hexes:
            if not u.leader and bounds[h] <= best_score:
                break
            if prune and not scorer.could_beat(h, best_score):
                continue
            found = scorer.best_facing(h, by_hex[h], scorer.hex_part(h), best_score)
            if found is not None:
                best_score, best, best_target = found[0], (h, found[1], False), found[2]
        for h, facings in charge_hexes.items():
            if prune and not scorer.could_beat(h, best_score, charging=True):
                continue
            found = scorer.best_facing(h, facings, scorer.hex_part(h, charging=True), best_score)
            if found is not None:
                best_score, best, best_target = found[0], (h, found[1], True), found[2]
        if best_target is not None:
            target = scorer.enemy_at(best_target)
            if target is not None:
                plan.committed[target.i] = plan.committed.get(target.i, 0) + 1
        if best is None:
            return None
        h, f, charge = best
        board = state.game.board
        return Move(u.uid, board.labels[h], board.facing_names[f], charge)

    @staticmethod
    def _engaged(state, intent, u) -> bool:
        """In contact and facing every adjacent enemy, with one of them to attack: standing
        fast is right, and cheaper to know than scoring every square."""
        board = state.game.board
        in_arc = board.in_arc
        can_attack = u.attacked_round != state.round
        facing_one = False
        # The enemies next to it, found through the hexes around it (not every enemy).
        by_hex = queries.occupied(state)
        enemies = intent.enemy_set()
        for n in board.nbr[u.hex]:
            here = by_hex.get(n)
            if not here:
                continue
            for e in here:
                if e.i not in enemies or e.routed or not on_map(e):
                    continue
                if not in_arc(u.hex, u.facing, e.hex):
                    return False
                facing_one = True
        return facing_one and can_attack

    def _best_strike(self, state, side, est, intent):
        """The most valuable off-map strike now, or None (ammunition and per-round limits
        are the engine's: its legal actions say which strikes may be made)."""
        strikes = [a for a in legal_actions(state) if isinstance(a, Strike)]
        if not strikes:
            return None
        sides = state.game.sides[side]
        base = {s.id: s.attack for s in sides.supports}
        best = None
        for act in strikes:
            t = state.unit(act.target)
            w = target_value(est, intent, t) * est.strike_share(base[act.support], t)
            if w > 0 and (best is None or w > best[0]):
                best = (w, act)
        return best[1] if best else None

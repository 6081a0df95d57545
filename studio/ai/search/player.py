"""A search player for any ruleset, over the contract only: `legal_actions`, `apply`,
`view`, `result`.

It decides on its side's view and nothing else (the game state it is handed is turned into
`Ruleset.view` first; a view handed to it stays the view). Each playout is a
determinization of that view (`determinize`): a copy whose dice are reseeded from the
player's own seed (a sample of the chance outcomes), with stand-ins for the enemy units
the side has never seen. The playout applies one candidate action, then lets the rollout
policy play a few decisions (the game's own AI when it ships one, uniformly random legal
actions otherwise) and scores where it stopped (`evaluate.score`).

Candidates are chosen by UCB1 at the root with progressive widening: the game's own AI's
choice for the view comes first, the other legal actions follow in an order shuffled by
the player's generator and join one by one as playouts accumulate; the n-th playout of
every candidate rolls the same dice. The decision is the AI's choice unless another
candidate beats it on the same dice (`_decision`), or without an AI the most tried
candidate. This is information-set Monte Carlo search kept to the root: the tree below it
would cost a `legal_actions` call a node, which is most of a decision's time in every
bundled game (hundreds of actions a decision).

With a playout budget the same seed gives the same decisions, so a game replays exactly;
a millisecond budget does not (how many playouts fit depends on the machine's load).
"""
from __future__ import annotations

import math
import random
import time
from typing import Any

from studio.ai.seeds import derive_seed

from .budget import Budget
from .determinize import determinized, stand_ins
from .evaluate import material, nearness, score

# Decisions a rollout plays after the candidate before it is scored: long enough for the
# candidate's attack (or the enemy's answer) to count, short enough for batches.
DEFAULT_DEPTH = 12
# UCB1's exploration constant (scores are in 0..1).
EXPLORE = 0.7
# What it takes to overrule the game's own AI: playouts of the other candidate, and its
# average gain on the same dice.
EVIDENCE = 2
MARGIN = 0.02


class SearchPlayer:
    """Determinized Monte Carlo search: `budget` per decision, `depth` rollout decisions.

    >>> SearchPlayer(3)
    SearchPlayer(seed=3, budget=16)
    """

    def __init__(self, seed: int = 0, budget: Budget | None = None, depth: int = DEFAULT_DEPTH,
                 rollout: str = "auto"):
        if rollout not in ("auto", "random"):
            raise ValueError(f"rollout policy {rollout!r}: use auto (the game's AI) or random")
        self.seed = seed
        self.budget = budget or Budget()
        self.depth = depth
        self.rollout = rollout
        self.rng = random.Random(seed)
        self._rules: Any = None
        self._prior: Any = None
        self.playouts = 0            # playouts run so far (benchmarks read it)

    def __repr__(self) -> str:
        extra = "" if self.depth == DEFAULT_DEPTH else f", depth={self.depth}"
        extra += "" if self.rollout == "auto" else f", rollout={self.rollout!r}"
        return f"SearchPlayer(seed={self.seed}, budget={self.budget}{extra})"

    # -- the Player protocol -------------------------------------------------------------

    def choose(self, state: Any) -> Any:
        """The action for `state.to_act`, decided on that side's view of `state`."""
        rules = state.game.rules
        return self.decide(rules.view(state, state.to_act))

    def decide(self, view: Any) -> Any:
        """The action for `view.to_act`, from the view alone."""
        rules = view.game.rules
        if rules is not self._rules:
            self._rules = rules
            self._prior = (None if self.rollout == "random" or rules.ai is None
                           else rules.ai.player(self.seed))
        legal = rules.legal_actions(view)
        if not legal:
            raise RuntimeError(f"no legal action for {view.to_act!r} in round {view.round}")
        if len(legal) == 1:
            return legal[0]
        side = view.game.side_index[view.to_act]
        candidates, guided = self._ordered(view, legal)
        return candidates[self._search(view, side, candidates, guided)]

    # -- search --------------------------------------------------------------------------

    def _ordered(self, view: Any, legal: list[Any]) -> tuple[list[Any], bool]:
        """The legal actions, the game's own AI's choice first when it has one (then True),
        the rest shuffled."""
        rest = list(legal)
        self.rng.shuffle(rest)
        if self._prior is None:
            return rest, False
        preferred = self._prior.choose(view.copy())
        for i, a in enumerate(rest):
            if a == preferred:
                rest[0], rest[i] = rest[i], rest[0]
                return rest, True
        return rest, False

    def _search(self, view: Any, side: int, candidates: list[Any], guided: bool) -> int:
        start = material(view)
        fill = stand_ins(view)
        scores: list[list[float]] = [[] for _ in candidates]
        # Common random numbers: the n-th playout of every candidate rolls the same dice,
        # so candidates are compared on the same luck.
        dice: list[int] = []
        deadline = (None if self.budget.ms is None
                    else time.perf_counter() + self.budget.ms / 1000.0)
        t = 0
        while True:
            if deadline is None:
                if t >= self.budget.playouts:
                    break
            elif t > 0 and time.perf_counter() >= deadline:
                break
            width = min(len(candidates), 1 + int(math.sqrt(t)))
            i = self._select(scores, width, t)
            n = len(scores[i])
            if n == len(dice):
                dice.append(self.rng.getrandbits(64))
            scores[i].append(self._playout(view, fill, side, candidates[i], start, dice[n]))
            t += 1
        self.playouts += t
        return _decision(scores, guided)

    @staticmethod
    def _select(scores: list[list[float]], width: int, t: int) -> int:
        for i in range(width):
            if not scores[i]:
                return i
        log_t = math.log(max(t, 1))
        return max(range(width), key=lambda i: sum(scores[i]) / len(scores[i])
                   + EXPLORE * math.sqrt(log_t / len(scores[i])))

    def _playout(self, view: Any, fill: list[tuple[int, Any]], side: int, action: Any,
                 start: list[float], dice_seed: int) -> float:
        rules = view.game.rules
        # A sample of the chance outcomes: the view's dice, reseeded from our seed.
        state = determinized(view, dice_seed, fill)
        rules.apply(state, action)
        near = nearness(state, side)
        # Fresh rollout players each playout: a game's AI may keep a plan between the
        # decisions of one game, which another playout's position would contradict.
        policies: dict[int, Any] = {}
        guided = self.rollout == "auto" and rules.ai is not None
        for _ in range(self.depth):
            if state.over:
                break
            to_act = state.game.side_index[state.to_act]
            if guided:
                policy = policies.get(to_act)
                if policy is None:
                    policy = policies[to_act] = rules.ai.player(derive_seed(dice_seed, to_act))
                action = policy.choose(state)
            else:
                legal = rules.legal_actions(state)
                action = legal[self.rng.randrange(len(legal))]
            rules.apply(state, action)
        return score(state, side, start, near)


def _decision(scores: list[list[float]], guided: bool) -> int:
    """The candidate to play. Guided by the game's own AI (candidate 0), another candidate
    must beat it on the same dice (its playouts against the AI's first as many) by more
    than `MARGIN`, tried at least `EVIDENCE` times: a lucky playout or two does not
    overrule it. Unguided, the most tried candidate (then the best scored)."""
    if guided:
        best, gain = 0, MARGIN
        for i in range(1, len(scores)):
            n = min(len(scores[i]), len(scores[0]))
            if n < EVIDENCE:
                continue
            g = (sum(scores[i][:n]) - sum(scores[0][:n])) / n
            if g > gain:
                best, gain = i, g
        return best
    return max(range(len(scores)), key=lambda k: (len(scores[k]),
                                                 sum(scores[k]) / len(scores[k])
                                                 if scores[k] else 0.0, -k))

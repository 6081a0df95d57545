"""When a variant has played enough games: two sequential probability ratio tests on its
win rate, one at each edge of the target band.

Wald's SPRT (A. Wald, "Sequential Tests of Statistical Hypotheses", Annals of Mathematical
Statistics 16(2), 1945) weighs, game by game, how much likelier the results are under one
win rate than under another; the study runs two of them, as Sobel and Wald's test of three
hypotheses (Annals of Mathematical Statistics 20(4), 1949):

- low: the lower band edge (target - band) against the target;
- high: the upper band edge (target + band) against the target.

A variant *reaches* the band when both tests side with the target, and *misses* it as soon
as one sides with its edge. Each test stops when its likelihood ratio passes 1/alpha one
way or 1/beta the other; by Ville's inequality the ratio of a wrong hypothesis passes such
a bound at any time with probability at most alpha (or beta), however often it is looked
at and whether or not the study stops early or at its cap. So:

- a variant whose true win rate is at a band edge or beyond is called *reaching* with
  probability at most alpha;
- a variant exactly on target is called *missing* with probability at most 2 beta;
- between the target and an edge either verdict may come (the test's indifference zone);
- a variant still open at the cap of games stays "open": that costs games, not errors.

>>> t = SprtPair(0.5, 0.03, alpha=0.05, beta=0.025)
>>> t.update(60, 200).verdict              # 30%: far below the band
'misses'
>>> t = SprtPair(0.5, 0.03, alpha=0.05, beta=0.025)
>>> t.update(50, 100).verdict, t.update(1001, 2000).verdict
('open', 'reaches')
"""
from __future__ import annotations

import math
from dataclasses import dataclass


@dataclass
class Sprt:
    """Wald's SPRT of win rate `edge` against `target`, on cumulative counts."""
    edge: float
    target: float
    alpha: float          # chance of siding with the target when the rate is the edge
    beta: float           # chance of siding with the edge when the rate is the target
    decision: str = ""    # "" (open), "target" or "edge"

    def log_ratio(self, wins: int, games: int) -> float:
        """log of P(results | target) / P(results | edge)."""
        losses = games - wins
        return (wins * math.log(self.target / self.edge)
                + losses * math.log((1 - self.target) / (1 - self.edge)))

    def update(self, wins: int, games: int) -> str:
        if not self.decision:
            llr = self.log_ratio(wins, games)
            if llr >= math.log(1 / self.alpha):
                self.decision = "target"
            elif llr <= -math.log(1 / self.beta):
                self.decision = "edge"
        return self.decision


class SprtPair:
    """The two tests of one variant; `verdict` is "reaches", "misses" or "open"."""

    def __init__(self, target: float, band: float, alpha: float, beta: float) -> None:
        low, high = target - band, target + band
        # An edge outside (0, 1) cannot be reached: that side's test sides with the target.
        self.low = Sprt(low, target, alpha, beta, "" if low > 0 else "target")
        self.high = Sprt(high, target, alpha, beta, "" if high < 1 else "target")
        self.wins = self.games = 0

    def update(self, wins: int, games: int) -> "SprtPair":
        self.wins, self.games = wins, games
        self.low.update(wins, games)
        self.high.update(wins, games)
        return self

    @property
    def verdict(self) -> str:
        if "edge" in (self.low.decision, self.high.decision):
            return "misses"
        if self.low.decision == self.high.decision == "target":
            return "reaches"
        return "open"

    @property
    def direction(self) -> str:
        """For a variant that misses: "low" or "high"."""
        if self.low.decision == "edge":
            return "low"
        if self.high.decision == "edge":
            return "high"
        return ""


def verdict_of_interval(interval: tuple[float, float], target: float, band: float) -> str:
    """What a fixed number of games concludes from its interval: "reaches" when it lies
    inside target ± band, "misses" when clear of it, "open" otherwise (for comparisons
    with the sequential verdicts).

    >>> verdict_of_interval((0.48, 0.52), 0.5, 0.03), verdict_of_interval((0.3, 0.4), 0.5, 0.03)
    ('reaches', 'misses')
    """
    low, high = interval
    if low >= target - band and high <= target + band:
        return "reaches"
    if high < target - band or low > target + band:
        return "misses"
    return "open"


def next_total(played: int, first: int, cap: int) -> int:
    """How many games a still-open variant should have after the next round: `first`, then
    half as many again each round (few rounds, each large enough to share out), at most
    `cap`."""
    if played <= 0:
        return min(first, cap)
    return min(cap, max(played + first, played * 3 // 2))


# -- what the report says of the tests -------------------------------------------------------

def _llr(wins: int, games: int, target: float, rate: float) -> float:
    """log of P(results | target) / P(results | rate), for 0 < rate < 1."""
    losses = games - wins
    return wins * math.log(target / rate) + losses * math.log((1 - target) / (1 - rate))


def verdict_interval(wins: int, games: int, target: float, alpha: float
                     ) -> tuple[float, float]:
    """The win rates the results do not yet tell apart from the target at the test's
    bound: those whose likelihood the target's does not beat by 1/alpha. The variant
    reaches the band exactly when both band edges lie outside this interval; it is the
    interval the verdict uses (wider than the 95% one when alpha, the study's error rate
    shared out over its variants, is under 5%).

    With 1,000 wins in 2,000 games and alpha 0.01 it runs about 3 standard errors either
    side (a 95% interval is 1.96):

    >>> [round(x, 4) for x in verdict_interval(1000, 2000, 0.5, 0.01)]
    [0.4661, 0.5339]
    >>> verdict_interval(0, 0, 0.5, 0.01)
    (0.0, 1.0)
    """
    if games <= 0:
        return 0.0, 1.0
    bound = math.log(1 / alpha)
    rate = min(max(wins / games, 1e-12), 1 - 1e-12)

    def crossing(outside: float, inside: float) -> float:
        """Where the likelihood ratio reaches the bound, between a rate beyond it and one
        within (the ratio grows steadily away from the observed rate)."""
        for _ in range(80):
            mid = (outside + inside) / 2
            if _llr(wins, games, target, mid) < bound:
                inside = mid
            else:
                outside = mid
        return (outside + inside) / 2

    tiny = 1e-12
    low = 0.0 if _llr(wins, games, target, tiny) < bound else crossing(tiny, rate)
    high = 1.0 if _llr(wins, games, target, 1 - tiny) < bound else crossing(1 - tiny, rate)
    return low, high


NEVER = 1_000_000          # more games than this to decide a variant: call it never


def games_to_decide(wins: int, games: int, target: float, band: float, alpha: float,
                    beta: float) -> int | None:
    """About how many more games would decide a variant still open, if its win rate stayed
    what it is; None when at that rate it would never be decided, or only after more than
    NEVER games (it lies where neither verdict is favoured: between the target and a band
    edge, near their middle).

    >>> games_to_decide(1000, 2000, 0.5, 0.03, 0.01, 0.005)     # on target: reaches later
    554
    >>> games_to_decide(1030, 2000, 0.5, 0.03, 0.01, 0.005) is None   # half-way to an edge
    True
    >>> games_to_decide(0, 0, 0.5, 0.03, 0.01, 0.005) is None
    True
    """
    if games <= 0:
        return None
    rate = wins / games
    needs = []
    misses = []
    for edge in (target - band, target + band):
        if not 0 < edge < 1:
            continue
        now = _llr(wins, games, target, edge)
        per_game = (rate * math.log(target / edge)
                    + (1 - rate) * math.log((1 - target) / (1 - edge)))
        if per_game > 1e-7:
            needs.append(max(0.0, (math.log(1 / alpha) - now) / per_game))
        elif per_game < -1e-7:
            misses.append(max(0.0, (now + math.log(1 / beta)) / -per_game))
    more = None
    if misses:
        more = min(misses)
    elif needs and len(needs) == sum(0 < e < 1 for e in (target - band, target + band)):
        more = max(needs)
    return max(1, math.ceil(more)) if more is not None and more <= NEVER else None

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

"""Small statistics for batch reports: Wilson score intervals and count summaries.

>>> low, high = wilson_interval(50, 100)
>>> round(low, 4), round(high, 4)
(0.4038, 0.5962)
>>> wilson_interval(0, 0)
(0.0, 1.0)
>>> summarize_counts({3: 2, 5: 2})
{'mean': 4.0, 'min': 3, 'max': 5, 'distribution': {'3': 2, '5': 2}}
"""
from __future__ import annotations

import math

Z95 = 1.959963984540054     # two-sided 95% normal quantile


def wilson_interval(successes: int, trials: int, z: float = Z95) -> tuple[float, float]:
    """The Wilson score interval for a proportion: sound near 0% and 100%, where the plain
    normal approximation would give bounds outside [0, 1]. No trials: the whole range."""
    if trials <= 0:
        return 0.0, 1.0
    p = successes / trials
    z2 = z * z
    denom = 1.0 + z2 / trials
    centre = (p + z2 / (2 * trials)) / denom
    half = z * math.sqrt(p * (1 - p) / trials + z2 / (4 * trials * trials)) / denom
    low = 0.0 if successes <= 0 else max(0.0, centre - half)
    high = 1.0 if successes >= trials else min(1.0, centre + half)
    return low, high


def newcombe_interval(successes_a: int, trials_a: int, successes_b: int, trials_b: int,
                      z: float = Z95) -> tuple[float, float]:
    """Newcombe's hybrid score interval for the difference of two independent proportions,
    B minus A (R. G. Newcombe, "Interval estimation for the difference between independent
    proportions: comparison of eleven methods", Statistics in Medicine 17, 1998, method
    10): each proportion's Wilson interval, combined. A difference is shown when the
    interval leaves out 0; unlike asking whether the two intervals overlap, this keeps the
    stated error rate (overlapping 95% intervals can still differ at the 5% level).

    >>> low, high = newcombe_interval(48, 80, 56, 70)     # Newcombe's example (a)
    >>> round(low, 4), round(high, 4)
    (0.0524, 0.3339)
    """
    la, ua = wilson_interval(successes_a, trials_a, z)
    lb, ub = wilson_interval(successes_b, trials_b, z)
    pa = successes_a / trials_a if trials_a > 0 else 0.0
    pb = successes_b / trials_b if trials_b > 0 else 0.0
    d = pb - pa
    low = d - math.sqrt((pb - lb) ** 2 + (ua - pa) ** 2)
    high = d + math.sqrt((ub - pb) ** 2 + (pa - la) ** 2)
    return max(-1.0, low), min(1.0, high)


def summarize_counts(histogram: dict[int, int]) -> dict:
    """Mean, min, max and the distribution (keys as strings, for JSON) of integer values
    given as {value: how many times}."""
    n = sum(histogram.values())
    if n == 0:
        return {"mean": None, "min": None, "max": None, "distribution": {}}
    total = sum(v * c for v, c in histogram.items())
    values = sorted(histogram)
    return {"mean": total / n, "min": values[0], "max": values[-1],
            "distribution": {str(v): histogram[v] for v in values}}

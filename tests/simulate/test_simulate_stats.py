"""Wilson intervals and count summaries of the batch reports."""
from __future__ import annotations

import pytest

from studio.simulate.stats import summarize_counts, wilson_interval


def test_wilson_interval_known_values():
    low, high = wilson_interval(50, 100)
    assert low == pytest.approx(0.4038, abs=1e-4) and high == pytest.approx(0.5962, abs=1e-4)
    low, high = wilson_interval(95, 100)
    assert low == pytest.approx(0.8882, abs=1e-4) and high == pytest.approx(0.9785, abs=1e-4)


def test_wilson_interval_stays_inside_zero_and_one():
    assert wilson_interval(0, 10)[0] == 0.0 and wilson_interval(0, 10)[1] > 0
    assert wilson_interval(10, 10)[1] == 1.0 and wilson_interval(10, 10)[0] < 1
    assert wilson_interval(0, 0) == (0.0, 1.0)


def test_interval_narrows_with_more_games():
    small = wilson_interval(6, 10)
    large = wilson_interval(600, 1000)
    assert large[1] - large[0] < small[1] - small[0]


def test_summarize_counts():
    s = summarize_counts({8: 3, 12: 1})
    assert s == {"mean": 9.0, "min": 8, "max": 12, "distribution": {"8": 3, "12": 1}}
    assert summarize_counts({})["mean"] is None

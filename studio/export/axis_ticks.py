"""Round numbers for a chart's axis: the scale ends on a tick, and ticks step by 1, 2,
2.5 or 5 times a power of ten, so a reader sees 0, 0.05, 0.1, 0.15 rather than
0.128993, 0.257986.

>>> nice_ticks(0.5159)
[0, 0.1, 0.2, 0.3, 0.4, 0.5, 0.6]
>>> nice_ticks(7, integers=True)
[0, 2, 4, 6, 8]
>>> nice_ticks(1.0)
[0, 0.2, 0.4, 0.6, 0.8, 1]
>>> nice_ticks(0)
[0, 1]
"""
from __future__ import annotations

import math

STEPS = (1, 2, 2.5, 5, 10)


def nice_ticks(top: float, most: int = 6, integers: bool = False) -> list[float]:
    """Ticks from 0 to the first round value at or above ``top``, at most ``most`` steps."""
    if not top or top <= 0 or not math.isfinite(top):
        return [0, 1]
    power = 10 ** math.floor(math.log10(top / most))
    for m in STEPS:
        step = m * power
        if integers:
            step = max(1, math.ceil(step))
        if math.ceil(top / step - 1e-9) <= most:
            break
    count = math.ceil(top / step - 1e-9)
    # rounding keeps 0.1 * 3 from printing as 0.30000000000000004
    ticks = [round(k * step, 10) for k in range(count + 1)]
    return [int(t) if float(t).is_integer() else t for t in ticks]


def tick_label(value: float) -> str:
    """A tick as printed: no trailing zeros, no float noise."""
    return f"{value:g}"

"""Print-friendly terrain patterns, one function each, drawn inside a hex.

Each function draws around the origin (a hex of centre-to-corner ``r``) in the canvas's
current stroke/fill colour; the caller clips to the hex. They stay legible in black and
white, so a map printed on a laser printer still tells forest from marsh.
"""
from __future__ import annotations

import math
from typing import Callable

from reportlab.pdfgen.canvas import Canvas


def trees(c: Canvas, r: float) -> None:
    """Tree crowns on short trunks."""
    for dx, dy in ((-0.42, 0.28), (0.38, 0.34), (0.0, -0.05), (-0.38, -0.42), (0.4, -0.38)):
        x, y = dx * r, dy * r
        c.line(x, y - r * 0.2, x, y - r * 0.05)
        c.circle(x, y + r * 0.02, r * 0.13, stroke=1, fill=1)


def dots(c: Canvas, r: float) -> None:
    """A regular grid of dots."""
    step = r * 0.3
    n = int(r / step) + 1
    for i in range(-n, n + 1):
        for j in range(-n, n + 1):
            c.circle(i * step + (step / 2 if j % 2 else 0), j * step * 0.87, r * 0.03, stroke=0, fill=1)


def waves(c: Canvas, r: float) -> None:
    """Rows of gentle waves."""
    for row in (-0.45, -0.05, 0.35):
        p = c.beginPath()
        y = row * r
        p.moveTo(-r, y)
        x = -r
        while x < r:
            p.curveTo(x + r * 0.1, y + r * 0.1, x + r * 0.2, y + r * 0.1, x + r * 0.3, y)
            x += r * 0.3
        c.drawPath(p, stroke=1, fill=0)


def marsh(c: Canvas, r: float) -> None:
    """Water lines with reed tufts."""
    for dx, dy in ((-0.4, 0.3), (0.35, 0.25), (-0.05, -0.1), (-0.45, -0.45), (0.4, -0.45)):
        x, y = dx * r, dy * r
        c.line(x - r * 0.16, y, x + r * 0.16, y)
        for k in (-1, 0, 1):
            c.line(x + k * r * 0.05, y, x + k * r * 0.09, y + r * 0.14)


def hatch(c: Canvas, r: float) -> None:
    """Diagonal hatching."""
    step = r * 0.22
    k = -2 * r
    while k < 2 * r:
        c.line(k - r, -r, k + r, r)
        k += step


def backhatch(c: Canvas, r: float) -> None:
    """Diagonal hatching the other way from ``hatch`` (print only)."""
    step = r * 0.22
    k = -2 * r
    while k < 2 * r:
        c.line(k - r, r, k + r, -r)
        k += step


def cross(c: Canvas, r: float) -> None:
    """Cross-hatching both ways."""
    hatch(c, r)
    backhatch(c, r)


def bricks(c: Canvas, r: float) -> None:
    """Courses of bricks."""
    h = r * 0.2
    w = r * 0.4
    row = 0
    y = -r
    while y < r:
        c.line(-r, y, r, y)
        x = -r + (w / 2 if row % 2 else 0)
        while x < r:
            c.line(x, y, x, y + h)
            x += w
        y += h
        row += 1


def rocks(c: Canvas, r: float) -> None:
    """Scattered rock peaks."""
    for dx, dy, s in ((-0.4, 0.2, 0.22), (0.3, 0.3, 0.18), (0.0, -0.25, 0.26), (-0.45, -0.45, 0.14),
                      (0.45, -0.35, 0.16)):
        x, y, size = dx * r, dy * r, s * r
        p = c.beginPath()
        p.moveTo(x - size, y)
        p.lineTo(x - size * 0.2, y + size * 1.1)
        p.lineTo(x + size * 0.15, y + size * 0.6)
        p.lineTo(x + size * 0.45, y + size * 0.9)
        p.lineTo(x + size, y)
        p.close()
        c.drawPath(p, stroke=1, fill=0)


def sand(c: Canvas, r: float) -> None:
    """An irregular stipple (the same on every hex: it is drawn from a fixed sequence)."""
    for k in range(36):
        a = k * 2.399963   # golden angle: an even scatter without a visible grid
        d = r * 0.9 * math.sqrt((k + 0.5) / 36)
        c.circle(d * math.cos(a), d * math.sin(a), r * 0.025, stroke=0, fill=1)


def stripes(c: Canvas, r: float) -> None:
    """Level lines across the hex (print only: a terrain whose pattern another has)."""
    y = -r
    while y < r:
        c.line(-r, y, r, y)
        y += r * 0.2


def grid(c: Canvas, r: float) -> None:
    """A square grid (print only)."""
    step = r * 0.3
    k = -r
    while k < r:
        c.line(k, -r, k, r)
        c.line(-r, k, r, k)
        k += step


def rings(c: Canvas, r: float) -> None:
    """Small open circles in rows (print only)."""
    step = r * 0.4
    n = int(r / step) + 1
    for i in range(-n, n + 1):
        for j in range(-n, n + 1):
            c.circle(i * step + (step / 2 if j % 2 else 0), j * step * 0.87, r * 0.08,
                     stroke=1, fill=0)


def dashes(c: Canvas, r: float) -> None:
    """Short dashes in staggered rows (print only)."""
    step = r * 0.3
    row = 0
    y = -r
    while y < r:
        x = -r + (step / 2 if row % 2 else 0)
        while x < r:
            c.line(x, y, x + step * 0.45, y)
            x += step
        y += step * 0.8
        row += 1


PATTERNS: dict[str, Callable[[Canvas, float], None]] = {
    f.__name__: f for f in (trees, dots, waves, marsh, hatch, bricks, rocks, sand, cross)
}
# Patterns a terrain set cannot name; printing gives one to a terrain whose pattern
# another terrain of its set already has, so that no two look alike in black and white.
SPARE_PATTERNS: dict[str, Callable[[Canvas, float], None]] = {
    f.__name__: f for f in (stripes, backhatch, grid, rings, dashes)
}


def distinct_patterns(terrains) -> dict[str, str | None]:
    """Terrain id -> the pattern it prints with: its own, unless a terrain before it in the
    set has that pattern (or none, like it): then the first pattern nobody uses.

    >>> from types import SimpleNamespace as T
    >>> distinct_patterns([T(id="open", pattern=None), T(id="road", pattern=None),
    ...                    T(id="wire", pattern="hatch"), T(id="trench", pattern="hatch")])
    {'open': None, 'road': 'stripes', 'wire': 'hatch', 'trench': 'backhatch'}
    """
    terrains = list(terrains)
    taken = {(t.pattern if t.pattern != "none" else None) for t in terrains}
    spare = [p for p in list(SPARE_PATTERNS) + list(PATTERNS) if p not in taken]
    out: dict[str, str | None] = {}
    used: set[str | None] = set()
    for t in terrains:
        own = t.pattern if t.pattern != "none" else None
        if own in used and spare:
            own = spare.pop(0)
        used.add(own)
        out[t.id] = own
    return out


def draw_pattern(c: Canvas, name: str | None, r: float) -> None:
    if not name or name == "none":
        return
    try:
        (PATTERNS.get(name) or SPARE_PATTERNS[name])(c, r)
    except KeyError:
        raise ValueError(f"unknown terrain pattern {name!r}: use one of none, "
                         f"{', '.join(PATTERNS)}") from None

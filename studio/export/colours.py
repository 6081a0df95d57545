"""Colours for print: parsing the files' "#rrggbb", legible text on any fill, tints.

>>> c = parse_colour("#2b5fa8")
>>> text_colour_on(c) == WHITE, text_colour_on(parse_colour("#e3edc1")) == BLACK
(True, True)
>>> mix(parse_colour("#000000"), WHITE, 0.5).red
0.5
"""
from __future__ import annotations

import re

from reportlab.lib.colors import Color

WHITE = Color(1, 1, 1)
BLACK = Color(0, 0, 0)
INK = Color(0.12, 0.12, 0.12)
GREY = Color(0.55, 0.55, 0.55)
LIGHT_GREY = Color(0.85, 0.85, 0.85)

# For armies printed on their own (no scenario side gives a colour).
SIDE_PALETTE = ("#2b5fa8", "#a83232", "#3a7d3a", "#8a5a1c", "#6b3fa0", "#2d8a8a")

_HEX = re.compile(r"^#?([0-9a-fA-F]{6}|[0-9a-fA-F]{3})$")


def parse_colour(text: str, *, what: str = "colour") -> Color:
    """``#rrggbb`` or ``#rgb`` (the leading ``#`` may be left out)."""
    m = _HEX.match(text.strip()) if isinstance(text, str) else None
    if not m:
        raise ValueError(f"{what} {text!r} is not a colour: write it as '#rrggbb', "
                         f"e.g. '#2b5fa8'")
    digits = m.group(1)
    if len(digits) == 3:
        digits = "".join(ch * 2 for ch in digits)
    r, g, b = (int(digits[i:i + 2], 16) / 255.0 for i in (0, 2, 4))
    return Color(r, g, b)


def luminance(c: Color) -> float:
    """Relative luminance (WCAG), 0 black .. 1 white."""
    def channel(v: float) -> float:
        return v / 12.92 if v <= 0.03928 else ((v + 0.055) / 1.055) ** 2.4
    return 0.2126 * channel(c.red) + 0.7152 * channel(c.green) + 0.0722 * channel(c.blue)


def text_colour_on(fill: Color) -> Color:
    """Black or white, whichever contrasts more with ``fill``."""
    lum = luminance(fill)
    return BLACK if (lum + 0.05) / 0.05 >= 1.05 / (lum + 0.05) else WHITE


def mix(a: Color, b: Color, t: float) -> Color:
    """``a`` moved a fraction ``t`` of the way to ``b``."""
    return Color(a.red + (b.red - a.red) * t, a.green + (b.green - a.green) * t,
                 a.blue + (b.blue - a.blue) * t)


def lighter(c: Color, t: float = 0.5) -> Color:
    return mix(c, WHITE, t)


def darker(c: Color, t: float = 0.3) -> Color:
    return mix(c, BLACK, t)


def greyed(c: Color, t: float = 0.6) -> Color:
    """Washed out towards its own grey: the look of a routed counter's back."""
    grey = 0.3 * c.red + 0.59 * c.green + 0.11 * c.blue
    return mix(c, Color(grey, grey, grey), t)


def hex_string(c: Color) -> str:
    return "#%02x%02x%02x" % tuple(round(v * 255) for v in (c.red, c.green, c.blue))

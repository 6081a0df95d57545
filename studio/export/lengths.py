"""Paper lengths and page sizes as people write them ("5/8in", "16mm", "A4", "11x17in").

Everything is converted to PDF points (1/72 inch) once, at the edge, so the renderers
only ever see numbers and a counter of "5/8in" is exactly 45 points wide.

>>> parse_length("5/8in"), parse_length("1in"), round(parse_length("16mm"), 3)
(45.0, 72.0, 45.354)
>>> [round(v, 2) for v in parse_page_size("a4")]
[595.28, 841.89]
>>> parse_page_size("11x17in")
(792.0, 1224.0)
>>> parse_offset("0.5mm,-1mm") == (parse_length("0.5mm"), -parse_length("1mm"))
True
"""
from __future__ import annotations

import re
from fractions import Fraction

POINTS_PER_UNIT = {
    "in": 72.0,
    "inch": 72.0,
    '"': 72.0,
    "mm": 72.0 / 25.4,
    "cm": 720.0 / 25.4,
    "pt": 1.0,
}

# Portrait width x height in points.
PAGE_SIZES: dict[str, tuple[float, float]] = {
    "letter": (612.0, 792.0),
    "legal": (612.0, 1008.0),
    "tabloid": (792.0, 1224.0),
    "a4": (210 * 72 / 25.4, 297 * 72 / 25.4),
    "a3": (297 * 72 / 25.4, 420 * 72 / 25.4),
    "a2": (420 * 72 / 25.4, 594 * 72 / 25.4),
    "a1": (594 * 72 / 25.4, 841 * 72 / 25.4),
}

_LENGTH = re.compile(r"^\s*([+-]?(?:\d+(?:\.\d*)?|\.\d+)(?:/\d+)?)\s*(in|inch|\"|mm|cm|pt)\s*$",
                     re.IGNORECASE)
_NUMBER = re.compile(r"^\s*[+-]?(?:\d+(?:\.\d*)?|\.\d+)(?:/\d+)?\s*$")


_VULGAR = {"½": "1/2", "¼": "1/4", "¾": "3/4", "⅛": "1/8", "⅜": "3/8", "⅝": "5/8", "⅞": "7/8",
           "⁹⁄₁₆": "9/16", "⁄": "/", "″": "in", "”": "in"}


def _normalise(text: str) -> str:
    for k, v in _VULGAR.items():
        text = text.replace(k, v)
    return text


def parse_length(text: str | float | int, *, what: str = "length",
                 default_unit: str | None = None) -> float:
    """Points for a length written with its unit: ``5/8in``, ``0.625in``, ``16mm``, ``1.2cm``, ``3pt``.

    Numbers pass through as points. A bare number in text needs ``default_unit``
    (otherwise the error asks for a unit, since "16" could be mm or points).

    >>> parse_length("9/16in"), parse_length("⅝in")
    (40.5, 45.0)
    >>> parse_length("16")
    Traceback (most recent call last):
    ...
    ValueError: length '16' has no unit: write it as e.g. '16mm', '5/8in' or '12pt'
    """
    if isinstance(text, (int, float)) and not isinstance(text, bool):
        return float(text)
    if not isinstance(text, str):
        raise ValueError(f"{what} {text!r} is not a length: write it as e.g. '16mm' or '5/8in'")
    text = _normalise(text)
    m = _LENGTH.match(text)
    if m:
        value, unit = m.group(1), m.group(2).lower()
    elif default_unit is not None and _NUMBER.match(text):
        value, unit = text.strip(), default_unit
    else:
        if _NUMBER.match(text):
            raise ValueError(f"{what} {text!r} has no unit: write it as e.g. "
                             f"'{text.strip()}mm', '5/8in' or '12pt'")
        raise ValueError(f"{what} {text!r} is not a length: write a number with a unit, "
                         f"e.g. '16mm', '5/8in', '0.75in', '1.5cm' or '12pt'")
    try:
        number = float(Fraction(value))
    except (ValueError, ZeroDivisionError):
        raise ValueError(f"{what} {text!r} is not a length: {value!r} is not a number") from None
    return number * POINTS_PER_UNIT[unit]


def parse_positive_length(text: str | float, *, what: str = "length", allow_zero: bool = False,
                          default_unit: str | None = None) -> float:
    value = parse_length(text, what=what, default_unit=default_unit)
    if value < 0 or (value == 0 and not allow_zero):
        need = "zero or more" if allow_zero else "more than zero"
        raise ValueError(f"{what} {text!r} must be {need}")
    return value


def parse_page_size(text: str | tuple[float, float]) -> tuple[float, float]:
    """A named page (letter, a4, a3, a2, a1, tabloid, legal), optionally ``-landscape``,
    or a custom ``WxH`` with one unit for both (``420x594mm``, ``11x17in``) or one each
    (``30cmx40cm``)."""
    if isinstance(text, tuple):
        return (float(text[0]), float(text[1]))
    if not isinstance(text, str) or not text.strip():
        raise ValueError(f"page size {text!r} is not a page: use one of "
                         f"{', '.join(PAGE_SIZES)} or a custom size like '420x594mm'")
    key, landscape = split_orientation(text)
    if key in PAGE_SIZES:
        w, h = PAGE_SIZES[key]
        return (h, w) if landscape else (w, h)
    if "x" in key:
        left, right = key.split("x", 1)
        unit = re.search(r"(in|inch|\"|mm|cm|pt)\s*$", right)
        try:
            if unit and not re.search(r"(in|inch|\"|mm|cm|pt)\s*$", left):
                left = left.strip() + unit.group(1)
            w, h = parse_length(left, what="page width"), parse_length(right, what="page height")
        except ValueError as err:
            raise ValueError(f"page size {text!r} is not a page: {err}") from None
        if w <= 0 or h <= 0:
            raise ValueError(f"page size {text!r} must have a positive width and height")
        return (h, w) if landscape else (w, h)
    raise ValueError(f"page size {text!r} is not a page: use one of {', '.join(PAGE_SIZES)} "
                     f"(add '-landscape' to turn it) or a custom size like '420x594mm'")


def split_orientation(text: str) -> tuple[str, bool | None]:
    """``("a4", True)`` for "A4-landscape", ``("a4", False)`` for "a4-portrait",
    ``("a4", None)`` when the text does not say."""
    key = _normalise(text).strip().lower()
    for word, flag in (("landscape", True), ("portrait", False)):
        for sep in ("-", ":", " "):
            if key.endswith(sep + word):
                return key[: -len(word) - 1].strip(), flag
    return key, None


def parse_offset(text: str | tuple[float, float], *, what: str = "offset") -> tuple[float, float]:
    """``X,Y`` with units (``0.5mm,-0.3mm``); bare numbers are millimetres."""
    if isinstance(text, tuple):
        return (float(text[0]), float(text[1]))
    parts = text.split(",") if isinstance(text, str) else []
    if len(parts) != 2:
        raise ValueError(f"{what} {text!r} is not an X,Y pair: write e.g. '0.5mm,-0.3mm' "
                         f"(right and up are positive)")
    return (parse_length(parts[0], what=f"{what} X", default_unit="mm"),
            parse_length(parts[1], what=f"{what} Y", default_unit="mm"))


def format_length(points: float) -> str:
    """A length for people: millimetres with one decimal, plus inches when they are round.

    >>> format_length(45.0), format_length(parse_length("19mm"))
    ('15.9 mm (5/8 in)', '19.0 mm')
    """
    mm = points * 25.4 / 72.0
    inches = Fraction(points / 72.0).limit_denominator(32)
    text = f"{mm:.1f} mm"
    if abs(float(inches) * 72.0 - points) < 1e-6:
        text += f" ({inches} in)"
    return text

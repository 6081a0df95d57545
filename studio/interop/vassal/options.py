"""How a VASSAL module is made, parsed from what a person types (CLI flags, dialog fields).

>>> o = VassalOptions.parse(dpi="100", counter_size="5/8in")
>>> o.dpi, o.counter_size, round(o.hex_flat_to_flat, 2)
(100, 45.0, 56.25)
>>> VassalOptions.parse(dpi="10")
Traceback (most recent call last):
...
ValueError: board resolution 10 dpi is out of range: give 36 to 300
"""
from __future__ import annotations

from dataclasses import dataclass

from studio.export.lengths import parse_positive_length
from studio.export.options import (DEFAULT_COUNTER_SIZE, HEX_TO_COUNTER, MARKER_KINDS,
                                   check_marker_kinds)
from studio.export.png import DEFAULT_LEVEL, check_level

MIN_DPI, MAX_DPI = 36, 300
DEFAULT_DPI = 100


@dataclass(frozen=True, slots=True)
class VassalOptions:
    """Lengths in points. ``dpi`` is the board's resolution: hexes and counters keep their
    printed sizes relative to each other (the hex is rounded to an even pixel count)."""
    dpi: int = DEFAULT_DPI
    counter_size: float = 45.0
    hex_flat_to_flat: float = 45.0 * HEX_TO_COUNTER
    marker_kinds: tuple[str, ...] = MARKER_KINDS
    compression: int = DEFAULT_LEVEL

    def __post_init__(self) -> None:
        if not MIN_DPI <= self.dpi <= MAX_DPI:
            raise ValueError(f"board resolution {self.dpi} dpi is out of range: give {MIN_DPI} "
                             f"to {MAX_DPI}")
        check_marker_kinds(self.marker_kinds)
        check_level(self.compression)

    @classmethod
    def parse(cls, *, dpi: int | str = DEFAULT_DPI,
              counter_size: str | float = DEFAULT_COUNTER_SIZE,
              hex_size: str | float | None = None,
              marker_kinds: str | tuple | list | None = None,
              compression: int | str = DEFAULT_LEVEL) -> "VassalOptions":
        try:
            resolution = int(dpi)
        except (TypeError, ValueError):
            raise ValueError(f"board resolution {dpi!r} is not a whole number of dots per "
                             "inch") from None
        try:
            level = int(compression)
        except (TypeError, ValueError):
            raise ValueError(f"PNG compression {compression!r} is not a whole number from 0 "
                             "to 9") from None
        counter = parse_positive_length(counter_size, what="counter size")
        hex_ff = (parse_positive_length(hex_size, what="hex size") if hex_size is not None
                  else counter * HEX_TO_COUNTER)
        if isinstance(marker_kinds, str):
            marker_kinds = tuple(k.strip().lower() for k in marker_kinds.split(",") if k.strip())
        return cls(dpi=resolution, counter_size=counter, hex_flat_to_flat=hex_ff,
                   marker_kinds=MARKER_KINDS if marker_kinds is None else tuple(marker_kinds),
                   compression=level)

"""How counter images are made, parsed from what a person types (CLI flags, dialog fields).

>>> o = CounterImageOptions.parse(counter_size="5/8in", image_format="png", dpi=300)
>>> o.counter_size, o.pixels
(45.0, 188)
>>> CounterImageOptions.parse(dpi="12").dpi
Traceback (most recent call last):
...
ValueError: resolution 12 dpi is out of range: give 36 to 2400
"""
from __future__ import annotations

from dataclasses import dataclass

from studio.export.lengths import parse_positive_length
from studio.export.options import DEFAULT_COUNTER_SIZE, MARKER_KINDS, check_marker_kinds

FORMATS = ("png", "svg")
MIN_DPI, MAX_DPI = 36, 2400


@dataclass(frozen=True, slots=True)
class CounterImageOptions:
    """Lengths in points. ``bleed`` paints the counter's colour that far past its cut line
    on every side (the image grows by twice it); without bleed the cut line is framed, as
    on the printed sheets."""
    counter_size: float = 45.0
    image_format: str = "png"
    dpi: int = 300
    bleed: float = 0.0
    backs: bool = True
    marker_kinds: tuple[str, ...] = MARKER_KINDS

    def __post_init__(self) -> None:
        if self.image_format not in FORMATS:
            raise ValueError(f"image format {self.image_format!r} is not one of "
                             f"{', '.join(FORMATS)}")
        if not MIN_DPI <= self.dpi <= MAX_DPI:
            raise ValueError(f"resolution {self.dpi} dpi is out of range: give {MIN_DPI} to "
                             f"{MAX_DPI}")
        check_marker_kinds(self.marker_kinds)

    @property
    def face_size(self) -> float:
        """Width and height of one image in points, bleed included."""
        return self.counter_size + 2 * self.bleed

    @property
    def pixels(self) -> int:
        """Width and height of a PNG: the true size at ``dpi``, to the nearest pixel."""
        return max(1, round(self.face_size / 72 * self.dpi))

    @classmethod
    def parse(cls, *, counter_size: str | float = DEFAULT_COUNTER_SIZE,
              image_format: str = "png", dpi: int | str = 300, bleed: str | float = "0mm",
              backs: bool = True, marker_kinds: str | tuple | list | None = None
              ) -> "CounterImageOptions":
        try:
            resolution = int(dpi)
        except (TypeError, ValueError):
            raise ValueError(f"resolution {dpi!r} is not a whole number of dots per inch") from None
        if isinstance(marker_kinds, str):
            marker_kinds = tuple(k.strip().lower() for k in marker_kinds.split(",") if k.strip())
        return cls(
            counter_size=parse_positive_length(counter_size, what="counter size"),
            image_format=str(image_format).strip().lower().lstrip("."),
            dpi=resolution,
            bleed=parse_positive_length(bleed, what="bleed", allow_zero=True, default_unit="mm"),
            backs=bool(backs),
            marker_kinds=MARKER_KINDS if marker_kinds is None else tuple(marker_kinds))

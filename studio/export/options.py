"""Export options as dataclasses, in points, each parsing from the strings a person types.

The CLI and the studio's Export dialog both build these with ``parse(...)``; the
renderers only read them.

>>> o = CounterOptions.parse(counter_size="5/8in", page="a4", gutter="2mm", markers=3)
>>> o.counter_size, round(o.gutter, 3), o.markers
(45.0, 5.669, 3)
>>> MapOptions.parse(counter_size="1/2in").hex_flat_to_flat
45.0
>>> round(MapOptions.parse(hex_size="19mm").hex_flat_to_flat, 3)
53.858
"""
from __future__ import annotations

from dataclasses import dataclass

from .pdf_output import PrintForm
from .lengths import (PAGE_SIZES, parse_length, parse_offset, parse_page_size,
                      parse_positive_length, split_orientation)

# The marker counters a game needs besides the units (R12 routed, R30 hits, the
# Napoleonic disrupted/formation markers, WWII out of ammo, objectives, round, initiative).
MARKER_KINDS = ("routed", "hit", "disrupted", "formation", "out-of-ammo", "objective",
                "round", "initiative")

FLIP_EDGES = ("long", "short")


def check_marker_kinds(kinds) -> None:
    """ValueError naming the kinds that are not marker kinds."""
    unknown = [k for k in kinds if k not in MARKER_KINDS]
    if unknown:
        raise ValueError(f"unknown marker kind(s) {', '.join(map(repr, unknown))}: "
                         f"choose from {', '.join(MARKER_KINDS)}")


DEFAULT_COUNTER_SIZE = "5/8in"
DEFAULT_PAGE = "letter"
HEX_TO_COUNTER = 1.25        # default hex across flats = counter size x this


def _bool(value, what: str) -> bool:
    if isinstance(value, bool):
        return value
    if isinstance(value, str) and value.strip().lower() in ("1", "true", "yes", "on"):
        return True
    if isinstance(value, str) and value.strip().lower() in ("0", "false", "no", "off"):
        return False
    raise ValueError(f"{what} {value!r} is not yes/no: write true or false")


def _count(value, what: str) -> int:
    try:
        n = int(value)
    except (TypeError, ValueError):
        raise ValueError(f"{what} {value!r} is not a whole number") from None
    if n < 0:
        raise ValueError(f"{what} {value!r} must be 0 or more")
    return n


def _page(text) -> tuple[tuple[float, float], bool | None]:
    if isinstance(text, tuple):
        return (float(text[0]), float(text[1])), None
    _, orient = split_orientation(text)
    return parse_page_size(text), orient


@dataclass(slots=True)
class CounterOptions:
    """How counter sheets are laid out. Lengths in points."""
    counter_size: float = 45.0
    page: tuple[float, float] = PAGE_SIZES[DEFAULT_PAGE]
    margin: float = 36.0
    gutter: float = 0.0
    bleed: float = 0.0
    crop_marks: bool = True
    backs: bool = True            # print the back of every counter (routed / damaged side)
    duplex: bool = False          # front and back pages alternate, for a duplex printer
    back_offset: tuple[float, float] = (0.0, 0.0)   # moves the backs right/up to match fronts
    flip: str = "long"            # the paper edge the second side turns over: "long"/"short"
    markers: int | None = None    # marker counters of each kind; None: what the rosters need
    marker_kinds: tuple[str, ...] = MARKER_KINDS
    print_form: PrintForm = PrintForm()   # output intent / CMYK for a print shop
    die_cut: bool = False         # each counter's cut line as the spot colour CutContour
    die_cut_corner: float = 0.0   # the die-cut line's corner radius (0: square corners)

    def __post_init__(self) -> None:
        if self.counter_size <= 0:
            raise ValueError(f"counter size {self.counter_size!r} must be more than zero")
        if self.die_cut_corner * 2 > self.counter_size + 1e-9:
            raise ValueError(
                f"die-cut corner radius of {self.die_cut_corner * 25.4 / 72:.2f}mm is more "
                f"than half the counter ({self.counter_size * 25.4 / 72:.2f}mm): lower "
                f"--die-cut-corner")
        if self.bleed > 0 and self.gutter == 0:
            # Without a gutter each counter's bleed would paint over its neighbour's face
            # (the names cut, the frames gone): the gutter follows the bleed.
            self.gutter = 2 * self.bleed
        if self.bleed * 2 > self.gutter + 1e-9:
            raise ValueError(
                f"bleed of {self.bleed * 25.4 / 72:.2f}mm needs a gutter of at least "
                f"{self.bleed * 2 * 25.4 / 72:.2f}mm: each counter's colour reaches that far "
                f"past its cut line on every side (set --gutter, or lower --bleed)")
        if self.flip not in FLIP_EDGES:
            raise ValueError(f"flip edge {self.flip!r} is not one of {', '.join(FLIP_EDGES)}: "
                             f"write long (most duplex printers' default) or short")
        check_marker_kinds(self.marker_kinds)
        usable_w = self.page[0] - 2 * self.margin
        usable_h = self.page[1] - 2 * self.margin
        if usable_w < self.counter_size + 2 * self.bleed or usable_h < self.counter_size + 2 * self.bleed:
            raise ValueError("not even one counter fits on the page inside the margins: "
                             "use a smaller --counter-size or --margin, or a larger --page")

    @property
    def mirror_rows(self) -> bool:
        """Whether the backs mirror rows (top to bottom) rather than columns: turning the
        sheet over on an edge that runs left to right, the long edge of a landscape page or
        the short edge of a portrait one."""
        landscape = self.page[0] > self.page[1]
        return landscape == (self.flip == "long")

    @property
    def pitch(self) -> float:
        """Distance from one counter's cut line to the next one's."""
        return self.counter_size + self.gutter

    @classmethod
    def parse(cls, *, counter_size: str | float = DEFAULT_COUNTER_SIZE,
              page: str | tuple = DEFAULT_PAGE, margin: str | float = "0.5in",
              gutter: str | float = "0mm", bleed: str | float = "0mm",
              crop_marks: bool | str = True, backs: bool | str = True,
              duplex: bool | str = False, back_offset: str | tuple = "0mm,0mm",
              flip: str = "long",
              markers: int | str | None = "auto", marker_kinds: str | tuple | list | None = None,
              pdfx: bool | str = False, cmyk: bool | str = False,
              icc: str | None = None, die_cut: bool | str = False,
              die_cut_corner: str | float = "0mm") -> "CounterOptions":
        if isinstance(marker_kinds, str):
            marker_kinds = tuple(k.strip().lower() for k in marker_kinds.split(",") if k.strip())
        return cls(
            counter_size=parse_positive_length(counter_size, what="counter size"),
            page=_page(page)[0],
            margin=parse_positive_length(margin, what="margin", allow_zero=True),
            gutter=parse_positive_length(gutter, what="gutter", allow_zero=True, default_unit="mm"),
            bleed=parse_positive_length(bleed, what="bleed", allow_zero=True, default_unit="mm"),
            crop_marks=_bool(crop_marks, "crop marks"),
            backs=_bool(backs, "backs"),
            duplex=_bool(duplex, "duplex"),
            back_offset=parse_offset(back_offset, what="back offset"),
            flip=str(flip).strip().lower(),
            markers=(None if markers is None or str(markers).strip().lower() == "auto"
                     else _count(markers, "markers per kind")),
            marker_kinds=tuple(marker_kinds) if marker_kinds else MARKER_KINDS,
            print_form=PrintForm.parse(pdfx=pdfx, cmyk=cmyk, icc=icc),
            die_cut=_bool(die_cut, "die cut"),
            die_cut_corner=parse_positive_length(die_cut_corner, what="die-cut corner radius",
                                                 allow_zero=True, default_unit="mm"),
        )


@dataclass(slots=True)
class PlaysheetOptions:
    """Page and type size of the quick-reference sheets."""
    page: tuple[float, float] = PAGE_SIZES[DEFAULT_PAGE]
    margin: float = 28.0
    font_size: float = 7.5
    sides: tuple[str, ...] = ()     # side ids to print; empty = every side
    print_form: PrintForm = PrintForm()

    @classmethod
    def parse(cls, *, page: str | tuple = DEFAULT_PAGE, margin: str | float = "10mm",
              font_size: str | float = 7.5, sides: str | tuple | list | None = None,
              pdfx: bool | str = False, cmyk: bool | str = False,
              icc: str | None = None) -> "PlaysheetOptions":
        try:
            size = float(font_size)
        except (TypeError, ValueError):
            raise ValueError(f"font size {font_size!r} is not a number of points") from None
        if not 5 <= size <= 14:
            raise ValueError(f"font size {font_size!r} must be between 5 and 14 points")
        if isinstance(sides, str):
            sides = tuple(s.strip() for s in sides.split(",") if s.strip())
        return cls(page=_page(page)[0],
                   margin=parse_positive_length(margin, what="margin", allow_zero=True),
                   font_size=size, sides=tuple(sides or ()),
                   print_form=PrintForm.parse(pdfx=pdfx, cmyk=cmyk, icc=icc))


@dataclass(slots=True)
class MapOptions:
    """True-scale map printing. ``hex_flat_to_flat`` is the printed hex across its flats."""
    page: tuple[float, float] = PAGE_SIZES[DEFAULT_PAGE]
    auto_rotate: bool = True          # try the page turned too and keep the fewer tiles
    counter_size: float = 45.0
    hex_flat_to_flat: float = 45.0 * HEX_TO_COUNTER
    margin: float = 24.0
    overlap: float = 10 * 72 / 25.4
    with_units: bool = False
    labels: bool = True
    legend: bool = True
    title: str | None = None          # None: the scenario's name
    fit_page: bool = False            # one page exactly as large as the map needs
    print_form: PrintForm = PrintForm()

    def __post_init__(self) -> None:
        if self.hex_flat_to_flat <= 0:
            raise ValueError(f"hex size {self.hex_flat_to_flat!r} must be more than zero")
        if self.overlap < 0:
            raise ValueError(f"overlap {self.overlap!r} must be zero or more")

    @property
    def hex_radius(self) -> float:
        """Centre-to-corner size the hex layout needs."""
        return self.hex_flat_to_flat / 3 ** 0.5

    @classmethod
    def parse(cls, *, page: str | tuple = DEFAULT_PAGE, hex_size: str | float | None = None,
              counter_size: str | float = DEFAULT_COUNTER_SIZE, margin: str | float = "8mm",
              overlap: str | float = "10mm", with_units: bool | str = False,
              labels: bool | str = True, legend: bool | str = True,
              title: str | None = None, pdfx: bool | str = False,
              cmyk: bool | str = False, icc: str | None = None) -> "MapOptions":
        fit = isinstance(page, str) and page.strip().lower() == "fit"
        size, orient = ((PAGE_SIZES[DEFAULT_PAGE], None) if fit else _page(page))
        counter = parse_positive_length(counter_size, what="counter size")
        hex_ff = (parse_positive_length(hex_size, what="hex size") if hex_size is not None
                  else counter * HEX_TO_COUNTER)
        return cls(page=size, auto_rotate=orient is None, counter_size=counter,
                   hex_flat_to_flat=hex_ff,
                   margin=parse_positive_length(margin, what="margin", allow_zero=True),
                   overlap=parse_positive_length(overlap, what="overlap", allow_zero=True,
                                                 default_unit="mm"),
                   with_units=_bool(with_units, "with units"), labels=_bool(labels, "labels"),
                   legend=_bool(legend, "legend"), title=title, fit_page=fit,
                   print_form=PrintForm.parse(pdfx=pdfx, cmyk=cmyk, icc=icc))


__all__ = ["CounterOptions", "PlaysheetOptions", "MapOptions", "MARKER_KINDS", "parse_length"]

"""Printed maps: offset columns and rows, the labels printed on hexes ("0503"), and a map's
extent in pixels."""
from __future__ import annotations

from typing import Iterable, Union

from .coords import Hex, _new
from .layout import Layout, _orientation, _orientation_name, _pair



# ---------------------------------------------------------------------------
# Printed maps: offset coordinates and labels
# ---------------------------------------------------------------------------

_Size = Union[float, tuple[float, float]]


def _positive_int(value: object, what: str) -> int:
    if isinstance(value, bool) or not isinstance(value, int) or value < 1:
        raise ValueError(f"map {what} must be a positive integer, got {value!r}")
    return value


class MapGeometry:
    """A rectangular printed map, with hexes named by offset column/row.

    Columns and rows are numbered from 1 as printed.  Flat-top maps offset
    their columns: with ``offset="even"`` the even-numbered columns (02, 04,
    ...) sit half a hex lower than the odd ones; with ``"odd"`` the odd ones
    do.  Pointy-top maps offset their rows: ``"even"`` shifts even-numbered
    rows half a hex right.  Hex 0101 is always ``Hex(0, 0)``.

    ``to_hex``/``to_offset`` convert any integers, on the map or not;
    ``label``, ``index`` and the parsers insist on hexes on the map.

    >>> m = MapGeometry(20, 15)
    >>> m
    MapGeometry(columns=20, rows=15, orientation='flat', offset='even')
    >>> m.to_hex(5, 3), m.to_offset(Hex(4, 0))
    (Hex(q=4, r=0), (5, 3))
    >>> m.label(Hex(4, 0)), m.parse_label("0503")
    ('0503', Hex(q=4, r=0))
    >>> m.parse_area("0101-0202")
    [Hex(q=0, r=0), Hex(q=1, r=0), Hex(q=0, r=1), Hex(q=1, r=1)]
    >>> m.compact_area(m.parse_area("0101-0512") + m.parse_area("0707"))
    ['0101-0512', '0707']
    """

    __slots__ = ("columns", "rows", "orientation", "offset", "_flat", "_even", "_width", "_hexes")

    columns: int
    rows: int
    orientation: str
    offset: str
    _flat: bool
    _even: bool
    _width: int
    _hexes: tuple[Hex, ...] | None

    def __init__(self, columns: int, rows: int, orientation: str = "flat", offset: str = "even") -> None:
        columns = _positive_int(columns, "columns")
        rows = _positive_int(rows, "rows")
        name = _orientation_name(orientation)
        if offset not in ("even", "odd"):
            raise ValueError(f"map offset must be 'even' or 'odd', got {offset!r}")
        # Immutable (see __setattr__) because instances are hashable and the
        # label width and hex list are derived from the fields.
        put = object.__setattr__
        put(self, "columns", columns)
        put(self, "rows", rows)
        put(self, "orientation", name)
        put(self, "offset", offset)
        put(self, "_flat", name == "flat")
        put(self, "_even", offset == "even")
        put(self, "_width", max(2, len(str(max(columns, rows)))))
        put(self, "_hexes", None)

    def __setattr__(self, name: str, value: object) -> None:
        raise AttributeError(f"MapGeometry is immutable: cannot set {name!r}")

    def __reduce__(self) -> tuple[type, tuple[int, int, str, str]]:
        return (MapGeometry, self._key())

    def __repr__(self) -> str:
        return (
            f"MapGeometry(columns={self.columns}, rows={self.rows}, "
            f"orientation={self.orientation!r}, offset={self.offset!r})"
        )

    def _key(self) -> tuple[int, int, str, str]:
        return (self.columns, self.rows, self.orientation, self.offset)

    def __eq__(self, other: object) -> bool:
        if not isinstance(other, MapGeometry):
            return NotImplemented
        return self._key() == other._key()

    def __hash__(self) -> int:
        return hash(self._key())

    # -- offset <-> axial ---------------------------------------------------

    def to_hex(self, col: int, row: int) -> Hex:
        """Axial hex of printed column ``col``, row ``row`` (1-based).

        >>> MapGeometry(10, 10, "pointy", "odd").to_hex(1, 2)
        Hex(q=-1, r=1)
        """
        c = col - 1
        r = row - 1
        # The shifted half of the columns (rows) sits at 0-based odd indices
        # for offset="even" (printed 02 is 0-based 1); shifts use floor
        # division so that off-map negative indices still convert.
        if self._flat:
            return _new(Hex, (c, r - ((c >> 1) if self._even else ((c + 1) >> 1))))
        return _new(Hex, (c - ((r >> 1) if self._even else ((r + 1) >> 1)), r))

    def to_offset(self, h: Hex) -> tuple[int, int]:
        """Printed ``(column, row)`` of ``h``, 1-based; inverse of :meth:`to_hex`."""
        q, r = h
        if self._flat:
            return (q + 1, r + ((q >> 1) if self._even else ((q + 1) >> 1)) + 1)
        return (q + ((r >> 1) if self._even else ((r + 1) >> 1)) + 1, r + 1)

    def contains(self, h: Hex) -> bool:
        """True if ``h`` is on the map.

        >>> m = MapGeometry(20, 15)
        >>> m.contains(Hex(0, 0)), m.contains(Hex(-1, 0))
        (True, False)
        """
        col, row = self.to_offset(h)
        return 1 <= col <= self.columns and 1 <= row <= self.rows

    def hexes(self) -> list[Hex]:
        """All hexes on the map, row-major: row 1 columns 1.., then row 2..."""
        if self._hexes is None:
            to_hex = self.to_hex
            all_hexes = tuple(
                to_hex(col, row) for row in range(1, self.rows + 1) for col in range(1, self.columns + 1)
            )
            object.__setattr__(self, "_hexes", all_hexes)
            return list(all_hexes)
        return list(self._hexes)

    def index(self, h: Hex) -> int:
        """Row-major position of ``h`` in :meth:`hexes` (for flat arrays).

        >>> MapGeometry(20, 15).index(Hex(1, 1))
        21
        """
        col, row = self.to_offset(h)
        if not (1 <= col <= self.columns and 1 <= row <= self.rows):
            raise ValueError(f"{h!r} is off the map: {self._extent_text()}")
        return (row - 1) * self.columns + (col - 1)

    def hex_at_index(self, i: int) -> Hex:
        """The hex at row-major position ``i``; inverse of :meth:`index`.

        >>> MapGeometry(20, 15).hex_at_index(21)
        Hex(q=1, r=1)
        """
        count = self.columns * self.rows
        if isinstance(i, bool) or not isinstance(i, int) or not 0 <= i < count:
            raise IndexError(f"hex index {i!r} is out of range 0..{count - 1}")
        row, col = divmod(i, self.columns)
        return self.to_hex(col + 1, row + 1)

    # -- labels ---------------------------------------------------------------

    @property
    def label_width(self) -> int:
        """Digits per number in a label: 2 up to 99 columns/rows, 3 up to 999..."""
        return self._width

    def _extent_text(self) -> str:
        w = self._width
        return f"columns run {1:0{w}d}..{self.columns:0{w}d}, rows run {1:0{w}d}..{self.rows:0{w}d}"

    def _format(self, col: int, row: int) -> str:
        w = self._width
        return f"{col:0{w}d}{row:0{w}d}"

    def label(self, h: Hex) -> str:
        """Printed label of ``h``: column then row, each :attr:`label_width` digits.

        >>> MapGeometry(120, 80).label(Hex(4, 1))
        '005004'
        """
        col, row = self.to_offset(h)
        if not (1 <= col <= self.columns and 1 <= row <= self.rows):
            raise ValueError(f"{h!r} is off the map: {self._extent_text()}")
        return self._format(col, row)

    def _parse_offset(self, text: str) -> tuple[int, int]:
        w = self._width
        if not isinstance(text, str):
            raise ValueError(f"{text!r} is not a hex label: expected a string of {2 * w} digits")
        s = text.strip()
        if len(s) != 2 * w or not (s.isascii() and s.isdigit()):
            example = self._format(1, 1)
            raise ValueError(
                f"{text!r} is not a hex label for this map: expected {2 * w} digits, "
                f"column then row (e.g. {example!r})"
            )
        col = int(s[:w])
        row = int(s[w:])
        if not 1 <= col <= self.columns:
            raise ValueError(f"{text!r} is off the map: columns run {1:0{w}d}..{self.columns:0{w}d}")
        if not 1 <= row <= self.rows:
            raise ValueError(f"{text!r} is off the map: rows run {1:0{w}d}..{self.rows:0{w}d}")
        return col, row

    def parse_label(self, text: str) -> Hex:
        """The hex named by a printed label; surrounding whitespace is ignored.

        >>> MapGeometry(20, 30).parse_label("0531")
        Traceback (most recent call last):
        ...
        ValueError: '0531' is off the map: rows run 01..30
        """
        return self.to_hex(*self._parse_offset(text))

    def parse_area(self, text: str) -> list[Hex]:
        """Hexes named by an area: ``"0305"`` or a rectangle ``"0101-0520"``.

        A rectangle covers the offset columns and rows between its two
        corner labels, inclusive (the corners may come in either order).
        Several items may be joined by commas; the result is their union,
        row-major without duplicates.

        >>> m = MapGeometry(20, 20)
        >>> len(m.parse_area("0101-0520")), len(m.parse_area("0305, 0101-0102"))
        (100, 3)
        """
        if not isinstance(text, str) or not text.strip():
            raise ValueError(f"{text!r} is not a hex area: expected e.g. '0305' or '0101-0520'")
        cols = self.columns
        indices: set[int] = set()
        for item in text.split(","):
            ends = item.split("-")
            if len(ends) > 2 or not item.strip():
                raise ValueError(
                    f"{text!r} is not a hex area: expected labels like '0305' or ranges like '0101-0520'"
                    + (", separated by commas" if "," in text else "")
                )
            try:
                c1, r1 = self._parse_offset(ends[0])
                c2, r2 = self._parse_offset(ends[-1])
            except ValueError as err:
                raise ValueError(f"{text!r} is not a hex area: {err}") from None
            if c1 > c2:
                c1, c2 = c2, c1
            if r1 > r2:
                r1, r2 = r2, r1
            for row in range(r1 - 1, r2):
                base = row * cols
                indices.update(range(base + c1 - 1, base + c2))
        at = self.hex_at_index
        return [at(i) for i in sorted(indices)]

    def compact_area(self, hexes: Iterable[Hex]) -> list[str]:
        """Area strings covering exactly ``hexes``: the inverse of :meth:`parse_area`.

        Greedy and deterministic: scanning row-major, each hex not yet
        covered starts a rectangle as large as possible (widest-first or
        tallest-first, whichever covers more; ties go widest-first).  Items
        come out in row-major order of their top-left corners; single hexes
        are plain labels.

        >>> m = MapGeometry(20, 15)
        >>> m.compact_area(m.parse_area("0101-0110") + m.parse_area("0201-0501"))
        ['0101-0110', '0201-0501']
        """
        remaining: set[tuple[int, int]] = set()
        for h in hexes:
            col, row = self.to_offset(h)
            if not (1 <= col <= self.columns and 1 <= row <= self.rows):
                raise ValueError(f"{h!r} is off the map: {self._extent_text()}")
            remaining.add((row, col))
        out: list[str] = []
        for row, col in sorted(remaining):
            if (row, col) not in remaining:
                continue
            # Widest first: run right, then grow down while whole rows fit.
            c_end = col
            while (row, c_end + 1) in remaining:
                c_end += 1
            r_end = row
            while all((r_end + 1, c) in remaining for c in range(col, c_end + 1)):
                r_end += 1
            # Tallest first: run down, then grow right while whole columns fit.
            r_tall = row
            while (r_tall + 1, col) in remaining:
                r_tall += 1
            c_tall = col
            while all((r, c_tall + 1) in remaining for r in range(row, r_tall + 1)):
                c_tall += 1
            if (r_tall - row + 1) * (c_tall - col + 1) > (r_end - row + 1) * (c_end - col + 1):
                r_end, c_end = r_tall, c_tall
            for r in range(row, r_end + 1):
                for c in range(col, c_end + 1):
                    remaining.discard((r, c))
            first = self._format(col, row)
            out.append(first if (r_end, c_end) == (row, col) else f"{first}-{self._format(c_end, r_end)}")
        return out

    # -- drawing -------------------------------------------------------------

    def _bbox(self, layout: Layout) -> tuple[float, float, float, float]:
        # Only the first two and last two columns/rows can hold an extreme
        # hex (shifted and unshifted ones), so there is no need to visit all.
        cols = sorted({c for c in (1, 2, self.columns - 1, self.columns) if 1 <= c <= self.columns})
        rows = sorted({r for r in (1, 2, self.rows - 1, self.rows) if 1 <= r <= self.rows})
        hw = layout.hex_width / 2.0
        hh = layout.hex_height / 2.0
        xs = []
        ys = []
        for c in cols:
            for r in rows:
                x, y = layout.hex_to_pixel(self.to_hex(c, r))
                xs.append(x)
                ys.append(y)
        return (min(xs) - hw, min(ys) - hh, max(xs) + hw, max(ys) + hh)

    def layout(self, size: _Size, origin: tuple[float, float] = (0.0, 0.0)) -> Layout:
        """A layout drawing the whole map with its bounding box's top-left at ``origin``.

        With ``offset="even"`` (either orientation) 0101 is a topmost and
        leftmost hex, so ``origin`` is exactly 0101's own bounding-box corner.
        With ``"odd"``, 0101 is one of the shifted hexes: on a flat-top map it
        starts half a hex below ``origin``, on a pointy-top map half a hex to
        the right (unless the map has a single column / row).

        >>> lay = MapGeometry(20, 15).layout(10.0, origin=(5.0, 5.0))
        >>> x, y = lay.hex_to_pixel(Hex(0, 0))
        >>> round(x - lay.hex_width / 2, 6), round(y - lay.hex_height / 2, 6)
        (5.0, 5.0)
        """
        base = Layout(_orientation(self.orientation), size)
        min_x, min_y, _, _ = self._bbox(base)
        ox, oy = _pair(origin, "origin", allow_scalar=False)
        return Layout(base.orientation, base.size, (ox - min_x, oy - min_y))

    def pixel_size(self, size: _Size) -> tuple[float, float]:
        """``(width, height)`` of the whole map's bounding box for hex ``size``.

        >>> w, h = MapGeometry(20, 15).pixel_size(10.0)
        >>> round(w, 3), round(h, 3)
        (305.0, 268.468)
        """
        min_x, min_y, max_x, max_y = self._bbox(Layout(_orientation(self.orientation), size))
        return (max_x - min_x, max_y - min_y)

"""Counter sheets: counters on a grid at their exact size, crop marks, mirrored backs.

Each sheet is a front page and, with backs on, a back page. The back page mirrors the
front left to right (counter in column c sits in column n-1-c) so that, printed on the
other side of the paper (duplex, flipped on the long edge) or glued back to back, every
back lands behind its front. ``back_offset`` moves the whole back page to cancel a
printer's misregistration: print a sheet, hold it to the light, measure how far the backs
sit from the fronts, and pass the correction.
"""
from __future__ import annotations

import math
import os
from dataclasses import dataclass
from typing import Iterable, Sequence

from reportlab.pdfgen.canvas import Canvas

from .colours import GREY, INK
from .counter_art import CounterPainter
from .counter_faces import Counter, marker_counter
from .fonts import FONT, register_fonts
from .lengths import format_length
from .options import CounterOptions
from .pdf_output import new_canvas
from .progress import Progress, finish_partial, partial_path, remove_partial
from .rosters import RosterSource, roster_counters

CROP_LENGTH = 9.0       # points
CROP_GAP = 3.0          # from the counter's edge (plus any bleed) to the mark


@dataclass(frozen=True, slots=True)
class SheetGrid:
    """Where counters go on a page: ``columns`` x ``rows`` cut squares of ``size`` at
    ``pitch``, the top left one's lower left corner at ``(left, top - size)``."""
    page: tuple[float, float]
    size: float
    pitch: float
    columns: int
    rows: int
    left: float
    top: float

    @classmethod
    def for_options(cls, o: CounterOptions) -> "SheetGrid":
        reserve = o.bleed + ((CROP_GAP + CROP_LENGTH) if o.crop_marks else 0.0)
        usable_w = o.page[0] - 2 * max(o.margin, reserve)
        usable_h = o.page[1] - 2 * max(o.margin, reserve) - 14.0   # header line
        cols = max(0, math.floor((usable_w - 2 * o.bleed + o.gutter) / o.pitch + 1e-9))
        rows = max(0, math.floor((usable_h - 2 * o.bleed + o.gutter) / o.pitch + 1e-9))
        if cols < 1 or rows < 1:
            raise ValueError("not even one counter fits on the page with these margins and "
                             "crop marks: use a smaller --counter-size or --margin, or a larger --page")
        grid_w = cols * o.pitch - o.gutter
        left = (o.page[0] - grid_w) / 2          # centred, so mirroring keeps the grid in place
        top = o.page[1] - max(o.margin, reserve) - 14.0 - o.bleed
        return cls(o.page, o.counter_size, o.pitch, cols, rows, left, top)

    @property
    def per_page(self) -> int:
        return self.columns * self.rows

    @property
    def width(self) -> float:
        return self.columns * self.pitch - (self.pitch - self.size)

    @property
    def height(self) -> float:
        return self.rows * self.pitch - (self.pitch - self.size)

    def front(self, column: int, row: int) -> tuple[float, float]:
        return (self.left + column * self.pitch, self.top - row * self.pitch - self.size)

    def back(self, column: int, row: int, offset: tuple[float, float] = (0.0, 0.0)) -> tuple[float, float]:
        """Lower left of the back of the counter whose front is at ``(column, row)``."""
        x, y = self.front(column, row)
        return (self.page[0] - x - self.size + offset[0], y + offset[1])


def place(counters: Sequence[Counter], grid: SheetGrid) -> list[list[tuple[int, int, Counter]]]:
    """Counters into pages of ``(column, row, counter)``; each group (side, markers)
    starts on a fresh row."""
    pages: list[list[tuple[int, int, Counter]]] = []
    current: list[tuple[int, int, Counter]] = []
    col = row = 0
    group = None
    for counter in counters:
        if group is not None and counter.group != group and col != 0:
            col, row = 0, row + 1
        group = counter.group
        if row >= grid.rows:
            pages.append(current)
            current, col, row = [], 0, 0
        current.append((col, row, counter))
        col += 1
        if col >= grid.columns:
            col, row = 0, row + 1
    if current:
        pages.append(current)
    return pages


def _crop_marks(c: Canvas, grid: SheetGrid, used_rows: int, bleed: float,
                dx: float = 0.0, dy: float = 0.0, mirrored: bool = False) -> None:
    """Short lines in the margin on the extension of every cut line."""
    c.saveState()
    c.setStrokeColor(INK)
    c.setLineWidth(0.3)
    xs: set[float] = set()
    for col in range(grid.columns):
        x = grid.left + col * grid.pitch
        if mirrored:
            x = grid.page[0] - x - grid.size
        xs.update((round(x + dx, 4), round(x + grid.size + dx, 4)))
    ys: set[float] = set()
    for row in range(used_rows):
        y = grid.top - row * grid.pitch - grid.size
        ys.update((round(y + dy, 4), round(y + grid.size + dy, 4)))
    top = grid.top + dy + bleed + CROP_GAP
    bottom = grid.top - (used_rows - 1) * grid.pitch - grid.size + dy - bleed - CROP_GAP
    left = min(xs) - bleed - CROP_GAP
    right = max(xs) + bleed + CROP_GAP
    for x in sorted(xs):
        c.line(x, top, x, top + CROP_LENGTH)
        c.line(x, bottom, x, bottom - CROP_LENGTH)
    for y in sorted(ys):
        c.line(left, y, left - CROP_LENGTH, y)
        c.line(right, y, right + CROP_LENGTH, y)
    c.restoreState()


def _header(c: Canvas, page: tuple[float, float], text: str, top: float) -> None:
    c.saveState()
    c.setFillColor(GREY)
    c.setFont(FONT, 7)
    c.drawString(max(18.0, (page[0] - c.stringWidth(text, FONT, 7)) / 2), top, text)
    c.restoreState()


def all_counters(sources: Iterable[RosterSource], options: CounterOptions) -> list[Counter]:
    counters: list[Counter] = []
    for source in sources:
        counters.extend(roster_counters(source))
    for kind in options.marker_kinds:
        counters.extend(marker_counter(kind) for _ in range(options.markers))
    return counters


def write_counter_sheets(counters: Sequence[Counter], path: str | os.PathLike,
                         options: CounterOptions, *, title: str = "Counters",
                         progress: Progress | None = None, use_forms: bool = True,
                         compress: bool = True) -> int:
    """Write the PDF; returns the number of pages. ``use_forms`` and ``compress`` are
    there for the benchmark, which compares the PDF made each way."""
    register_fonts()
    grid = SheetGrid.for_options(options)
    pages = place(counters, grid)
    if not pages:
        raise ValueError("there are no counters to print: the roster is empty and --markers is 0")
    progress = progress or Progress(None, None)
    progress.total = len(pages) * (2 if options.backs else 1)
    part = partial_path(path)
    c = new_canvas(part, options.page, options.print_form,
                   pageCompression=1 if compress else 0)
    c.setTitle(title)
    c.setCreator("Wargame Studio")
    painter = CounterPainter(c, options.counter_size, options.bleed, use_forms=use_forms)
    size_text = format_length(options.counter_size)
    header_y = grid.top + options.bleed + (CROP_GAP + CROP_LENGTH if options.crop_marks else 0) + 4

    def front_page(n: int, placed) -> None:
        _header(c, options.page, f"{title} — sheet {n} of {len(pages)}, front — counters "
                                 f"{size_text}", min(header_y, options.page[1] - 12))
        for col, row, counter in placed:
            painter.draw(counter.front, *grid.front(col, row))
        if options.crop_marks:
            _crop_marks(c, grid, max(r for _, r, _ in placed) + 1, options.bleed)
        c.showPage()
        progress.step(f"sheet {n} front")

    def back_page(n: int, placed) -> None:
        dx, dy = options.back_offset
        _header(c, options.page, f"{title} — sheet {n} of {len(pages)}, back (mirrored; "
                                 f"offset {dx * 25.4 / 72:+.1f} mm, {dy * 25.4 / 72:+.1f} mm)",
                min(header_y, options.page[1] - 12) + dy)
        for col, row, counter in placed:
            if counter.back is not None:
                painter.draw(counter.back, *grid.back(col, row, options.back_offset))
        if options.crop_marks:
            _crop_marks(c, grid, max(r for _, r, _ in placed) + 1, options.bleed,
                        dx, dy, mirrored=True)
        c.showPage()
        progress.step(f"sheet {n} back")

    try:
        if options.backs and options.duplex:
            for n, placed in enumerate(pages, 1):
                front_page(n, placed)
                back_page(n, placed)
        else:
            for n, placed in enumerate(pages, 1):
                front_page(n, placed)
            if options.backs:
                for n, placed in enumerate(pages, 1):
                    back_page(n, placed)
        c.save()
        finish_partial(part, path)
    except BaseException:
        remove_partial(part)
        raise
    return len(pages) * (2 if options.backs else 1)


def export_counters(roster_sources: Iterable[RosterSource], path: str | os.PathLike,
                    options: CounterOptions | None = None, progress=None, cancel=None,
                    *, title: str | None = None) -> int:
    """Counter sheets for every unit of the rosters plus the marker counters.

    ``progress(done, total, message)`` is called after each page; ``cancel`` (an Event or
    a callable) stops the export between pages with ExportCancelled and removes the file.
    Returns the number of pages written.
    """
    options = options or CounterOptions()
    sources = list(roster_sources)
    counters = all_counters(sources, options)
    if title is None:
        title = " & ".join(s.label for s in sources) if sources else "Markers"
    return write_counter_sheets(counters, path, options, title=f"{title} counters",
                                progress=Progress(progress, cancel))

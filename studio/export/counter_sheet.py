"""Counter sheets: counters on a grid at their exact size, crop marks, mirrored backs.

Each sheet is a front page and, with backs on, a back page. The back page mirrors the
front so that, printed on the other side of the paper or glued back to back, every back
lands behind its front: left to right (column c in column n-1-c) when the sheet turns
over an edge running up the page (the long edge of a portrait page, the short edge of a
landscape one), top to bottom (row r in row n-1-r) when it turns over an edge running
across (the long edge of a landscape page, the short edge of a portrait one). The grid
is centred both ways so the mirrored cells are the grid's own; both pages say the flip.
``back_offset`` moves the whole back page to cancel a printer's misregistration: print a
sheet (or the calibration sheet), hold it to the light, measure how far the backs sit from
the fronts, and pass the correction.
"""
from __future__ import annotations

import math
import os
from dataclasses import dataclass
from typing import Iterable, Sequence

from reportlab.pdfgen.canvas import Canvas

from .colours import GREY
from .counter_art import CounterPainter
from .counter_faces import Counter
from .fonts import FONT, register_fonts
from .lengths import format_length
from .marker_plan import marker_counters
from .options import CounterOptions
from .pdf_output import describe, new_canvas, scenario_subject
from .print_marks import cut_contours, registration_lines
from .progress import Progress, written_in_place
from .rosters import RosterSource, roster_counters

CROP_LENGTH = 9.0       # points
CROP_GAP = 3.0          # from the counter's edge (plus any bleed) to the mark


HEADER = 14.0           # a line of text above the grid, and one below it


@dataclass(frozen=True, slots=True)
class SheetGrid:
    """Where counters go on a page: ``columns`` x ``rows`` cut squares of ``size`` at
    ``pitch``, the top left one's lower left corner at ``(left, top - size)``. The grid
    is centred both ways, so that a back mirrored left to right or top to bottom lands on
    the cell of its front; ``mirror_rows`` says which way the backs are mirrored."""
    page: tuple[float, float]
    size: float
    pitch: float
    columns: int
    rows: int
    left: float
    top: float
    mirror_rows: bool = False

    @classmethod
    def for_options(cls, o: CounterOptions) -> "SheetGrid":
        reserve = o.bleed + ((CROP_GAP + CROP_LENGTH) if o.crop_marks else 0.0)
        usable_w = o.page[0] - 2 * max(o.margin, reserve)
        usable_h = o.page[1] - 2 * max(o.margin, reserve) - 2 * HEADER
        cols = max(0, math.floor((usable_w - 2 * o.bleed + o.gutter) / o.pitch + 1e-9))
        rows = max(0, math.floor((usable_h - 2 * o.bleed + o.gutter) / o.pitch + 1e-9))
        if cols < 1 or rows < 1:
            raise ValueError("not even one counter fits on the page with these margins and "
                             "crop marks: use a smaller --counter-size or --margin, or a larger --page")
        grid_w = cols * o.pitch - o.gutter
        grid_h = rows * o.pitch - o.gutter
        left = (o.page[0] - grid_w) / 2
        top = (o.page[1] + grid_h) / 2
        return cls(o.page, o.counter_size, o.pitch, cols, rows, left, top, o.mirror_rows)

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
        if self.mirror_rows:
            return (x + offset[0], self.page[1] - y - self.size + offset[1])
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


def _crop_marks(c: Canvas, grid: SheetGrid, squares: Iterable[tuple[float, float]],
                bleed: float) -> None:
    """Short lines in the margin on the extension of every cut line of ``squares`` (the
    lower left corners of the cut squares printed on this page: a cut line no counter
    has gets no mark), in registration colour."""
    squares = list(squares)
    xs = sorted({round(v, 4) for x, _ in squares for v in (x, x + grid.size)})
    ys = sorted({round(v, 4) for _, y in squares for v in (y, y + grid.size)})
    top, bottom = ys[-1] + bleed + CROP_GAP, ys[0] - bleed - CROP_GAP
    left, right = xs[0] - bleed - CROP_GAP, xs[-1] + bleed + CROP_GAP
    lines = []
    for x in xs:
        lines += [(x, top, x, top + CROP_LENGTH), (x, bottom, x, bottom - CROP_LENGTH)]
    for y in ys:
        lines += [(left, y, left - CROP_LENGTH, y), (right, y, right + CROP_LENGTH, y)]
    registration_lines(c, lines)


def flip_words(options: CounterOptions) -> str:
    """How to print the second side, in the words printed on the sheet."""
    way = "top to bottom" if options.mirror_rows else "left to right"
    if options.duplex:
        return f"print double-sided, flip on the {options.flip} edge (backs mirrored {way})"
    return (f"backs mirrored {way}: print them on the other side turning the sheet over "
            f"its {options.flip} edge, or glue them back to back")


def _header(c: Canvas, page: tuple[float, float], text: str, top: float) -> None:
    """One centred grey line whose baseline is at ``top``."""
    c.saveState()
    c.setFillColor(GREY)
    c.setFont(FONT, 7)
    c.drawString(max(18.0, (page[0] - c.stringWidth(text, FONT, 7)) / 2), top, text)
    c.restoreState()


def all_counters(sources: Iterable[RosterSource], options: CounterOptions) -> list[Counter]:
    sources = list(sources)
    counters: list[Counter] = []
    for source in sources:
        counters.extend(roster_counters(source))
    counters.extend(marker_counters(sources, options))
    return counters


def write_counter_sheets(counters: Sequence[Counter], path: str | os.PathLike,
                         options: CounterOptions, *, title: str = "Counters",
                         doc_title: str = "", subject: str = "", author: str = "",
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
    with written_in_place(path) as part:
        c = new_canvas(part, options.page, options.print_form,
                       pageCompression=1 if compress else 0)
        describe(c, doc_title or title, subject or f"Counter sheets: {title}", author)
        painter = CounterPainter(c, options.counter_size, options.bleed, use_forms=use_forms)
        size_text = format_length(options.counter_size)
        crops = CROP_GAP + CROP_LENGTH if options.crop_marks else 0
        flip = flip_words(options) if options.backs else ""

        def lines(dy: float = 0.0) -> tuple[float, float]:
            """Baselines of the line above the grid and of the line below it."""
            above = min(grid.top + options.bleed + crops + 4, options.page[1] - 12) + dy
            lowest = grid.top - grid.height - options.bleed - crops - 4 - 7
            return above, max(lowest, 6) + dy

        def front_page(n: int, placed) -> None:
            above, below = lines()
            _header(c, options.page, f"{title} — sheet {n} of {len(pages)}, front — counters "
                                     f"{size_text}", above)
            if flip:
                _header(c, options.page, flip, below)
            for col, row, counter in placed:
                painter.draw(counter.front, *grid.front(col, row))
            squares = [grid.front(col, row) for col, row, _ in placed]
            if options.crop_marks:
                _crop_marks(c, grid, squares, options.bleed)
            if options.die_cut:
                # Cut from the front: the backs are printed to meet it.
                cut_contours(c, squares, grid.size, options.die_cut_corner)
            c.showPage()
            progress.step(f"sheet {n} front")

        def back_page(n: int, placed) -> None:
            dx, dy = options.back_offset
            above, below = lines(dy)
            _header(c, options.page, f"{title} — sheet {n} of {len(pages)}, back (offset "
                                     f"{dx * 25.4 / 72:+.1f} mm, {dy * 25.4 / 72:+.1f} mm)", above)
            _header(c, options.page, flip, below)
            for col, row, counter in placed:
                if counter.back is not None:
                    painter.draw(counter.back, *grid.back(col, row, options.back_offset))
            if options.crop_marks:
                _crop_marks(c, grid, (grid.back(col, row, options.back_offset)
                                      for col, row, _ in placed), options.bleed)
            c.showPage()
            progress.step(f"sheet {n} back")

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
    return len(pages) * (2 if options.backs else 1)


def export_counters(roster_sources: Iterable[RosterSource], path: str | os.PathLike,
                    options: CounterOptions | None = None, progress=None, cancel=None,
                    *, title: str | None = None, scenario=None) -> int:
    """Counter sheets for every unit of the rosters plus the marker counters.

    ``scenario`` (when the rosters are its sides) names the file's title, author and
    subject in its document information.

    ``progress(done, total, message)`` is called after each page; ``cancel`` (an Event or
    a callable) stops the export between pages with ExportCancelled and removes the file.
    Returns the number of pages written.
    """
    options = options or CounterOptions()
    sources = list(roster_sources)
    counters = all_counters(sources, options)
    if title is None:
        title = " & ".join(s.label for s in sources) if sources else "Markers"
    doc_title, subject, author = "", "", ""
    if scenario is not None:
        doc_title = f"{scenario.name}: {title} counters"
        subject = scenario_subject(f"Counter sheets for {scenario.name} ({title})", scenario)
        author = scenario.author
    return write_counter_sheets(counters, path, options, title=f"{title} counters",
                                doc_title=doc_title, subject=subject, author=author,
                                progress=Progress(progress, cancel))

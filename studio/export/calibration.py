"""A back-registration test sheet: print it double-sided as the counters will be, hold it
to the light, and read on the back's scales where the front's lines show through; that
reading is the ``--back-offset`` to print the counters with.

The front page has crosshairs (a long horizontal and a long vertical line) at the centre
and near the four corners. The back page has, at each crosshair's mirror image (turned
over the same edge as the counter backs, and moved by the offset the sheet is printed
with), a scale across each line: millimetres from -5 to +5, positive to the right and
up as the back page is read. A printer that lays the back 0.6 mm to the left shows the
front's vertical line at +0.6 on the back's scale: printing the backs 0.6 mm to the
right puts them back in place, so the reading, added to the offset the sheet was printed
with, is the offset to use. Corners that read differently from the centre mean the
printer also turns or scales the second side; the centre is the one to use.
"""
from __future__ import annotations

import os

from .colours import INK
from .counter_sheet import flip_words
from .fonts import FONT, FONT_BOLD
from .options import CounterOptions
from .pdf_output import describe, new_canvas
from .progress import Progress, written_in_place

MM = 72 / 25.4
REACH = 6 * MM            # the scale runs from -5 to +5 mm; the crosshair a little past it
LINE = 12 * MM            # half the length of each crosshair line (past the scales)
INSET = 30 * MM           # corner targets this far in from the page's edges


def target_points(options: CounterOptions) -> list[tuple[str, float, float]]:
    """``(name, x, y)`` of the crosshairs on the front page."""
    w, h = options.page
    inset = max(INSET, options.margin + LINE)
    return [("centre", w / 2, h / 2), ("top left", inset, h - inset),
            ("top right", w - inset, h - inset), ("bottom left", inset, inset),
            ("bottom right", w - inset, inset)]


def back_point(options: CounterOptions, x: float, y: float) -> tuple[float, float]:
    """Where a front point lies seen from the back page (before the printer's error),
    moved by the offset the sheet is printed with: the scales' zero."""
    w, h = options.page
    dx, dy = options.back_offset
    if options.mirror_rows:
        return x + dx, h - y + dy
    return w - x + dx, y + dy


def _crosshair(c, x: float, y: float) -> None:
    c.setLineWidth(0.25)
    c.line(x - LINE, y, x + LINE, y)
    c.line(x, y - LINE, x, y + LINE)
    c.circle(x, y, 1.5 * MM, stroke=1, fill=0)


def _scales(c, x: float, y: float) -> None:
    """A horizontal scale crossing the front's vertical line and a vertical one crossing
    its horizontal line, both with their zero at ``(x, y)``; ticks every 0.5 mm."""
    c.setLineWidth(0.2)
    # Off the crossing itself, so that each scale's ticks do not hide the other line.
    hy, vx = y - 9 * MM, x - 9 * MM
    c.line(x - REACH, hy, x + REACH, hy)
    c.line(vx, y - REACH, vx, y + REACH)
    for k in range(-10, 11):
        d = k * 0.5 * MM
        long = k % 2 == 0
        t = (1.6 if k == 0 else 1.1 if long else 0.6) * MM
        c.line(x + d, hy, x + d, hy + t)
        c.line(vx, y + d, vx + t, y + d)
        if long and k % 4 == 0:
            label = f"{k // 2:+d}" if k else "0"
            c.setFont(FONT_BOLD if k == 0 else FONT, 5)
            c.drawCentredString(x + d, hy - 2.2 * MM, label)
            c.drawRightString(vx - 0.8 * MM, y + d - 1.5, label)
    c.setFont(FONT, 4.5)
    c.drawString(x + REACH + 1 * MM, hy - 1.5, "X mm")
    c.drawCentredString(vx, y + REACH + 1 * MM, "Y mm")


def _text_lines(c, x: float, top: float, lines: list[str], size: float = 8) -> None:
    c.setFillColor(INK)
    for i, line in enumerate(lines):
        c.setFont(FONT_BOLD if i == 0 else FONT, size if i else size + 2)
        c.drawString(x, top - i * (size * 1.35) - (4 if i else 0), line)


def export_calibration(path: str | os.PathLike, options: CounterOptions | None = None,
                       progress=None, cancel=None) -> int:
    """Write the two-page test sheet (front, back) for ``options``' page, flip edge and
    back offset; returns 2."""
    options = options or CounterOptions()
    prog = Progress(progress, cancel, total=2)
    dx, dy = (v / MM for v in options.back_offset)
    with written_in_place(path) as part:
        c = new_canvas(part, options.page, options.print_form, pageCompression=1)
        describe(c, "Back registration test sheet", "Measures the offset between the "
                 "front and the back of a double-sided print (studio export calibration)")
        w, h = options.page
        left = max(options.margin, 12 * MM)
        prog.check()
        _text_lines(c, left, h / 2 + 40 * MM, [
            "Back registration test — front",
            flip_words(CounterOptions(page=options.page, duplex=True, flip=options.flip)),
            "Print both pages at 100% on one sheet, as the counters will be printed.",
            "Then turn to the back page and hold the sheet against a window."])
        c.setStrokeColor(INK)
        for _, x, y in target_points(options):
            _crosshair(c, x, y)
        c.showPage()
        prog.step("front")
        prog.check()
        own = (f", plus this sheet's own offset ({dx:+.1f} mm, {dy:+.1f} mm)"
               if (dx, dy) != (0, 0) else "")
        _text_lines(c, left, h / 2 + 40 * MM, [
            "Back registration test — back",
            "Read where the front's lines show through the centre's scales: X on the",
            "horizontal scale, Y on the vertical one (right and up are +, as this page reads).",
            f"Print the counters with --back-offset X,Y{own}, e.g. --back-offset 0.5mm,-1mm.",
            "Corners that read unlike the centre: the printer also turns or scales the back."])
        c.setStrokeColor(INK)
        c.setFillColor(INK)
        for name, x, y in target_points(options):
            bx, by = back_point(options, x, y)
            _scales(c, bx, by)
            if name == "centre":
                c.setFont(FONT_BOLD, 6)
                c.drawString(bx + 2 * MM, by + 2 * MM, "read here")
        c.showPage()
        prog.step("back")
        c.save()
    return 2


__all__ = ["export_calibration", "target_points", "back_point"]

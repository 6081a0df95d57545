"""Drawing counter faces: on a reportlab canvas for print, and on anything that offers the
same drawing calls (`studio.export.surface.Surface`), which is how the studio's map shows
the very counters the sheets print (the GUI adapts a QPainter; this module knows no Qt).

On a PDF, a whole face (background, frame, symbol box, arrow, band, name and numbers) is drawn once
into a PDF form and placed wherever that face appears, so each counter costs the page one
``q … cm /Form Do Q``. The text inside a form is still real text: viewers search and copy
it and ``pdftotext`` lists it at every place the form is drawn.

Positions below are in hundredths of the counter's width ("u"), measured from its lower
left corner, so every counter size shares one layout.
"""
from __future__ import annotations

import math

from reportlab.pdfgen.canvas import Canvas

from .colours import INK, WHITE, darker, greyed, lighter, parse_colour, text_colour_on
from .counter_faces import CounterFace
from .fonts import FONT, FONT_BOLD, fit_text, register_fonts
from .surface import Surface
from .symbols import star, draw_symbol_box

SYMBOL_BOX = (8, 45, 48, 32)          # x, y, w, h in u
BAND_BOX = (5, 47, 54, 28)
ARROW_X = 78
CELLS_3 = (17, 50, 83)
DAMAGE_RED = parse_colour("#a01818")
NAME_BASELINE, NAME_SIZE, NAME_MIN = 84, 13, 8
STATS_BASELINE, STATS_SIZE = 22, 19
SMALL_BASELINE, SMALL_SIZE = 6, 11.5


_painters = [0]


def _next_painter() -> int:
    # Form names are document-wide; each painter (one per counter size) gets its own.
    _painters[0] += 1
    return _painters[0]


class CounterArt:
    """Draws faces of one counter size on `surface` (a reportlab Canvas or any `Surface`),
    the face's cut square from (0, 0) to (size, size), y up."""

    def __init__(self, surface: Surface, size: float, bleed: float = 0.0,
                 frame: bool = True) -> None:
        register_fonts()            # fit_text measures with the printed fonts
        self.c = surface
        self.s = size
        self.u = size / 100.0
        self.bleed = bleed
        self.frame = frame

    def draw_face(self, face: CounterFace) -> None:
        """The whole face, artwork then text."""
        self._art(face)
        self._text(face)

    # -- artwork ------------------------------------------------------------------

    def _fill(self, face: CounterFace):
        fill = parse_colour(face.fill)
        return greyed(lighter(fill, 0.35), 0.5) if face.kind == "routed" else fill

    def _art(self, face: CounterFace) -> None:
        c, s, u, b = self.c, self.s, self.u, self.bleed
        fill = self._fill(face)
        ink = text_colour_on(fill)
        c.saveState()
        c.setFillColor(fill)
        c.rect(-b, -b, s + 2 * b, s + 2 * b, stroke=0, fill=1)
        if self.frame:
            c.setStrokeColor(darker(fill, 0.45))
            c.setLineWidth(max(0.3, 0.6 * u))
            c.rect(0, 0, s, s, stroke=1, fill=0)
        if face.kind in ("unit",):
            x, y, w, h = (v * u for v in SYMBOL_BOX)
            draw_symbol_box(c, face.symbols, x, y, w, h, box_fill=lighter(fill, 0.85), ink=INK,
                            line_width=max(0.4, 1.4 * u))
        if face.band is not None and face.kind != "marker":
            x, y, w, h = (v * u for v in BAND_BOX)
            if face.kind == "routed":
                c.setFillColor(INK)
                c.rect(x, y, w, h, stroke=0, fill=1)
            else:
                c.setFillColor(WHITE)
                c.setStrokeColor(DAMAGE_RED)
                c.setLineWidth(1.5 * u)
                c.rect(x, y, w, h, stroke=1, fill=1)
        if face.arrow:
            self._arrow(face.arrow, ink, short=bool(face.extra))
        if face.kind == "marker":
            self._marker_icon(face, ink)
        c.restoreState()

    def _arrow(self, direction: str, ink, short: bool) -> None:
        c, u = self.c, self.u
        bottom, top = (56 if short else 46) * u, 79 * u
        head = 12 * u
        half = 7.5 * u
        x = ARROW_X * u
        if direction == "down":
            bottom, top, head = top, bottom, -head
        c.setStrokeColor(ink)
        c.setFillColor(ink)
        c.setLineWidth(3.2 * u)
        c.line(x, bottom, x, top - head)
        p = c.beginPath()
        p.moveTo(x, top)
        p.lineTo(x - half, top - head)
        p.lineTo(x + half, top - head)
        p.close()
        c.drawPath(p, stroke=0, fill=1)

    def _marker_icon(self, face: CounterFace, ink) -> None:
        c, u = self.c, self.u
        c.setFillColor(ink)
        c.setStrokeColor(ink)
        c.setLineWidth(2.5 * u)
        cx, cy = 50 * u, 70 * u
        icon = face.icon
        if icon == "arrow-down":
            c.line(cx, 88 * u, cx, 66 * u)
            p = c.beginPath()
            p.moveTo(cx, 56 * u)
            p.lineTo(cx - 8 * u, 68 * u)
            p.lineTo(cx + 8 * u, 68 * u)
            p.close()
            c.drawPath(p, stroke=0, fill=1)
        elif icon == "star":
            star(c, cx, cy + 2 * u, 15 * u)
        elif icon == "burst":
            p = c.beginPath()
            for k in range(16):
                r = (16 if k % 2 == 0 else 7) * u
                a = math.radians(22.5 * k)
                px, py = cx + r * math.cos(a), cy + r * math.sin(a)
                p.moveTo(px, py) if k == 0 else p.lineTo(px, py)
            p.close()
            c.drawPath(p, stroke=0, fill=1)
        elif icon == "zigzag":
            p = c.beginPath()
            p.moveTo(25 * u, cy)
            for k in range(1, 7):
                p.lineTo((25 + 8.3 * k) * u, cy + (7 if k % 2 else -7) * u)
            c.drawPath(p, stroke=1, fill=0)
        elif icon == "formation":
            for k in range(3):
                c.rect(40 * u, (58 + 9 * k) * u, 20 * u, 6 * u, stroke=0, fill=1)
        elif icon == "empty":
            c.rect(36 * u, 58 * u, 28 * u, 22 * u, stroke=1, fill=0)
            c.line(36 * u, 58 * u, 64 * u, 80 * u)
        elif icon in ("round", "initiative"):
            c.circle(cx, cy, 13 * u, stroke=1, fill=0)

    # -- text ---------------------------------------------------------------------

    def _centred(self, text: str, x: float, baseline: float, font: str, size: float,
                 min_size: float, width: float) -> None:
        u = self.u
        # Below ~3.4 pt print turns to mush: abbreviate instead of shrinking further.
        floor = min(size * u, max(min_size * u, 3.4))
        shown, fitted = fit_text(text, font, size * u, floor, width * u)
        self.c.setFont(font, fitted)
        self.c.drawCentredString(x * u, baseline * u, shown)

    def _text(self, face: CounterFace) -> None:
        c = self.c
        fill = self._fill(face)
        ink = text_colour_on(fill)
        c.setFillColor(ink)
        if face.kind == "marker":
            if face.band:
                self._centred(face.band, 50, 24, FONT_BOLD, 15, 7, 92)
            return
        self._centred(face.name, 50, NAME_BASELINE, FONT_BOLD, NAME_SIZE, NAME_MIN, 94)
        if len(face.stats) == 3:
            for cx, text in zip(CELLS_3, face.stats):
                self._centred(text, cx, STATS_BASELINE, FONT_BOLD, STATS_SIZE, 10, 32)
        elif face.stats:
            self._centred(face.stats[0], 50, STATS_BASELINE, FONT_BOLD, 15, 8, 92)
        if len(face.small) == 3:
            for cx, text in zip(CELLS_3, face.small):
                self._centred(text, cx, SMALL_BASELINE, FONT, SMALL_SIZE, 7, 32)
        elif face.small:
            self._centred(face.small[0], 50, SMALL_BASELINE, FONT, SMALL_SIZE, 6, 94)
        if face.extra:
            self._centred(face.extra, ARROW_X, 46, FONT, 9, 6, 30)
        if face.band and face.kind != "marker":
            x, y, w, h = BAND_BOX
            c.setFillColor(WHITE if face.kind == "routed" else DAMAGE_RED)
            self._centred(face.band, x + w / 2, y + h / 2 - 4, FONT_BOLD, 12, 6, w - 4)


class CounterPainter(CounterArt):
    """Draws faces of one counter size on a PDF canvas, each distinct face once as a form;
    ``use_forms=False`` redraws every face in full each time (only the benchmark wants
    that)."""

    def __init__(self, canvas: Canvas, size: float, bleed: float = 0.0, use_forms: bool = True,
                 frame: bool | None = None) -> None:
        super().__init__(canvas, size, bleed, (bleed == 0) if frame is None else frame)
        self.use_forms = use_forms
        self._forms: dict[CounterFace, str] = {}
        self._prefix = f"c{_next_painter()}_"

    def draw(self, face: CounterFace, x: float, y: float, rotation: float = 0.0) -> None:
        """Face with its cut square's lower left at ``(x, y)``, turned ``rotation`` degrees
        anticlockwise about its centre."""
        c, s = self.c, self.s
        c.saveState()
        if rotation:
            c.translate(x + s / 2, y + s / 2)
            c.rotate(rotation)
            c.translate(-s / 2, -s / 2)
        else:
            c.translate(x, y)
        if self.use_forms:
            c.doForm(self._form(face))
        else:
            self.draw_face(face)
        c.restoreState()

    @property
    def forms_made(self) -> int:
        return len(self._forms)

    def _form(self, face: CounterFace) -> str:
        # One form per distinct face, text included, so that a counter costs the page one
        # Do: with the text left on the page every counter repeated half a kilobyte of
        # text operators, the time and uncompressed bytes of drawing it afresh. Sub-forms
        # shared between faces (the artwork, a frame per colour, a symbol box per kind)
        # were measured and made the file larger: every form is a stream compressed on its
        # own and carries a dictionary of its own.
        name = self._forms.get(face)
        if name is None:
            name = f"{self._prefix}{len(self._forms)}"
            b, s = self.bleed, self.s
            self.c.beginForm(name, lowerx=-b, lowery=-b, upperx=s + b, uppery=s + b)
            self.draw_face(face)
            self.c.endForm()
            self._forms[face] = name
        return name

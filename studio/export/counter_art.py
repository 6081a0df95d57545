"""Drawing counter faces on a reportlab canvas, or on any other art surface.

A whole face (background, frame, symbol box, arrow, band, name and numbers) is drawn once
into a PDF form and placed wherever that face appears, so each counter costs the page one
``q … cm /Form Do Q``. The text inside a form is still real text: viewers search and copy
it and ``pdftotext`` lists it at every place the form is drawn.

Positions below are in hundredths of the counter's width ("u"), measured from its lower
left corner, so every counter size shares one layout.

The artwork draws only through :class:`~studio.export.art_surface.ArtSurface` calls, so
the studio's map paints the same faces with a QPainter (``use_forms=False``: forms are
PDF-only).
"""
from __future__ import annotations

import math

from reportlab.pdfgen.canvas import Canvas

from .art_surface import ArtSurface
from .colours import INK, WHITE, darker, greyed, lighter, parse_colour, text_colour_on
from .counter_faces import CounterFace
from .fonts import FONT, FONT_BOLD, fit_text, register_fonts, text_width
from .symbols import star, draw_symbol_box

SYMBOL_BOX = (8, 45, 48, 32)          # x, y, w, h in u
STRIPE_Y = 79                         # a back's band: a stripe from here to the top edge
ARROW_X = 78
ARROW_TOP, ARROW_HEAD = 79, 12        # the arrow's tip and the length of its head, in u
CELLS_3 = (17, 50, 83)
DAMAGE_RED = parse_colour("#a01818")
NAME_BASELINE, NAME_SIZE, NAME_MIN = 84, 13, 8
STATS_BASELINE, STATS_SIZE = 22, 19
SMALL_BASELINE, SMALL_SIZE = 6, 11.5

# No text is set smaller than this or nearer the cut than the safe margin, at any size;
# what cannot be set so is abbreviated (names), split over two lines (marker words),
# joined on one line (range, morale and hits) or left off (the lines the playsheet says
# anyway): docs/print.md lists what a 1/2in counter carries.
MIN_TEXT_PT = 5.0
SAFE_MM = 1.0
SAFE_U = 4.0                          # at sizes over 25 mm the safe margin grows with them
MIN_SQUEEZE = 85.0                    # a word may be set this narrow (%) rather than cut
CAP_HEIGHT = 0.73                     # Vera's capitals, as a fraction of the type size
# The box a reader gives each glyph (Vera's ascent and descent: poppler's `pdftotext -bbox`,
# a print shop's preflight): the safe margin holds for all of it, so that descenders
# ("Rally", "Spartan") and the room above the capitals never come nearer the cut.
BOX_ASCENT, BOX_DESCENT = 0.76, 0.24


def safe_margin(size: float) -> float:
    """Points between the cut line and the nearest text of a counter ``size`` wide."""
    return max(SAFE_MM * 72 / 25.4, SAFE_U * size / 100)


_painters = [0]


def _next_painter() -> int:
    # Form names are document-wide; each painter (one per counter size) gets its own.
    _painters[0] += 1
    return _painters[0]


class CounterPainter:
    """Draws faces of one counter size; ``use_forms=False`` redraws every face in full each
    time (the benchmark, and every surface that is not a PDF canvas)."""

    def __init__(self, canvas: Canvas | ArtSurface, size: float, bleed: float = 0.0,
                 use_forms: bool = True, frame: bool | None = None) -> None:
        register_fonts()
        self.c = canvas
        self.s = size
        self.u = size / 100.0
        self.bleed = bleed
        self.use_forms = use_forms
        self.frame = (bleed == 0) if frame is None else frame
        self.safe = safe_margin(size)
        self._forms: dict[CounterFace, str] = {}
        self._prefix = f"c{_next_painter()}_"

    # -- public -------------------------------------------------------------------

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
            self._art(face)
            self._text(face)
        c.restoreState()

    @property
    def forms_made(self) -> int:
        return len(self._forms)

    # -- artwork ------------------------------------------------------------------

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
            self._art(face)
            self._text(face)
            self.c.endForm()
            self._forms[face] = name
        return name

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
        if face.kind in ("unit", "routed", "damaged"):
            x, y, w, h = (v * u for v in SYMBOL_BOX)
            draw_symbol_box(c, face.symbols, x, y, w, h, box_fill=lighter(fill, 0.85), ink=INK,
                            line_width=max(0.4, 1.4 * u))
        if face.band is not None and face.kind != "marker":
            # The band takes the name's place across the top: the back keeps its symbols.
            y = STRIPE_Y * u
            if face.kind == "routed":
                c.setFillColor(INK)
                c.rect(-b, y, s + 2 * b, s + b - y, stroke=0, fill=1)
            else:
                c.setFillColor(WHITE)
                c.rect(-b, y, s + 2 * b, s + b - y, stroke=0, fill=1)
                c.setStrokeColor(DAMAGE_RED)
                c.setLineWidth(1.5 * u)
                c.line(-b, y, s + b, y)
        if face.arrow:
            self._arrow(face.arrow, ink, self._under_arrow(face)[1])
        if face.kind == "marker":
            self._marker_icon(face, ink)
        c.restoreState()

    def _under_arrow(self, face: CounterFace) -> tuple[list[tuple[str, float, float]], float]:
        """The lines under the arrow (ships' attack dice, then modifiers) that fit, as
        (text, baseline u, size u), and where the arrow's shaft starts (u). The lowest line
        sits clear of the stats row's move number, the arrow clear of the highest line;
        lines that leave no room for the shaft are left off, last first (the playsheet
        says them)."""
        u = self.u
        lines = [t for t in ([face.extra] if face.extra else []) + list(face.notes)
                 if text_width(t, FONT, MIN_TEXT_PT) * MIN_SQUEEZE / 100
                 <= self._fit(t, ARROW_X, FONT, MIN_TEXT_PT / u, 30)[0]]
        stats = max(STATS_SIZE * u, MIN_TEXT_PT)
        stats_top = self._baseline(self._stats_baseline(), stats) + CAP_HEIGHT * stats
        while lines:
            size = (9 if len(lines) == 1 else MIN_TEXT_PT / u)
            points = max(size * u, MIN_TEXT_PT)
            step = 1.1 * points
            designed = (46 if len(lines) == 1 else 52 - step * (len(lines) - 1) / u) * u
            lowest = max(designed, stats_top + 0.25 * points)
            baselines = [lowest + step * (len(lines) - 1 - k) for k in range(len(lines))]
            shaft = max((56 if len(lines) == 1 else 62) * u,
                        baselines[0] + CAP_HEIGHT * points + 0.3 * points)
            if shaft <= (ARROW_TOP - ARROW_HEAD - 3) * u:
                return [(t, b / u, size) for t, b in zip(lines, baselines)], shaft / u
            lines.pop()
        return [], 46

    def _arrow(self, direction: str, ink, shaft: float = 46) -> None:
        """The facing arrow, its shaft from ``shaft`` (u) up to its head."""
        c, u = self.c, self.u
        bottom, top = shaft * u, ARROW_TOP * u
        head = ARROW_HEAD * u
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
        elif icon == "column":
            # a column: narrow and deep, one company behind another
            for k in range(3):
                c.rect(42 * u, (57 + 9 * k) * u, 16 * u, 6 * u, stroke=0, fill=1)
        elif icon == "square":
            # a square: four faces outwards round an empty middle
            c.rect(36 * u, 56 * u, 28 * u, 5 * u, stroke=0, fill=1)
            c.rect(36 * u, 79 * u, 28 * u, 5 * u, stroke=0, fill=1)
            c.rect(36 * u, 61 * u, 5 * u, 18 * u, stroke=0, fill=1)
            c.rect(59 * u, 61 * u, 5 * u, 18 * u, stroke=0, fill=1)
        elif icon == "empty":
            c.rect(36 * u, 58 * u, 28 * u, 22 * u, stroke=1, fill=0)
            c.line(36 * u, 58 * u, 64 * u, 80 * u)
        elif icon in ("round", "initiative"):
            c.circle(cx, cy, 13 * u, stroke=1, fill=0)

    # -- text ---------------------------------------------------------------------

    def _fit(self, text: str, x: float, font: str, size: float, width: float,
             ) -> tuple[float, float]:
        """The width ``text`` may take centred on ``x`` (u) inside the safe area, and the
        size it starts from: its layout size, never under the minimum."""
        u, s = self.u, self.s
        room = 2 * min(x * u - self.safe, s - self.safe - x * u)
        return min(width * u, room), max(size * u, MIN_TEXT_PT)

    def _baseline(self, baseline: float, size: float) -> float:
        """``baseline`` (u) moved so that the glyph boxes of type of ``size`` points lie
        inside the safe area."""
        top = self.s - self.safe - BOX_ASCENT * size
        return max(self.safe + BOX_DESCENT * size, min(baseline * self.u, top))

    def _set(self, text: str, x: float, baseline: float, font: str, size: float,
             squeeze: float = 100.0) -> None:
        """``text`` centred on ``x`` (u); ``squeeze`` narrows the letters (percent)."""
        y = self._baseline(baseline, size)
        if squeeze >= 100:
            self.c.setFont(font, size)
            self.c.drawCentredString(x * self.u, y, text)
            return
        c = self.c
        c.saveState()
        c.translate(x * self.u, y)
        c.scale(squeeze / 100, 1)
        c.setFont(font, size)
        c.drawCentredString(0, 0, text)
        c.restoreState()

    def _centred(self, text: str, x: float, baseline: float, font: str, size: float,
                 min_size: float, width: float) -> None:
        """Shrunk to fit (to ``min_size`` u, never under MIN_TEXT_PT), then set a little
        narrower, then abbreviated."""
        room, start = self._fit(text, x, font, size, width)
        floor = min(start, max(min_size * self.u, MIN_TEXT_PT))
        shown, fitted = fit_text(text, font, start, floor, room)
        if shown != text:
            squeeze = 100 * room / text_width(text, font, floor)
            if squeeze >= MIN_SQUEEZE:
                self._set(text, x, baseline, font, floor, squeeze)
                return
        self._set(shown, x, baseline, font, fitted)

    def _optional(self, text: str, x: float, baseline: float, font: str, size: float,
                  width: float) -> bool:
        """Set if it fits whole at MIN_TEXT_PT or more (a little narrower if need be);
        otherwise left off."""
        room, start = self._fit(text, x, font, size, width)
        fitted = start
        while text_width(text, font, fitted) > room and fitted > MIN_TEXT_PT:
            fitted = max(MIN_TEXT_PT, fitted - 0.25)
        squeeze = min(100.0, 100 * room / text_width(text, font, fitted))
        if squeeze < MIN_SQUEEZE:
            return False
        self._set(text, x, baseline, font, fitted, squeeze)
        return True

    def _words(self, text: str, x: float, baseline: float, font: str, size: float,
               width: float) -> None:
        """One line, or two (split at the middle space) when one line would be under the
        minimum; a single word is abbreviated."""
        if self._optional(text, x, baseline, font, size, width):
            return
        words = text.split()
        room, _ = self._fit(text, x, font, size, width)
        squeeze = 100 * room / text_width(text, font, MIN_TEXT_PT)
        if squeeze >= MIN_SQUEEZE:
            self._set(text, x, baseline, font, MIN_TEXT_PT, squeeze)
            return
        if len(words) == 1:
            self._centred(text, x, baseline, font, size, 0, width)
            return
        cut = min(range(1, len(words)), key=lambda k: abs(len(" ".join(words[:k]))
                                                            - len(" ".join(words[k:]))))
        step = MIN_TEXT_PT * 1.1 / self.u
        for line, dy in ((" ".join(words[:cut]), step / 2), (" ".join(words[cut:]), -step / 2)):
            self._centred(line, x, baseline + dy, font, MIN_TEXT_PT / self.u, 0, width)

    def _fits(self, text: str, x: float, font: str, size: float, width: float) -> bool:
        room, _ = self._fit(text, x, font, size, width)
        return text_width(text, font, MIN_TEXT_PT) <= room

    def _row_positions(self, items, font: str, size: float) -> list[float] | None:
        """Centres (points) of three items near the cell centres, pushed inside the safe
        area, or None when at ``size`` they would come closer than a third of it."""
        u, s, safe = self.u, self.s, self.safe
        widths = [text_width(t, font, size) for t in items]
        xs = []
        for cx, w in zip(CELLS_3, widths):
            xs.append(min(max(cx * u, safe + w / 2), s - safe - w / 2))
        gap = size / 3
        for (a, wa), (b, wb) in zip(zip(xs, widths), list(zip(xs, widths))[1:]):
            if a + wa / 2 + gap > b - wb / 2:
                return None
        if any(w > s - 2 * safe for w in widths):
            return None
        return xs

    def _packed_positions(self, items, font: str, size: float) -> list[float] | None:
        """Centres (points) of three items set side by side with a third of ``size``
        between them, the row centred: for a wide first item ("2d10") that would overlap
        its neighbour at the cell centres. None when the row is wider than the safe area."""
        widths = [text_width(t, font, size) for t in items]
        gap = size / 3
        room = self.s - 2 * self.safe
        total = sum(widths) + gap * (len(items) - 1)
        if total > room:
            return None
        x = self.safe + (room - total) / 2
        xs = []
        for w in widths:
            xs.append(x + w / 2)
            x += w + gap
        return xs

    def _stats_baseline(self) -> float:
        """The stats row's baseline (u): its own, or higher where the small row under it
        (its glyph boxes kept inside the safe area) would otherwise touch it, as on a 1/2in
        counter."""
        small = max(SMALL_SIZE * self.u, MIN_TEXT_PT)
        small_top = self._baseline(SMALL_BASELINE, small) + CAP_HEIGHT * small
        return max(STATS_BASELINE, (small_top + 0.25 * small) / self.u)

    def _stats_row(self, items) -> None:
        """Attack, defense and move: as large as they fit (down to the minimum)."""
        size = max(STATS_SIZE * self.u, MIN_TEXT_PT)
        while size > MIN_TEXT_PT and self._row_positions(items, FONT_BOLD, size) is None:
            size = max(MIN_TEXT_PT, size - 0.25)
        xs = self._row_positions(items, FONT_BOLD, size)
        if xs is None:          # side by side rather than cut short, as large as they fit
            size = max(STATS_SIZE * self.u, MIN_TEXT_PT)
            while size > MIN_TEXT_PT and self._packed_positions(items, FONT_BOLD, size) is None:
                size = max(MIN_TEXT_PT, size - 0.25)
            xs = self._packed_positions(items, FONT_BOLD, size)
        if xs is None:          # not even at the minimum: each in its own third
            for cx, text in zip(CELLS_3, items):
                self._centred(text, cx, self._stats_baseline(), FONT_BOLD, STATS_SIZE, 0, 32)
            return [cx * self.u for cx in CELLS_3], MIN_TEXT_PT
        for x, text in zip(xs, items):
            self._set(text, x / self.u, self._stats_baseline(), FONT_BOLD, size)
        return xs, size

    def _box_move(self, text: str, x: float, size: float, ink) -> None:
        """A frame round the move number: the unit moves or attacks in a round, not both."""
        c = self.c
        w = text_width(text, FONT_BOLD, size)
        pad = size * 0.18
        y = self._baseline(self._stats_baseline(), size)
        left = max(self.safe * 0.5, x - w / 2 - pad)
        right = min(self.s - self.safe * 0.5, x + w / 2 + pad)
        c.saveState()
        c.setStrokeColor(ink)
        c.setLineWidth(max(0.35, 0.9 * self.u))
        c.rect(left, y - pad, right - left, CAP_HEIGHT * size + 2 * pad, stroke=1, fill=0)
        c.restoreState()

    def _small_row(self, items: tuple[str, ...]) -> None:
        """Range, morale and hits in three cells; on one line when a cell would be under
        the minimum (a 1/2in counter), leaving out "H1" (one hit, the usual) and then
        the last items if even that line does not fit."""
        if all(self._fits(t, cx, FONT, SMALL_SIZE, 32) for cx, t in zip(CELLS_3, items)):
            for cx, text in zip(CELLS_3, items):
                self._centred(text, cx, SMALL_BASELINE, FONT, SMALL_SIZE, 7, 32)
            return
        shown = list(items)
        while shown:
            if self._optional(" ".join(shown), 50, SMALL_BASELINE, FONT, SMALL_SIZE, 100):
                return
            shown.remove("H1") if "H1" in shown else shown.pop()

    def _text(self, face: CounterFace) -> None:
        c = self.c
        fill = self._fill(face)
        ink = text_colour_on(fill)
        c.setFillColor(ink)
        if face.kind == "marker":
            if face.band:
                self._words(face.band, 50, 24, FONT_BOLD, 15, 92)
            return
        if face.band:
            c.setFillColor(WHITE if face.kind == "routed" else DAMAGE_RED)
            self._centred(face.band, 50, NAME_BASELINE, FONT_BOLD, NAME_SIZE, NAME_MIN, 94)
            c.setFillColor(ink)
        else:
            self._centred(face.name, 50, NAME_BASELINE, FONT_BOLD, NAME_SIZE, NAME_MIN, 94)
        if len(face.stats) == 3:
            xs, size = self._stats_row(face.stats)
            if face.boxed_move:
                self._box_move(face.stats[2], xs[2], size, ink)
        elif face.stats:
            self._centred(face.stats[0], 50, self._stats_baseline(), FONT_BOLD, 15, 8, 92)
        if len(face.small) == 3:
            self._small_row(face.small)
        elif face.small:
            self._optional(face.small[0], 50, SMALL_BASELINE, FONT, SMALL_SIZE, 94)
        for line, baseline, size in self._under_arrow(face)[0]:
            self._optional(line, ARROW_X, baseline, FONT, size, 30)

"""A stand-in for reportlab's PDF canvas that records what is drawn as a reportlab Drawing.

The counter artwork (``studio.export.counter_art``) paints on a ``reportlab.pdfgen`` canvas.
Handing it a :class:`ShapeCanvas` instead captures the very same calls as
``reportlab.graphics`` shapes, which reportlab's renderers turn into SVG (or PDF), so the
images show exactly what the printed counters show without a second copy of the artwork.

Paths are built by reportlab's own path object (arcs, circles and rounded rectangles become
the same Bézier curves as in the PDF); the graphics state (colours, line style, font,
transformation) is saved and restored as the PDF canvas does. A canvas method
the artwork starts using that is not covered here fails loudly, naming the method, rather
than leaving something out of the picture.

>>> from reportlab.graphics.shapes import Path, String
>>> c = ShapeCanvas(20, 10)
>>> c.setFillColor("#ff0000")
>>> c.rect(0, 0, 20, 10, stroke=0, fill=1)
>>> c.setFont("Helvetica", 5)
>>> c.drawCentredString(10, 2, "Hi")
>>> [type(s).__name__ for s in c.shapes()]
['Path', 'String']
>>> c.shapes()[1].textAnchor
'middle'
>>> c.clipPath
Traceback (most recent call last):
...
NotImplementedError: counter images do not support canvas.clipPath yet: add it to studio/interop/counter_images/shape_canvas.py
"""
from __future__ import annotations

import math
from dataclasses import dataclass, replace

from reportlab.graphics.shapes import Drawing, Group, Path, String
from reportlab.lib import colors
from reportlab.pdfbase import pdfmetrics
from reportlab.pdfgen import pathobject
from reportlab.pdfgen.canvas import FILL_EVEN_ODD, FILL_NON_ZERO

IDENTITY = (1.0, 0.0, 0.0, 1.0, 0.0, 0.0)


def multiply(m, n):
    """The matrix of applying ``n`` first, then ``m`` (PDF's ``cm`` order)."""
    a0, b0, c0, d0, e0, f0 = m
    a, b, c, d, e, f = n
    return (a0 * a + c0 * b, b0 * a + d0 * b, a0 * c + c0 * d, b0 * c + d0 * d,
            a0 * e + c0 * f + e0, b0 * e + d0 * f + f0)


class ShapePath(pathobject.PDFPathObject):
    """reportlab's path object, recording its segments instead of PDF operators.

    Every helper of the PDF path (arc, ellipse, circle, roundRect) ends in moveTo, lineTo,
    curveTo, close or rect, so overriding those five keeps the curves identical."""

    def __init__(self) -> None:
        super().__init__()
        self.ops: list[tuple] = []
        self._fillMode = None

    def moveTo(self, x, y):
        self.ops.append(("moveTo", x, y))

    def lineTo(self, x, y):
        self.ops.append(("lineTo", x, y))

    def curveTo(self, x1, y1, x2, y2, x3, y3):
        self.ops.append(("curveTo", x1, y1, x2, y2, x3, y3))

    def close(self):
        self.ops.append(("closePath",))

    def rect(self, x, y, width, height):
        # PDF's "re": a closed subpath anticlockwise from the lower left corner.
        self.ops += [("moveTo", x, y), ("lineTo", x + width, y),
                     ("lineTo", x + width, y + height), ("lineTo", x, y + height),
                     ("closePath",)]

    def getCode(self):
        raise TypeError("a ShapePath is drawn on a ShapeCanvas, not on a PDF canvas")


@dataclass(slots=True)
class _State:
    fill: colors.Color = colors.black
    stroke: colors.Color = colors.black
    fill_alpha: float | None = None
    stroke_alpha: float | None = None
    line_width: float = 1.0
    line_cap: int = 0
    line_join: int = 0
    miter_limit: float = 10.0
    dash: tuple = ()
    font: str = "Helvetica"
    font_size: float = 12.0
    matrix: tuple = IDENTITY


class ShapeCanvas:
    """Records the drawing calls of a ``reportlab.pdfgen.canvas.Canvas`` page of
    ``width`` x ``height`` points; :meth:`drawing` gives them as a Drawing."""

    def __init__(self, width: float, height: float) -> None:
        self.width = width
        self.height = height
        self._state = _State()
        self._saved: list[_State] = []
        self._root: list = []
        self._target = self._root
        self._forms: dict[str, list] = {}
        self._form_stack: list[tuple[str, list, _State, list[_State]]] = []

    def __getattr__(self, name: str):
        # Only reached for names this class lacks: a canvas feature the artwork has
        # started to use. Say so plainly instead of drawing less than the PDF does.
        if name.startswith("__"):
            raise AttributeError(name)
        raise NotImplementedError(
            f"counter images do not support canvas.{name} yet: add it to "
            "studio/interop/counter_images/shape_canvas.py")

    # -- results ------------------------------------------------------------------

    def shapes(self) -> list:
        return list(self._root)

    def drawing(self) -> Drawing:
        d = Drawing(self.width, self.height)
        for shape in self._root:
            d.add(shape)
        return d

    # -- graphics state -----------------------------------------------------------

    def saveState(self) -> None:
        self._saved.append(replace(self._state))

    def restoreState(self) -> None:
        self._state = self._saved.pop()

    def transform(self, a, b, c, d, e, f) -> None:
        self._state.matrix = multiply(self._state.matrix, (a, b, c, d, e, f))

    def translate(self, dx, dy) -> None:
        self.transform(1, 0, 0, 1, dx, dy)

    def scale(self, x, y) -> None:
        self.transform(x, 0, 0, y, 0, 0)

    def rotate(self, theta) -> None:
        c, s = math.cos(math.radians(theta)), math.sin(math.radians(theta))
        self.transform(c, s, -s, c, 0, 0)

    def skew(self, alpha, beta) -> None:
        self.transform(1, math.tan(math.radians(alpha)), math.tan(math.radians(beta)), 1, 0, 0)

    @staticmethod
    def _colour(value, alpha):
        colour = colors.toColor(value)
        if alpha is None and getattr(colour, "alpha", 1) < 1:
            alpha = colour.alpha
        return colour, alpha

    def setFillColor(self, aColor, alpha=None) -> None:
        self._state.fill, a = self._colour(aColor, alpha)
        if a is not None:
            self._state.fill_alpha = a

    def setStrokeColor(self, aColor, alpha=None) -> None:
        self._state.stroke, a = self._colour(aColor, alpha)
        if a is not None:
            self._state.stroke_alpha = a

    def setFillColorRGB(self, r, g, b, alpha=None) -> None:
        self.setFillColor(colors.Color(r, g, b), alpha)

    def setStrokeColorRGB(self, r, g, b, alpha=None) -> None:
        self.setStrokeColor(colors.Color(r, g, b), alpha)

    def setFillGray(self, gray, alpha=None) -> None:
        self.setFillColor(colors.Color(gray, gray, gray), alpha)

    def setStrokeGray(self, gray, alpha=None) -> None:
        self.setStrokeColor(colors.Color(gray, gray, gray), alpha)

    def setFillAlpha(self, a) -> None:
        self._state.fill_alpha = a

    def setStrokeAlpha(self, a) -> None:
        self._state.stroke_alpha = a

    def setLineWidth(self, width) -> None:
        self._state.line_width = width

    def setLineCap(self, mode) -> None:
        self._state.line_cap = mode

    def setLineJoin(self, mode) -> None:
        self._state.line_join = mode

    def setMiterLimit(self, limit) -> None:
        self._state.miter_limit = limit

    def setDash(self, array=(), phase=0) -> None:
        if isinstance(array, (int, float)):
            array = (array, phase)
            phase = 0
        self._state.dash = (phase, list(array)) if array else ()

    def setFont(self, psfontname, size, leading=None) -> None:
        self._state.font = psfontname
        self._state.font_size = size

    def setFontSize(self, size=None, leading=None) -> None:
        if size is not None:
            self._state.font_size = size

    def stringWidth(self, text, fontName=None, fontSize=None) -> float:
        return pdfmetrics.stringWidth(text, fontName or self._state.font,
                                      self._state.font_size if fontSize is None else fontSize)

    # -- forms: drawn once, placed many times -------------------------------------

    def beginForm(self, name, lowerx=0, lowery=0, upperx=None, uppery=None) -> None:
        self._form_stack.append((name, self._target, self._state, self._saved))
        self._target = []
        self._state, self._saved = _State(), []

    def endForm(self, **extra) -> None:
        name, target, state, saved = self._form_stack.pop()
        self._forms[name] = self._target
        self._target, self._state, self._saved = target, state, saved

    def doForm(self, name) -> None:
        self._emit(list(self._forms[name]))

    # -- drawing ------------------------------------------------------------------

    def beginPath(self) -> ShapePath:
        return ShapePath()

    def drawPath(self, aPath: ShapePath, stroke=1, fill=0, fillMode=None) -> None:
        if fillMode is None:
            fillMode = aPath._fillMode if aPath._fillMode is not None else FILL_EVEN_ODD
        self._paint(aPath.ops, stroke, fill, fillMode)

    def line(self, x1, y1, x2, y2) -> None:
        self._paint([("moveTo", x1, y1), ("lineTo", x2, y2)], 1, 0)

    def lines(self, linelist) -> None:
        ops = []
        for x1, y1, x2, y2 in linelist:
            ops += [("moveTo", x1, y1), ("lineTo", x2, y2)]
        self._paint(ops, 1, 0)

    def bezier(self, x1, y1, x2, y2, x3, y3, x4, y4) -> None:
        self._paint([("moveTo", x1, y1), ("curveTo", x2, y2, x3, y3, x4, y4)], 1, 0)

    def arc(self, x1, y1, x2, y2, startAng=0, extent=90) -> None:
        p = ShapePath()
        p.arc(x1, y1, x2, y2, startAng, extent)
        self._paint(p.ops, 1, 0)

    def rect(self, x, y, width, height, stroke=1, fill=0) -> None:
        p = ShapePath()
        p.rect(x, y, width, height)
        self._paint(p.ops, stroke, fill)

    def ellipse(self, x1, y1, x2, y2, stroke=1, fill=0) -> None:
        p = ShapePath()
        p.ellipse(x1, y1, x2 - x1, y2 - y1)
        self._paint(p.ops, stroke, fill)

    def wedge(self, x1, y1, x2, y2, startAng, extent, stroke=1, fill=0) -> None:
        p = ShapePath()
        p.moveTo(0.5 * (x1 + x2), 0.5 * (y1 + y2))
        p.arcTo(x1, y1, x2, y2, startAng, extent)
        p.close()
        self._paint(p.ops, stroke, fill)

    def circle(self, x_cen, y_cen, r, stroke=1, fill=0) -> None:
        self.ellipse(x_cen - r, y_cen - r, x_cen + r, y_cen + r, stroke, fill)

    def roundRect(self, x, y, width, height, radius, stroke=1, fill=0) -> None:
        p = ShapePath()
        p.roundRect(x, y, width, height, radius)
        self._paint(p.ops, stroke, fill)

    def drawString(self, x, y, text, mode=None, charSpace=0, direction=None,
                   wordSpace=None, shaping=False) -> None:
        self._text(x, y, text, "start", mode, charSpace, wordSpace)

    def drawCentredString(self, x, y, text, mode=None, charSpace=0, direction=None,
                          wordSpace=None, shaping=False) -> None:
        self._text(x, y, text, "middle", mode, charSpace, wordSpace)

    drawCentredString.__doc__ = None
    drawCenteredString = drawCentredString

    def drawRightString(self, x, y, text, mode=None, charSpace=0, direction=None,
                        wordSpace=None, shaping=False) -> None:
        self._text(x, y, text, "end", mode, charSpace, wordSpace)

    # -- recording ----------------------------------------------------------------

    def _text(self, x, y, text, anchor, mode, char_space, word_space) -> None:
        if mode not in (None, 0) or char_space or word_space:
            raise NotImplementedError(
                "counter images draw plain filled text only (no render mode, character or "
                "word spacing): extend studio/interop/counter_images/shape_canvas.py")
        s = self._state
        shape = String(x, y, text, fontName=s.font, fontSize=s.font_size,
                       fillColor=s.fill, textAnchor=anchor)
        if s.fill_alpha is not None:
            shape.fillOpacity = s.fill_alpha
        self._emit([shape])

    def _paint(self, ops, stroke, fill, fill_mode=FILL_EVEN_ODD) -> None:
        if not ops or not (stroke or fill):
            return
        s = self._state
        shapes = []
        if fill:
            # PDF fills an open subpath as if closed; the SVG renderer would not fill it.
            area = self._path(ops, fillColor=s.fill, strokeColor=None, autoclose="pdf",
                              fillMode=FILL_NON_ZERO if fill_mode == FILL_NON_ZERO else FILL_EVEN_ODD)
            if s.fill_alpha is not None:
                area.fillOpacity = s.fill_alpha
            shapes.append(area)
        if stroke:
            outline = self._path(ops, fillColor=None, strokeColor=s.stroke,
                                 strokeWidth=s.line_width, strokeLineCap=s.line_cap,
                                 strokeLineJoin=s.line_join, strokeMiterLimit=s.miter_limit)
            if s.dash:
                outline.strokeDashArray = s.dash
            if s.stroke_alpha is not None:
                outline.strokeOpacity = s.stroke_alpha
            shapes.append(outline)
        self._emit(shapes)

    @staticmethod
    def _path(ops, **style) -> Path:
        path = Path(**style)
        for op in ops:
            getattr(path, op[0])(*op[1:])
        return path

    def _emit(self, shapes: list) -> None:
        m = self._state.matrix
        if m == IDENTITY:
            self._target.extend(shapes)
        else:
            self._target.append(Group(*shapes, transform=m))

"""A recorded drawing as an SVG file at its true size, with every letter turned into outlines.

Outlined text looks the same in a browser, Inkscape, a print shop's RIP or VASSAL without
the Vera font installed; the glyph shapes come from the font file reportlab embeds in the
PDFs (through FreeType, the way reportlab itself draws text as paths).
"""
from __future__ import annotations

import re
from io import StringIO
from xml.sax.saxutils import escape

from reportlab.graphics import renderSVG
from reportlab.graphics.shapes import Drawing, Group, String
from reportlab.pdfgen.canvas import FILL_NON_ZERO

POINTS_PER_MM = 72 / 25.4


def _number(value: float) -> str:
    """A length in points for the SVG, to a millionth of a point."""
    return f"{value:.6f}".rstrip("0").rstrip(".")


def _hex(color) -> str:
    return "#%02x%02x%02x" % tuple(round(v * 255) for v in (color.red, color.green, color.blue))


class _ExactColourCanvas(renderSVG.SVGCanvas):
    """reportlab's SVG canvas writes colours as whole percentages, up to 1% off: a side's
    colour would not match its printed counters. These write the exact #rrggbb."""

    def setFillColor(self, color):
        super().setFillColor(color)
        if color is not None:
            self.style["fill"] = _hex(color)

    def setStrokeColor(self, color):
        super().setStrokeColor(color)
        if color is not None:
            self.style["stroke"] = _hex(color)


def _text_as_paths(shapes: list) -> list:
    from reportlab.graphics.utils import text2Path
    out = []
    for shape in shapes:
        if isinstance(shape, Group):
            group = Group(*_text_as_paths(shape.contents), transform=shape.transform)
            out.append(group)
        elif isinstance(shape, String):
            if not shape.text.strip():
                continue
            path = text2Path(shape.text, shape.x, shape.y, fontName=shape.fontName,
                             fontSize=shape.fontSize, anchor=shape.textAnchor,
                             fillColor=shape.fillColor, strokeColor=None,
                             fillMode=FILL_NON_ZERO, autoclose="pdf")
            opacity = getattr(shape, "fillOpacity", None)
            if opacity is not None:
                path.fillOpacity = opacity
            out.append(path)
        else:
            out.append(shape)
    return out


def outline_text(drawing: Drawing) -> Drawing:
    """A copy of ``drawing`` with each String replaced by the outline of its glyphs."""
    copy = Drawing(drawing.width, drawing.height)
    for shape in _text_as_paths(list(drawing.contents)):
        copy.add(shape)
    return copy


def svg_text(drawing: Drawing, title: str = "") -> str:
    """The SVG document of ``drawing`` sized in millimetres (one point of the drawing is
    1/72 inch), text outlined."""
    drawing = outline_text(drawing)
    canvas = _ExactColourCanvas((drawing.width, drawing.height))
    renderSVG.draw(drawing, canvas, 0, 0, showBoundary=False)
    out = StringIO()
    canvas.save(out)
    text = out.getvalue()
    w_mm = drawing.width / POINTS_PER_MM
    h_mm = drawing.height / POINTS_PER_MM
    text = re.sub(r'<svg width="[^"]*" height="[^"]*"',
                  f'<svg width="{w_mm:.4f}mm" height="{h_mm:.4f}mm"', text, count=1)
    # reportlab writes the viewBox and the flip's translate in whole points ("%d"): a 12 mm
    # face (34.016 pt) came out 34 points wide, scaled 0.05 % and clipped at the top and
    # right, a 1/2 in one (36 pt) exact only by luck. Both get the drawing's exact size.
    w, h = _number(drawing.width), _number(drawing.height)
    text = re.sub(r'viewBox="0 0 [^"]*"', f'viewBox="0 0 {w} {h}"', text, count=1)
    text = re.sub(r'transform="scale\(1,-1\) translate\(0,-[^)]*\)"',
                  f'transform="scale(1,-1) translate(0,-{h})"', text, count=1)
    text = text.replace("<title>...</title>", f"<title>{escape(title)}</title>", 1)
    return text.replace("\t<desc>...</desc>\n", "", 1)

"""The marks a print shop works with rather than the reader: crop marks in registration
colour and the die-cut line as the spot colour CutContour.

Registration colour is the PDF's separation named ``All``: it prints at full strength on
every plate, so a crop mark shows on each printed separation and lines them up; a grey
mark (as these were, 88 % black) would be screened into dots on the black plate alone.
CutContour is the name cutting plotters and die-makers' RIPs take for the cut path; it is
set to overprint, so that it never knocks a white line out of the artwork beneath when the
shop prints the file without taking the cut path out.
"""
from __future__ import annotations

from reportlab.lib.colors import PCMYKColorSep
from reportlab.pdfgen.canvas import Canvas

REGISTRATION = PCMYKColorSep(100, 100, 100, 100, spotName="All", density=100)
# Shown magenta where no cutter reads it (the usual alternate for CutContour).
CUT_CONTOUR = PCMYKColorSep(0, 100, 0, 0, spotName="CutContour", density=100)

CROP_LINE_WIDTH = 0.3       # points
CUT_LINE_WIDTH = 0.25


def registration_lines(c: Canvas, lines) -> None:
    """Stroke ``lines`` ((x1, y1, x2, y2), ...) as crop marks in registration colour."""
    c.saveState()
    c.setStrokeColor(REGISTRATION)
    c.setLineWidth(CROP_LINE_WIDTH)
    for line in lines:
        c.line(*line)
    c.restoreState()


def cut_contours(c: Canvas, squares, size: float, corner: float = 0.0) -> None:
    """The die-cut path round each square of side ``size`` whose lower left corner is in
    ``squares``, with corners rounded to ``corner`` (0: square)."""
    c.saveState()
    c.setStrokeColor(CUT_CONTOUR)
    c.setStrokeOverprint(True)
    c.setLineWidth(CUT_LINE_WIDTH)
    for x, y in squares:
        if corner > 0:
            c.roundRect(x, y, size, size, corner, stroke=1, fill=0)
        else:
            c.rect(x, y, size, size, stroke=1, fill=0)
    c.restoreState()

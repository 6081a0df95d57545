"""Every glyph of a counter inside the safe area docs/print.md states (1 mm from the cut,
4 % of the counter above 25 mm), measured on the glyph boxes `pdftotext -bbox` reports
(the font's ascent and descent, which a preflight checks), and no text touching other text
or the facing arrow: at 1/2in the modifiers under a ship's arrow ran into its shaft and into
the move number, and the stats row sat on the small row under it."""
from __future__ import annotations

import itertools
import re

import pytest
from pypdf import PdfReader
from reportlab.pdfbase.pdfmetrics import stringWidth

from studio.export import CounterOptions, export_counters, sources_from_scenario
from studio.export.counter_art import ARROW_X, CAP_HEIGHT, safe_margin
from studio.export.lengths import parse_length
from studio.interop.counter_images import CounterImageOptions, unit_faces
from studio.interop.counter_images.vector import face_drawing
from studio.io import default_library, load_file
from studio.io.samples import scenarios_dir

from export_support import form_placements, poppler_words

SIZES = ["1/2in", "9/16in", "12mm", "5/8in", "16mm", "3/4in", "1in"]
SAMPLES = ["marathon", "belt-skirmish"]          # ancients; ships with modifiers and dice
MM = 72 / 25.4


@pytest.fixture(scope="module")
def sources():
    library = default_library()
    return {name: sources_from_scenario(load_file(scenarios_dir() / f"{name}.yaml").model,
                                        library) for name in SAMPLES}


@pytest.mark.parametrize("size", SIZES)
def test_every_glyph_box_is_inside_the_safe_area(tmp_path, sources, size):
    s = parse_length(size)
    safe = safe_margin(s)
    assert safe >= MM - 1e-9
    seen = 0
    for name, rosters in sources.items():
        path = tmp_path / f"{name}.pdf"
        export_counters(rosters, path, CounterOptions.parse(counter_size=size, markers=1))
        boxes = poppler_words(path)
        if boxes is None:
            pytest.skip("pdftotext (poppler-utils) is not installed")
        for number, page in enumerate(PdfReader(str(path)).pages):
            height = float(page.mediabox.height)
            squares = [(x, y) for _, x, y in form_placements(page)]
            for text, x0, top, x1, bottom in boxes[number]:
                cx, cy = (x0 + x1) / 2, height - (top + bottom) / 2
                square = next(((sx, sy) for sx, sy in squares
                               if sx <= cx <= sx + s and sy <= cy <= sy + s), None)
                if square is None:
                    continue                     # the sheet's header lines
                seen += 1
                sx, sy = square
                where = (name, size, text)
                assert x0 >= sx + safe - 0.05, (*where, "left", (x0 - sx) / MM)
                assert x1 <= sx + s - safe + 0.05, (*where, "right", (sx + s - x1) / MM)
                assert height - top <= sy + s - safe + 0.05, (*where, "top", (sy + s - height + top) / MM)
                assert height - bottom >= sy + safe - 0.05, (*where, "bottom", (height - bottom - sy) / MM)
    assert seen > 200


def _strings(shapes, matrix=(1, 0, 0, 1, 0, 0)):
    """(text, left, bottom, right, top) of the ink of every string: from the baseline (or
    the descenders) to the capitals' height."""
    for shape in shapes:
        kind = type(shape).__name__
        if kind == "Group":
            a, _, _, d, e, f = shape.transform
            ma, _, _, md, me, mf = matrix
            yield from _strings(shape.contents, (ma * a, 0, 0, md * d, ma * e + me, md * f + mf))
        elif kind == "String":
            a, _, _, d, e, f = matrix
            width = stringWidth(shape.text, shape.fontName, shape.fontSize)
            left = shape.x - (width / 2 if shape.textAnchor == "middle" else 0)
            low = 0.24 * shape.fontSize if re.search(r"[gjpqy,]", shape.text) else 0
            yield (shape.text, a * left + e, d * (shape.y - low) + f,
                   a * (left + width) + e, d * (shape.y + CAP_HEIGHT * shape.fontSize) + f)


def _shaft(drawing, x):
    """The lowest end of the arrow's shaft: the vertical stroked segment at ``x``."""
    ends = [min(p.points[1], p.points[3]) for p in drawing.contents
            if type(p).__name__ == "Path" and len(p.points) == 4
            and abs(p.points[0] - x) < 1e-6 and abs(p.points[2] - x) < 1e-6]
    return min(ends) if ends else None


@pytest.mark.parametrize("size", ["1/2in", "9/16in", "12mm", "5/8in", "16mm"])
def test_no_text_touches_other_text_or_the_arrow(sources, size):
    options = CounterImageOptions(counter_size=parse_length(size))
    u = options.counter_size / 100
    checked = 0
    for name, rosters in sources.items():
        for unit in unit_faces(rosters, backs=True):
            for face in (unit.front, unit.back):
                if face is None:
                    continue
                drawing = face_drawing(face.face, options)
                inks = list(_strings(drawing.contents))
                for a, b in itertools.combinations(inks, 2):
                    apart = (a[3] <= b[1] + 0.05 or b[3] <= a[1] + 0.05 or
                             a[4] <= b[2] + 0.05 or b[4] <= a[2] + 0.05)
                    assert apart, (name, size, a[0], b[0])
                shaft = _shaft(drawing, ARROW_X * u)
                if shaft is None or face.face.arrow != "up":
                    continue
                under = [ink for ink in inks if ink[1] < ARROW_X * u < ink[3] and ink[4] <= shaft + 1]
                for ink in under:
                    assert ink[4] + 0.2 <= shaft, (name, size, ink[0], "touches the arrow")
                checked += 1
    assert checked > 20

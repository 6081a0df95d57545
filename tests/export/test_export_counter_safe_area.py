"""Counters keep their text inside a safe margin from the cut and never under a readable
size, at every counter size (docs/print.md says what a 1/2in counter carries)."""
from __future__ import annotations

import pytest
from pypdf import PdfReader

from studio.export import CounterOptions, export_counters, sources_from_scenario
from studio.export.counter_art import CAP_HEIGHT, MIN_TEXT_PT, safe_margin
from studio.export.lengths import parse_length

from export_support import Library, form_placements, page_words, poppler_words, scenario

SIZES = ["1/2in", "9/16in", "5/8in", "3/4in", "1in"]


def _export(tmp_path, size):
    path = tmp_path / "c.pdf"
    export_counters(sources_from_scenario(scenario(), Library()), path,
                    CounterOptions.parse(counter_size=size, markers=1))
    return path


def _square_of(x, y, squares, s):
    for sx, sy in squares:
        if sx <= x <= sx + s and sy <= y <= sy + s:
            return sx, sy
    return None


@pytest.mark.parametrize("size", SIZES)
def test_text_stays_in_the_safe_area_at_a_readable_size(tmp_path, size):
    path = _export(tmp_path, size)
    s = parse_length(size)
    safe = safe_margin(s)
    assert safe >= 72 / 25.4 - 1e-9            # at least 1 mm at every size
    reader = PdfReader(str(path))
    boxes = poppler_words(path)
    if boxes is None:
        pytest.skip("pdftotext (poppler-utils) is not installed")
    seen = 0
    for number, page in enumerate(reader.pages):
        height = float(page.mediabox.height)
        squares = [(x, y) for _, x, y in form_placements(page)]
        for w in page_words(page):
            square = _square_of(w.x + 0.5, w.y + 0.5, squares, s)
            if square is None:
                continue                         # the sheet's header lines
            seen += 1
            assert w.size >= MIN_TEXT_PT - 1e-6, (w.text, w.size)
            assert w.y >= square[1] + safe - 0.05, (w.text, "below the safe area")
            assert w.y + CAP_HEIGHT * w.size <= square[1] + s - safe + 0.05, (w.text, "above")
        for text, x0, top, x1, bottom in boxes[number]:
            square = _square_of((x0 + x1) / 2, height - (top + bottom) / 2, squares, s)
            if square is None:
                continue
            assert x0 >= square[0] + safe - 0.1, (text, x0 - square[0])
            assert x1 <= square[0] + s - safe + 0.1, (text, square[0] + s - x1)
    assert seen > 100


def test_half_inch_counters_carry_name_numbers_and_markers_whole(tmp_path):
    path = _export(tmp_path, "1/2in")
    front, back = (" ".join(w.text for w in page) for page in
                   ([w for w in page_words(p)] for p in PdfReader(str(path)).pages))
    assert "R1 M10 H1" in front             # range, morale, hits on one line
    assert "Rally ≤3" in back and "ROUTED" in back
    for word in ("DISRUPTED", "OBJECTIVE", "COLUMN", "SQUARE", "PLAYER A", "PLAYER B"):
        assert word in front + back               # whole, not abbreviated
    assert "OUT OF" in front and "AMMO" in front      # two lines rather than cut

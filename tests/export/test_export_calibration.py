"""`studio export calibration`: the back-registration test sheet. The back's scales have
their zero exactly behind the front's crosshairs (mirrored over the flip edge and moved
by the offset the sheet is printed with), so a reading is the offset to pass."""
from __future__ import annotations

import pytest
from pypdf import PdfReader

from studio.cli import main
from studio.export import CounterOptions
from studio.export.calibration import MM, export_calibration, target_points

from export_support import page_lines, pdf_words


def _crosshairs(page) -> list[tuple[float, float]]:
    """Centres of the front's crosshairs: where a 24 mm vertical meets a 24 mm horizontal."""
    lines = page_lines(page)
    verticals = [(x1, (y1 + y2) / 2) for x1, y1, x2, y2 in lines
                 if abs(x1 - x2) < 1e-6 and abs(abs(y2 - y1) - 24 * MM) < 0.01]
    return sorted((round(x, 3), round(y, 3)) for x, y in verticals)


def _zero_ticks(page) -> list[tuple[float, float]]:
    """The zero of each back scale: the horizontal scale's 1.6 mm tick (x) and the
    vertical scale's (y)."""
    lines = page_lines(page)
    xs = sorted(round(x1, 3) for x1, y1, x2, y2 in lines
                if abs(x1 - x2) < 1e-6 and abs(abs(y2 - y1) - 1.6 * MM) < 1e-3)
    ys = sorted(round(y1, 3) for x1, y1, x2, y2 in lines
                if abs(y1 - y2) < 1e-6 and abs(abs(x2 - x1) - 1.6 * MM) < 1e-3)
    return xs, ys


@pytest.mark.parametrize("page, flip, offset", [
    ("letter", "long", "0mm,0mm"), ("letter-landscape", "long", "0.5mm,-1mm"),
    ("a4", "short", "0mm,0.3mm"), ("a4-landscape", "short", "-0.4mm,0mm")])
def test_back_scales_sit_behind_the_front_crosshairs(tmp_path, page, flip, offset):
    options = CounterOptions.parse(page=page, flip=flip, back_offset=offset, duplex=True)
    path = tmp_path / "cal.pdf"
    assert export_calibration(path, options) == 2
    reader = PdfReader(str(path))
    w, h = options.page
    front = _crosshairs(reader.pages[0])
    assert len(front) == 5
    assert front == sorted((round(x, 3), round(y, 3)) for _, x, y in target_points(options))
    dx, dy = options.back_offset
    xs, ys = _zero_ticks(reader.pages[1])
    expected_x, expected_y = [], []
    for x, y in front:
        # held to the light after turning over the flip edge: rows or columns mirrored
        bx, by = (x, h - y) if options.mirror_rows else (w - x, y)
        expected_x.append(round(bx + dx, 3))
        expected_y.append(round(by + dy, 3))
    assert xs == pytest.approx(sorted(expected_x), abs=0.002)
    assert ys == pytest.approx(sorted(expected_y), abs=0.002)
    # both pages say how to print and read it
    front_text = " ".join(w.text for w in pdf_words(path)[0])
    back_text = " ".join(w.text for w in pdf_words(path)[1])
    assert f"flip on the {flip} edge" in front_text
    assert "--back-offset X,Y" in back_text and "read here" in back_text


def test_the_cli_writes_the_sheet(tmp_path, capsys):
    out = tmp_path / "cal.pdf"
    assert main(["export", "calibration", "-o", str(out), "--page", "a4", "--flip",
                 "short"]) == 0
    assert "back-registration test sheet, 2 pages" in capsys.readouterr().out
    assert len(PdfReader(str(out)).pages) == 2

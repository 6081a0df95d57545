"""`studio simulate ... --pdf report.pdf [--page a4]`: the balance report as a PDF from the
command line, on Letter or A4, with round numbers on the charts' axes."""
from __future__ import annotations

import re
import pytest
from pypdf import PdfReader

from studio.cli import main
from studio.export.axis_ticks import nice_ticks

from test_cli_engine_simulate import write_mirror
from export_support import pdf_words


def _axis_labels(path) -> list[str]:
    """The small numbers (6 pt) under the bar charts and beside the histogram."""
    return [w.text for page in pdf_words(path) for w in page
            if abs(w.size - 6) < 0.01 and re.fullmatch(r"[\d.]+%?", w.text)]


@pytest.mark.parametrize("page, size", [(None, (612, 792)), ("a4", (595.28, 841.89))])
def test_simulate_writes_the_pdf_report_on_the_page_asked(tmp_path, capsys, page, size):
    path, sc = write_mirror(tmp_path)
    pdf = tmp_path / "report.pdf"
    args = ["simulate", str(path), "--games", "4", "--seed", "3", "--pdf", str(pdf)]
    if page:
        args += ["--page", page]
    assert main(args) == 0
    reader = PdfReader(str(pdf))
    box = reader.pages[0].mediabox
    assert (float(box.width), float(box.height)) == (pytest.approx(size[0], abs=0.01),
                                                      pytest.approx(size[1], abs=0.01))
    text = " ".join(p.extract_text() for p in reader.pages)
    assert "Balance report" in text and sc.sides[0].name in text
    labels = _axis_labels(pdf)
    assert "0%" in labels and "100%" in labels
    for label in labels:
        # no label with more than two decimals, such as the old 0.128993
        assert not re.search(r"\.\d{3,}", label), label
    assert not list(tmp_path.glob("*.part"))


def test_a_bad_page_and_an_input_as_output_are_refused(tmp_path, capsys):
    path, _ = write_mirror(tmp_path)
    assert main(["simulate", str(path), "--games", "1", "--pdf", str(tmp_path / "r.pdf"),
                 "--page", "b17"]) == 2
    assert "--page" in capsys.readouterr().err
    assert main(["simulate", str(path), "--games", "1", "--pdf", str(path)]) == 2
    assert not (tmp_path / "r.pdf").exists()


def test_ticks_step_by_round_numbers():
    assert nice_ticks(0.515972) == [0, 0.1, 0.2, 0.3, 0.4, 0.5, 0.6]
    assert nice_ticks(0.128993 * 4)[1] == 0.1
    for top in (0.0123, 0.37, 1.0, 3, 7, 37, 512):
        ticks = nice_ticks(top)
        step = ticks[1]
        assert ticks[-1] >= top and len(ticks) <= 7
        mantissa = step / 10 ** __import__("math").floor(__import__("math").log10(step))
        assert round(mantissa, 6) in (1, 2, 2.5, 5)

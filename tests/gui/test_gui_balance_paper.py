"""The balance window's PDF on Letter or A4, as `studio simulate --pdf --page`."""
import pytest
from pypdf import PdfReader

from studio.export.lengths import PAGE_SIZES
from test_gui_balance_window import battle  # noqa: F401 - the fixture


def test_the_report_pdf_is_on_the_chosen_paper(battle, qtbot, tmp_path):  # noqa: F811
    w, _holder, _lib = battle
    done = []
    w.runFinished.connect(done.append)
    w.run(games=4, seed=2, workers=1)
    qtbot.waitUntil(lambda: bool(done), timeout=60000)
    assert w.paper.currentData() == "letter"                 # the CLI's default
    for key in ("letter", "a4"):
        w.paper.setCurrentIndex(w.paper.findData(key))
        out = w.export(tmp_path / f"balance-{key}.pdf")
        box = PdfReader(str(out)).pages[0].mediabox
        assert (float(box.width), float(box.height)) == pytest.approx(PAGE_SIZES[key], abs=0.5)

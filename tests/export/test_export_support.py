"""The PDF reader of tests/export_support.py agrees with poppler, inside forms too."""
import pytest
from pypdf import PdfReader

from export_support import form_placements, page_lines, page_words, pdf_words, poppler_words


def _sample_pdf(path):
    from reportlab.pdfgen.canvas import Canvas
    from studio.export.fonts import FONT, register_fonts
    register_fonts()
    c = Canvas(str(path), pagesize=(300, 200))
    c.setFont(FONT, 10)
    c.drawString(20, 30, "Éowyn")
    c.saveState()
    c.translate(100, 50)
    c.drawString(10, 5, "Théoden")
    c.line(0, 0, 40, 0)
    c.restoreState()
    c.showPage()
    c.save()


def test_reader_places_text_and_lines(tmp_path):
    path = tmp_path / "sample.pdf"
    _sample_pdf(path)
    words = pdf_words(path)[0]
    assert [(w.text, round(w.x), round(w.y)) for w in words] == [("Éowyn", 20, 30), ("Théoden", 110, 55)]
    assert [tuple(round(v) for v in seg) for seg in page_lines(PdfReader(str(path)).pages[0])] == [(100, 50, 140, 50)]


def test_reader_agrees_with_poppler(tmp_path):
    path = tmp_path / "sample.pdf"
    _sample_pdf(path)
    popped = poppler_words(path)
    if popped is None:
        pytest.skip("poppler-utils (pdftotext) is not installed")
    ours = {w.text: w.x for w in pdf_words(path)[0]}
    theirs = {text: x0 for text, x0, *_ in popped[0]}
    assert ours.keys() == theirs.keys()
    for text in ours:
        assert ours[text] == pytest.approx(theirs[text], abs=0.5)


def _forms_pdf(path):
    """Text on the page around forms, a form placed on its own and inside another form
    whose /Matrix doubles and shifts it."""
    from reportlab.pdfbase.pdfdoc import PDFArray
    from reportlab.pdfgen.canvas import Canvas
    from studio.export.fonts import FONT, FONT_BOLD, register_fonts
    register_fonts()
    c = Canvas(str(path), pagesize=(300, 200))
    c.beginForm("label", 0, 0, 60, 20)
    c.setFont(FONT, 8)
    c.drawString(2, 3, "Mûmak")
    c.endForm()
    c.beginForm("pair", 0, 0, 120, 40)
    c.setFont(FONT_BOLD, 6)
    c.drawString(0, 30, "Pair")
    c.doForm("label")
    c.saveState()
    c.translate(60, 20)
    c.doForm("label")
    c.restoreState()
    c.endForm(Matrix=PDFArray([2, 0, 0, 2, 5, 0]))
    c.setFont(FONT, 10)
    c.drawString(10, 185, "Title")
    c.saveState()
    c.translate(100, 50)
    c.doForm("label")
    c.restoreState()
    c.saveState()
    c.translate(20, 100)
    c.doForm("pair")
    c.restoreState()
    c.drawString(200, 20, "Théoden")
    c.showPage()
    c.save()


FORM_WORDS = [("Mûmak", 29, 106, 16), ("Mûmak", 102, 53, 8), ("Mûmak", 149, 146, 16),
              ("Pair", 25, 160, 12), ("Théoden", 200, 20, 10), ("Title", 10, 185, 10)]


def test_reader_places_text_inside_forms_once_per_placement(tmp_path):
    path = tmp_path / "forms.pdf"
    _forms_pdf(path)
    page = PdfReader(str(path)).pages[0]
    words = sorted((w.text, round(w.x, 3), round(w.y, 3), round(w.size, 3)) for w in page_words(page))
    assert words == FORM_WORDS
    assert [(name, round(x), round(y)) for name, x, y in form_placements(page)] == [
        ("/FormXob.label", 100, 50), ("/FormXob.pair", 20, 100)]


def test_reader_agrees_with_poppler_inside_forms(tmp_path):
    path = tmp_path / "forms.pdf"
    _forms_pdf(path)
    popped = poppler_words(path)
    if popped is None:
        pytest.skip("poppler-utils (pdftotext) is not installed")
    theirs = sorted((text, x0) for text, x0, *_ in popped[0])
    ours = [(text, x) for text, x, _, _ in FORM_WORDS]
    assert [t for t, _ in theirs] == [t for t, _ in ours]
    for (_, a), (_, b) in zip(ours, theirs):
        assert a == pytest.approx(b, abs=0.5)

"""The Counters tab offers the die-cut line `studio export counters --die-cut
--die-cut-corner` writes: ticked, the exported sheet carries the CutContour path with the
corner radius chosen; the radius field is live only with the box ticked. The print-shop row
says, under CMYK, when no ICC profile is there to convert the colours through."""
import pytest
from pypdf import PdfReader

from studio.io import default_library
from test_gui_export_dialog import export, make_dialog, wait_preview


@pytest.fixture(scope="module")
def library():
    return default_library()


def test_die_cut_line_from_the_counters_tab(qtbot, tmp_path, library):
    d = make_dialog(qtbot, tmp_path, library)
    tab = d.counters_tab
    assert not tab.die_cut.isChecked() and not tab.die_cut_corner.isEnabled()
    tab.die_cut.setChecked(True)
    assert tab.die_cut_corner.isEnabled()
    tab.die_cut_corner.setValue(1.5)
    wait_preview(qtbot, d)
    target = tmp_path / "counters.pdf"
    d.set_output_path(target)
    export(qtbot, d)
    options = d.last_request.options
    assert options.die_cut and options.die_cut_corner == pytest.approx(1.5 * 72 / 25.4, abs=1e-3)
    page = PdfReader(str(target)).pages[0]
    spaces = {str(v.get_object()[1]) for v in page["/Resources"]["/ColorSpace"].values()}
    assert "/CutContour" in spaces
    assert b"/CutContour CS 1 SCN" in page.get_contents().get_data()


def test_cmyk_without_a_profile_says_so_under_the_box(qtbot, tmp_path, library, monkeypatch):
    from studio.export import pdf_output
    monkeypatch.setattr(pdf_output, "system_cmyk_profile", lambda: None)
    d = make_dialog(qtbot, tmp_path, library)
    field = d.counters_tab.print_shop
    assert field.note.isHidden()
    field.cmyk.setChecked(True)
    assert not field.note.isHidden()
    assert "no CMYK ICC profile was found" in field.note.text()
    assert "libgs-common" in field.note.text()
    field.cmyk.setChecked(False)
    assert field.note.isHidden()

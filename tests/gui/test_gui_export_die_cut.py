"""The Counters tab offers the die-cut line `studio export counters --die-cut
--die-cut-corner` writes: ticked, the exported sheet carries the CutContour path with the
corner radius chosen; the radius field is live only with the box ticked."""
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

"""The Export dialog's map preview pages through every page of the map, not page 1 of 1
(issue 28 item 2); a map of hundreds of sheets shows its first ones and says how many."""
import pytest
from PySide6.QtCore import Qt

from studio.export.map_sheet import map_page_count
from studio.gui.export_dialog.request import PREVIEW_MAP_PAGES
from test_gui_export_dialog import (HAVE_PDFTOPPM, library, make_dialog,  # noqa: F401
                                    scenario, wait_preview)


@pytest.mark.skipif(not HAVE_PDFTOPPM, reason="pdftoppm (poppler-utils) is not installed")
def test_map_preview_shows_every_page(qtbot, tmp_path, library):  # noqa: F811
    d = make_dialog(qtbot, tmp_path, library)
    d.set_kind("map")
    wait_preview(qtbot, d)
    pane = d.preview
    pages = map_page_count(scenario("marathon"), d.map_tab.request().options)
    assert 2 < pages <= PREVIEW_MAP_PAGES
    assert pane.page_count() == pages
    assert pane.page_label.text() == f"page 1 of {pages}"
    first = pane.pixmap().toImage()
    qtbot.mouseClick(pane.next_button, Qt.LeftButton)
    assert pane.page_label.text() == f"page 2 of {pages}"
    assert pane.pixmap().toImage() != first
    qtbot.mouseClick(pane.last_button, Qt.LeftButton)
    assert pane.current_page() == pages                  # the legend page
    assert not pane.next_button.isEnabled()


@pytest.mark.skipif(not HAVE_PDFTOPPM, reason="pdftoppm (poppler-utils) is not installed")
def test_huge_map_preview_says_how_many_pages_it_drew(qtbot, tmp_path, library):  # noqa: F811
    from test_gui_export_dialog import long_map_export
    d = make_dialog(qtbot, tmp_path, library, name="blank-64x44-flat")
    long_map_export(d)
    qtbot.waitUntil(d.preview_idle, timeout=120_000)
    pages = map_page_count(scenario("blank-64x44-flat"), d.map_tab.request().options)
    pane = d.preview
    assert pane.page_count() == PREVIEW_MAP_PAGES
    assert pane.page_label.text() == (f"page 1 of {pages} (the first {PREVIEW_MAP_PAGES} "
                                       "drawn)")

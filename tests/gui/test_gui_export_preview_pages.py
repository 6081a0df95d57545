"""The Export dialog's preview shows every page, one at a time, and zooms (issue 15
item 9): page through with the buttons or the keys, zoom in to read a counter."""
import pytest
from PySide6.QtCore import Qt

from test_gui_export_dialog import (HAVE_PDFTOPPM, library, make_dialog,  # noqa: F401
                                    wait_preview)


@pytest.mark.skipif(not HAVE_PDFTOPPM, reason="pdftoppm (poppler-utils) is not installed")
def test_page_through_every_page_and_zoom(qtbot, tmp_path, library):  # noqa: F811
    d = make_dialog(qtbot, tmp_path, library)
    d.set_kind("playsheet")
    wait_preview(qtbot, d)
    pane = d.preview
    pages = pane.page_count()
    assert pages >= 2 and pane.info.text().startswith(f"{pages} pages")
    assert pane.current_page() == 1 and pane.page_label.text() == f"page 1 of {pages}"
    assert not pane.prev_button.isEnabled() and pane.next_button.isEnabled()
    first = pane.pixmap().toImage()
    qtbot.mouseClick(pane.next_button, Qt.LeftButton)
    assert pane.current_page() == 2 and pane.page_label.text() == f"page 2 of {pages}"
    assert pane.pixmap().toImage() != first                 # another page is shown
    assert not pane.page.pixmap().isNull()
    qtbot.mouseClick(pane.last_button, Qt.LeftButton)
    assert pane.current_page() == pages and not pane.next_button.isEnabled()
    pane.scroll.setFocus()
    qtbot.keyClick(pane.scroll, Qt.Key_Home)
    assert pane.current_page() == 1
    qtbot.keyClick(pane.scroll, Qt.Key_PageDown)
    assert pane.current_page() == 2

    fitted = pane.page.pixmap().size()
    qtbot.mouseClick(pane.zoom_in_button, Qt.LeftButton)
    qtbot.mouseClick(pane.zoom_in_button, Qt.LeftButton)
    assert pane.zoom() == 2.0 and pane.zoom_label.text() == "200%"
    zoomed = pane.page.pixmap().size()
    assert zoomed.width() > 1.8 * fitted.width()
    bar = pane.scroll.verticalScrollBar()
    assert bar.maximum() > 0                                 # larger than the pane: scrolls
    qtbot.mouseClick(pane.fit_button, Qt.LeftButton)
    assert pane.zoom() == 1.0 and pane.page.pixmap().size() == fitted

    d.set_kind("counters")                                   # another tab: its own pages
    wait_preview(qtbot, d)
    assert pane.current_page() == 1 and pane.page_count() >= 1

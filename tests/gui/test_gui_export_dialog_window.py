"""File ▸ Export… in the main window, and the dialog's pictures for the guide.

`STUDIO_SCREENSHOTS=docs/images python3 -m pytest tests/gui/test_gui_export_dialog_window.py`
refreshes docs/images/export-dialog*.png; otherwise they go to a temporary folder.
"""
import os
import shutil
from pathlib import Path

import pytest
from PySide6.QtGui import QColor, QKeySequence

from studio.gui.export_dialog import ExportDialog
from studio.io import default_library, load_file
from studio.io.samples import scenarios_dir


@pytest.fixture
def window(make_window, sample_copy):
    return make_window(sample_copy)


def test_file_export_opens_the_dialog_on_the_current_scenario(window, qtbot, tmp_path):
    file_menu = window.menuBar().actions()[0].menu()
    assert window.export_action in file_menu.actions()
    assert window.export_action.shortcut() == QKeySequence("Ctrl+Shift+E")
    window.export_action.trigger()
    d = window.export_dialog
    assert isinstance(d, ExportDialog) and d.isVisible() and d.isModal()
    assert d.snapshot.id == window.doc.model.id
    assert d.output_path() == tmp_path / "marathon-counters.pdf"     # next to the file
    qtbot.waitUntil(d.preview_idle, timeout=20000)
    d.close_button.click()
    assert not d.isVisible()
    window.export_action.trigger()                                    # opens afresh
    assert window.export_dialog is not d and window.export_dialog.isVisible()
    window.export_dialog.reject()


SHOTS = (("export-dialog", "counters"), ("export-dialog-map", "map"))


@pytest.mark.skipif(shutil.which("pdftoppm") is None, reason="the picture needs pdftoppm")
@pytest.mark.parametrize("name,kind", SHOTS, ids=[k for _, k in SHOTS])
def test_export_dialog_screenshot(name, kind, qtbot, tmp_path):
    out = Path(os.environ.get("STUDIO_SCREENSHOTS") or tmp_path)
    out.mkdir(parents=True, exist_ok=True)
    source = scenarios_dir() / "marathon.yaml"
    shown_path = Path("/home/designer/scenarios/marathon.yaml")     # not this machine's home
    d = ExportDialog(load_file(source).model, default_library(), shown_path, preview_delay_ms=0)
    qtbot.addWidget(d)
    d.set_kind(kind)
    if kind == "counters":
        d.counters_tab.markers.setValue(1)
    else:
        d.map_tab.set_page("a4")
    d.show()
    qtbot.waitExposed(d)
    qtbot.waitUntil(d.preview_idle, timeout=20000)
    qtbot.wait(50)
    image = d.grab().toImage()
    assert image.save(str(out / f"{name}.png"))
    page = d.preview.page
    centre = page.mapTo(d, page.rect().center())
    assert QColor(image.pixel(centre)).name() != "#6f747b"      # a page, not the empty desk

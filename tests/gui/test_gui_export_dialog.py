"""File ▸ Export…: the three tabs drive the real exporters off the GUI thread, the preview
draws page 1, Cancel leaves no file, errors read as sentences."""
import copy
import re
import shutil
from pathlib import Path

import pytest
from pypdf import PdfReader
from PySide6.QtCore import Qt
from PySide6.QtGui import QDesktopServices

from studio.export import PlaysheetOptions, export_playsheet
from studio.export.lengths import PAGE_SIZES
from studio.export.map_sheet import map_page_count, plan_map
from studio.gui.export_dialog import ExportDialog
from studio.gui.export_dialog import dialog as dialog_module
from studio.io import default_library, load_file
from studio.io.samples import scenarios_dir

HAVE_PDFTOPPM = shutil.which("pdftoppm") is not None
A4 = PAGE_SIZES["a4"]


@pytest.fixture(scope="module")
def library():
    return default_library()


def scenario(name: str):
    return load_file(scenarios_dir() / f"{name}.yaml").model


def make_dialog(qtbot, tmp_path, library, name="marathon", delay=20, model=None):
    d = ExportDialog(model or scenario(name), library, tmp_path / f"{name}.yaml",
                     preview_delay_ms=delay)
    qtbot.addWidget(d)
    d.show()
    return d


def wait_preview(qtbot, d):
    qtbot.waitUntil(d.preview_idle, timeout=20000)


def export(qtbot, d, expect="done"):
    with qtbot.waitSignal(d.exportFinished, timeout=30000) as blocker:
        assert d.export()
    assert blocker.args == [expect], d.status.text()


def page_size(pdf: Path) -> tuple[float, float]:
    box = PdfReader(str(pdf)).pages[0].mediabox
    return float(box.width), float(box.height)


def close_to(size, expected, tol=0.6):
    return abs(size[0] - expected[0]) < tol and abs(size[1] - expected[1]) < tol


def text_of(pdf: Path) -> str:
    return "\n".join(p.extract_text() for p in PdfReader(str(pdf)).pages)


def test_output_defaults_next_to_the_scenario_or_in_documents(qtbot, tmp_path, library):
    d = make_dialog(qtbot, tmp_path, library)
    assert d.output_path() == tmp_path / "marathon-counters.pdf"
    d.set_kind("map")
    assert d.output_path() == tmp_path / "marathon-map.pdf"
    d.path_edit.setText("")
    qtbot.keyClicks(d.path_edit, str(tmp_path / "elsewhere"))
    assert d.output_path() == tmp_path / "elsewhere.pdf"       # .pdf added
    d.set_kind("playsheet")
    assert d.output_path() == tmp_path / "marathon-playsheet.pdf"
    d.set_kind("map")
    assert d.output_path() == tmp_path / "elsewhere.pdf"       # each kind keeps its own

    unsaved = ExportDialog(scenario("marathon"), library, None, documents=tmp_path / "docs")
    qtbot.addWidget(unsaved)
    assert unsaved.output_path() == tmp_path / "docs" / "marathon-counters.pdf"


def test_counters_export_uses_the_chosen_size_and_paper(qtbot, tmp_path, library, monkeypatch):
    d = make_dialog(qtbot, tmp_path, library)
    tab = d.counters_tab
    tab.size.set_size("3/4in")
    tab.set_page("a4")
    tab.gutter.setValue(2)
    tab.bleed.setValue(0.5)
    tab.duplex.setChecked(True)
    tab.markers.setValue(2)
    tab.marker_kinds["formation"].setChecked(False)
    tab.offset_x.setValue(0.6)
    target = tmp_path / "out" / "counters.pdf"
    target.parent.mkdir()
    d.set_output_path(target)
    export(qtbot, d)

    options = d.last_request.options
    assert options.counter_size == 54.0                 # 3/4 in
    assert options.markers == 2 and "formation" not in options.marker_kinds
    assert options.duplex and options.back_offset[0] == pytest.approx(0.6 * 72 / 25.4)
    assert target.is_file() and not list(target.parent.glob("*.part*"))
    reader = PdfReader(str(target))
    assert len(reader.pages) == d.last_pages
    assert close_to(page_size(target), A4)
    assert "counters 19.0 mm (3/4 in)" in text_of(target)
    assert str(target) in d.status.text() and "Saved" in d.status.text()
    assert d.progress.value() == d.progress.maximum() == d.last_pages

    opened = []
    monkeypatch.setattr(QDesktopServices, "openUrl", lambda url: opened.append(url) or True)
    assert d.open_folder_button.isVisible()
    qtbot.mouseClick(d.open_folder_button, Qt.LeftButton)
    assert [u.toLocalFile() for u in opened] == [str(target.parent)]


def test_custom_counter_size_in_millimetres(qtbot, tmp_path, library):
    d = make_dialog(qtbot, tmp_path, library)
    d.counters_tab.size.combo.setCurrentIndex(d.counters_tab.size.combo.findData("custom"))
    d.counters_tab.size.custom.setValue(16)
    d.counters_tab.sides.set_checked("persians", False)
    export(qtbot, d)
    assert d.last_request.options.counter_size == pytest.approx(16 * 72 / 25.4)
    assert d.last_request.side_ids == ("athenians",)
    text = text_of(tmp_path / "marathon-counters.pdf")
    assert "16.0 mm" in text and "Athenians and Plataeans" in text
    assert "Persian expedition" not in text


def test_playsheet_of_one_side_on_a4(qtbot, tmp_path, library):
    d = make_dialog(qtbot, tmp_path, library)
    d.set_kind("playsheet")
    tab = d.playsheet_tab
    tab.sides.set_checked("athenians", False)
    tab.set_page("a4")
    tab.font_size.setValue(8)
    export(qtbot, d)
    target = tmp_path / "marathon-playsheet.pdf"
    assert d.last_request.options.sides == ("persians",)
    expected = export_playsheet(scenario("marathon"), library, tmp_path / "direct.pdf",
                                PlaysheetOptions.parse(page="a4", font_size=8, sides="persians"))
    assert len(PdfReader(str(target)).pages) == d.last_pages == expected
    assert close_to(page_size(target), A4)


def test_map_on_a3_with_an_explicit_hex_size(qtbot, tmp_path, library):
    d = make_dialog(qtbot, tmp_path, library)
    d.set_kind("map")
    tab = d.map_tab
    tab.set_page("a3")
    tab.hex_explicit.setChecked(True)
    tab.hex_size.setValue(25)
    tab.overlap.setValue(12)
    tab.labels.setChecked(False)
    export(qtbot, d)
    options = d.last_request.options
    assert options.hex_flat_to_flat == pytest.approx(25 * 72 / 25.4)
    assert options.overlap == pytest.approx(12 * 72 / 25.4) and not options.labels
    plan = plan_map(scenario("marathon"), options)
    target = tmp_path / "marathon-map.pdf"
    pages = len(PdfReader(str(target)).pages)
    assert pages == d.last_pages == plan.tiles.columns * plan.tiles.rows + 1   # + legend
    assert close_to(sorted(page_size(target)), sorted(PAGE_SIZES["a3"]))


def long_map_export(d):
    """A hundred thousand small sheets: minutes of work, so Cancel always comes in time
    however busy the machine is."""
    d.set_kind("map")
    d.map_tab.set_page("custom", 80, 80)
    d.map_tab.hex_explicit.setChecked(True)
    d.map_tab.hex_size.setValue(40)
    d.map_tab.overlap.setValue(5)


def test_cancel_a_long_map_export_leaves_no_file(qtbot, tmp_path, library):
    d = make_dialog(qtbot, tmp_path, library, name="blank-64x44-flat")
    long_map_export(d)
    target = tmp_path / "blank-64x44-flat-map.pdf"
    assert d.output_path() == target
    with qtbot.waitSignal(d.exportFinished, timeout=30000) as blocker:
        assert d.export()
        assert d.is_exporting() and not d.tabs.isEnabled() and d.cancel_button.isEnabled()
        # Progress arrives while the GUI thread keeps running its event loop.
        qtbot.waitUntil(lambda: d.progress.value() >= 2, timeout=20000)
        assert d.progress.maximum() > 100000
        d.cancel_button.click()
    assert blocker.args == ["cancelled"], d.status.text()
    assert d.status.text().startswith("Cancelled")
    assert not target.exists() and list(tmp_path.glob("*.pdf")) == []
    assert not d.is_exporting() and d.tabs.isEnabled() and d.export_button.isEnabled()


def test_cancel_keeps_an_earlier_export(qtbot, tmp_path, library):
    d = make_dialog(qtbot, tmp_path, library, name="blank-64x44-flat")
    long_map_export(d)
    d.output_path().write_bytes(b"%PDF earlier")
    with qtbot.waitSignal(d.exportFinished, timeout=30000):
        d.export()
        d.cancel_export()
    assert d.output_path().read_bytes() == b"%PDF earlier"
    assert "unchanged" in d.status.text()


@pytest.mark.skipif(not HAVE_PDFTOPPM, reason="pdftoppm (poppler-utils) is not installed")
def test_preview_of_a_huge_map_draws_only_its_first_sheet(qtbot, tmp_path, library):
    # A hundred thousand sheets take minutes to export; the preview shows the first one
    # in moments and still says how many pages the export will have.
    d = make_dialog(qtbot, tmp_path, library, name="blank-64x44-flat")
    long_map_export(d)
    wait_preview(qtbot, d)
    pages = map_page_count(scenario("blank-64x44-flat"), d.map_tab.request().options)
    assert pages > 100000
    assert d.preview.info.text().startswith(f"{pages} pages · map on ")
    assert not d.preview.pixmap().isNull()


@pytest.mark.skipif(not HAVE_PDFTOPPM, reason="pdftoppm (poppler-utils) is not installed")
def test_preview_shows_page_one_and_says_what_prints(qtbot, tmp_path, library):
    d = make_dialog(qtbot, tmp_path, library)
    wait_preview(qtbot, d)
    pixmap = d.preview.pixmap()
    assert not pixmap.isNull()
    assert pixmap.height() > pixmap.width()                     # Letter, portrait
    assert d.preview.page.pixmap() is not None and not d.preview.page.pixmap().isNull()
    assert re.match(r"\d+ pages · Letter · counters 15\.9 mm \(5/8 in\)", d.preview.info.text())

    d.set_kind("map")
    d.map_tab.set_page("a4")
    wait_preview(qtbot, d)
    plan = plan_map(scenario("marathon"), d.map_tab.request().options)
    sheets = plan.tiles.columns * plan.tiles.rows
    assert (f"map on {sheets} sheets ({plan.tiles.columns} across × {plan.tiles.rows} down) "
            f"of A4") in d.preview.info.text()
    assert not d.preview.pixmap().isNull()

    d.set_kind("playsheet")
    wait_preview(qtbot, d)
    assert "Athenians and Plataeans, Persian expedition" in d.preview.info.text()
    assert list(Path(d._preview_dir.name).iterdir()) == []      # temporary files cleaned up


def test_preview_without_pdftoppm_still_counts_pages(qtbot, tmp_path, library, monkeypatch):
    monkeypatch.setattr(dialog_module, "pdftoppm", lambda: None)
    d = make_dialog(qtbot, tmp_path, library)
    wait_preview(qtbot, d)
    assert d.preview.pixmap().isNull()
    assert "pdftoppm" in d.preview.page.text()
    assert re.match(r"\d+ pages · Letter · counters", d.preview.info.text())


def test_preview_waits_for_changes_to_settle(qtbot, tmp_path, library):
    d = make_dialog(qtbot, tmp_path, library, delay=500)
    wait_preview(qtbot, d)
    started = d.runner._next_id
    for size in ("1/2in", "9/16in", "1in"):
        d.counters_tab.size.set_size(size)
        d.counters_tab.size.changed.emit()
    assert d.preview_timer.isActive() and d.runner._next_id == started
    wait_preview(qtbot, d)
    assert d.runner._next_id == started + 1                     # one render for the burst
    assert "counters 25.4 mm (1 in)" in d.preview.info.text()
    d.counters_tab.size.set_size("9/16in")
    d.counters_tab.size.set_size("1in")
    d.counters_tab.size.changed.emit()
    assert not d.preview_timer.isActive()                       # unchanged: nothing to redraw


def test_options_that_do_not_fit_are_explained(qtbot, tmp_path, library):
    d = make_dialog(qtbot, tmp_path, library)
    d.counters_tab.gutter.setValue(1)
    d.counters_tab.bleed.setValue(1)
    assert not d.export_button.isEnabled()
    message = d.preview.info.text()
    assert "gutter" in message and "--" not in message
    d.counters_tab.gutter.setValue(2)
    assert d.export_button.isEnabled()

    d.set_kind("playsheet")
    for side in ("athenians", "persians"):
        d.playsheet_tab.sides.set_checked(side, False)
    assert not d.export_button.isEnabled()
    assert "at least one side" in d.preview.info.text()


def test_a_scenario_with_errors_is_refused_with_a_message(qtbot, tmp_path, library):
    broken = copy.deepcopy(scenario("marathon"))
    broken.sides[0].army.army_list = "no-such-list"
    d = make_dialog(qtbot, tmp_path, library, model=broken)
    export(qtbot, d, expect="failed")
    assert "error" in d.status.text() and "no-such-list" in d.status.text()
    assert "Traceback" not in d.status.text()
    assert list(tmp_path.iterdir()) == []
    wait_preview(qtbot, d)
    assert "no-such-list" in d.preview.info.text()


def test_a_missing_folder_is_explained(qtbot, tmp_path, library):
    d = make_dialog(qtbot, tmp_path, library)
    d.set_output_path(tmp_path / "nowhere" / "counters.pdf")
    export(qtbot, d, expect="failed")
    assert "does not exist" in d.status.text() and "nowhere" in d.status.text()
    d.set_output_path("")
    assert not d.export()
    assert "Save as" in d.status.text()


def test_closing_during_an_export_stops_it(qtbot, tmp_path, library):
    d = make_dialog(qtbot, tmp_path, library, name="blank-64x44-flat")
    long_map_export(d)
    d.export()
    qtbot.waitUntil(lambda: d.progress.value() >= 1, timeout=20000)
    d.close_button.click()
    assert not d.isVisible() and d.runner.pool.activeThreadCount() == 0
    assert list(tmp_path.glob("*.pdf")) == [], d.status.text()


@pytest.mark.parametrize("module", ["paths", "summary", "errors"])
def test_examples_in_docstrings(module):
    import doctest
    import importlib
    found = importlib.import_module(f"studio.gui.export_dialog.{module}")
    result = doctest.testmod(found)
    assert result.attempted > 0 and result.failed == 0


def test_vassal_tab_previews_the_board_and_exports_a_module(qtbot, tmp_path, library):
    import zipfile
    d = make_dialog(qtbot, tmp_path, library)
    d.set_kind("vassal")
    assert d.path_edit.text() == str(tmp_path / "marathon-vassal.vmod")
    d.vassal_tab.dpi.setValue(72)
    wait_preview(qtbot, d)
    assert re.match(r"VASSAL module · board \d+ × \d+ px at 72 px/in · 58 counters, 53 set up",
                    d.preview.info.text()), d.preview.info.text()
    if HAVE_PDFTOPPM:                       # the board, wider than high like Marathon's map
        picture = d.preview.pixmap()
        assert not picture.isNull() and picture.width() > picture.height()
    d.set_output_path(tmp_path / "out" / "marathon")          # no such folder yet
    export(qtbot, d, "failed")
    assert "does not exist" in d.status.text() and not (tmp_path / "out").exists()
    d.set_output_path(tmp_path / "marathon")
    export(qtbot, d)
    target = tmp_path / "marathon.vmod"
    assert d.saved_path == target and "counters to" in d.status.text()
    names = zipfile.ZipFile(target).namelist()
    assert "buildFile.xml" in names and "moduledata" in names
    # cancel from the dialog: the module written before stays as it was
    before = target.read_bytes()
    d.vassal_tab.dpi.setValue(300)
    wait_preview(qtbot, d)
    with qtbot.waitSignal(d.exportFinished, timeout=30000) as blocker:
        assert d.export()
        d.cancel_export()
    assert blocker.args == ["cancelled"]
    assert target.read_bytes() == before
    assert sorted(p.name for p in tmp_path.iterdir() if p.name.startswith(".")) == []

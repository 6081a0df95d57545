"""The Export dialog offers what `studio export` offers for print: the flip edge and the
automatic markers on the Counters tab, PDF/X, CMYK and an ICC profile on every PDF tab,
and the back-registration test sheet. Each test exports through the real widgets and
reads the PDF."""
import re
import subprocess
from pathlib import Path

import pytest
from pypdf import PdfReader

from studio.io import default_library
from test_gui_export_dialog import export, make_dialog, wait_preview


@pytest.fixture(scope="module")
def library():
    return default_library()


def words(pdf: Path, page: int) -> list[tuple[str, float, float]]:
    """(word, x, y of its top) on a page (1-based), from pdftotext -bbox."""
    out = subprocess.run(["pdftotext", "-f", str(page), "-l", str(page), "-bbox", str(pdf), "-"],
                         check=True, capture_output=True, text=True).stdout
    return [(m[3], float(m[1]), float(m[2])) for m in
            re.finditer(r'<word xMin="([\d.]+)" yMin="([\d.]+)"[^>]*>([^<]*)</word>', out)]


def where(pdf: Path, page: int, word: str) -> tuple[float, float]:
    return next((x, y) for w, x, y in words(pdf, page) if w == word)


@pytest.mark.parametrize("flip", ["long", "short"])
def test_counters_flip_edge_mirrors_the_backs_and_markers_come_by_default(
        flip, qtbot, tmp_path, library):
    d = make_dialog(qtbot, tmp_path, library)
    tab = d.counters_tab
    assert tab.marker_mode.currentData() == "auto" and not tab.markers.isEnabled()
    tab.duplex.setChecked(True)
    tab.flip.setCurrentIndex(tab.flip.findData(flip))
    wait_preview(qtbot, d)
    assert f"flip on the {flip} edge" in d.preview.info.text()
    target = tmp_path / "counters.pdf"
    d.set_output_path(target)
    export(qtbot, d)

    options = d.last_request.options
    assert options.flip == flip and options.markers is None        # the CLI's --markers auto
    text = PdfReader(str(target)).pages[0].extract_text()
    way = "left to right" if flip == "long" else "top to bottom"
    assert f"print double-sided, flip on the {flip} edge (backs mirrored {way})" in text
    # The Round marker for the playsheet's track is there without asking; its back sits
    # in the mirrored column (long edge of a portrait page) or row (short edge).
    (fx, fy), (bx, by) = where(target, 1, "ROUND"), where(target, 2, "ROUND")
    if flip == "long":
        assert by == pytest.approx(fy) and bx > fx + 100
    else:
        assert bx == pytest.approx(fx) and abs(by - fy) > 20


def test_markers_can_be_counted_or_left_off(qtbot, tmp_path, library):
    d = make_dialog(qtbot, tmp_path, library)
    tab = d.counters_tab
    tab.markers.setValue(3)                 # a number means "this many of each kind"
    assert tab.marker_mode.currentData() == "count"
    assert tab.request().options.markers == 3
    tab.marker_mode.setCurrentIndex(tab.marker_mode.findData("none"))
    assert not any(box.isEnabled() for box in tab.marker_kinds.values())
    target = tmp_path / "none.pdf"
    d.set_output_path(target)
    export(qtbot, d)
    assert d.last_request.options.markers == 0
    assert all(w != "ROUND" for p in (1, 2) for w, _, _ in words(target, p))


def intent_of(pdf: Path):
    root = PdfReader(str(pdf)).trailer["/Root"]
    return root["/OutputIntents"][0].get_object() if "/OutputIntents" in root else None


def test_every_pdf_tab_has_the_same_print_shop_field(qtbot, tmp_path, library):
    d = make_dialog(qtbot, tmp_path, library)
    fields = [d.counters_tab.print_shop, d.playsheet_tab.print_shop, d.map_tab.print_shop]
    assert len({type(f) for f in fields}) == 1 and len({id(f) for f in fields}) == 3
    field = d.map_tab.print_shop
    field.cmyk.setChecked(True)
    assert field.pdfx.isChecked() and not field.pdfx.isEnabled()     # CMYK implies PDF/X


@pytest.mark.parametrize("kind", ["counters", "playsheet", "map"])
def test_pdfx_and_cmyk_reach_the_pdf(kind, qtbot, tmp_path, library):
    d = make_dialog(qtbot, tmp_path, library)
    d.set_kind(kind)
    field = d.current_tab().print_shop
    field.pdfx.setChecked(True)
    plain = tmp_path / f"{kind}-x.pdf"
    d.set_output_path(plain)
    export(qtbot, d)
    intent = intent_of(plain)
    assert intent["/OutputConditionIdentifier"] == "sRGB IEC61966-2.1"
    assert intent["/DestOutputProfile"].get_object().get_data()      # the profile embedded
    field.cmyk.setChecked(True)
    cmyk = tmp_path / f"{kind}-cmyk.pdf"
    d.set_output_path(cmyk)
    export(qtbot, d)
    from studio.export.cmyk_profile import system_cmyk_profile
    profile = system_cmyk_profile()
    assert intent_of(cmyk)["/OutputConditionIdentifier"] == (profile.condition if profile
                                                              else "Custom")
    page = PdfReader(str(cmyk)).pages[0].get_contents().get_data()
    assert re.search(rb"\s[\d.]+ [\d.]+ [\d.]+ [\d.]+ (k|K)\s", page)


def test_a_print_shops_profile_or_the_reason_it_is_refused(qtbot, tmp_path, library):
    from PIL import ImageCms

    d = make_dialog(qtbot, tmp_path, library)
    d.set_kind("playsheet")
    field = d.playsheet_tab.print_shop
    wrong = tmp_path / "notes.icc"
    wrong.write_text("not a profile")
    field.set_profile(str(wrong))
    assert field.pdfx.isChecked()                                   # a profile implies PDF/X
    wait_preview(qtbot, d)
    assert not d.export_button.isEnabled()
    assert f"ICC profile {wrong} is not an ICC colour profile" in d.preview.info.text()
    assert not d.export()
    assert "is not an ICC colour profile" in d.status.text()

    rgb = tmp_path / "shop-rgb.icc"
    rgb.write_bytes(ImageCms.ImageCmsProfile(ImageCms.createProfile("sRGB")).tobytes())
    field.set_profile(str(rgb))
    field.cmyk.setChecked(True)                                    # an RGB profile for CMYK
    wait_preview(qtbot, d)
    assert "is for RGB colours; with CMYK colours it must be a CMYK profile" in d.preview.info.text()
    field.cmyk.setChecked(False)
    wait_preview(qtbot, d)
    target = tmp_path / "sheet.pdf"
    d.set_output_path(target)
    export(qtbot, d)
    intent = intent_of(target)
    assert intent["/OutputConditionIdentifier"] == "Custom"
    assert intent["/DestOutputProfile"].get_object().get_data() == rgb.read_bytes()


def test_calibration_tab_exports_the_test_sheet_for_the_page_flip_and_offset(
        qtbot, tmp_path, library):
    from studio.export.lengths import PAGE_SIZES

    d = make_dialog(qtbot, tmp_path, library)
    hint = d.counters_tab.offset_hint
    assert "Calibration tab" in hint.text() and "hold it to the light" in hint.text()
    d.set_kind("calibration")
    assert d.output_path() == tmp_path / "marathon-calibration.pdf"
    tab = d.calibration_tab
    tab.set_page("a4")
    tab.flip.setCurrentIndex(tab.flip.findData("short"))
    tab.offset.x.setValue(0.5)
    tab.offset.y.setValue(-0.3)
    wait_preview(qtbot, d)
    assert "back-registration test sheet, flip on the short edge" in d.preview.info.text()
    export(qtbot, d)
    target = tmp_path / "marathon-calibration.pdf"
    reader = PdfReader(str(target))
    assert len(reader.pages) == d.last_pages == 2
    w, h = PAGE_SIZES["a4"]
    assert float(reader.pages[0].mediabox.width) == pytest.approx(w, abs=0.5)
    assert "print double-sided, flip on the short edge (backs mirrored top to bottom)" in \
        reader.pages[0].extract_text()
    assert "own offset (+0.5 mm, -0.3 mm)" in reader.pages[1].extract_text()
    # The centre's scales sit at the front's centre seen through the paper, moved right
    # by the offset the sheet is printed with: "read here" starts 2 mm right of it.
    back = words(target, 2)
    x = next(x for (a, x, _), (b, _, _) in zip(back, back[1:]) if (a, b) == ("read", "here"))
    mm = 72 / 25.4
    assert x == pytest.approx(w / 2 + 0.5 * mm + 2 * mm, abs=0.3)


def test_clearing_the_profile_lifts_the_refusal(qtbot, tmp_path, library):
    d = make_dialog(qtbot, tmp_path, library)
    field = d.counters_tab.print_shop
    field.set_profile(str(tmp_path / "missing.icc"))
    wait_preview(qtbot, d)
    assert "cannot be read" in d.preview.info.text() and not d.export_button.isEnabled()
    field.icc.clear()                                   # what the clear button does
    wait_preview(qtbot, d)
    assert d.export_button.isEnabled() and field.pdfx.isEnabled()

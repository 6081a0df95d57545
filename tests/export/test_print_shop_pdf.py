"""What a print shop's prepress checks in every PDF the studio writes: page boxes, crop
marks in registration colour on used cut lines only, the die-cut line as a CutContour spot
colour, CMYK made through an ICC profile, font subsets with tags of their own, and
document information that names the scenario."""
from __future__ import annotations

import dataclasses
import io
import re
import shutil
import subprocess

import pytest
from PIL import ImageCms
from reportlab.lib.rl_accel import fp_str
from pypdf import PdfReader

from studio.export import (CounterOptions, MapOptions, PlaysheetOptions, export_counters,
                           export_map, export_playsheet, sources_from_scenario)
from studio.export import pdf_output
from studio.export.calibration import export_calibration
from studio.export.cmyk_profile import CmykConverter, formula_cmyk, system_cmyk_profile
from studio.export.counter_sheet import CROP_LENGTH, SheetGrid
from studio.export.lengths import parse_length

from export_support import Library, form_placements, page_lines, scenario


def _scenario():
    return dataclasses.replace(scenario(), author="Anna Designer")


def _exports(tmp_path, **form):
    sc, lib = _scenario(), Library()
    out = {"counters": tmp_path / "counters.pdf", "playsheet": tmp_path / "sheet.pdf",
           "map": tmp_path / "map.pdf", "calibration": tmp_path / "calibration.pdf"}
    export_counters(sources_from_scenario(sc, lib), out["counters"],
                    CounterOptions.parse(markers=1, duplex=True, **form), scenario=sc)
    export_playsheet(sc, lib, out["playsheet"], PlaysheetOptions.parse(**form))
    export_map(sc, lib, out["map"], MapOptions.parse(page="a4", **form))
    export_calibration(out["calibration"], CounterOptions.parse(**form))
    return out


@pytest.fixture(scope="module")
def exports(tmp_path_factory):
    return _exports(tmp_path_factory.mktemp("plain"))


def _box(page, name):
    return [float(v) for v in page[name]]


def test_every_page_of_every_pdf_has_its_trim_and_bleed_box(exports):
    for what, path in exports.items():
        for number, page in enumerate(PdfReader(str(path)).pages, 1):
            media = _box(page, "/MediaBox")
            trim, bleed = _box(page, "/TrimBox"), _box(page, "/BleedBox")
            # TrimBox inside BleedBox inside MediaBox (ISO 15930); here each is the paper
            assert media[0] <= bleed[0] <= trim[0] and trim[2] <= bleed[2] <= media[2], (what, number)
            assert media[1] <= bleed[1] <= trim[1] and trim[3] <= bleed[3] <= media[3], (what, number)
            assert trim == media, (what, number)


def test_pdfx_files_have_their_boxes_too(tmp_path):
    path = tmp_path / "c.pdf"
    export_counters(sources_from_scenario(_scenario(), Library()), path,
                    CounterOptions.parse(pdfx=True))
    for page in PdfReader(str(path)).pages:
        assert "/TrimBox" in page and "/BleedBox" in page


def _stream(page) -> bytes:
    return page.get_contents().get_data()


def _colour_spaces(page) -> dict[str, list]:
    spaces = page["/Resources"].get("/ColorSpace", {})
    return {name: list(ref.get_object()) for name, ref in spaces.items()}


def test_crop_marks_are_registration_colour_and_full_strength(exports):
    page = PdfReader(str(exports["counters"])).pages[0]
    separations = {str(v[1]): name for name, v in _colour_spaces(page).items()
                   if v[0] == "/Separation"}
    assert "/All" in separations                 # the PDF's registration colorant
    data = _stream(page)
    block = data[data.index(b"/All CS"):]
    block = block[:block.index(b"Q")]
    assert b"/All CS 1 SCN" in block             # tint 1: every plate at 100 %
    assert re.search(rb"\s0?\.3 w\s", block)
    # every mark is in that block: as many segments as page lines beyond the grid
    marks = len(re.findall(rb" l S", block)) or len(re.findall(rb" l\b", block))
    assert marks >= 8
    # no grey stroke is left for them (they were 88 % K, screened into dots)
    assert b".88 G" not in data and b".12 .12 .12 RG" not in data


def test_crop_marks_only_on_the_cut_lines_of_used_columns(tmp_path):
    sc, lib = _scenario(), Library()
    path = tmp_path / "few.pdf"
    greeks = [s for s in sources_from_scenario(sc, lib) if s.side_id == "greeks"]
    options = CounterOptions.parse(markers=0, backs=False)
    export_counters(greeks, path, options)
    page = PdfReader(str(path)).pages[0]
    grid = SheetGrid.for_options(options)
    placed = form_placements(page)
    columns = {round(x, 3) for _, x, _ in placed}
    assert len(columns) < grid.columns           # the test needs a part-filled sheet
    top_marks = sorted({round(x1, 3) for x1, y1, x2, y2 in page_lines(page)
                        if abs(x1 - x2) < 1e-6 and min(y1, y2) > grid.top})
    assert len(top_marks) == len(columns) + 1
    right_edge = max(columns) + grid.size
    assert max(top_marks) == pytest.approx(right_edge, abs=0.01)
    # the side marks end a crop gap past the last used column, not past the grid
    side = [max(x1, x2) for x1, y1, x2, y2 in page_lines(page)
            if abs(y1 - y2) < 1e-6 and abs(abs(x2 - x1) - CROP_LENGTH) < 1e-6]
    assert max(side) < grid.left + grid.width


def test_die_cut_line_is_a_cutcontour_spot_colour_with_rounded_corners(tmp_path):
    sc, lib = _scenario(), Library()
    path = tmp_path / "die.pdf"
    export_counters(sources_from_scenario(sc, lib), path,
                    CounterOptions.parse(markers=0, die_cut=True, die_cut_corner="1mm"))
    reader = PdfReader(str(path))
    front, back = reader.pages[0], reader.pages[1]
    spaces = _colour_spaces(front)
    cut = [name for name, v in spaces.items() if v[0] == "/Separation" and v[1] == "/CutContour"]
    assert cut, spaces
    data = _stream(front)
    block = data[data.index(b"/CutContour CS"):]
    block = block[:block.index(b"\nQ")]
    assert b"/CutContour CS 1 SCN" in block
    # overprinted, so it knocks nothing out of the artwork beneath
    gs = re.search(rb"/(\w+) gs", data[:data.index(b"/CutContour CS")][-200:] + block)
    assert gs, "no graphics state sets overprint for the cut line"
    state = front["/Resources"]["/ExtGState"][f"/{gs.group(1).decode()}"].get_object()
    assert state["/OP"] is True or state["/OP"] == True  # noqa: E712
    # one closed path a counter, with curved corners (radius 1 mm: 2.83 pt)
    counters = len(form_placements(front))
    assert block.count(b"re") == 0
    paths = len(re.findall(rb"\bh\b", block)) or len(re.findall(rb" S\b", block))
    assert paths >= counters
    assert len(re.findall(rb" c\b", block)) >= 4 * counters
    # the backs carry no cut line: cut from the front
    assert b"/CutContour" not in _stream(back)


def test_square_die_cut_follows_the_cut_line_exactly(tmp_path):
    path = tmp_path / "die.pdf"
    options = CounterOptions.parse(markers=0, die_cut=True, counter_size="16mm")
    export_counters(sources_from_scenario(_scenario(), Library()), path, options)
    page = PdfReader(str(path)).pages[0]
    data = _stream(page)
    block = data[data.index(b"/CutContour CS"):]
    rects = [tuple(float(v) for v in m) for m in
             re.findall(rb"([\d.]+) ([\d.]+) ([\d.]+) ([\d.]+) re", block)]
    placed = {(round(x, 2), round(y, 2)) for _, x, y in form_placements(page)}
    assert {(round(x, 2), round(y, 2)) for x, y, _, _ in rects} == placed
    assert all(w == pytest.approx(parse_length("16mm"), abs=1e-3) for _, _, w, _ in rects)


def test_a_die_cut_corner_larger_than_half_the_counter_is_refused():
    with pytest.raises(ValueError, match="die-cut corner radius .* lower --die-cut-corner"):
        CounterOptions.parse(counter_size="1/2in", die_cut=True, die_cut_corner="7mm")


@pytest.mark.skipif(system_cmyk_profile() is None,
                    reason="no CMYK ICC profile on this machine (Debian: libgs-common)")
def test_cmyk_goes_through_the_system_profile_and_embeds_it(tmp_path):
    profile = system_cmyk_profile()
    convert = CmykConverter(profile)
    # what Little CMS makes of a saturated red through the profile, not the formula's 0 1 1 0
    transform = ImageCms.buildTransform(
        ImageCms.createProfile("sRGB"), ImageCms.ImageCmsProfile(io.BytesIO(profile.data)),
        "RGB", "CMYK", renderingIntent=ImageCms.Intent.RELATIVE_COLORIMETRIC,
        flags=ImageCms.Flags.BLACKPOINTCOMPENSATION)
    from PIL import Image
    expected = transform.apply(Image.new("RGB", (1, 1), (168, 50, 50))).getpixel((0, 0))
    got = convert.values(168 / 255, 50 / 255, 50 / 255)
    assert got == tuple(round(v / 255, 4) for v in expected)
    assert got != pytest.approx(formula_cmyk(168 / 255, 50 / 255, 50 / 255), abs=0.02)
    # black text and greys stay on the black plate alone
    assert convert.values(0, 0, 0) == (0, 0, 0, 1)
    assert convert.values(0.5, 0.5, 0.5) == (0, 0, 0, 0.5)

    files = _exports(tmp_path, cmyk=True)
    for what, path in files.items():
        intent = PdfReader(str(path)).trailer["/Root"]["/OutputIntents"][0].get_object()
        embedded = intent["/DestOutputProfile"].get_object()
        assert embedded["/N"] == 4, what
        assert embedded.get_data() == profile.data, what
        assert intent["/OutputCondition"] == profile.description
        assert intent["/OutputConditionIdentifier"] == profile.condition
    # the Rohirrim's colour #a83232 fills their counters as the profile makes it
    page = PdfReader(str(files["counters"])).pages[0]
    forms = page["/Resources"]["/XObject"].values()
    data = b"".join(ref.get_object().get_data() for ref in forms)
    assert f"{fp_str(*got)} k".encode() in data


def test_without_a_profile_cmyk_says_it_is_uncalibrated(tmp_path, monkeypatch):
    monkeypatch.setattr(pdf_output, "system_cmyk_profile", lambda: None)
    path = tmp_path / "c.pdf"
    options = CounterOptions.parse(cmyk=True)
    assert "no CMYK ICC profile was found" in options.print_form.note()
    export_counters(sources_from_scenario(_scenario(), Library()), path, options)
    intent = PdfReader(str(path)).trailer["/Root"]["/OutputIntents"][0].get_object()
    assert intent["/OutputConditionIdentifier"] == "Custom"
    assert intent["/OutputCondition"].startswith("uncalibrated CMYK")
    assert "FOGRA39" not in intent["/OutputCondition"]
    assert "/DestOutputProfile" not in intent


def test_the_shops_cmyk_profile_is_the_one_colours_go_through(tmp_path):
    profile = system_cmyk_profile()
    if profile is None:
        pytest.skip("no CMYK ICC profile on this machine to stand for the shop's")
    shop = tmp_path / "shop.icc"
    shop.write_bytes(profile.data)
    form = CounterOptions.parse(cmyk=True, icc=shop).print_form
    assert form.cmyk_profile().path == str(shop)
    assert form.note() is None


def _fonts(path):
    out = subprocess.run(["pdffonts", str(path)], capture_output=True, text=True,
                         check=True).stdout
    return [line.split()[0] for line in out.splitlines()[2:]]


@pytest.mark.skipif(shutil.which("pdffonts") is None, reason="pdffonts is not installed")
def test_every_font_subset_has_a_tag_of_its_own(exports):
    for what, path in exports.items():
        names = _fonts(path)
        assert len(names) >= 2, what
        tags = [name.split("+")[0] for name in names]
        assert all(re.fullmatch(r"[A-Z]{6}", t) for t in tags), (what, names)
        assert len(set(tags)) == len(tags), (what, names)     # ISO 32000-1 9.6.4
        assert "AAAAAA" not in tags, (what, names)


def test_document_information_names_the_scenario(exports):
    for what, path in exports.items():
        info = PdfReader(str(path)).metadata
        assert info["/Creator"] == "Wargame Studio", what
        assert "anonymous" not in str(info.get("/Author")), what
        assert "unspecified" not in str(info.get("/Subject")), what
        if what == "calibration":
            continue
        assert "Fords of Isen" in info["/Title"], what
        assert info["/Author"] == "Anna Designer", what
        assert "A strange meeting at the river crossing." in info["/Subject"], what

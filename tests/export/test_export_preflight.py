"""What a print shop's preflight checks first: every font the PDF names is embedded (poppler's
``pdffonts`` on every export), and on request an output intent with its ICC profile and
colours in CMYK only."""
from __future__ import annotations

import io
import re
import shutil
import subprocess

import pytest
from PIL import ImageCms
from pypdf import PdfReader

from studio.export import (CounterOptions, MapOptions, PlaysheetOptions, export_counters,
                           export_map, export_playsheet, sources_from_scenario)
from studio.export.balance_report import export_balance_report
from studio.export.calibration import export_calibration
from studio.export.cmyk_profile import system_cmyk_profile
from studio.rulesets.rules_of_war.sample import line_battle
from studio.simulate import run_batch

from export_support import Library, scenario


def _pdffonts(path) -> list[dict[str, str]]:
    exe = shutil.which("pdffonts")
    if exe is None:
        pytest.skip("pdffonts (poppler-utils) is not installed")
    out = subprocess.run([exe, str(path)], capture_output=True, text=True, check=True).stdout
    lines = out.splitlines()[2:]
    rows = []
    for line in lines:
        # name type encoding emb sub uni object gen: the name and type may hold spaces, the
        # last six columns never do.
        parts = line.split()
        rows.append({"name": parts[0], "emb": parts[-5], "line": line})
    return rows


def _exports(tmp_path, **form) -> dict[str, object]:
    sc, lib = scenario(), Library()
    out = {}
    out["counters"] = tmp_path / "counters.pdf"
    export_counters(sources_from_scenario(sc, lib), out["counters"],
                    CounterOptions.parse(markers=1, duplex=True, **form))
    out["playsheet"] = tmp_path / "sheet.pdf"
    export_playsheet(sc, lib, out["playsheet"], PlaysheetOptions.parse(**form))
    out["map"] = tmp_path / "map.pdf"
    export_map(sc, lib, out["map"], MapOptions.parse(page="a4", with_units=True, **form))
    out["calibration"] = tmp_path / "calibration.pdf"
    export_calibration(out["calibration"], CounterOptions.parse(**form))
    return out


@pytest.fixture(scope="module")
def balance_pdf(tmp_path_factory):
    sc, lib = line_battle(units_per_side=2, columns=8, rows=8, seed=1, round_limit=3)
    path = tmp_path_factory.mktemp("report") / "report.pdf"
    export_balance_report(run_batch(sc, lib, 4, 5), path)
    return path


def _content_streams(path):
    """Every page's content and every form XObject's stream, decoded."""
    reader = PdfReader(str(path))
    seen = set()
    for page in reader.pages:
        yield page.get_contents().get_data()
        xobjects = page["/Resources"].get("/XObject", {})
        for ref in xobjects.values():
            key = getattr(ref, "idnum", id(ref))
            if key not in seen:
                seen.add(key)
                yield ref.get_object().get_data()


def test_every_font_of_every_export_is_embedded(tmp_path, balance_pdf):
    files = dict(_exports(tmp_path), report=balance_pdf)
    for what, path in files.items():
        rows = _pdffonts(path)
        assert rows, f"{what}: pdffonts lists no font at all"
        not_embedded = [r["line"] for r in rows if r["emb"] != "yes"]
        assert not not_embedded, f"{what} names fonts it does not embed: {not_embedded}"
        assert not any("Helvetica" in r["name"] for r in rows), what


def test_no_stream_starts_by_naming_a_font(tmp_path):
    # reportlab's preamble "BT /F1 12 Tf 14.4 TL ET" was in every page and form stream.
    files = _exports(tmp_path)
    for what, path in files.items():
        for data in _content_streams(path):
            assert not re.match(rb"\s*1 0 0 1 0 0 cm\s+BT\s+/F\d+ 12 Tf", data), what


def test_pdfx_names_the_condition_and_embeds_an_srgb_profile(tmp_path):
    for what, path in _exports(tmp_path, pdfx=True).items():
        root = PdfReader(str(path)).trailer["/Root"]
        intents = root["/OutputIntents"]
        assert len(intents) == 1, what
        intent = intents[0].get_object()
        assert intent["/S"] == "/GTS_PDFX"
        assert intent["/OutputConditionIdentifier"] == "sRGB IEC61966-2.1"
        profile = intent["/DestOutputProfile"].get_object()
        assert profile["/N"] == 3
        parsed = ImageCms.ImageCmsProfile(io.BytesIO(profile.get_data()))
        assert parsed.profile.xcolor_space.strip() == "RGB"
        assert "sRGB" in ImageCms.getProfileDescription(parsed)


def test_cmyk_writes_every_colour_in_cmyk(tmp_path):
    files = _exports(tmp_path, cmyk=True)
    for what, path in files.items():
        intent = PdfReader(str(path)).trailer["/Root"]["/OutputIntents"][0].get_object()
        profile = system_cmyk_profile()
        assert intent["/OutputConditionIdentifier"] == (profile.condition if profile
                                                         else "Custom")
        saw_cmyk = False
        for data in _content_streams(path):
            # No RGB or grey colour operators anywhere: only k / K (DeviceCMYK).
            assert not re.search(rb"(^|\s)[\d. ]+ (rg|RG|g|G)(\s|$)", data), what
            saw_cmyk |= bool(re.search(rb"\s[\d.]+ [\d.]+ [\d.]+ [\d.]+ (k|K)\s", data))
        assert saw_cmyk, what


def test_plain_exports_have_no_output_intent(tmp_path):
    path = _exports(tmp_path)["counters"]
    assert "/OutputIntents" not in PdfReader(str(path)).trailer["/Root"]


def test_a_print_shops_own_profile_goes_in_the_intent(tmp_path):
    profile = tmp_path / "shop.icc"
    profile.write_bytes(ImageCms.ImageCmsProfile(ImageCms.createProfile("sRGB")).tobytes())
    sc, lib = scenario(), Library()
    path = tmp_path / "c.pdf"
    export_counters(sources_from_scenario(sc, lib), path, CounterOptions.parse(icc=profile))
    intent = PdfReader(str(path)).trailer["/Root"]["/OutputIntents"][0].get_object()
    assert intent["/OutputConditionIdentifier"] == "Custom"
    assert "sRGB" in intent["/OutputCondition"]
    assert intent["/DestOutputProfile"].get_object().get_data() == profile.read_bytes()
    # a CMYK file needs a CMYK profile; anything else is refused before anything is drawn
    with pytest.raises(ValueError, match="must be a CMYK profile"):
        CounterOptions.parse(icc=profile, cmyk=True)
    with pytest.raises(ValueError, match="not an ICC colour profile"):
        CounterOptions.parse(icc=tmp_path / "c.pdf")

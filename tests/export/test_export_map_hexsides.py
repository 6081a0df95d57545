"""Hexside features on the true-scale map: rivers and roads print in their colours on the
sheets (checked on the rendered page), and the legend lists each kind with what it does in
the scenario's game."""
from __future__ import annotations

import shutil
import subprocess

import pytest
from PIL import Image
from pypdf import PdfReader

from repo_paths import REPO_ROOT
from studio.export import export_map
from studio.export.options import MapOptions
from studio.io import default_library, load_file

SAMPLE = REPO_ROOT / "templates" / "scenarios" / "river-crossing.yaml"
RIVER = (0x3F, 0x76, 0xC4)
ROAD = (0xB5, 0x88, 0x4E)


def _count(image: Image.Image, colour, tolerance=24) -> int:
    return sum(1 for px in image.getdata()
               if all(abs(a - b) <= tolerance for a, b in zip(px[:3], colour)))


def _sheet(tmp_path, scenario, name) -> Image.Image:
    pdf = tmp_path / f"{name}.pdf"
    export_map(scenario, default_library(), pdf, MapOptions(fit_page=True, legend=True))
    subprocess.run(["pdftoppm", "-r", "40", "-f", "1", "-l", "1", "-png", str(pdf),
                    str(tmp_path / name)], check=True)
    return Image.open(next(tmp_path.glob(f"{name}-*1.png"))).convert("RGB")


@pytest.mark.skipif(shutil.which("pdftoppm") is None, reason="needs poppler's pdftoppm")
def test_rivers_and_roads_print_on_the_sheet(tmp_path):
    scenario = load_file(SAMPLE).model
    drawn = _sheet(tmp_path, scenario, "with")
    scenario.map.hexsides = {}
    bare = _sheet(tmp_path, scenario, "without")
    # (the blue side's zone outline is near the river's blue: compare, do not expect none)
    assert _count(drawn, RIVER) > _count(bare, RIVER) + 500
    assert _count(drawn, ROAD) > _count(bare, ROAD) + 200


def test_the_legend_lists_each_kind_with_its_effect(tmp_path):
    pdf = tmp_path / "map.pdf"
    pages = export_map(load_file(SAMPLE).model, default_library(), pdf, MapOptions(legend=True))
    legend = PdfReader(pdf).pages[pages - 1].extract_text()
    assert "Hexsides" in legend
    assert "no crossing but at a ford or bridge" in legend          # Rules of War's river
    assert "a step along the road costs 1/2 MP" in legend
    assert "Cliff (not on this map)" in legend

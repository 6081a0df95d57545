"""Map sheets as they are assembled: no hex label or height crosses a trim line (read from
the sheet's own alignment ticks), marks to register the sheets by, a legend with every
terrain effect, patterns that tell every terrain apart in black and white, objective
names on a plate, hexes whole on their sheet."""
from __future__ import annotations

import re
import shutil
import subprocess

import pytest
from pypdf import PdfReader
from pypdf.generic import ContentStream

from studio.export import MapOptions, export_map
from studio.export.map_sheet import FOOTER, HEADER, TICK, plan_map
from studio.io import default_library, load_file

from export_support import form_placements, page_lines, poppler_words


def _template(name):
    return load_file(f"templates/scenarios/{name}.yaml").model


def _ticks(page, plan) -> tuple[list[float], list[float]]:
    """x of the vertical ticks above the map and y of the horizontal ticks beside it:
    each marks a trim line or the line a neighbour's trimmed edge is laid on."""
    w, h = plan.page
    y_hi = h - plan.margin - HEADER
    xs = sorted({round(x1, 3) for x1, y1, x2, y2 in page_lines(page)
                 if abs(x1 - x2) < 1e-6 and min(y1, y2) >= y_hi and max(y1, y2) <= y_hi + TICK + 0.01})
    ys = sorted({round(y1, 3) for x1, y1, x2, y2 in page_lines(page)
                 if abs(y1 - y2) < 1e-6 and max(x1, x2) <= plan.margin and min(x1, x2) >= plan.margin - TICK - 0.01})
    return xs, ys


@pytest.mark.parametrize("name, page", [("marathon", "letter"), ("marathon", "a4"),
                                         ("blank-64x44-flat", "letter")])
def test_no_label_crosses_a_trim_line(tmp_path, name, page):
    sc = _template(name)
    options = MapOptions.parse(page=page, legend=False)
    path = tmp_path / "map.pdf"
    export_map(sc, default_library(), path, options)
    plan = plan_map(sc, options)
    words = poppler_words(path)
    if words is None:
        pytest.skip("pdftotext (poppler-utils) is not installed")
    reader = PdfReader(str(path))
    height = plan.page[1]
    labels = crossing = 0
    for page_obj, page_words in zip(reader.pages, words):
        xs, ys = _ticks(page_obj, plan)
        for text, x0, top, x1, bottom in page_words:
            if not re.fullmatch(r"\d{4}", text):
                continue
            labels += 1
            if any(x0 < x < x1 for x in xs) or any(height - bottom < y < height - top for y in ys):
                crossing += 1
    assert labels > 200
    assert crossing == 0


def test_trim_lines_are_printed_with_crosshair_targets(tmp_path):
    sc = _template("marathon")
    options = MapOptions.parse(page="letter", legend=False)
    path = tmp_path / "map.pdf"
    export_map(sc, default_library(), path, options)
    plan = plan_map(sc, options)
    reader = PdfReader(str(path))
    # sheet B1 has a left neighbour: its trim line runs the map's full height
    page = reader.pages[1]
    left, bottom, right, top = plan.printable
    trim = [x1 for x1, y1, x2, y2 in page_lines(page)
            if abs(x1 - x2) < 1e-6 and abs(x1 - plan.region_left) < 1e-3
            and min(y1, y2) <= bottom + 1 and max(y1, y2) >= top - 1]
    assert trim
    # a crosshair target (a circle: four curves) at each end of each trim line
    ops = [op for _, op in ContentStream(page.get_contents(), reader).operations]
    assert ops.count(b"c") >= 4 * 4


def test_the_legend_lists_every_terrain_effect(tmp_path):
    sc = _template("trench-assault")
    path = tmp_path / "map.pdf"
    export_map(sc, default_library(), path, MapOptions.parse(page="letter"))
    legend = " ".join(PdfReader(str(path)).pages[-1].extract_text().split())
    assert "attack 5 on every unit entering" in legend            # mine field
    assert "closed to cavalry" in legend                          # barbed wire
    assert "attack +1" in legend                                  # hill
    assert "Destroyed by 3 hits" in legend                        # fortress


def test_no_two_terrains_share_a_pattern(tmp_path):
    sc = _template("trench-assault")
    path = tmp_path / "map.pdf"
    export_map(sc, default_library(), path, MapOptions.parse(page="letter"))
    reader = PdfReader(str(path))
    legend = reader.pages[-1]
    ts = default_library().terrain_set(sc.terrain_set)
    drawings = set()
    for name, _, _ in form_placements(legend):
        form = legend["/Resources"]["/XObject"][name].get_object()
        data = form.get_data()
        # the strokes alone: colours (which greyscale may merge) taken out
        strokes = re.sub(rb"[\d.\s-]+ (rg|RG|g|G|k|K)\b", b"", data)
        drawings.add(strokes)
    assert len(drawings) >= len(ts.terrain)


def test_hexes_in_a_sheets_area_are_whole_and_the_rest_cut_at_its_edge(tmp_path):
    # docs/print.md: every hex whose centre lies in a sheet's area is drawn whole on it;
    # hexes beyond that reach into the printable area are cut at its edge
    sc = _template("marathon")
    options = MapOptions.parse(page="a4", legend=False)
    path = tmp_path / "map.pdf"
    export_map(sc, default_library(), path, options)
    plan = plan_map(sc, options)
    left, bottom, right, top = plan.printable
    hw, hh = plan.layout.hex_width / 2, plan.layout.hex_height / 2
    rw, rh = plan.tiles.region
    whole = cut = 0
    reader = PdfReader(str(path))
    for page in reader.pages:
        ops = [op for _, op in ContentStream(page.get_contents(), reader).operations]
        assert b"W" in ops or b"W*" in ops   # the map is clipped to the printable area
        for _, x, y in form_placements(page):
            inside = (plan.region_left - 1e-6 <= x <= plan.region_left + rw + 1e-6 and
                      plan.region_top - rh - 1e-6 <= y <= plan.region_top + 1e-6)
            fits = (left - 1e-6 <= x - hw and x + hw <= right + 1e-6 and
                    bottom - 1e-6 <= y - hh and y + hh <= top + 1e-6)
            if inside:
                assert fits
                whole += 1
            else:
                cut += not fits
    assert whole > 100 and cut > 0


def test_objective_names_sit_on_a_light_plate(tmp_path):
    if shutil.which("pdftoppm") is None:
        pytest.skip("pdftoppm (poppler-utils) is not installed")
    sc = _template("marathon")
    path = tmp_path / "map.pdf"
    export_map(sc, default_library(), path, MapOptions.parse(page="a2", legend=False))
    words = poppler_words(path)
    name = sc.objectives[0].name.split()[0]
    hit = next(w for w in words[0] if w[0] == name)
    _, x0, y0, x1, y1 = hit
    s = 2               # 144 dpi; only the name's box is rendered
    box = [round(x0 * s), round(y0 * s), round((x1 - x0) * s), round((y1 - y0) * s)]
    subprocess.run(["pdftoppm", "-r", "144", "-gray", "-png", "-f", "1", "-l", "1",
                    "-x", str(box[0]), "-y", str(box[1]), "-W", str(box[2]), "-H", str(box[3]),
                    str(path), str(tmp_path / "p")], check=True)
    from PIL import Image
    crop = Image.open(next(tmp_path.glob("p*.png"))).convert("L")
    values = sorted(crop.getdata() if not hasattr(crop, "get_flattened_data")
                    else crop.get_flattened_data())
    light = sum(1 for v in values if v > 235) / len(values)
    assert light > 0.5           # mostly white round the letters

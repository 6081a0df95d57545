"""Maps at true scale: hex size on paper, tiles that overlap exactly, labels never cut."""
from __future__ import annotations

import math

import pytest
from pypdf import PdfReader

from studio.export import ExportCancelled, MapOptions, export_map
from studio.export.map_sheet import map_page_count, plan_map
from studio.export.map_tiles import tile_name
from studio.hexgrid import MapGeometry

from export_support import Library, page_words, pdf_words, scenario

MM = 72 / 25.4


def _labels(words, geometry):
    """Hex label -> (x, y) of the middle of its text's baseline on the page."""
    from reportlab.pdfbase.pdfmetrics import stringWidth
    from studio.export.fonts import FONT
    width = geometry.label_width * 2
    return {w.text: (w.x + stringWidth(w.text, FONT, w.size) / 2, w.y) for w in words
            if len(w.text) == width and w.text.isdigit()}


def test_hex_size_on_paper_is_the_one_asked_for(tmp_path):
    path = tmp_path / "m.pdf"
    export_map(scenario(), Library(), path, MapOptions.parse(hex_size="19mm", page="a2"))
    labels = _labels(pdf_words(path)[0], MapGeometry(12, 8))
    # flat-top: centres of columns two apart are 3 radii apart; rows one across flats apart
    radius = 19 * MM / math.sqrt(3)
    assert labels["0301"][0] - labels["0101"][0] == pytest.approx(3 * radius, abs=0.01)
    assert labels["0101"][1] - labels["0102"][1] == pytest.approx(19 * MM, abs=0.01)


def test_default_hex_is_a_bit_larger_than_the_counter():
    options = MapOptions.parse(counter_size="5/8in")
    assert options.hex_flat_to_flat == pytest.approx(45 * 1.25)
    assert MapOptions.parse(counter_size="16mm").hex_flat_to_flat == pytest.approx(20 * MM)


def test_one_large_page_holds_the_whole_map(tmp_path):
    path = tmp_path / "m.pdf"
    assert export_map(scenario(), Library(), path, MapOptions.parse(page="a2")) == 2
    reader = PdfReader(str(path))
    words = page_words(reader.pages[0])
    labels = _labels(words, MapGeometry(12, 8))
    assert len(labels) == 12 * 8
    assert "Sheet A1" in [w.text for w in words]
    assert "Fords of Isen — map legend" in [w.text for w in page_words(reader.pages[1])]


def test_fit_page_is_as_large_as_the_map(tmp_path):
    sc = scenario()
    options = MapOptions.parse(page="fit")
    plan = plan_map(sc, options)
    assert (plan.tiles.columns, plan.tiles.rows) == (1, 1)
    path = tmp_path / "m.pdf"
    export_map(sc, Library(), path, options)
    page = PdfReader(str(path)).pages[0]
    assert float(page.mediabox.width) == pytest.approx(plan.page[0], abs=0.01)
    assert plan.page[0] < 760 and plan.page[1] < 700


COLUMNS, ROWS = 10, 11


@pytest.fixture(scope="module")
def tiled(tmp_path_factory):
    """A map cut over 2 x 2 small pages with a 15 mm overlap (made and read once)."""
    sc = scenario(COLUMNS, ROWS)
    options = MapOptions.parse(page="150x190mm-portrait", overlap="15mm", legend=False)
    path = tmp_path_factory.mktemp("tiles") / "t.pdf"
    pages = export_map(sc, Library(), path, options)
    plan = plan_map(sc, options)
    assert pages == plan.tiles.columns * plan.tiles.rows
    return options, plan, path, pdf_words(path)


def test_max_pages_draws_the_first_sheets_only(tiled, tmp_path):
    options, plan, path, words = tiled
    assert map_page_count(scenario(COLUMNS, ROWS), options) == len(words) == 4
    first = tmp_path / "first.pdf"
    assert export_map(scenario(COLUMNS, ROWS), Library(), first, options, max_pages=1) == 1
    assert [w.text for w in pdf_words(first)[0]] == [w.text for w in words[0]]


def test_tiles_are_named_and_cover_every_hex(tiled):
    options, plan, path, words = tiled
    assert plan.tiles.columns == 2 and plan.tiles.rows == 2
    names = [next(w.text for w in page if w.text.startswith("Sheet ")) for page in words]
    assert names == [f"Sheet {tile_name(i, j)}" for i, j in plan.tiles.tiles()]
    assert names[:2] == ["Sheet A1", "Sheet B1"]
    seen = set()
    geometry = MapGeometry(COLUMNS, ROWS)
    for page in words:
        seen.update(_labels(page, geometry))
    assert seen == {geometry.label(h) for h in geometry.hexes()}


def test_neighbouring_tiles_overlap_by_the_chosen_margin(tiled):
    options, plan, path, words = tiled
    geometry = MapGeometry(COLUMNS, ROWS)
    a1, b1 = _labels(words[0], geometry), _labels(words[1], geometry)
    shared = set(a1) & set(b1)
    assert shared
    step = plan.tiles.step[0]
    assert step == pytest.approx(plan.tiles.region[0] - 15 * MM)
    for label in shared:                    # the same map point, one step apart
        assert a1[label][0] - b1[label][0] == pytest.approx(step, abs=0.01)
        assert a1[label][1] == pytest.approx(b1[label][1], abs=0.01)
    # every hex whose centre lies in the overlap strip is printed whole on both sheets
    layout = plan.layout
    (x0, y0), (x1, _) = plan.tiles.origin(0, 0), plan.tiles.origin(1, 0)
    lo, hi = x1, x0 + plan.tiles.region[0]
    for h in geometry.hexes():
        x, y = layout.hex_to_pixel(h)
        if lo <= x <= hi and y <= y0 + plan.tiles.region[1] - plan.tiles.overlap:
            assert geometry.label(h) in a1 and geometry.label(h) in b1
    below = _labels(words[plan.tiles.columns], geometry)       # A2
    shared_v = set(a1) & set(below)
    assert shared_v
    for label in shared_v:
        assert below[label][1] - a1[label][1] == pytest.approx(plan.tiles.step[1], abs=0.01)


def test_labels_are_never_cut_at_a_seam(tiled):
    options, plan, path, words = tiled
    from reportlab.pdfbase.pdfmetrics import stringWidth
    from studio.export.fonts import FONT
    left, bottom, right, top = plan.printable
    for page in words:
        for w in page:
            if len(w.text) == 4 and w.text.isdigit():
                width = stringWidth(w.text, FONT, w.size)
                assert left <= w.x and w.x + width <= right
                assert bottom <= w.y and w.y + w.size <= top


def test_map_shows_heights_objectives_zones_and_units(tmp_path):
    path = tmp_path / "m.pdf"
    export_map(scenario(), Library(), path, MapOptions.parse(page="a2", with_units=True))
    words = pdf_words(path)
    texts = [w.text for w in words[0]]
    assert texts.count("2") >= 3                       # heights
    assert "The Ford (3)" in texts and "Watch Tower (2)" in texts
    # counters on the map are smaller than printed ones: long names are abbreviated rather
    # than set under the 5 pt minimum
    assert "Gre. Arch." in texts and "King Thé." in texts and "Éowyn" in texts
    assert "Cretan Bowmen" not in texts                # not placed yet
    legend = [w.text for w in words[1]]
    for name in ("Open", "Forest", "Water", "Marsh", "Road", "Fortress", "Mountainous"):
        assert name in legend
    assert any("Greeks: set-up zone 0101-0308" == t for t in legend)


def test_forms_are_drawn_once_per_terrain_and_height(tmp_path):
    path = tmp_path / "m.pdf"
    export_map(scenario(), Library(), path, MapOptions.parse(page="a2", legend=False))
    page = PdfReader(str(path)).pages[0]
    forms = page["/Resources"]["/XObject"]
    from export_support import form_placements
    placed = form_placements(page)
    assert len(placed) == 96
    sc = scenario()
    kinds = {(sc.map.terrain[r][c], sc.map.elevation[r][c]) for r in range(8) for c in range(12)}
    assert len(forms) == len(kinds)


def test_bad_map_symbol_names_the_hex(tmp_path):
    sc = scenario()
    sc.map.terrain[2] = sc.map.terrain[2][:4] + "?" + sc.map.terrain[2][5:]
    with pytest.raises(ValueError, match=r"hex 0503 has terrain symbol '\?'"):
        export_map(sc, Library(), tmp_path / "m.pdf")
    assert not (tmp_path / "m.pdf").exists()


def test_overlap_wider_than_the_page_is_refused():
    with pytest.raises(ValueError, match="use a smaller --overlap"):
        plan_map(scenario(60, 60), MapOptions.parse(page="letter", overlap="300mm"))


def test_progress_and_cancel(tmp_path):
    seen = []
    export_map(scenario(), Library(), tmp_path / "m.pdf", MapOptions.parse(page="a2"),
               progress=lambda d, t, m: seen.append((d, t, m)))
    assert seen == [(1, 2, "sheet A1"), (2, 2, "legend")]
    with pytest.raises(ExportCancelled):
        export_map(scenario(), Library(), tmp_path / "c.pdf", cancel=lambda: True)
    assert not (tmp_path / "c.pdf").exists()

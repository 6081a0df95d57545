"""Map tiling takes the fewest sheets (issue 28 item 8): the page either way round, and the
outer sheets using the half hex a seam needs for the map itself, since nothing spills past
the map's own edge. A 30×20 map on Letter took 4×2 sheets, two of them carrying only
columns 29-30; it takes 3×2."""
from __future__ import annotations

from dataclasses import replace

import pytest

from studio.export import MapOptions, export_map
from studio.export.map_sheet import plan_map
from studio.hexgrid import MapGeometry

from test_export_map import _labels
from export_support import Library, pdf_words, scenario


def columns_needed(plan, axis: int) -> int:
    """The fewest tiles of the plan's region along `axis` that cover the map between the
    insets (any fewer leave a strip uncovered)."""
    t = plan.tiles
    extent = (plan.width, plan.height)[axis] - 2 * t.start[axis]
    n = 1
    while t.region[axis] + (n - 1) * t.step[axis] < extent - 1e-6:
        n += 1
    return n


@pytest.mark.parametrize("orientation", ["flat", "pointy"])
def test_thirty_by_twenty_on_letter_uses_the_fewest_sheets(orientation):
    sc = scenario(30, 20)
    sc = replace(sc, map=replace(sc.map, orientation=orientation))
    options = MapOptions.parse(page="letter")
    plan = plan_map(sc, options)
    sheets = plan.tiles.columns * plan.tiles.rows
    assert plan.tiles.columns == columns_needed(plan, 0)
    assert plan.tiles.rows == columns_needed(plan, 1)
    # Neither way round of the page does better.
    for page in ("letter-portrait", "letter-landscape"):
        other = plan_map(sc, MapOptions.parse(page=page))
        assert sheets <= other.tiles.columns * other.tiles.rows
    if sc.map.orientation == "flat":
        assert (plan.tiles.columns, plan.tiles.rows) == (3, 2)      # was 4 × 2


def test_every_hex_prints_whole_on_the_fewer_sheets(tmp_path):
    sc = scenario(30, 20)
    options = MapOptions.parse(page="letter", legend=False)
    path = tmp_path / "m.pdf"
    pages = export_map(sc, Library(), path, options)
    assert pages == 6
    geometry = MapGeometry(30, 20, sc.map.orientation, sc.map.offset)
    plan = plan_map(sc, options)
    left, bottom, right, top = plan.printable
    seen = set()
    for words in pdf_words(path):
        labels = _labels(words, geometry)
        # each sheet carries a good share of the map, not a sliver of two columns
        assert len(labels) > 0.15 * 30 * 20
        for x, y in labels.values():
            assert left <= x <= right and bottom <= y <= top
        seen.update(labels)
    assert seen == {geometry.label(h) for h in geometry.hexes()}

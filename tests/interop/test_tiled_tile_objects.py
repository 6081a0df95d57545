"""Objectives placed in Tiled as tile objects (a tile dragged onto an object layer) land in
the hex Tiled draws them in. Tiled anchors a tile object at the bottom left of its tile,
not the top left as a rectangle: read as a rectangle, it landed a row low on flat-topped
maps and two rows low on pointy-topped ones. Tiled's own tmxrasterizer draws the object
here, and the import must name the hex under the middle of what it drew."""
from __future__ import annotations

import shutil
from xml.etree import ElementTree

import pytest

from studio.hexgrid import MapGeometry
from studio.interop.tiled import ImportChoices, TiledGrid, TmxOptions, export_tmx, import_tiled_map
from studio.io import default_library, load_file
from studio.io.samples import scenarios_dir

from test_interop_tiled_export import rasterize

pytestmark = pytest.mark.skipif(shutil.which("tmxrasterizer") is None,
                                reason="Tiled's tmxrasterizer is not installed (Debian: tiled)")


@pytest.fixture(scope="module")
def library():
    return default_library()


def _with_tile_objective(tmx, grid: TiledGrid, x: int, y: int, gid: int, as_tile: bool):
    """Add an object layer holding one objective in tile (x, y), as Tiled writes it: a tile
    object's y is the bottom of its tile, a rectangle's the top."""
    tree = ElementTree.parse(tmx)
    root = tree.getroot()
    for group in root.findall("objectgroup"):
        root.remove(group)
    left, top = grid.tile_origin(x, y)
    w, h = int(root.get("tilewidth")), int(root.get("tileheight"))
    group = ElementTree.SubElement(root, "objectgroup", id="90", name="placed")
    attrs = {"id": "900", "name": "Hill", "type": "objective", "x": str(left),
             "y": str(top + h if as_tile else top), "width": str(w), "height": str(h)}
    if as_tile:
        attrs["gid"] = str(gid)
    ElementTree.SubElement(group, "object", attrs)
    tree.write(tmx, encoding="UTF-8", xml_declaration=True)


@pytest.mark.parametrize("name", ["marathon", "trench-assault"])     # flat, pointy
@pytest.mark.parametrize("as_tile", [True, False])
def test_a_tile_object_lands_in_the_hex_tiled_draws_it_in(tmp_path, library, name, as_tile):
    scenario = load_file(scenarios_dir() / f"{name}.yaml").model
    m = scenario.map
    done = export_tmx(scenario, library, tmp_path / f"{name}.tmx", TmxOptions(hex_size=16))
    grid = TiledGrid.for_map(m.orientation, m.offset, 16)
    x, y = 5, 6
    # the last terrain tile: a colour of its own on the picture
    _with_tile_objective(done.tmx, grid, x, y, gid=2, as_tile=as_tile)

    if as_tile:
        image = rasterize(done.tmx, tmp_path / "object.png", "placed")
        xs, ys = [], []
        for py in range(image.height()):
            for px in range(image.width()):
                if image.pixelColor(px, py).alpha() > 200:
                    xs.append(px)
                    ys.append(py)
        assert xs, "tmxrasterizer drew nothing for the tile object"
        drawn = ((min(xs) + max(xs) + 1) / 2, (min(ys) + max(ys) + 1) / 2)
        assert grid.tile_at(*drawn) == (x, y)       # Tiled draws it in tile (x, y)

    back = import_tiled_map(done.tmx, library, ImportChoices())
    geo = MapGeometry(m.columns, m.rows, m.orientation, m.offset)
    assert [(o.name, o.hex) for o in back.objectives] == [("Hill", geo.label(geo.to_hex(x + 1, y + 1)))]

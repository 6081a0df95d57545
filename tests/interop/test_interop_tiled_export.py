"""`export_tmx`: the TMX/TSX files, and what Tiled's own tmxrasterizer draws from them.

The rendering tests run Tiled's `tmxrasterizer` (Debian package `tiled`, installed by
scripts/setup.sh) and look at the picture: one hex per map hex, in the terrain's colour,
where our numbering puts it.
"""
from __future__ import annotations

import os
import shutil
import subprocess
import threading
from collections import Counter
from pathlib import Path
from xml.etree import ElementTree

import pytest
from PySide6.QtGui import QImage

from studio.export import ExportCancelled
from studio.hexgrid import MapGeometry
from studio.interop.tiled import TiledGrid, TmxOptions, export_tmx
from studio.interop.tiled.tile_sheet import ELEVATION_TINT, elevation_alpha, parse_rgb
from studio.io import default_library, load_file
from studio.io.samples import scenarios_dir

SAMPLES = ("marathon", "trench-assault", "belt-skirmish")   # flat even, pointy even, flat odd


@pytest.fixture(scope="module")
def library():
    return default_library()


def sample(name):
    return load_file(scenarios_dir() / f"{name}.yaml").model


def rasterize(tmx: Path, png: Path, *layers: str) -> QImage:
    tool = shutil.which("tmxrasterizer")
    assert tool, "Tiled's tmxrasterizer is missing: apt-get install tiled (scripts/setup.sh)"
    args = [tool]
    for layer in layers:
        args += ["--show-layer", layer]
    env = dict(os.environ, QT_QPA_PLATFORM="offscreen")
    done = subprocess.run(args + [str(tmx), str(png)], capture_output=True, text=True,
                          timeout=120, env=env)
    assert done.returncode == 0, done.stderr
    image = QImage(str(png))
    assert not image.isNull()
    return image.convertToFormat(QImage.Format_ARGB32)


def rgb_at(image: QImage, x: float, y: float) -> tuple[int, int, int, int]:
    c = image.pixelColor(int(x), int(y))
    return c.red(), c.green(), c.blue(), c.alpha()


def hex_centres(scenario, grid):
    """(our label, Tiled centre pixel, col, row) for every hex."""
    m = scenario.map
    geo = MapGeometry(m.columns, m.rows, m.orientation, m.offset)
    for row in range(1, m.rows + 1):
        for col in range(1, m.columns + 1):
            yield geo.label(geo.to_hex(col, row)), grid.centre(col - 1, row - 1), col, row


def components(image: QImage, colours: set[tuple[int, int, int]]) -> Counter:
    """4-connected regions of exactly one of `colours`, counted per colour."""
    w, h = image.width(), image.height()
    pixels = [[rgb_at(image, x, y)[:3] for x in range(w)] for y in range(h)]
    seen = [[False] * w for _ in range(h)]
    found: Counter = Counter()
    for y0 in range(h):
        for x0 in range(w):
            colour = pixels[y0][x0]
            if seen[y0][x0] or colour not in colours:
                continue
            found[colour] += 1
            stack = [(x0, y0)]
            seen[y0][x0] = True
            while stack:
                x, y = stack.pop()
                for nx, ny in ((x + 1, y), (x - 1, y), (x, y + 1), (x, y - 1)):
                    if 0 <= nx < w and 0 <= ny < h and not seen[ny][nx] \
                            and pixels[ny][nx] == colour:
                        seen[ny][nx] = True
                        stack.append((nx, ny))
    return found


def test_files_follow_tileds_format(tmp_path, library):
    scenario = sample("marathon")
    done = export_tmx(scenario, library, tmp_path / "marathon.tmx", TmxOptions(hex_size=16))
    assert sorted(p.name for p in tmp_path.iterdir()) == [
        "marathon-tiles.png", "marathon.tmx", "marathon.tsx"]
    root = ElementTree.parse(done.tmx).getroot()
    assert root.tag == "map" and root.get("orientation") == "hexagonal"
    assert (root.get("width"), root.get("height")) == ("32", "22")
    assert (root.get("staggeraxis"), root.get("staggerindex")) == ("x", "odd")
    assert (root.get("tilewidth"), root.get("tileheight"), root.get("hexsidelength")) == (
        "32", "28", "16")
    assert root.find("tileset").get("source") == "marathon.tsx"
    layers = {layer.get("name"): layer for layer in root.findall("layer")}
    assert list(layers) == ["terrain", "elevation"]
    cells = layers["terrain"].find("data").text.replace("\n", "").split(",")
    assert len(cells) == 32 * 22
    groups = [g.get("name") for g in root.findall("objectgroup")]
    names = [s.name for s in scenario.sides]
    assert groups == [f"{names[0]}: set-up zone", f"{names[0]}: units",
                      f"{names[1]}: set-up zone", f"{names[1]}: units", "objectives", "hex labels"]
    units = [o for g in root.findall("objectgroup") for o in g.findall("object")
             if o.get("type") == "unit"]
    placed = [u for s in scenario.sides for u in s.army.units if u.hex]
    assert len(units) == len(placed)
    props = {p.get("name"): p.get("value") for p in units[0].find("properties")}
    assert props["hex"] == placed[0].hex and props["unit_type"] == placed[0].type
    objectives = [o for o in root.iter("object") if o.get("type") == "objective"]
    assert [next(p.get("value") for p in o.find("properties") if p.get("name") == "hex")
            for o in objectives] == [o.hex for o in scenario.objectives]
    ids = [int(o.get("id")) for o in root.iter("object")]
    assert ids == list(range(1, len(ids) + 1)) and root.get("nextobjectid") == str(len(ids) + 1)

    tsx = ElementTree.parse(done.tsx).getroot()
    assert tsx.tag == "tileset" and tsx.find("image").get("source") == "marathon-tiles.png"
    terrain = library.terrain_set("basic-ground")
    named = [(t.get("id"), {p.get("name"): p.get("value") for p in t.find("properties")})
             for t in tsx.findall("tile")]
    assert [p["terrain"] for _, p in named if "terrain" in p] == [t.id for t in terrain.terrain]
    assert [p["elevation"] for _, p in named if "elevation" in p] == [str(n) for n in range(1, 10)]
    assert int(tsx.get("tilecount")) == len(named)


@pytest.mark.parametrize("name,axis,index", [("marathon", "x", "odd"),
                                             ("trench-assault", "y", "odd"),
                                             ("belt-skirmish", "x", "even"),
                                             ("trench-assault:odd", "y", "even")])
def test_tmxrasterizer_draws_every_hex_in_its_colour_where_we_number_it(
        tmp_path, library, name, axis, index):
    name, _, offset = name.partition(":")       # ":odd": the same map with the other offset
    scenario = sample(name)
    m = scenario.map
    if offset:
        m.offset = offset
    done = export_tmx(scenario, library, tmp_path / f"{name}.tmx", TmxOptions(hex_size=8))
    root = ElementTree.parse(done.tmx).getroot()
    assert (root.get("staggeraxis"), root.get("staggerindex")) == (axis, index)
    grid = TiledGrid.for_map(m.orientation, m.offset, 8)
    image = rasterize(done.tmx, tmp_path / "terrain.png", "terrain")
    assert (image.width(), image.height()) == grid.map_size(m.columns, m.rows)

    terrain = library.terrain_set(scenario.terrain_set)
    colour_of = {t.symbol: parse_rgb(t.colour) for t in terrain.terrain}
    expected = Counter()
    for label, (cx, cy), col, row in hex_centres(scenario, grid):
        want = colour_of[m.symbol_at(col, row)]
        assert rgb_at(image, cx, cy) == (*want, 255), f"hex {label}"
        expected[want] += 1
    # Counted from the picture alone: each hex is one patch of its colour inside its rim.
    assert components(image, set(expected)) == expected
    assert sum(expected.values()) == m.columns * m.rows


def test_elevation_layer_tints_as_the_studio_does(tmp_path, library):
    scenario = sample("marathon")
    m = scenario.map
    done = export_tmx(scenario, library, tmp_path / "m.tmx", TmxOptions(hex_size=8))
    image = rasterize(done.tmx, tmp_path / "m.png", "terrain", "elevation")
    grid = TiledGrid.for_map(m.orientation, m.offset, 8)
    colour_of = {t.symbol: parse_rgb(t.colour)
                 for t in library.terrain_set("basic-ground").terrain}
    raised = 0
    for label, (cx, cy), col, row in hex_centres(scenario, grid):
        level = m.elevation_at(col, row)
        base = colour_of[m.symbol_at(col, row)]
        t = elevation_alpha(level)
        want = [round(c + (e - c) * t) for c, e in zip(base, ELEVATION_TINT)]
        got = rgb_at(image, cx, cy)[:3]
        assert all(abs(a - b) <= 2 for a, b in zip(got, want)), (label, level, got, want)
        raised += level > 0
    assert raised > 0


def test_hex_labels_sit_on_their_hexes(tmp_path, library):
    scenario = sample("trench-assault")
    m = scenario.map
    done = export_tmx(scenario, library, tmp_path / "t.tmx", TmxOptions(hex_size=20))
    grid = TiledGrid.for_map(m.orientation, m.offset, 20)
    geo = MapGeometry(m.columns, m.rows, m.orientation, m.offset)
    root = ElementTree.parse(done.tmx).getroot()
    layer = next(g for g in root.findall("objectgroup") if g.get("name") == "hex labels")
    assert layer.get("visible") == "0"
    texts = layer.findall("object")
    assert len(texts) == m.columns * m.rows
    for obj in texts:
        x = float(obj.get("x")) + float(obj.get("width")) / 2
        y = float(obj.get("y")) + float(obj.get("height")) / 2
        tx, ty = grid.tile_at(x, y)
        assert obj.find("text").text == geo.label(geo.to_hex(tx + 1, ty + 1))


def test_a_cancelled_export_leaves_the_earlier_files(tmp_path, library):
    scenario = sample("marathon")
    target = tmp_path / "map.tmx"
    export_tmx(scenario, library, target, TmxOptions(hex_size=10))
    before = {p.name: p.read_bytes() for p in tmp_path.iterdir()}
    cancel = threading.Event()
    steps = []

    def progress(done, total, message):
        steps.append(message)
        if len(steps) == 3:
            cancel.set()
    with pytest.raises(ExportCancelled):
        export_tmx(scenario, library, target, TmxOptions(hex_size=20), progress, cancel)
    assert {p.name: p.read_bytes() for p in tmp_path.iterdir()} == before


def test_a_map_the_library_cannot_colour_writes_nothing(tmp_path, library):
    scenario = sample("marathon")
    scenario.map.terrain[3] = "?" + scenario.map.terrain[3][1:]
    with pytest.raises(ValueError, match=r"'\?' \(column 1, row 4\)"):
        export_tmx(scenario, library, tmp_path / "map.tmx")
    assert list(tmp_path.iterdir()) == []


def test_hex_size_is_checked():
    assert TmxOptions.parse("24px").hex_size == 24
    with pytest.raises(ValueError, match="4 to 512"):
        TmxOptions.parse("2")
    with pytest.raises(ValueError, match="whole number"):
        TmxOptions.parse("big")


def test_a_cancel_once_the_files_are_in_place_does_not_claim_nothing_was_written(tmp_path,
                                                                                library):
    target = tmp_path / "map.tmx"
    # "Cancelled" from the moment the map exists: too late, and not reported as a cancel.
    done = export_tmx(sample("marathon"), library, target, TmxOptions(hex_size=10),
                      cancel=lambda: target.exists())
    assert done.tmx == target and target.exists() and done.tsx.exists()

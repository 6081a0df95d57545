"""Importing Tiled maps: round trips through our export and through Tiled itself, every
layer encoding Tiled writes, foreign tilesets mapped by hand, and clear refusals."""
from __future__ import annotations

import base64
import gzip
import json
import os
import re
import shutil
import struct
import subprocess
import zlib
from pathlib import Path

import pytest

from studio.interop.tiled import (ImportChoices, TiledImportError, TmxOptions, export_tmx,
                                  import_tiled_map, plan_import, read_tiled_map)
from studio.io import default_library, dump_model, load_file, load_text
from studio.io.samples import scenarios_dir

SAMPLES = ("marathon", "trench-assault", "belt-skirmish", "blank-32x22-pointy")


@pytest.fixture(scope="module")
def library():
    return default_library()


def sample(name):
    return load_file(scenarios_dir() / f"{name}.yaml").model


def tiled(*args: str) -> None:
    tool = shutil.which("tiled")
    assert tool, "Tiled is missing: apt-get install tiled (scripts/setup.sh)"
    env = dict(os.environ, QT_QPA_PLATFORM="offscreen")
    done = subprocess.run([tool, *args], capture_output=True, text=True, timeout=120, env=env)
    assert done.returncode == 0, done.stderr


def same_map(a, b) -> None:
    assert (a.columns, a.rows, a.orientation, a.offset) == (b.columns, b.rows, b.orientation,
                                                            b.offset)
    assert a.terrain == b.terrain
    assert (a.elevation or None) == (b.elevation or None)


@pytest.mark.parametrize("name", SAMPLES)
def test_round_trip_keeps_every_hex(tmp_path, library, name):
    original = sample(name)
    export_tmx(original, library, tmp_path / "map.tmx")
    back = import_tiled_map(tmp_path / "map.tmx", library)
    same_map(back.map, original.map)
    assert back.terrain_set == original.terrain_set and back.name == original.name
    assert [(o.hex, o.name, o.points) for o in back.objectives] == [
        (o.hex, o.name, o.points) for o in original.objectives]
    # What it writes is a scenario the studio reads without errors.
    doc = load_text(dump_model(back), "back.yaml")
    assert [d for d in doc.diagnostics if d.severity == "error"] == []


@pytest.mark.parametrize("name", ("marathon", "trench-assault"))
def test_maps_saved_by_tiled_import_the_same(tmp_path, library, name):
    original = sample(name)
    export_tmx(original, library, tmp_path / "map.tmx")
    tiled("--export-map", "json", "--embed-tilesets", str(tmp_path / "map.tmx"),
          str(tmp_path / "map.tmj"))
    tiled("--export-map", "tmx", str(tmp_path / "map.tmx"), str(tmp_path / "resaved.tmx"))
    for made_by_tiled in ("map.tmj", "resaved.tmx"):
        back = import_tiled_map(tmp_path / made_by_tiled, library)
        same_map(back.map, original.map)
        assert len(back.objectives) == len(original.objectives)


def _gids(tmx_text: str, layer: str) -> list[int]:
    block = re.search(rf'<layer[^>]*name="{layer}"[^>]*>\s*<data encoding="csv">(.*?)</data>',
                      tmx_text, re.S).group(1)
    return [int(v) for v in block.replace("\n", "").split(",")]


def _with_data(tmx_text: str, layer: str, data_xml: str) -> str:
    return re.sub(rf'(<layer[^>]*name="{layer}"[^>]*>\s*)<data encoding="csv">.*?</data>',
                  lambda m: m.group(1) + data_xml, tmx_text, flags=re.S)


@pytest.mark.parametrize("encoding", ["base64", "zlib", "gzip", "xml"])
def test_every_layer_encoding_reads_alike(tmp_path, library, encoding):
    original = sample("belt-skirmish")
    export_tmx(original, library, tmp_path / "map.tmx")
    text = (tmp_path / "map.tmx").read_text()
    for layer in ("terrain", "elevation"):
        if f'name="{layer}"' not in text:
            continue
        gids = _gids(text, layer)
        # Flip flags must not change the tile.
        gids = [g | (0x80000000 if i % 3 == 0 and g else 0) for i, g in enumerate(gids)]
        raw = struct.pack(f"<{len(gids)}I", *gids)
        if encoding == "xml":
            data = "<data>" + "".join(f'<tile gid="{g}"/>' for g in gids) + "</data>"
        else:
            packed = {"base64": raw, "zlib": zlib.compress(raw),
                      "gzip": gzip.compress(raw)}[encoding]
            compression = "" if encoding == "base64" else f' compression="{encoding}"'
            data = (f'<data encoding="base64"{compression}>'
                    f'{base64.b64encode(packed).decode()}</data>')
        text = _with_data(text, layer, data)
    (tmp_path / "map.tmx").write_text(text)
    same_map(import_tiled_map(tmp_path / "map.tmx", library).map, original.map)


FOREIGN_TSX = """<?xml version="1.0" encoding="UTF-8"?>
<tileset version="1.8" name="Hand drawn" tilewidth="32" tileheight="28" tilecount="4" columns="4">
 <image source="hand.png" width="128" height="28"/>
 <tile id="2" type="wood"/>
</tileset>
"""

FOREIGN_TMX = """<?xml version="1.0" encoding="UTF-8"?>
<map version="1.8" orientation="hexagonal" renderorder="right-down" width="4" height="3"
     tilewidth="28" tileheight="32" infinite="0" hexsidelength="16" staggeraxis="y"
     staggerindex="even" nextlayerid="3" nextobjectid="2">
 <tileset firstgid="1" source="hand.tsx"/>
 <layer id="1" name="ground" width="4" height="3">
  <data encoding="csv">
1,1,2,1,
1,3,3,1,
4,1,1,1
</data>
 </layer>
 <objectgroup id="2" name="notes">
  <object id="1" name="Ford" type="objective" x="36" y="36" width="10" height="10"/>
 </objectgroup>
</map>
"""


def foreign_map(folder: Path) -> Path:
    (folder / "hand.tsx").write_text(FOREIGN_TSX)
    (folder / "hand.tmx").write_text(FOREIGN_TMX)
    return folder / "hand.tmx"


def test_a_foreign_map_is_refused_until_its_tiles_are_mapped(tmp_path, library):
    path = foreign_map(tmp_path)
    with pytest.raises(TiledImportError) as err:
        import_tiled_map(path, library, ImportChoices(terrain_set="basic-ground"))
    text = str(err.value)
    assert text.startswith(f"{path}: cannot be imported")
    assert "tile 0 of tileset 'Hand drawn', on 8 hex(es), the first 0101 (Tiled x 0, y 0)" in text
    assert "tile 2 (wood) of tileset 'Hand drawn', on 2 hex(es), the first 0202" in text
    assert "--tile 'Hand drawn:3=TERRAIN'" in text

    plan = plan_import(read_tiled_map(path), library, ImportChoices(terrain_set="basic-ground"))
    assert [(u.key, u.count, u.terrain) for u in plan.uses] == [
        ("Hand drawn:0", 8, None), ("Hand drawn:1", 1, None), ("Hand drawn:2", 2, None),
        ("Hand drawn:3", 1, None)]

    choices = ImportChoices(terrain_set="basic-ground", tiles={
        "0": "open", "Hand drawn:1": "water", "Hand drawn:2": "forest", "3": "marsh"})
    scenario = import_tiled_map(path, library, choices)
    m = scenario.map
    assert (m.orientation, m.offset, m.columns, m.rows) == ("pointy", "odd", 4, 3)
    assert m.terrain == ["..~.", ".ff.", "m..."]
    assert scenario.name == "Hand" and scenario.terrain_set == "basic-ground"
    # The objective's box centre (41, 41) lies in Tiled's tile (1, 1): hex 0202.
    assert [(o.hex, o.name) for o in scenario.objectives] == [("0202", "Ford")]


def test_empty_hexes_need_a_fill(tmp_path, library):
    path = foreign_map(tmp_path)
    path.write_text(FOREIGN_TMX.replace("4,1,1,1", "4,1,0,1"))
    choices = ImportChoices(terrain_set="basic-ground", tiles={str(i): "open" for i in range(4)})
    with pytest.raises(TiledImportError, match=r"1 hex\(es\) have no tile, the first 0303"):
        import_tiled_map(path, library, choices)
    choices.fill = "desert"
    assert import_tiled_map(path, library, choices).map.terrain[2] == "..d."


def _tmx(**changes: str) -> str:
    text = FOREIGN_TMX
    for key, value in changes.items():
        text = re.sub(rf'{key}="[^"]*"', f'{key}="{value}"', text, count=1)
    return text


@pytest.mark.parametrize("change,message", [
    ({"orientation": "orthogonal"}, "the map is orthogonal orientation, not hexagonal"),
    ({"orientation": "staggered"}, "not hexagonal"),
    ({"infinite": "1"}, "the map is infinite"),
    ({"width": "1000"}, "the map is 1000×3 tiles; the studio takes at most 999×999"),
    ({"staggerindex": "middle"}, "stagger index 'middle' is neither odd nor even"),
    ({"width": "5"}, "layer 'ground' holds 12 tiles, not the map's 15"),
])
def test_unusable_maps_are_refused_with_the_reason(tmp_path, library, change, message):
    path = foreign_map(tmp_path)
    path.write_text(_tmx(**change))
    with pytest.raises(TiledImportError) as err:
        import_tiled_map(path, library, ImportChoices(terrain_set="basic-ground"))
    assert str(err.value).startswith(str(path)) and message in str(err.value)


def test_other_bad_files(tmp_path, library):
    path = tmp_path / "bad.tmx"
    path.write_text("<map orientation='hexagonal'")
    with pytest.raises(TiledImportError, match=r"bad.tmx:1:\d+: not well-formed XML"):
        read_tiled_map(path)
    path.write_text('<tileset name="x"/>')
    with pytest.raises(TiledImportError, match="not a Tiled map"):
        read_tiled_map(path)
    good = foreign_map(tmp_path)
    good.write_text(FOREIGN_TMX.replace('<data encoding="csv">', '<data encoding="base64" '
                                        'compression="zstd">'))
    with pytest.raises(TiledImportError, match="compressed with 'zstd'; save the map with CSV"):
        read_tiled_map(good)
    (tmp_path / "hand.tsx").unlink()
    good.write_text(FOREIGN_TMX)
    with pytest.raises(TiledImportError, match="its tileset hand.tsx cannot be read"):
        read_tiled_map(good)
    json_map = tmp_path / "m.tmj"
    json_map.write_text(json.dumps({"type": "map", "orientation": "isometric", "width": 2,
                                    "height": 2, "tilewidth": 8, "tileheight": 8}))
    with pytest.raises(TiledImportError, match="isometric orientation, not hexagonal"):
        read_tiled_map(json_map)


def test_unknown_terrain_set_and_bad_mappings(tmp_path, library):
    path = foreign_map(tmp_path)
    with pytest.raises(TiledImportError, match=r"name one \(--terrain-set ID\): .*basic-ground, "):
        import_tiled_map(path, library)
    with pytest.raises(TiledImportError, match="terrain set 'moon-dust' is not in the library"):
        import_tiled_map(path, library, ImportChoices(terrain_set="moon-dust"))
    choices = ImportChoices(terrain_set="basic-ground",
                            tiles={str(i): "lava" for i in range(4)})
    with pytest.raises(TiledImportError, match=r"the mapping 0=lava names no terrain type of "
                                               r"basic-ground \(open, forest"):
        import_tiled_map(path, library, choices)


def test_elevation_tiles_need_their_property(tmp_path, library):
    original = sample("marathon")
    export_tmx(original, library, tmp_path / "map.tmx")
    tsx = tmp_path / "map.tsx"
    tsx.write_text(tsx.read_text().replace('name="elevation" type="int" value="1"',
                                           'name="elevation" type="int" value="12"'))
    with pytest.raises(TiledImportError, match=r"layer 'elevation': tile 11 of tileset "
                                               r"'Basic Ground' at \d{4} .* needs an "
                                               r"'elevation' property of 0 to 9 \(it has 12\)"):
        import_tiled_map(tmp_path / "map.tmx", library)


@pytest.mark.parametrize("orientation", ["flat", "pointy"])
@pytest.mark.parametrize("offset", ["odd", "even"])
def test_round_trip_keeps_every_hex_in_every_layout(tmp_path, library, orientation, offset):
    """Every orientation and offset, on a map of odd width and height painted with every
    terrain type and every elevation, so each hex's symbol and height must come back."""
    from studio.edit.sample import sample_scenario

    ts = library.terrain_set("basic-ground")
    original = sample_scenario(23, 17, ts, seed=5, orientation=orientation)
    m = original.map
    m.offset = offset
    symbols = [t.symbol for t in ts.terrain]
    m.terrain = ["".join(symbols[(c * 7 + r * 3) % len(symbols)] for c in range(m.columns))
                 for r in range(m.rows)]
    m.elevation = ["".join(str((c + 2 * r) % 10) for c in range(m.columns))
                   for r in range(m.rows)]
    export_tmx(original, library, tmp_path / "map.tmx", TmxOptions(hex_size=10))
    back = import_tiled_map(tmp_path / "map.tmx", library)
    same_map(back.map, m)

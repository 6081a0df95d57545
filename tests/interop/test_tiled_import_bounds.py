"""Issue 29 items 6 and 7: `studio import tmx` reads only what it should. A tileset must be
a regular file beside the map or under its folder, of bounded size; compressed layers are
inflated no further than the map needs; nesting is bounded; a value of the wrong type is a
clear refusal (exit 2) in the studio's words, never Python's."""
import base64
import json
import os
import zlib

import pytest

from fuzz_cases import _cli
from studio.interop.tiled import reader

TSX = ('<tileset name="t" tilewidth="32" tileheight="28" tilecount="1" columns="1">'
       '<tile id="0"><properties><property name="terrain" value="clear"/></properties></tile>'
       '</tileset>')


def _tmx(tileset: str = '<tileset firstgid="1" source="t.tsx"/>', data: str | None = None,
         body: str = "") -> str:
    data = data or '<data encoding="csv">1,1,1,1,1,1</data>'
    return ('<map version="1.10" orientation="hexagonal" width="3" height="2" tilewidth="32" '
            'tileheight="28" hexsidelength="16" staggeraxis="x" staggerindex="even">'
            f'{tileset}<layer name="terrain" width="3" height="2">{data}</layer>{body}</map>')


def _tmj(**changes) -> dict:
    data = {"type": "map", "orientation": "hexagonal", "width": 3, "height": 2,
            "tilewidth": 32, "tileheight": 28, "hexsidelength": 16, "staggeraxis": "x",
            "staggerindex": "even",
            "tilesets": [{"firstgid": 1, "name": "t", "tilewidth": 32, "tileheight": 28,
                          "tilecount": 1, "columns": 1,
                          "tiles": [{"id": 0, "properties": [
                              {"name": "terrain", "type": "string", "value": "clear"}]}]}],
            "layers": [{"type": "tilelayer", "name": "terrain", "width": 3, "height": 2,
                        "data": [1] * 6}]}
    data.update(changes)
    return data


def _import(tmp_path, name: str, text: str | bytes) -> tuple[int, str]:
    path = tmp_path / "maps" / name
    path.parent.mkdir(exist_ok=True)
    (tmp_path / "maps" / "t.tsx").write_text(TSX)
    path.write_bytes(text if isinstance(text, bytes) else text.encode())
    code, said = _cli(["import", "tmx", str(path), "-o", str(tmp_path / "out.yaml"),
                       "--terrain-set", "quick-and-dirty-field"])
    assert "Traceback" not in said and "invalid literal" not in said, said
    return code, said


def test_the_well_formed_map_imports(tmp_path):
    code, said = _import(tmp_path, "m.tmx", _tmx())
    assert code == 0, said
    code, said = _import(tmp_path, "m.tmj", json.dumps(_tmj()))
    assert code == 0, said


@pytest.mark.parametrize("source", ["/dev/zero", "/etc/passwd", "/proc/self/mem",
                                    "../t.tsx", "../../../../../../etc/passwd"])
def test_a_tileset_outside_the_map_folder_is_not_read(tmp_path, source, monkeypatch):
    opened = []
    real_open = os.open
    monkeypatch.setattr(os, "open", lambda file, *a, **k: (
        opened.append(str(file)), real_open(file, *a, **k))[1])
    (tmp_path / "t.tsx").write_text(TSX)
    code, said = _import(tmp_path, "m.tmx", _tmx(f'<tileset firstgid="1" source="{source}"/>'))
    assert code == 2
    assert f"its tileset {source!r} lies outside the map's folder" in said
    assert not any(p in ("/dev/zero", "/etc/passwd", "/proc/self/mem") or
                   p == str(tmp_path / "t.tsx") for p in opened)


def test_a_tileset_under_the_map_folder_is_read(tmp_path):
    (tmp_path / "maps" / "sets").mkdir(parents=True)
    (tmp_path / "maps" / "sets" / "t.tsx").write_text(TSX)
    code, said = _import(tmp_path, "m.tmx", _tmx('<tileset firstgid="1" source="sets/t.tsx"/>'))
    assert code == 0, said


def test_a_tileset_that_is_a_device_or_a_link_out_is_refused(tmp_path):
    (tmp_path / "maps").mkdir()
    os.symlink("/dev/zero", tmp_path / "maps" / "zero.tsx")
    code, said = _import(tmp_path, "m.tmx", _tmx('<tileset firstgid="1" source="zero.tsx"/>'))
    assert code == 2 and "lies outside the map's folder" in said
    os.mkfifo(tmp_path / "maps" / "pipe.tsx")
    code, said = _import(tmp_path, "m.tmx", _tmx('<tileset firstgid="1" source="pipe.tsx"/>'))
    assert code == 2 and "its tileset pipe.tsx is not a regular file" in said


def test_a_file_over_the_size_cap_is_refused_by_its_size(tmp_path, monkeypatch):
    monkeypatch.setattr(reader, "MAX_FILE_BYTES", 4096)
    code, said = _import(tmp_path, "m.tmx", _tmx(body="<!--" + "x" * 5000 + "-->"))
    assert code == 2 and "bytes, over the 0 MiB a Tiled map or tileset can take" in said


@pytest.mark.parametrize("compression", ["zlib", "gzip"])
def test_a_compressed_layer_inflates_no_further_than_the_map_needs(tmp_path, compression):
    bomb = zlib.compressobj(9, zlib.DEFLATED, zlib.MAX_WBITS | (16 if compression == "gzip"
                                                                 else 0))
    packed = bomb.compress(b"\1\0\0\0" * (1 << 20)) + bomb.flush()     # 4 MB of tiles
    data = (f'<data encoding="base64" compression="{compression}">'
            f'{base64.b64encode(packed).decode()}</data>')
    code, said = _import(tmp_path, "m.tmx", _tmx(data=data))
    assert code == 1
    assert f"its {compression} data holds more than the map's 6 tiles" in said


def test_thousands_of_nested_groups_are_refused(tmp_path):
    depth = 5000
    groups = '<group name="g">' * depth + "</group>" * depth
    code, said = _import(tmp_path, "m.tmx", _tmx(body=groups))
    assert code == 2 and "its layer groups nest more than 32 deep" in said
    nested = {"type": "group", "name": "g", "layers": []}
    for _ in range(100):
        nested = {"type": "group", "name": "g", "layers": [nested]}
    code, said = _import(tmp_path, "m.tmj", json.dumps(_tmj(layers=_tmj()["layers"] +
                                                             [nested])))
    assert code == 2 and "nest more than 32 deep" in said


def test_json_nested_thousands_deep_is_refused(tmp_path):
    code, said = _import(tmp_path, "m.tmj", '{"a": ' + "[" * 3000 + "]" * 3000 + "}")
    assert code == 2 and "nests its lists and objects too deep" in said


@pytest.mark.parametrize("change, words", [
    ({"layers": {"a": 1}}, "`layers` must be a list of objects"),
    ({"layers": [1, 2]}, "`layers` must be a list of objects"),
    ({"tilesets": "t.tsx"}, "`tilesets` must be a list of objects"),
    ({"width": 1e999}, "the map width is inf, not a whole number"),
    ({"width": "3x"}, "the map width is '3x', not a whole number"),
    ({"width": [3]}, "the map width is [3], not a whole number"),
    ({"layers": [{"type": "tilelayer", "name": "terrain", "data": ["a"] * 6}]},
     "layer 'terrain' has a tile id 'a' that is not a whole number"),
    ({"layers": [{"type": "tilelayer", "name": "terrain", "data": [[1]] * 6}]},
     "layer 'terrain' has a tile id [1] that is not a whole number"),
    ({"layers": [{"type": "objectgroup", "name": "o", "objects": [{"x": "left"}]}]},
     "layer 'o': an object's x is 'left', not a number"),
    ({"layers": [{"type": "objectgroup", "name": "o", "objects": "none"}]},
     "layer 'o': `objects` must be a list of objects"),
    ({"properties": {"terrain_set": "x"}}, None),
    ({"tilesets": [{"firstgid": 1, "name": "t", "tiles": [{"id": "zero"}]}]},
     "a tile id is 'zero', not a whole number"),
    ({"tilesets": [{"firstgid": 1, "name": "t", "tiles": 5}]},
     "tileset 't': `tiles` must be a list of objects"),
])
def test_a_tmj_of_wrong_types_is_named_not_a_crash(tmp_path, change, words):
    code, said = _import(tmp_path, "m.tmj", json.dumps(_tmj(**change)))
    if words is None:              # ignored, like any property the studio does not read
        assert code == 0, said
    else:
        assert code == 2 and words in said, said


def test_a_tmx_tile_id_that_is_not_a_number_is_named(tmp_path):
    data = '<data>' + '<tile gid="x"/>' * 6 + '</data>'
    code, said = _import(tmp_path, "m.tmx", _tmx(data=data))
    assert code == 2 and "layer 'terrain' has a tile id 'x' that is not a whole number" in said
    code, said = _import(tmp_path, "m.tmx", _tmx(body='<objectgroup name="o"><object x="a"/>'
                                                      '</objectgroup>'))
    assert code == 2 and "object '': x is 'a', not a number" in said

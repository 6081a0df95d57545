"""Reading a Tiled map (TMX or TMJ, with embedded or external TSX/TSJ tilesets) into plain data.

Only what a hex scenario can use is kept: the grid, the tile layers' global tile ids, the
tilesets' tiles with their class and custom properties, and the objects. A file that is
not a usable map raises TiledImportError naming the file and what is wrong; the map's
size is checked before any layer data is decoded.

A map is a file a user may be handed, so reading it is bounded: only regular files are read,
each at most MAX_FILE_BYTES; a tileset or image must lie in the map's folder or under it (not
`/dev/zero`, not `../../etc/passwd`); compressed layer data is inflated no further than the
map's own size calls for; groups nest at most MAX_GROUP_DEPTH deep; and a value of the
wrong type is named, never answered with Python's own words.
"""
from __future__ import annotations

import base64
import json
import os
import stat
import struct
import zlib
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any
from xml.etree import ElementTree

from studio.edit.blank_scenario import MAX_MAP_SIDE

# Tiled keeps flip and hex-rotation flags in the top four bits of a gid.
GID_FLAGS = 0xF0000000
# A 300 × 300 map in Tiled's most verbose format (XML, a <tile> per hex) is under 3 MB.
MAX_FILE_BYTES = 32 * 1024 * 1024
MAX_GROUP_DEPTH = 32


class TiledImportError(ValueError):
    """A Tiled file the studio cannot import; the message names the file and the reason."""

    def __init__(self, path: str | os.PathLike, reason: str) -> None:
        self.path, self.reason = str(path), reason
        super().__init__(f"{path}: {reason}")


class TiledUnreadable(TiledImportError):
    """Not a file the studio may read as a Tiled map or tileset at all: not a regular file,
    too large, outside the map's folder, nested too deep, or holding values of a type Tiled
    never writes (`studio import` exits 2 for it, 1 for a map it cannot use)."""


@dataclass(slots=True)
class TiledTile:
    local_id: int
    type: str = ""
    properties: dict[str, Any] = field(default_factory=dict)
    image: Path | None = None       # a collection tileset's own image for this tile


@dataclass(slots=True)
class TiledTileset:
    name: str
    firstgid: int
    tilecount: int
    tile_width: int
    tile_height: int
    columns: int = 0
    margin: int = 0
    spacing: int = 0
    image: Path | None = None
    properties: dict[str, Any] = field(default_factory=dict)
    tiles: dict[int, TiledTile] = field(default_factory=dict)
    source: Path | None = None      # the TSX/TSJ file, for an external tileset

    def tile(self, local_id: int) -> TiledTile:
        return self.tiles.get(local_id) or TiledTile(local_id)

    def image_rect(self, local_id: int) -> tuple[int, int, int, int] | None:
        """Where a tile sits in the tileset image: (x, y, width, height)."""
        if self.image is None or self.columns <= 0:
            return None
        col, row = local_id % self.columns, local_id // self.columns
        return (self.margin + col * (self.tile_width + self.spacing),
                self.margin + row * (self.tile_height + self.spacing),
                self.tile_width, self.tile_height)


@dataclass(slots=True)
class TiledObject:
    name: str
    type: str
    x: float
    y: float
    width: float
    height: float
    properties: dict[str, Any] = field(default_factory=dict)
    layer: str = ""
    gid: int = 0                # a tile object's tile (flags cleared); 0: a shape
    points: list[tuple[float, float]] = field(default_factory=list)   # a polyline's, absolute

    def centre(self) -> tuple[float, float]:
        """The middle of the object in map pixels. Tiled anchors a tile object at the
        bottom left of its tile (on orthogonal and hexagonal maps), a shape at its top left."""
        if self.gid:
            return self.x + self.width / 2, self.y - self.height / 2
        return self.x + self.width / 2, self.y + self.height / 2


@dataclass(slots=True)
class TiledLayer:
    name: str
    gids: list[int] | None = None                  # tile layers: width × height, row-major
    objects: list[TiledObject] | None = None       # object layers


@dataclass(slots=True)
class TiledMap:
    path: Path
    orientation: str
    width: int
    height: int
    tile_width: int
    tile_height: int
    hex_side_length: int
    stagger_axis: str
    stagger_index: str
    properties: dict[str, Any] = field(default_factory=dict)
    tilesets: list[TiledTileset] = field(default_factory=list)
    layers: list[TiledLayer] = field(default_factory=list)

    def tile_layers(self) -> list[TiledLayer]:
        return [layer for layer in self.layers if layer.gids is not None]

    def objects(self) -> list[TiledObject]:
        return [o for layer in self.layers for o in (layer.objects or [])]

    def tileset_of(self, gid: int) -> TiledTileset | None:
        """The tileset with the largest firstgid not above `gid` (flags cleared)."""
        found = None
        for ts in self.tilesets:
            if ts.firstgid <= gid and (found is None or ts.firstgid > found.firstgid):
                found = ts
        return found


def read_tiled_map(path: str | os.PathLike) -> TiledMap:
    """A TMX (XML) or TMJ/JSON map; TiledImportError when it cannot be used."""
    path = Path(path)
    raw = _read_bounded(path, path)
    try:
        if raw.lstrip()[:1] in (b"{", b"["):
            return _JsonReader(path).map(_load_json(path, raw))
        return _XmlReader(path).map(_load_xml(path, raw))
    except RecursionError:
        raise TiledUnreadable(path, "nests layers or values too deep for a map") from None
    except (TypeError, AttributeError, KeyError, OverflowError, ValueError) as err:
        if isinstance(err, TiledImportError):
            raise
        # what the checks below do not name: a value of a shape Tiled never writes
        raise TiledUnreadable(path, "holds a value of a type or shape Tiled never writes "
                               "(a list or text where a number belongs, or the like); open "
                               "it in Tiled and save it again") from None


def _read_bounded(path: Path, shown: Path | str) -> bytes:
    """The bytes of a regular file of at most MAX_FILE_BYTES (not a device, pipe or folder)."""
    try:
        # O_NONBLOCK: opening a named pipe must not wait for a writer
        with os.fdopen(os.open(path, os.O_RDONLY | os.O_NONBLOCK), "rb") as f:
            info = os.fstat(f.fileno())
            if not stat.S_ISREG(info.st_mode):
                raise TiledUnreadable(shown, "is not a regular file (a device, a pipe or a "
                                       "folder); give the map or tileset file itself")
            raw = f.read(MAX_FILE_BYTES + 1)
    except OSError as err:
        raise TiledUnreadable(shown, f"cannot be read ({err.strerror or err})") from None
    if len(raw) > MAX_FILE_BYTES:
        raise TiledUnreadable(shown, f"is {info.st_size:,} bytes, over the "
                               f"{MAX_FILE_BYTES // (1024 * 1024)} MiB a Tiled map or tileset "
                               "can take; is it one?")
    return raw


def beside_map(map_path: Path, folder: Path, source: Any, what: str) -> Path:
    """The file `source` names (relative to `folder`), once it is known to lie in the map's
    folder or under it; TiledImportError for an absolute path or one that leaves it."""
    if not isinstance(source, str) or "\0" in source:
        raise TiledUnreadable(map_path, f"{what} {source!r:.80} is not a file name")
    home = map_path.resolve().parent
    file = (folder / source).resolve()
    if file != home and home not in file.parents:
        raise TiledUnreadable(map_path, f"{what} {source!r:.80} lies outside the map's "
                               f"folder {home}; the studio reads only files beside the map or "
                               "under its folder: copy it there")
    return file


def _image(map_path: Path, folder: Path, source: Any) -> Path | None:
    """A tileset's (or tile's) image, kept only when it is a regular file of at most
    MAX_FILE_BYTES beside the map: the studio shows it as the tile's icon, nothing more, so
    an image it may not read is left out rather than refused."""
    try:
        file = beside_map(map_path, folder, source, "an image")
        info = file.stat()
    except (TiledImportError, OSError):
        return None
    return file if stat.S_ISREG(info.st_mode) and info.st_size <= MAX_FILE_BYTES else None


def _tileset_file(map_path: Path, folder: Path, source: Any) -> tuple[Path, bytes]:
    file = beside_map(map_path, folder, source, "its tileset")
    try:
        return file, _read_bounded(file, file)
    except TiledImportError as err:
        raise type(err)(map_path, f"its tileset {source} {err.reason}") from None


# -- shared checks --------------------------------------------------------------------------

def _int(path: Path, value: Any, what: str, default: int | None = None) -> int:
    if value is None or value == "":
        if default is not None:
            return default
        raise TiledUnreadable(path, f"{what} is missing")
    try:
        if isinstance(value, bool) or (isinstance(value, float) and value != int(value)):
            raise ValueError
        return int(value)
    except (TypeError, ValueError, OverflowError):
        raise TiledUnreadable(path, f"{what} is {value!r:.40}, not a whole number") from None


def _float(path: Path, value: Any, what: str) -> float:
    try:
        if isinstance(value, bool):
            raise ValueError
        number = float(value)
    except (TypeError, ValueError):
        raise TiledUnreadable(path, f"{what} is {value!r:.40}, not a number") from None
    if number != number or number in (float("inf"), float("-inf")):
        raise TiledUnreadable(path, f"{what} is {value!r:.40}, not a finite number")
    return number


def _gid(path: Path, layer: str, value: Any) -> int:
    if isinstance(value, bool) or not isinstance(value, (int, str)):
        raise TiledUnreadable(path, f"layer {layer!r} has a tile id {value!r:.40} that is "
                               "not a whole number")
    try:
        return int(value) & ~GID_FLAGS
    except ValueError:
        raise TiledUnreadable(path, f"layer {layer!r} has a tile id {value!r:.40} that is "
                               "not a whole number") from None


def _check_grid(path: Path, orientation: str, width: int, height: int, infinite: bool,
                stagger_axis: str, stagger_index: str) -> None:
    if orientation != "hexagonal":
        raise TiledImportError(path, f"the map is {orientation or 'of no'} orientation, not "
                               "hexagonal; only hexagonal Tiled maps can become scenarios")
    if infinite:
        raise TiledImportError(path, "the map is infinite; give it a fixed size in Tiled "
                               "(Map > Map Properties, untick Infinite) and save it again")
    if stagger_axis not in ("x", "y"):
        raise TiledImportError(path, f"stagger axis {stagger_axis!r} is neither x nor y")
    if stagger_index not in ("odd", "even"):
        raise TiledImportError(path, f"stagger index {stagger_index!r} is neither odd nor even")
    if width < 1 or height < 1:
        raise TiledImportError(path, f"the map is {width}×{height} tiles; it needs at least one")
    if width > MAX_MAP_SIDE or height > MAX_MAP_SIDE:
        raise TiledImportError(path, f"the map is {width}×{height} tiles; the studio takes at "
                               f"most {MAX_MAP_SIDE}×{MAX_MAP_SIDE}")


def _decode_gids(path: Path, layer: str, data: bytes, count: int) -> list[int]:
    if len(data) != 4 * count:
        raise TiledImportError(path, f"layer {layer!r} holds {len(data) // 4} tiles, not "
                               f"the map's {count}")
    return [g & ~GID_FLAGS for g in struct.unpack(f"<{count}I", data)]


def _check_compression(path: Path, layer: str, compression: str) -> None:
    if compression not in ("", "zlib", "gzip"):
        raise TiledImportError(path, f"layer {layer!r} is compressed with {compression!r}; "
                               "save the map with CSV, or Base64 uncompressed, zlib or gzip "
                               "(Map > Map Properties > Tile Layer Format)")


def _decompress(path: Path, layer: str, data: bytes, compression: str, count: int) -> bytes:
    """The layer's bytes, inflated no further than the 4 × `count` its tiles take (and one
    byte more, to tell a layer that holds too much)."""
    if not compression:
        return data
    _check_compression(path, layer, compression)
    wbits = zlib.MAX_WBITS | (16 if compression == "gzip" else 0)
    try:
        inflater = zlib.decompressobj(wbits)
        out = inflater.decompress(data, 4 * count + 1)
    except zlib.error:
        raise TiledImportError(path, f"layer {layer!r}: its {compression} data is "
                               "damaged") from None
    if len(out) > 4 * count or inflater.unconsumed_tail:
        raise TiledImportError(path, f"layer {layer!r}: its {compression} data holds more "
                               f"than the map's {count} tiles")
    return out


def _base64(path: Path, layer: str, text: str) -> bytes:
    try:
        return base64.b64decode("".join(text.split()), validate=True)
    except ValueError:
        raise TiledImportError(path, f"layer {layer!r}: its base64 data is damaged") from None


def _csv_gids(path: Path, layer: str, text: str, count: int) -> list[int]:
    items = [s for s in text.replace("\n", ",").replace("\r", ",").split(",") if s.strip()]
    if len(items) != count:
        raise TiledImportError(path, f"layer {layer!r} holds {len(items)} tiles, not the "
                               f"map's {count}")
    return [_gid(path, layer, s.strip()) for s in items]


# -- TMX / TSX ------------------------------------------------------------------------------

def _load_xml(path: Path, raw: bytes) -> ElementTree.Element:
    try:
        return ElementTree.fromstring(raw)
    except ElementTree.ParseError as err:
        line, col = err.position
        raise TiledImportError(f"{path}:{line}:{col + 1}", f"not well-formed XML ({err.msg})") from None


def _groups_within_bound(path: Path, depth: int) -> None:
    if depth > MAX_GROUP_DEPTH:
        raise TiledUnreadable(path, f"its layer groups nest more than {MAX_GROUP_DEPTH} deep; "
                               "flatten them in Tiled")


def _xml_properties(node: ElementTree.Element | None) -> dict[str, Any]:
    out: dict[str, Any] = {}
    if node is None:
        return out
    props = node.find("properties")
    for prop in (props if props is not None else []):
        if prop.tag != "property":
            continue
        value = prop.get("value")
        if value is None:
            value = prop.text or ""
        out[prop.get("name", "")] = _typed(prop.get("type", "string"), value)
    return out


def _xml_polyline(node: ElementTree.Element) -> list[tuple[float, float]]:
    """A polyline object's points, made absolute (Tiled stores them from the object's x, y)."""
    line = node.find("polyline")
    if line is None:
        return []
    x0, y0 = float(node.get("x", 0)), float(node.get("y", 0))
    out = []
    for pair in (line.get("points") or "").split():
        try:
            px, py = pair.split(",")
            out.append((x0 + float(px), y0 + float(py)))
        except ValueError:
            continue
    return out


def _json_polyline(node: dict) -> list[tuple[float, float]]:
    """A JSON polyline object's points, made absolute."""
    x0, y0 = float(node.get("x", 0) or 0), float(node.get("y", 0) or 0)
    out = []
    for point in node.get("polyline") or []:
        try:
            out.append((x0 + float(point.get("x", 0)), y0 + float(point.get("y", 0))))
        except (AttributeError, TypeError, ValueError):
            continue
    return out


def _typed(kind: str, value: Any) -> Any:
    try:
        if kind == "int":
            return int(value)
        if kind == "float":
            return float(value)
        if kind == "bool":
            return value if isinstance(value, bool) else str(value).lower() == "true"
    except (TypeError, ValueError):
        pass
    return value


class _XmlReader:
    def __init__(self, path: Path) -> None:
        self.path = path

    def map(self, root: ElementTree.Element) -> TiledMap:
        p = self.path
        if root.tag != "map":
            raise TiledImportError(p, f"this is a <{root.tag}> file, not a Tiled map (<map>)")
        width = _int(p, root.get("width"), "the map width")
        height = _int(p, root.get("height"), "the map height")
        _check_grid(p, root.get("orientation", ""), width, height,
                    root.get("infinite", "0") == "1", root.get("staggeraxis", "y"),
                    root.get("staggerindex", "odd"))
        tmap = TiledMap(p, "hexagonal", width, height,
                        _int(p, root.get("tilewidth"), "the tile width"),
                        _int(p, root.get("tileheight"), "the tile height"),
                        _int(p, root.get("hexsidelength"), "the hex side length", 0),
                        root.get("staggeraxis", "y"), root.get("staggerindex", "odd"),
                        _xml_properties(root))
        for node in root:
            if node.tag == "tileset":
                tmap.tilesets.append(self.tileset(node, p.parent))
        self.layers(root, tmap)
        return tmap

    def layers(self, parent: ElementTree.Element, tmap: TiledMap, depth: int = 0) -> None:
        _groups_within_bound(self.path, depth)
        for node in parent:
            name = node.get("name", "")
            if node.tag == "layer":
                tmap.layers.append(TiledLayer(name, gids=self.gids(node, tmap)))
            elif node.tag == "objectgroup":
                tmap.layers.append(TiledLayer(name, objects=self.objects(node)))
            elif node.tag == "group":
                self.layers(node, tmap, depth + 1)

    def gids(self, layer: ElementTree.Element, tmap: TiledMap) -> list[int]:
        name, count = layer.get("name", ""), tmap.width * tmap.height
        data = layer.find("data")
        if data is None:
            raise TiledImportError(self.path, f"layer {name!r} has no tile data")
        if data.find("chunk") is not None:
            raise TiledImportError(self.path, f"layer {name!r} is stored in chunks (an "
                                   "infinite map); give the map a fixed size in Tiled")
        encoding, compression = data.get("encoding", ""), data.get("compression", "")
        if encoding == "csv":
            return _csv_gids(self.path, name, data.text or "", count)
        if encoding == "base64":
            _check_compression(self.path, name, compression)
            raw = _decompress(self.path, name, _base64(self.path, name, data.text or ""),
                              compression, count)
            return _decode_gids(self.path, name, raw, count)
        if encoding:
            raise TiledImportError(self.path, f"layer {name!r} uses encoding {encoding!r}")
        tiles = [_gid(self.path, name, t.get("gid", "0")) for t in data.findall("tile")]
        if len(tiles) != count:
            raise TiledImportError(self.path, f"layer {name!r} holds {len(tiles)} tiles, not "
                                   f"the map's {count}")
        return tiles

    def objects(self, group: ElementTree.Element) -> list[TiledObject]:
        out = []
        p = self.path
        for node in group.findall("object"):
            where = f"object {node.get('name') or node.get('id') or ''!r:.40}"
            out.append(TiledObject(
                node.get("name", ""), node.get("type") or node.get("class") or "",
                _float(p, node.get("x", 0), f"{where}: x"),
                _float(p, node.get("y", 0), f"{where}: y"),
                _float(p, node.get("width", 0), f"{where}: width"),
                _float(p, node.get("height", 0), f"{where}: height"),
                _xml_properties(node), group.get("name", ""),
                _int(p, node.get("gid"), f"{where}: gid", 0) & ~GID_FLAGS,
                _xml_polyline(node)))
        return out

    def tileset(self, node: ElementTree.Element, folder: Path) -> TiledTileset:
        firstgid = _int(self.path, node.get("firstgid"), "a tileset's firstgid")
        source = node.get("source")
        if source:
            file, raw = _tileset_file(self.path, folder, source)
            if raw.lstrip()[:1] == b"{":
                ts = _JsonReader(file).tileset(_load_json(file, raw), firstgid, file.parent)
            else:
                root = _load_xml(file, raw)
                if root.tag != "tileset":
                    raise TiledImportError(file, f"this is a <{root.tag}> file, not a tileset")
                ts = _XmlReader(file).tileset_body(root, firstgid, file.parent)
            ts.source = file
            return ts
        return self.tileset_body(node, firstgid, folder)

    def tileset_body(self, node: ElementTree.Element, firstgid: int, folder: Path) -> TiledTileset:
        p = self.path
        ts = TiledTileset(node.get("name", ""), firstgid,
                          _int(p, node.get("tilecount"), "a tileset's tile count", 0),
                          _int(p, node.get("tilewidth"), "a tileset's tile width", 0),
                          _int(p, node.get("tileheight"), "a tileset's tile height", 0),
                          _int(p, node.get("columns"), "a tileset's columns", 0),
                          _int(p, node.get("margin"), "a tileset's margin", 0),
                          _int(p, node.get("spacing"), "a tileset's spacing", 0),
                          properties=_xml_properties(node))
        image = node.find("image")
        if image is not None and image.get("source"):
            ts.image = _image(self.path, folder, image.get("source"))
        for tile in node.findall("tile"):
            local = _int(p, tile.get("id"), "a tile id")
            own = tile.find("image")
            ts.tiles[local] = TiledTile(
                local, tile.get("type") or tile.get("class") or "", _xml_properties(tile),
                _image(self.path, folder, own.get("source")) if own is not None and
                own.get("source") else None)
        return ts


# -- TMJ / TSJ ------------------------------------------------------------------------------

def _load_json(path: Path, raw: bytes) -> dict:
    try:
        data = json.loads(raw.decode("utf-8"))
    except RecursionError:
        raise TiledUnreadable(path, "nests its lists and objects too deep for a Tiled "
                               "file") from None
    except UnicodeDecodeError:
        raise TiledUnreadable(path, "is not UTF-8 text") from None
    except json.JSONDecodeError as err:
        raise TiledUnreadable(f"{path}:{err.lineno}:{err.colno}", f"not valid JSON "
                               f"({err.msg})") from None
    if not isinstance(data, dict):
        raise TiledUnreadable(path, "is JSON but not a Tiled map (no top-level object)")
    return data


def _json_properties(node: dict) -> dict[str, Any]:
    out: dict[str, Any] = {}
    props = node.get("properties") or []
    for prop in props if isinstance(props, list) else []:
        if isinstance(prop, dict) and isinstance(prop.get("name"), str):
            out[prop["name"]] = _typed(prop.get("type", "string"), prop.get("value"))
    return out


def _objects(path: Path, value: Any, what: str) -> list[dict]:
    """`value` as the list of JSON objects Tiled writes there."""
    if value is None:
        return []
    if not isinstance(value, list) or not all(isinstance(v, dict) for v in value):
        raise TiledUnreadable(path, f"{what} must be a list of objects, as Tiled writes it")
    return value


class _JsonReader:
    def __init__(self, path: Path) -> None:
        self.path = path

    def map(self, data: dict) -> TiledMap:
        p = self.path
        if data.get("type", "map") != "map":
            raise TiledImportError(p, f"this is a Tiled {data.get('type')!r} file, not a map")
        width = _int(p, data.get("width"), "the map width")
        height = _int(p, data.get("height"), "the map height")
        _check_grid(p, data.get("orientation", ""), width, height, bool(data.get("infinite")),
                    data.get("staggeraxis", "y"), data.get("staggerindex", "odd"))
        tmap = TiledMap(p, "hexagonal", width, height,
                        _int(p, data.get("tilewidth"), "the tile width"),
                        _int(p, data.get("tileheight"), "the tile height"),
                        _int(p, data.get("hexsidelength"), "the hex side length", 0),
                        data.get("staggeraxis", "y"), data.get("staggerindex", "odd"),
                        _json_properties(data))
        for ts in _objects(p, data.get("tilesets"), "`tilesets`"):
            tmap.tilesets.append(self.tileset_ref(ts))
        self.layers(_objects(p, data.get("layers"), "`layers`"), tmap)
        return tmap

    def layers(self, layers: list, tmap: TiledMap, depth: int = 0) -> None:
        p = self.path
        _groups_within_bound(p, depth)
        for layer in layers:
            kind, name = layer.get("type"), str(layer.get("name", ""))
            if kind == "tilelayer":
                tmap.layers.append(TiledLayer(name, gids=self.gids(layer, tmap)))
            elif kind == "objectgroup":
                tmap.layers.append(TiledLayer(name, objects=[
                    TiledObject(str(o.get("name", "")), str(o.get("type") or o.get("class")
                                                             or ""),
                                _float(p, o.get("x", 0), f"layer {name!r}: an object's x"),
                                _float(p, o.get("y", 0), f"layer {name!r}: an object's y"),
                                _float(p, o.get("width", 0), f"layer {name!r}: an object's "
                                       "width"),
                                _float(p, o.get("height", 0), f"layer {name!r}: an object's "
                                       "height"),
                                _json_properties(o), name,
                                _int(p, o.get("gid"), f"layer {name!r}: an object's gid", 0)
                                & ~GID_FLAGS, _json_polyline(o))
                    for o in _objects(p, layer.get("objects"), f"layer {name!r}: `objects`")]))
            elif kind == "group":
                self.layers(_objects(p, layer.get("layers"), f"group {name!r}: `layers`"),
                            tmap, depth + 1)

    def gids(self, layer: dict, tmap: TiledMap) -> list[int]:
        name, count = layer.get("name", ""), tmap.width * tmap.height
        if "chunks" in layer:
            raise TiledImportError(self.path, f"layer {name!r} is stored in chunks (an "
                                   "infinite map); give the map a fixed size in Tiled")
        data = layer.get("data")
        if isinstance(data, list):
            if len(data) != count:
                raise TiledImportError(self.path, f"layer {name!r} holds {len(data)} tiles, "
                                       f"not the map's {count}")
            return [_gid(self.path, name, g) for g in data]
        if isinstance(data, str) and layer.get("encoding") == "base64":
            compression = layer.get("compression", "")
            _check_compression(self.path, name, compression)
            raw = _decompress(self.path, name, _base64(self.path, name, data), compression,
                              count)
            return _decode_gids(self.path, name, raw, count)
        raise TiledImportError(self.path, f"layer {name!r} has no tile data Tiled's JSON "
                               "format describes")

    def tileset_ref(self, node: dict) -> TiledTileset:
        firstgid = _int(self.path, node.get("firstgid"), "a tileset's firstgid")
        source = node.get("source")
        if not source:
            return self.tileset(node, firstgid, self.path.parent)
        file, raw = _tileset_file(self.path, self.path.parent, source)
        if raw.lstrip()[:1] == b"{":
            ts = _JsonReader(file).tileset(_load_json(file, raw), firstgid, file.parent)
        else:
            ts = _XmlReader(file).tileset_body(_load_xml(file, raw), firstgid, file.parent)
        ts.source = file
        return ts

    def tileset(self, node: dict, firstgid: int, folder: Path) -> TiledTileset:
        p = self.path
        ts = TiledTileset(node.get("name", ""), firstgid,
                          _int(p, node.get("tilecount"), "a tileset's tile count", 0),
                          _int(p, node.get("tilewidth"), "a tileset's tile width", 0),
                          _int(p, node.get("tileheight"), "a tileset's tile height", 0),
                          _int(p, node.get("columns"), "a tileset's columns", 0),
                          _int(p, node.get("margin"), "a tileset's margin", 0),
                          _int(p, node.get("spacing"), "a tileset's spacing", 0),
                          properties=_json_properties(node))
        if node.get("image"):
            ts.image = _image(self.path, folder, node["image"])
        for tile in _objects(p, node.get("tiles"), f"tileset {ts.name!r}: `tiles`"):
            local = _int(p, tile.get("id"), "a tile id")
            ts.tiles[local] = TiledTile(local, tile.get("type") or tile.get("class") or "",
                                        _json_properties(tile),
                                        _image(p, folder, tile["image"]) if tile.get("image")
                                        else None)
        return ts

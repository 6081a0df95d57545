"""`studio export vassal`: the .vmod read back as VASSAL reads it.

The readers here are written from VASSAL's source, not from our writer: SequenceEncoder.
Decoder (vassal-app/src/main/java/VASSAL/tools/SequenceEncoder.java) for piece
definitions, and HexGrid/HexGridNumbering/RegularGridNumbering (.../board/HexGrid.java,
.../mapgrid/*.java) for which hex a board point lies in and what it is called.
"""
from __future__ import annotations

import dataclasses
import io
import math
import struct
import threading
import xml.etree.ElementTree as ET
import zipfile

import pytest
from pypdf import PdfReader

from studio.cli import main
from studio.export import ExportCancelled
from studio.hexgrid import MapGeometry
from studio.interop.vassal import VassalOptions, export_vassal
from studio.io import default_library, load_file
from studio.io.samples import scenarios_dir

MARATHON = str(scenarios_dir() / "marathon.yaml")
P = "VASSAL.build.module.map."


# -- VASSAL's readers, restated --------------------------------------------------------------

def decode(value: str | None, delim: str) -> list[str]:
    """SequenceEncoder.Decoder: every token of ``value``."""
    out: list[str] = []
    start, stop = 0, len(value or "")
    val = value
    while val is not None:
        if start == stop:
            out.append("")
            break
        buf, tok, i = None, None, start
        while i < stop:
            if val[i] == delim:
                if i > 0 and val[i - 1] == "\\":
                    buf = (buf or "") + val[start:i - 1]
                    start = i
                else:
                    if not buf:
                        tok = val[start:i]
                    else:
                        buf += val[start:i]
                    start = i + 1
                    break
            i += 1
        if start < i:        # ran to the end without a delimiter
            if not buf:
                tok = val[start:]
            else:
                buf += val[start:stop]
            val = None
        text = tok if tok is not None else buf
        if len(text) > 1 and text[0] == "'" and text[-1] == "'":
            text = text[1:-1]
        out.append(text)
    return out


def traits(piece_type: str) -> list[str]:
    """BasicCommandEncoder.createPiece: outermost trait first, the BasicPiece last."""
    parts = decode(piece_type, "\t")
    return [parts[0]] + (traits(parts[1]) if len(parts) > 1 else [])


def states(piece_state: str, count: int) -> list[str]:
    parts = decode(piece_state, "\t")
    return [parts[0]] + (states(parts[1], count - 1) if count > 1 else [])


class VassalGrid:
    """HexGrid + HexGridNumbering from their XML attributes."""

    def __init__(self, grid: ET.Element, numbering: ET.Element) -> None:
        self.sideways = grid.get("sideways") == "true"
        self.x0, self.y0 = int(grid.get("x0")), int(grid.get("y0"))
        self.dx, self.dy = float(grid.get("dx")), float(grid.get("dy"))
        n = numbering.attrib
        self.first, self.sep = n["first"], n["sep"]
        self.h_off, self.v_off = int(n["hOff"]), int(n["vOff"])
        self.h_lead, self.v_lead = int(n["hLeading"]), int(n["vLeading"])
        self.stagger = n["stagger"] == "true"
        assert n["hType"] == n["vType"] == "N" and n["hDescend"] == n["vDescend"] == "false"
        assert n["locationFormat"] == "$gridLocation$"

    def _rot(self, x: int, y: int) -> tuple[int, int]:
        return (y, x) if self.sideways else (x, y)

    def raw_column(self, x: int, y: int) -> int:              # HexGrid.getRawColumn
        x, y = self._rot(x, y)
        return math.floor((x - self.x0) / self.dx + 0.5)

    def raw_row(self, x: int, y: int) -> int:                 # HexGrid.getRawRow
        x, y = self._rot(x, y)
        nx = _java_round((x - self.x0) / self.dx)
        if nx % 2 == 0:
            return _java_round((y - self.y0) / self.dy)
        return _java_round((y - self.y0 - self.dy / 2) / self.dy)

    @staticmethod
    def _name(n: int, leading: int) -> str:                   # RegularGridNumbering.getName
        val = "-" if n < 0 else ""
        n = abs(n)
        while leading > 0 and n < 10 ** leading:
            leading -= 1
            val += "0"
        return val + str(n)

    def location_name(self, x: int, y: int) -> str:
        col = self.raw_column(x, y)
        row = self.raw_row(x, y)
        if self.stagger and col % 2 != 0:                     # HexGridNumbering.getRow
            row += 1
        row_name = self._name(row + self.v_off, self.v_lead)
        col_name = self._name(col + self.h_off, self.h_lead)
        first, second = (col_name, row_name) if self.first == "H" else (row_name, col_name)
        return first + self.sep + second

    def location(self, name: str) -> tuple[int, int]:          # getLocation + getCenterPoint
        digits = (len(name) - len(self.sep)) // 2
        a, b = name[:digits], name[-digits:]
        col_name, row_name = (a, b) if self.first == "H" else (b, a)
        col, row = int(col_name) - self.h_off, int(row_name) - self.v_off
        if self.stagger and col % 2 != 0:
            row -= 1
        x = int(col * self.dx) + self.x0
        y = int(row * self.dy) if col % 2 == 0 else int(row * self.dy + self.dy / 2)
        y += self.y0
        return self._rot(x, y)


def _java_round(v: float) -> int:
    return math.floor(v + 0.5)


# -- fixtures --------------------------------------------------------------------------------

@pytest.fixture(scope="module")
def library():
    return default_library()


@pytest.fixture(scope="module")
def marathon(library, tmp_path_factory):
    scenario = load_file(MARATHON).model
    path = tmp_path_factory.mktemp("vmod") / "marathon.vmod"
    export_vassal(scenario, library, path)
    return scenario, zipfile.ZipFile(path)


def _build(archive) -> ET.Element:
    return ET.fromstring(archive.read("buildFile.xml"))


def _png_size(data: bytes) -> tuple[int, int]:
    assert data[:8] == b"\x89PNG\r\n\x1a\n"
    return struct.unpack(">II", data[16:24])


# Clockwise turn from upright (north) of a counter facing each hexside.
CLOCKWISE = {"flat": {"N": 0, "NE": 60, "SE": 120, "S": 180, "SW": 240, "NW": 300},
             "pointy": {"NE": 30, "E": 90, "SE": 150, "SW": 210, "W": 270, "NW": 330}}
POINTY_FACING = {"N": "NE", "NE": "E", "SE": "SE", "S": "SW", "SW": "W", "NW": "NW"}


def _variant(scenario, orientation: str, offset: str):
    """The scenario on the other layouts; on pointy-topped maps the facings become the
    pointy hexsides next to them."""
    sides = scenario.sides
    if orientation == "pointy":
        sides = [dataclasses.replace(side, army=dataclasses.replace(side.army, units=[
            dataclasses.replace(u, facing=POINTY_FACING[u.facing] if u.facing else None)
            for u in side.army.units])) for side in sides]
    return dataclasses.replace(scenario, sides=sides, map=dataclasses.replace(
        scenario.map, orientation=orientation, offset=offset))


def _facing(slot: ET.Element) -> tuple[int, int] | None:
    """(facings, clockwise degrees) of a piece's FreeRotator, None without one."""
    _, piece_type, piece_state = decode(slot.text[2:], "/")
    chain = traits(piece_type)
    for trait, state in zip(chain, states(piece_state, len(chain))):
        if trait.startswith("rotate;"):
            fields = decode(trait[len("rotate;"):], ";")
            count = int(fields[0])
            assert len(fields) == 13 and fields[1] and fields[2]      # turn keys
            # FreeRotator: validAngles[i] = -i * 360 / n, drawn turned by -angle (clockwise)
            return count, int(state) * 360 // count
    return None


# -- the archive and its components ----------------------------------------------------------

def test_module_has_the_files_and_components_vassal_needs(marathon):
    scenario, archive = marathon
    names = set(archive.namelist())
    assert {"buildFile.xml", "moduledata", "help/Playsheet"} <= names
    root = _build(archive)
    assert root.tag == "VASSAL.build.GameModule"
    assert root.get("name") == scenario.name and root.get("version")
    major, minor = (int(v) for v in root.get("VassalVersion").split(".")[:2])
    assert (major, minor) >= (3, 5)            # older ones are read from "buildFile"
    tags = [child.tag for child in root]
    for needed in ("BasicCommandEncoder", "Documentation", "PlayerRoster", "GlobalOptions",
                   "Chatter", "PieceWindow", "Map", "PrototypesContainer"):
        assert f"VASSAL.build.module.{needed}" in tags
    roster = root.find("VASSAL.build.module.PlayerRoster")
    assert [e.text for e in roster.findall("entry")] == [s.name for s in scenario.sides]
    themap = root.find("VASSAL.build.module.Map")
    for child in ("BoardPicker", "StackMetrics", "PieceMover", "KeyBufferer", "StackExpander",
                  "MenuDisplayer", "ForwardToKeyBuffer", "CounterDetailViewer", "Zoomer"):
        assert themap.find(P + child) is not None, child
    board = themap.find(P + "BoardPicker/" + P + "boardPicker.Board")
    assert board.get("reversible") == "false"
    image = "images/" + board.get("image")
    assert image in names
    width, height = _png_size(archive.read(image))
    grid = board.find(P + "boardPicker.board.HexGrid")
    for attr in ("sideways", "x0", "y0", "dy", "dx", "snapTo", "edgesLegal", "cornersLegal",
                 "visible", "dotsVisible", "color"):
        assert attr in grid.attrib
    assert float(grid.get("dy")) % 2 == 0
    assert abs(float(grid.get("dx")) - float(grid.get("dy")) * math.sqrt(3) / 2) < 1e-9
    numbering = grid.find(P + "boardPicker.board.mapgrid.HexGridNumbering")
    for attr in ("first", "sep", "hType", "hLeading", "hOff", "hDescend", "vType", "vLeading",
                 "vOff", "vDescend", "locationFormat", "visible", "stagger"):
        assert attr in numbering.attrib
    # the board is the map at print scale: 32 columns of 5/8in x 1.25 hexes at 100 dpi
    across = float(grid.get("dy"))
    assert abs(across - 0.625 * 1.25 * 100) < 1.0
    assert width > 31 * float(grid.get("dx")) + across and height > 22.5 * across


def test_moduledata_names_the_module(marathon):
    scenario, archive = marathon
    data = ET.fromstring(archive.read("moduledata"))
    assert data.tag == "data" and data.get("version") == "1"
    assert data.findtext("name") == scenario.name
    assert data.findtext("VassalVersion") == _build(archive).get("VassalVersion")
    assert data.findtext("version") and data.findtext("description")
    assert int(data.findtext("dateSaved")) > 1_600_000_000_000


def test_playsheet_is_the_browser_help(marathon):
    scenario, archive = marathon
    help_file = _build(archive).find(
        "VASSAL.build.module.Documentation/VASSAL.build.module.documentation.BrowserHelpFile")
    title, page = help_file.get("title"), help_file.get("startingPage")
    inner = zipfile.ZipFile(io.BytesIO(archive.read("help/" + title.replace(" ", "_"))))
    pdf = PdfReader(io.BytesIO(inner.read(page)))
    text = " ".join(p.extract_text() for p in pdf.pages)
    assert len(pdf.pages) >= len(scenario.sides)
    for side in scenario.sides:
        assert side.name in text


# -- pieces ----------------------------------------------------------------------------------

def _slots(root):
    return list(root.iter("VASSAL.build.widget.PieceSlot"))


def test_every_piece_decodes_with_front_and_back_images(marathon):
    scenario, archive = marathon
    names = set(archive.namelist())
    root = _build(archive)
    gpids = set()
    flips = 0
    for slot in _slots(root):
        assert slot.text.startswith("+/")
        ident, piece_type, piece_state = decode(slot.text[2:], "/")
        assert ident == "null"
        chain = traits(piece_type)
        assert chain[-1].startswith("piece;")
        basic = decode(chain[-1][len("piece;"):], ";")
        assert basic[3] == slot.get("entryName")
        chain_states = states(piece_state, len(chain))
        map_name, x, y, gpid, props = decode(chain_states[-1], ";")
        assert (map_name, props) == ("null", "0") and gpid == slot.get("gpid")
        assert gpid not in gpids
        gpids.add(gpid)
        layers = [t for t in chain if t.startswith("emb2;")]
        if layers:
            fields = decode(layers[0][len("emb2;"):], ";")
            images = decode(fields[15], ",")
            assert len(images) == 2 and images[0] != images[1]
            assert all(f"images/{name}" in names for name in images)
            assert fields[3] == "Flip" and fields[27] == "F"      # upCommand, increase key
            assert fields[24] == "1" and fields[25] == "true"     # version, alwaysActive
            assert chain_states[chain.index(layers[0])] == "1"    # the front shows
            assert basic[2] == ""
            flips += 1
        else:
            assert f"images/{basic[2]}" in names
        marks = [t for t in chain if t.startswith("mark;")]
        if marks:
            keys = decode(marks[0][len("mark;"):], ",")
            values = decode(chain_states[chain.index(marks[0])], ",")
            assert len(keys) == len(values)
    assert int(root.get("nextPieceSlotId")) > max(int(g) for g in gpids)
    units = sum(len(s.army.expanded()) for s in scenario.sides)
    palette = root.find("VASSAL.build.module.PieceWindow/VASSAL.build.widget.TabWidget")
    lists = {w.get("entryName"): w for w in palette}
    for side in scenario.sides:
        assert len(_slots(lists[side.name])) == len(side.army.expanded())
    assert "Markers" in lists
    assert flips >= units            # every unit's counter flips


def test_decoder_undoes_the_escapes():
    assert decode("a\\;b;;'\\x';''q''", ";") == ["a;b", "", "\\x", "'q'"]
    assert decode("", ",") == [""]


# -- the grid: our labels, hex by hex ---------------------------------------------------------

def _board_and_grid(archive):
    board = _build(archive).find(f"VASSAL.build.module.Map/{P}BoardPicker/{P}boardPicker.Board")
    grid = board.find(P + "boardPicker.board.HexGrid")
    return board, VassalGrid(grid, grid.find(P + "boardPicker.board.mapgrid.HexGridNumbering"))


def _drawn_map_corner(archive, board) -> tuple[int, int]:
    """Top-left of what is drawn on the board image: the map's bounding box."""
    from PIL import Image
    image = Image.open(io.BytesIO(archive.read("images/" + board.get("image")))).convert("L")
    left, top, _, _ = image.point(lambda v: 255 if v < 250 else 0).getbbox()
    return left, top


@pytest.mark.parametrize("orientation,offset", [("flat", "even"), ("flat", "odd"),
                                                ("pointy", "even"), ("pointy", "odd")])
def test_grid_names_every_hex_as_the_studio_does(marathon, library, tmp_path,
                                                 orientation, offset):
    scenario = _variant(marathon[0], orientation, offset)
    path = tmp_path / "m.vmod"
    export_vassal(scenario, library, path, VassalOptions(dpi=72, marker_kinds=()))
    archive = zipfile.ZipFile(path)
    board, grid = _board_and_grid(archive)
    m = scenario.map
    geometry = MapGeometry(m.columns, m.rows, orientation, offset)
    radius = grid.dy / math.sqrt(3)
    left, top = _drawn_map_corner(archive, board)
    layout = geometry.layout(radius, origin=(left, top))
    for h in geometry.hexes():
        label = geometry.label(h)
        x, y = layout.hex_to_pixel(h)
        assert grid.location_name(round(x), round(y)) == label, (label, x, y)
        vx, vy = grid.location(label)
        assert abs(vx - x) <= 2 and abs(vy - y) <= 2, (label, (vx, vy), (x, y))
    # set-up stacks: each sits in the hex it names, which is the unit's hex
    stacks = _build(archive).iter(P + "SetupStack")
    expected = {}
    for side in scenario.sides:
        for entry in side.army.expanded():
            if entry.hex:
                expected.setdefault((side.name, geometry.label(geometry.parse_label(entry.hex))), 0)
                expected[(side.name, geometry.label(geometry.parse_label(entry.hex)))] += 1
    seen = {}
    facings = {}
    for side in scenario.sides:
        for entry in side.army.expanded():
            if entry.hex:
                facings.setdefault((side.name, geometry.label(geometry.parse_label(entry.hex))),
                                   []).append(entry.facing)
    for stack in stacks:
        x, y = int(stack.get("x")), int(stack.get("y"))
        assert stack.get("useGridLocation") == "true"
        assert stack.get("owningBoard") == board.get("name")
        assert grid.location_name(x, y) == stack.get("location")
        assert grid.location(stack.get("location")) == pytest.approx((x, y), abs=1)
        side = stack.get("name").rsplit(" ", 1)[0]
        seen[(side, stack.get("location"))] = len(_slots(stack))
        if side.startswith("Objective"):
            assert all(_facing(slot) is None for slot in _slots(stack))
            continue
        # six facings on either layout: on a pointy map the units' pictures are drawn
        # turned 30 degrees, so the rotator's steps of 60 face hexsides, never corners
        turn = 0 if orientation == "flat" else 30
        assert [_facing(slot) for slot in _slots(stack)] == [
            (6, CLOCKWISE[orientation][f] - turn) for f in facings[(side, stack.get("location"))]]
    assert seen == expected and expected


def test_objectives_get_markers_in_their_hexes(marathon, library, tmp_path):
    scenario, archive = marathon
    board, grid = _board_and_grid(archive)
    stacks = [s for s in _build(archive).iter(P + "SetupStack")
              if s.get("name").startswith("Objective ")]
    geometry = MapGeometry(scenario.map.columns, scenario.map.rows)
    assert sorted(s.get("location") for s in stacks) == sorted(
        geometry.label(geometry.parse_label(o.hex)) for o in scenario.objectives)
    for stack in stacks:
        assert grid.location_name(int(stack.get("x")), int(stack.get("y"))) == stack.get("location")


# -- failures and cancel ---------------------------------------------------------------------

def test_bad_input_and_cancel_leave_the_target_alone(marathon, library, tmp_path):
    scenario = marathon[0]
    target = tmp_path / "kept.vmod"
    target.write_bytes(b"earlier module")
    broken = dataclasses.replace(scenario, terrain_set="no-such-terrain")
    with pytest.raises(ValueError, match="no-such-terrain"):
        export_vassal(broken, library, target)
    cancel = threading.Event()
    seen = []

    def progress(done, total, message):
        seen.append(message)
        if message.startswith("board rows"):
            cancel.set()
    with pytest.raises(ExportCancelled):
        export_vassal(scenario, library, target, VassalOptions(dpi=72), progress, cancel)
    assert any(m.startswith("board rows") for m in seen)
    assert target.read_bytes() == b"earlier module"
    assert sorted(p.name for p in tmp_path.iterdir()) == ["kept.vmod"]


def test_cli_writes_the_module_and_refuses_bad_options(tmp_path, capsys):
    assert main(["export", "vassal", MARATHON, "-o", str(tmp_path / "m"), "--dpi", "50",
                 "--no-markers"]) == 0
    assert "wrote " + str(tmp_path / "m.vmod") in capsys.readouterr().out
    root = _build(zipfile.ZipFile(tmp_path / "m.vmod"))
    lists = [w.get("entryName") for w in root.iter("VASSAL.build.widget.ListWidget")]
    assert "Markers" not in lists
    assert main(["export", "vassal", MARATHON, "-o", str(tmp_path / "x.vmod"),
                 "--dpi", "1000"]) == 2
    assert "give 36 to 300" in capsys.readouterr().err
    assert not (tmp_path / "x.vmod").exists()
    assert main(["export", "vassal", MARATHON, "-o", str(tmp_path / "nowhere" / "x.vmod")]) == 2


@pytest.mark.parametrize("name", ["sequence", "options", "plan"])
def test_docstring_examples(name):
    import doctest
    import importlib
    result = doctest.testmod(importlib.import_module(f"studio.interop.vassal.{name}"))
    assert result.attempted > 0 and result.failed == 0


def test_reinforcements_get_a_window_of_their_own_wave_by_wave(tmp_path):
    out = tmp_path / "raid.vmod"
    sc = load_file(scenarios_dir() / "ad-night-raid.yaml").model
    export_vassal(sc, default_library(), out, VassalOptions())
    with zipfile.ZipFile(out) as z:
        root = ET.fromstring(z.read("buildFile.xml"))
    windows = {w.get("name"): w for w in root.findall("VASSAL.build.module.PieceWindow")}
    tabs = [(box.get("entryName"), [s.get("entryName") for s in box])
            for box in windows["Reinforcements"].iter("VASSAL.build.widget.ListWidget")]
    assert tabs == [("Round 3: The kingdom's knights, by the west edge",
                     ["Knights (knights-relief)"]),
                    ("On an event: Raiders out of the woods, at 2113-2115",
                     ["Orc Warriors (night-raiders)"])]
    # Not on the board at the start: no set-up stack holds them; their side's palette does.
    on_board = [slot.get("entryName") for stack in root.iter("VASSAL.build.module.map.SetupStack")
                for slot in stack]
    assert on_board and "Knights (knights-relief)" not in on_board
    palettes = [slot.get("entryName") for slot in windows["Counters"].iter(
        "VASSAL.build.widget.PieceSlot")]
    assert "Knights (knights-relief)" in palettes


def test_no_reinforcements_window_without_waves(tmp_path):
    out = tmp_path / "skirmish.vmod"
    sc = load_file(scenarios_dir() / "ad-border-skirmish.yaml").model
    export_vassal(sc, default_library(), out, VassalOptions())
    with zipfile.ZipFile(out) as z:
        root = ET.fromstring(z.read("buildFile.xml"))
    assert [w.get("name") for w in root.findall("VASSAL.build.module.PieceWindow")] == \
        ["Counters"]

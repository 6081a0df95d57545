"""``buildFile.xml``: the module's component tree, one XML element per VASSAL component,
named by its Java class, its attributes those of the class's getAttributeNames.

Classes and attributes, all under vassal-app/src/main/java/VASSAL/:
  build/GameModule.java                 name, version, VassalVersion, description,
                                        nextPieceSlotId; components GameModule.build ensures
  build/module/PlayerRoster.java        one <entry> per side
  build/module/documentation/BrowserHelpFile.java   title, startingPage; its files are the
                                        zip archive help/<title, spaces as _>
  build/module/PieceWindow.java, build/widget/{TabWidget,ListWidget,PieceSlot}.java
                                        name / entryName; PieceSlot: entryName, gpid,
                                        width, height, text = the piece definition
  build/module/Map.java                 mapName; its default children (Map.build with no
                                        element): picker, metrics, mouse and key handlers
  build/module/map/boardPicker/Board.java           name, image, reversible
  .../board/HexGrid.java, .../mapgrid/HexGridNumbering.java   see grid.py
  build/module/map/SetupStack.java      name, owningBoard, useGridLocation, location, x, y
                                        (board pixels), PieceSlot children
"""
from __future__ import annotations

import xml.etree.ElementTree as ET
from dataclasses import dataclass, field

from .grid import BoardGrid
from .pieces import PieceSpec, piece_definition

VASSAL_VERSION = "3.7.0"    # GameModule.build reads buildFile.xml for modules from 3.5 on
MAP = "VASSAL.build.module.Map"
MAP_PARTS = "VASSAL.build.module.map."
# Map.build's defaults for a new map: a map without them cannot move or select pieces.
MAP_CHILDREN = ("ForwardToKeyBuffer", "Scroller", "ForwardToChatter", "MenuDisplayer",
                "MapCenterer", "StackExpander", "PieceMover", "KeyBufferer", "ImageSaver",
                "CounterDetailViewer", "Flare", "Zoomer")


@dataclass(slots=True)
class Palette:
    """One list of the counters window: a side's units, or the markers."""
    name: str
    pieces: list[PieceSpec] = field(default_factory=list)


@dataclass(slots=True)
class SetupStackSpec:
    name: str
    location: str           # the hex label
    x: int
    y: int
    pieces: list[PieceSpec] = field(default_factory=list)


@dataclass(slots=True)
class ModuleSpec:
    name: str
    version: str
    description: str
    sides: list[str]
    board_name: str
    board_image: str
    grid: BoardGrid
    palettes: list[Palette]
    stacks: list[SetupStackSpec]
    help_title: str
    help_page: str
    piece_size: int         # pixels, for the palette slots
    reinforcements: list[Palette] = field(default_factory=list)   # a tab per wave


class _Ids:
    def __init__(self) -> None:
        self.next = 1

    def take(self) -> str:
        gpid = str(self.next)
        self.next += 1
        return gpid


def _slot(parent: ET.Element, spec: PieceSpec, ids: _Ids, size: int) -> None:
    gpid = ids.take()
    slot = ET.SubElement(parent, "VASSAL.build.widget.PieceSlot", entryName=spec.name,
                         gpid=gpid, width=str(size), height=str(size))
    slot.text = piece_definition(spec, gpid)


def _tabs(window: ET.Element, name: str, palettes: list[Palette], ids: _Ids,
          size: int) -> None:
    tabs = ET.SubElement(window, "VASSAL.build.widget.TabWidget", entryName=name)
    for palette in palettes:
        box = ET.SubElement(tabs, "VASSAL.build.widget.ListWidget", entryName=palette.name,
                            scale="1.0")
        for piece in palette.pieces:
            _slot(box, piece, ids, size)


def build_file(spec: ModuleSpec) -> bytes:
    ids = _Ids()
    root = ET.Element("VASSAL.build.GameModule", name=spec.name, version=spec.version,
                      VassalVersion=VASSAL_VERSION, description=spec.description,
                      ModuleOther1="", ModuleOther2="")
    ET.SubElement(root, "VASSAL.build.module.BasicCommandEncoder")
    docs = ET.SubElement(root, "VASSAL.build.module.Documentation")
    ET.SubElement(docs, "VASSAL.build.module.documentation.BrowserHelpFile",
                  title=spec.help_title, startingPage=spec.help_page)
    roster = ET.SubElement(root, "VASSAL.build.module.PlayerRoster", buttonText="Retire",
                           buttonToolTip="Switch sides, become observer, or release faction")
    for side in spec.sides:
        ET.SubElement(roster, "entry").text = side
    ET.SubElement(root, "VASSAL.build.module.GlobalOptions")
    ET.SubElement(root, "VASSAL.build.module.Chatter")
    ET.SubElement(root, "VASSAL.build.module.PrototypesContainer")

    window = ET.SubElement(root, "VASSAL.build.module.PieceWindow", name="Counters",
                           text="Counters",
                           tooltip="Show the counters of each side and the markers",
                           hidden="false", scale="1.0")
    _tabs(window, "Counters", spec.palettes, ids, spec.piece_size)
    if spec.reinforcements:
        later = ET.SubElement(root, "VASSAL.build.module.PieceWindow", name="Reinforcements",
                              text="Reinforcements",
                              tooltip="The units that arrive after the start, wave by wave",
                              hidden="false", scale="1.0")
        _tabs(later, "Reinforcements", spec.reinforcements, ids, spec.piece_size)

    themap = ET.SubElement(root, MAP, mapName="Main Map", markMoved="Always",
                           allowMultiple="false", edgeWidth="0", edgeHeight="0",
                           backgroundcolor="255,255,255", buttonName="Map", launch="false")
    picker = ET.SubElement(themap, MAP_PARTS + "BoardPicker", title="Choose Boards",
                           addRowText="Add Row", addColumnText="Add Column",
                           boardPrompt="Select board")
    board = ET.SubElement(picker, MAP_PARTS + "boardPicker.Board", name=spec.board_name,
                          image=spec.board_image, reversible="false")
    hexgrid = ET.SubElement(board, MAP_PARTS + "boardPicker.board.HexGrid",
                            spec.grid.hex_grid_attributes())
    ET.SubElement(hexgrid, MAP_PARTS + "boardPicker.board.mapgrid.HexGridNumbering",
                  spec.grid.numbering_attributes())
    for child in ("StackMetrics",) + MAP_CHILDREN:      # VASSAL's defaults: no attributes
        ET.SubElement(themap, MAP_PARTS + child)
    for stack in spec.stacks:
        element = ET.SubElement(themap, MAP_PARTS + "SetupStack", name=stack.name,
                                owningBoard=spec.board_name, useGridLocation="true",
                                location=stack.location, x=str(stack.x), y=str(stack.y))
        for piece in stack.pieces:
            _slot(element, piece, ids, spec.piece_size)
    root.set("nextPieceSlotId", str(ids.next))
    ET.indent(root)
    return (b'<?xml version="1.0" encoding="UTF-8" standalone="no"?>\n'
            + ET.tostring(root, encoding="utf-8"))

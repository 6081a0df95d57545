"""Game piece definitions as VASSAL stores them in a PieceSlot: ``+/null/TYPE/STATE``.

A piece is a stack of traits, outermost first, each trait's type and state joined by tabs
(Decorator.getType/getState, vassal-app/src/main/java/VASSAL/counters/Decorator.java); the
innermost is the BasicPiece. The slot's text is an AddPiece command
(BasicCommandEncoder.encode: ``"+/"`` then id, type and state joined by ``/``).

Our pieces are, from the outside in:

* a Marker trait (``mark;``, counters/Marker.java) giving the properties ``Side``, ``Unit``
  and ``UnitType`` (for filters and reports);
* for units, a Can Rotate trait (FreeRotator, ``rotate;``, counters/FreeRotator.java) with
  a fixed number of facings, turned to the unit's set-up facing;
* a Layer (Embellishment, ``emb2;``, counters/Embellishment.java) holding the front and the
  back image, switched by the "Flip" command (Ctrl+F): the counter's two faces;
* the BasicPiece (``piece;``, counters/BasicPiece.java) carrying the name.

A counter with no back gets no layer: its BasicPiece shows the front.
"""
from __future__ import annotations

from dataclasses import dataclass

from .sequence import encode

FLIP_COMMAND = "Flip"
# Embellishment.mySetType reads a NamedKeyStroke with SequenceEncoder.Decoder.
# nextNamedKeyStroke, which decodes a single character with no comma as that key with Ctrl
# (InputEvent.CTRL_DOWN_MASK): "F" is Ctrl+F.
FLIP_KEY = "F"
CTRL_DOWN_MASK = 128        # java.awt.event.InputEvent.CTRL_DOWN_MASK, the decoder's default
EMBELLISHMENT_VERSION = 1   # Embellishment.CURRENT_VERSION: NamedKeyStrokes, no conversion


@dataclass(frozen=True, slots=True)
class PieceSpec:
    name: str
    front: str                       # image file name inside images/
    back: str | None = None
    properties: tuple[tuple[str, str], ...] = ()    # Marker trait: (key, value)
    facings: int = 0                 # FreeRotator's number of angles; 0: cannot rotate
    facing: int = 0                  # its angle index: clockwise steps of 360 / facings


def basic_type(name: str, image: str = "") -> str:
    # BasicPiece.getType: ID + [cloneKey, deleteKey, imageName, commonName] joined by ';'.
    return "piece;" + encode(["", "", image, name], ";")


def basic_state(gpid: str) -> str:
    # BasicPiece.getState: mapName ("null" off any map), x, y, gpid, count of properties.
    return encode(["null", 0, 0, gpid, 0], ";")


def flip_layer_type(front: str, back: str) -> str:
    """Embellishment.myGetType's 33 fields, in its order."""
    fields = [
        "", CTRL_DOWN_MASK, "",             # activateCommand, activateModifiers, activateKey
        FLIP_COMMAND, CTRL_DOWN_MASK, "",   # upCommand, upModifiers, upKey
        "", CTRL_DOWN_MASK, "",             # downCommand, downModifiers, downKey
        "", "", "1",                        # resetCommand, resetKey, resetLevel
        False, 0, 0,                        # drawUnderneathWhenSelected, xOff, yOff
        encode([front, back], ","),         # imageName: one image per level
        encode(["", ""], ","),              # commonName: the level names (none)
        True, "Face",                       # loopLevels, name
        "", "",                             # rndKey, rndText
        False, "", 1,                       # followProperty, propertyName, firstLevelValue
        EMBELLISHMENT_VERSION, True,        # version, alwaysActive
        "", FLIP_KEY, "",                   # activate, increase, decrease keystrokes
        "Counter front and back", 1.0,      # description, scale
        "", "true",                         # onlyPropertyName, onlyPropertyState
    ]
    return "emb2;" + encode(fields, ";")


def rotator_type(facings: int) -> str:
    """FreeRotator.myGetType with fixed angles: their count, the clockwise and
    anticlockwise keys and menu texts, random rotation (none), name, description, direct
    rotation (none)."""
    return "rotate;" + encode([facings, "]", "[", "Rotate clockwise", "Rotate anticlockwise",
                               "", "", "Facing", "Unit facing", "", "", "", True], ";")


def marker_type(keys: list[str]) -> str:
    return "mark;" + encode(keys, ",")


def piece_definition(spec: PieceSpec, gpid: str) -> str:
    """The text of a PieceSlot for ``spec``: ``+/null/TYPE/STATE``."""
    types: list[str] = []
    states: list[str] = []
    if spec.properties:
        types.append(marker_type([k for k, _ in spec.properties]))
        states.append(encode([v for _, v in spec.properties], ","))
    if spec.facings:
        types.append(rotator_type(spec.facings))
        # FreeRotator.myGetState: the angle index; validAngles[i] = -i * 360 / n degrees,
        # drawn rotated by -angle (clockwise on screen, y down), so index i turns the
        # counter i steps clockwise from upright.
        states.append(str(spec.facing))
    if spec.back is not None:
        types.append(flip_layer_type(spec.front, spec.back))
        states.append("1")          # Embellishment state: the level shown, 1 = the front
        types.append(basic_type(spec.name))
    else:
        types.append(basic_type(spec.name, spec.front))
    states.append(basic_state(gpid))
    return "+/" + encode(["null", _nest(types), _nest(states)], "/")


def _nest(parts: list[str]) -> str:
    # Decorator.getType: SequenceEncoder(myGetType(), '\t').append(inner.getType()), so each
    # outer trait escapes the tabs of everything inside it.
    inner = parts[-1]
    for outer in reversed(parts[:-1]):
        inner = encode([outer, inner], "\t")
    return inner

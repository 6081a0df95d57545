"""Line of sight on a scenario map, for the studio's probe (rule R24 of rules-of-war.md).

Sight runs centre to centre. A hex strictly between the two ends blocks it when its terrain
blocks sight or when it stands higher than both ends. Where the line runs exactly along a
hexside (the two epsilon-nudged lines of :func:`studio.hexgrid.line` disagree) the pair of
hexes flanking it blocks only if both block (`hexside="both"`, the default) or if either does
(`hexside="either"`). Units never block (option `units_block_los: false`).

The engine (`studio.engine.board.HexBoard.terrain_los`) applies the same rule to a board it
precomputes once per game; this one reads the HexMap being edited and a TerrainSet directly,
so the editor can answer "can 0503 see 0910?" after every brush stroke without rebuilding a
board. tests/gui/test_gui_document_edits.py checks that the two agree.

>>> from studio.hexgrid import MapGeometry
>>> from studio.model import HexMap, TerrainSet, TerrainType
>>> ts = TerrainSet("t", "T", [TerrainType("open", "Open", ".", "#fff"),
...                            TerrainType("forest", "Forest", "f", "#0a0", blocks_los=True)])
>>> m = HexMap(5, 1, terrain=["..f.."]); g = MapGeometry(5, 1)
>>> s = line_of_sight(m, g, ts, g.parse_label("0101"), g.parse_label("0501"))
>>> s.clear, s.distance, [(g.label(h), why) for h, why in s.blockers]
(False, 4, [('0301', 'Forest')])
"""
from __future__ import annotations

from dataclasses import dataclass, field

from studio.hexgrid import Hex, MapGeometry, distance, line
from studio.model import HexMap, TerrainSet
from studio.model.hexsides import edge

from .hexsides import kinds_by_edge


@dataclass(slots=True)
class SightLine:
    a: Hex
    b: Hex
    distance: int
    hexes: list[Hex]                                   # every hex the line touches, in order
    blockers: list[tuple[Hex, str]] = field(default_factory=list)   # hex, why ("Forest", "higher: 3")

    @property
    def clear(self) -> bool:
        return not self.blockers


def _blocks(hexmap: HexMap, geometry: MapGeometry, terrain_set: TerrainSet | None, h: Hex,
            ends_height: int) -> str | None:
    if not geometry.contains(h):
        return None
    col, row = geometry.to_offset(h)
    sym = hexmap.terrain[row - 1][col - 1]
    t = terrain_set.by_symbol(sym) if terrain_set is not None else None
    if t is not None and t.blocks_los:
        return t.name
    height = hexmap.elevation_at(col, row)
    if height > ends_height:
        return f"higher ground ({height})"
    return None


def line_of_sight(hexmap: HexMap, geometry: MapGeometry, terrain_set: TerrainSet | None,
                  a: Hex, b: Hex, hexside: str = "both",
                  sight_sides: frozenset[str] = frozenset()) -> SightLine:
    """The sight line from a to b; `sight_sides`: the hexside kinds that block sight in the
    scenario's game (a line crossing one between its ends is blocked, as on the board)."""
    if hexside not in ("both", "either"):
        raise ValueError(f"los_hexside {hexside!r} is unknown: use 'both' or 'either'")
    for end in (a, b):
        if not geometry.contains(end):
            raise ValueError(f"{end!r} is off the map")
    ca, ra = geometry.to_offset(a)
    cb, rb = geometry.to_offset(b)
    ends = max(hexmap.elevation_at(ca, ra), hexmap.elevation_at(cb, rb))
    plus, minus = line(a, b, +1), line(a, b, -1)
    touched: list[Hex] = []
    blockers: list[tuple[Hex, str]] = []
    for i, (p, m) in enumerate(zip(plus, minus)):
        for h in (p, m):
            if h not in touched:
                touched.append(h)
        if i == 0 or i == len(plus) - 1:
            continue
        why_p = _blocks(hexmap, geometry, terrain_set, p, ends)
        if p == m:
            if why_p:
                blockers.append((p, why_p))
            continue
        why_m = _blocks(hexmap, geometry, terrain_set, m, ends)
        if hexside == "both" and why_p and why_m:
            blockers.extend([(p, why_p), (m, why_m)])
        elif hexside == "either" and (why_p or why_m):
            blockers.extend((h, w) for h, w in ((p, why_p), (m, why_m)) if w)
    if sight_sides and hexmap.hexsides:
        blockers += _side_blockers(hexmap, geometry, a, b, (plus, minus), hexside, sight_sides)
    return SightLine(a, b, distance(a, b), touched, blockers)


def _side_blockers(hexmap: HexMap, geometry: MapGeometry, a: Hex, b: Hex, lines, hexside: str,
                   sight_sides: frozenset[str]) -> list[tuple[Hex, str]]:
    """(the hex beyond, "wall between 0503 and 0504") for the first sight-blocking hexside
    each nudged line crosses away from the ends' own hexsides (the kernel's rule)."""
    on_edge = kinds_by_edge(hexmap)
    hits = []
    for path in lines:
        hit = None
        for x, y in zip(path, path[1:]):
            if x in (a, b) or y in (a, b) or x == y:
                continue
            if not (geometry.contains(x) and geometry.contains(y)):
                continue
            lx, ly = geometry.label(x), geometry.label(y)
            kinds = [k for k in on_edge.get(edge(lx, ly), ()) if k in sight_sides]
            if kinds:
                hit = (y, f"{kinds[0]} between {lx} and {ly}")
                break
        hits.append(hit)
    found = [h for h in hits if h is not None]
    if hexside == "either" or len(found) == len(hits):
        return list(dict.fromkeys(found))
    return []

"""A hex map as every ruleset's engine needs it, precomputed once and shared.

Hexes are ints (row-major index of `MapGeometry.hexes()`); -1 (`OFF`) means "off the map".
The neighbour table, terrain, elevation, distances, arc tests and line-of-sight results are
looked up, never recomputed. A board holds nothing of a game's situation, so `shared_board`
hands the same board to every game of a map: a batch pays for the tables once per process.
A ruleset that needs more per-map tables (movement costs, say) subclasses `HexBoard`.
"""
from __future__ import annotations

from array import array
from collections.abc import Callable, Sequence
from itertools import compress
from typing import TYPE_CHECKING, Any, TypeAlias, cast

from studio.hexgrid import (DIRECTIONS, FACING_NAMES, Hex, MapGeometry, angle_between,
                            bearing, hex_round)

from .errors import SetupError

if TYPE_CHECKING:
    from studio.model import HexMap, TerrainSet, TerrainType

# A row of distances from one hex, indexed by hex: bytes cut from a template, or an array
# of two-byte ints on maps too big for bytes.
DistRow: TypeAlias = "bytes | array[int]"
# (sight over terrain and elevation, the (+nudged, -nudged) hex pairs along the line)
LosEntry = tuple[bool, tuple[tuple[int, int], ...]]
# (q+, r+, q-, r-) of each sample of a line from hex (0, 0): see `_line_offsets`
Offsets = tuple[tuple[int, int, int, int], ...]
# Distance grids by parity (see `_make_dist_templates`); empty on big maps.
Templates = Sequence[list[bytes]]

# mypy takes the dunders `Hex` aliases in its body (`__radd__ = __add__`) for NamedTuple
# fields and then rejects `Hex(q, r)`: this is the same class, with its real signature.
_Hex = cast("Callable[[int, int], Hex]", Hex)

OFF = -1

# Boards of recently played maps, most recent last (a handful: a studio session or a batch
# plays few maps, and each board keeps its caches).
_BOARDS: dict[tuple[Any, ...], HexBoard] = {}
_MAX_BOARDS = 8
# What a board's caches may hold before it forgets them and builds again as asked: a
# distance row is one entry per hex (a 300 × 300 map has 90,000 rows of 90,000), so keeping
# every row built would take gigabytes (benchmarks/bench_limits.py).
DIST_ROWS_BYTES = 192 * 1024 * 1024
MAX_LINES_OF_SIGHT = 1_000_000
MAX_ZONES = 20_000


def shared_board(key: tuple[Any, ...], make: Callable[[], HexBoard]) -> HexBoard:
    """The board stored under `key`, made by `make()` the first time.

    The key must name the board's content (map rows, terrain set, the options it depends
    on), never objects' identity: an edited map gets a new board, an equal one reuses the
    old board and its caches."""
    board = _BOARDS.pop(key, None)
    if board is None:
        board = make()
    _BOARDS[key] = board
    while len(_BOARDS) > _MAX_BOARDS:
        try:
            del _BOARDS[next(iter(_BOARDS))]
        except (RuntimeError, KeyError, StopIteration):
            break   # another thread is at it (games can be played from two threads)
    return board


def map_key(hex_map: HexMap, terrain_set: TerrainSet) -> tuple[Any, ...]:
    """What a board of `hex_map` drawn with `terrain_set` depends on, as a dict key."""
    return (hex_map.columns, hex_map.rows, hex_map.orientation, hex_map.offset,
            tuple(hex_map.terrain), tuple(hex_map.elevation or ()), repr(terrain_set),
            tuple((kind, tuple(entries)) for kind, entries in hex_map.hexsides.items()))


class _Rows(dict[int, DistRow]):
    """{hex: its row}, a missing row made (and kept) by `make` when first asked for."""

    __slots__ = ("make",)

    make: Callable[[int], DistRow]

    def __missing__(self, a: int) -> DistRow:
        return self.make(a)


class HexBoard:
    """Geometry, terrain and elevation of one map; distances, arcs and sight over it.

    `arc_degrees`/`arc_inclusive` set the front arc of `in_arc`; `los_either` makes a line
    along a hexside blocked when either hex beside it blocks (else only when both do).

    Hexside features: `hexside[i][d]` is the tuple of kind ids on the edge between hex i and
    its neighbour in direction d (empty when none), `sides[(a, b)]` the same by hex pair
    (only edges that carry something). `sight_sides` names the kinds that block sight for
    the game: a line crossing one of them between the two ends is blocked (a hexside of
    the looker's or the target's own hex never blocks: a unit sees over its own wall)."""

    __slots__ = ("geometry", "orientation", "n", "columns", "rows", "q", "r", "nbr",
                 "terrain", "elev", "labels", "_label_index", "_index", "edge_exits",
                 "facing_names", "_arc_cache", "_los_cache", "_dir_angle", "_half_arc",
                 "_inclusive", "_los_either", "_edge_dist", "_dist_rows", "_arc_masks",
                 "_zones", "_dist_templates", "_los_offsets", "dist_row", "hexside", "sides",
                 "_sight_sides", "__weakref__")

    def __init__(self, hex_map: HexMap, terrain_set: TerrainSet, *, arc_degrees: float = 120,
                 arc_inclusive: bool = True, los_either: bool = False,
                 sight_sides: frozenset[str] = frozenset()) -> None:
        g = MapGeometry(hex_map.columns, hex_map.rows, hex_map.orientation, hex_map.offset)
        self.geometry = g
        self.orientation = g.orientation
        self.columns, self.rows = g.columns, g.rows
        hexes = g.hexes()
        self.n = len(hexes)
        self.q = [h[0] for h in hexes]
        self.r = [h[1] for h in hexes]
        # keyed by Hex, asked with plain (q, r) tuples (they compare equal)
        self._index: dict[Hex | tuple[int, int], int] = {h: i for i, h in enumerate(hexes)}
        self.labels = [g.label(h) for h in hexes]
        self._label_index = {lab: i for i, lab in enumerate(self.labels)}
        index = self._index
        self.nbr = [tuple(index.get((h[0] + d[0], h[1] + d[1]), OFF) for d in DIRECTIONS)
                    for h in hexes]
        # Which printed edge(s) a step off the map from hex i in direction d crosses.
        self.edge_exits: list[tuple[tuple[str, ...], ...]] = []
        for i, h in enumerate(hexes):
            row: list[tuple[str, ...]] = []
            for d in DIRECTIONS:
                if index.get((h[0] + d[0], h[1] + d[1]), OFF) != OFF:
                    row.append(())
                    continue
                col, rw = g.to_offset(_Hex(h[0] + d[0], h[1] + d[1]))
                edges: list[str] = []
                if col < 1:
                    edges.append("west")
                if col > g.columns:
                    edges.append("east")
                if rw < 1:
                    edges.append("north")
                if rw > g.rows:
                    edges.append("south")
                row.append(tuple(edges))
            self.edge_exits.append(tuple(row))
        symbols = terrain_set.symbol_map()
        self.terrain: list[TerrainType] = []
        self.elev: list[int] = []
        for i, h in enumerate(hexes):
            col, rw = g.to_offset(h)
            try:
                sym = hex_map.symbol_at(col, rw)
            except IndexError:
                raise SetupError(f"map row {rw} is shorter than {g.columns} columns; "
                                 "every terrain row needs one symbol per column") from None
            t = symbols.get(sym)
            if t is None:
                raise SetupError(f"hex {self.labels[i]}: terrain symbol {sym!r} is not in terrain "
                                 f"set {terrain_set.id!r} (symbols: {''.join(symbols)})")
            self.terrain.append(t)
            try:
                self.elev.append(hex_map.elevation_at(col, rw))
            except (IndexError, ValueError):
                raise SetupError(f"hex {self.labels[i]}: elevation row {rw} needs one digit "
                                 "0-9 per column") from None
        self._hexside_tables(hex_map, terrain_set, sight_sides)
        self.facing_names = FACING_NAMES[self.orientation]
        self._dir_angle = [bearing(self.orientation, _Hex(0, 0), d) for d in DIRECTIONS]
        self._half_arc = arc_degrees / 2.0
        self._inclusive = arc_inclusive
        self._los_either = los_either
        self._arc_cache: dict[tuple[int, int, int], bool] = {}
        self._arc_masks: dict[tuple[int, int], int] = {}
        self._los_cache: dict[tuple[int, int], LosEntry] = {}
        self._los_offsets: dict[tuple[int, int], Offsets] = {}    # (dq, dr): `_line_offsets`
        self._edge_dist: dict[tuple[int, str], int] = {}
        self._zones: dict[tuple[int, int], frozenset[int]] = {}
        # `dist_row(a)`: the distances from hex `a` to every hex, indexed by hex, each row made
        # on first use. A dict's own lookup rather than a method: an AI asks for rows tens of
        # thousands of times a game, and a built row then costs no Python call.
        self._dist_rows = _Rows()
        self._dist_rows.make = self._make_dist_row
        self.dist_row = self._dist_rows.__getitem__
        self._dist_templates: Templates | None = None

    def _hexside_tables(self, hex_map: HexMap, terrain_set: TerrainSet,
                        sight_sides: frozenset[str]) -> None:
        none: tuple[tuple[str, ...], ...] = ((),) * 6
        self.hexside = [none] * self.n
        self.sides: dict[tuple[int, int], tuple[str, ...]] = {}
        known = {k.id for k in terrain_set.hexsides}
        for kind, entries in hex_map.hexsides.items():
            if kind not in known:
                raise SetupError(f"hexside kind {kind!r} is not in terrain set "
                                 f"{terrain_set.id!r} (kinds: {', '.join(sorted(known))})")
            for entry in entries:
                labels = [part.strip() for part in entry.split("/")]
                for la, lb in zip(labels, labels[1:]):
                    try:
                        a, b = self.index_of_label(la), self.index_of_label(lb)
                    except ValueError as err:
                        raise SetupError(f"{kind} {entry!r}: {err}") from None
                    if b not in self.nbr[a]:
                        raise SetupError(f"{kind} {entry!r}: hexes {la} and {lb} are not "
                                         "neighbours")
                    for x, y in ((a, b), (b, a)):
                        have = self.sides.get((x, y), ())
                        if kind not in have:
                            self.sides[(x, y)] = have + (kind,)
        for (a, b), kinds in self.sides.items():
            row = list(self.hexside[a])
            row[self.nbr[a].index(b)] = kinds
            self.hexside[a] = tuple(row)
        self._sight_sides = frozenset(sight_sides) if self.sides else frozenset()

    def hexside_kinds(self, a: int, b: int) -> tuple[str, ...]:
        """The kinds on the edge between neighbours a and b (empty when none)."""
        return self.sides.get((a, b), ())

    # -- names ---------------------------------------------------------------------------
    def index_of_label(self, label: str) -> int:
        i = self._label_index.get(label)
        if i is None:
            try:
                i = self._index[self.geometry.parse_label(label)]
            except ValueError as err:
                raise ValueError(str(err)) from None
        return i

    def hex_of(self, i: int) -> Hex:
        return _Hex(self.q[i], self.r[i])

    def facing_index(self, name: str) -> int:
        key = name.strip().upper() if isinstance(name, str) else name
        try:
            return self.facing_names.index(key)
        except ValueError:
            raise ValueError(f"{name!r} is not a facing on this {self.orientation}-top map: "
                             f"use one of {', '.join(self.facing_names)}") from None

    # -- geometry ------------------------------------------------------------------------
    def distance(self, a: int, b: int) -> int:
        return self._dist_rows[a][b]    # `dist_row`, inline: asked thousands of times a game

    def _make_dist_row(self, a: int) -> DistRow:
        """`dist_row(a)` the first time it is asked for (an index of -1, OFF, stands for the
        last hex, as it always has here)."""
        if not -self.n <= a < self.n:
            raise IndexError(f"no hex {a} on this board")
        a %= self.n
        row: DistRow | None = self._dist_rows.get(a)
        if row is None:
            templates = self._dist_templates
            if templates is None:
                templates = self._dist_templates = self._make_dist_templates()
            columns, rows = self.columns, self.rows
            if templates:
                # Hexes are row-major, so the row is one slice of the template per map row.
                r1, c1 = divmod(a, columns)
                grid = templates[(c1 if self.orientation == "flat" else r1) & 1]
                start = columns - 1 - c1
                row = b"".join(grid[rows - 1 - r1 + r2][start:start + columns]
                               for r2 in range(rows))
            else:
                aq, ar = self.q[a], self.r[a]
                # two bytes a distance: a map side is at most 9,999 hexes
                row = array("H", ((abs(aq - bq) + abs(ar - br) + abs(aq - bq + ar - br)) >> 1
                                  for bq, br in zip(self.q, self.r)))
            built = self._dist_rows
            if (len(built) + 1) * len(row) * getattr(row, "itemsize", 1) > DIST_ROWS_BYTES:
                built.clear()
            built[a] = row
        return row

    def _make_dist_templates(self) -> Templates:
        """Distances by (row difference, column difference), one grid per parity of the
        source hex's column (flat tops) or row (pointy tops): in offset coordinates that is
        all a distance depends on. Empty when a distance could exceed a byte."""
        columns, rows = self.columns, self.rows
        if columns + rows >= 255:
            return ()
        g = self.geometry
        grids: list[list[bytes]] = []
        for parity in (0, 1):
            # Any source position of this parity will do (the geometry is arithmetic).
            c0 = 2 * columns + 1 + parity       # 1-based: 0-based parity is `parity`
            r0 = 2 * rows + 1 + parity
            a = g.to_hex(c0, r0)
            grid: list[bytes] = []
            for dr in range(-(rows - 1), rows):
                line_ = []
                for dc in range(-(columns - 1), columns):
                    b = g.to_hex(c0 + dc, r0 + dr)
                    dq, dd = b[0] - a[0], b[1] - a[1]
                    line_.append((abs(dq) + abs(dd) + abs(dq + dd)) >> 1)
                grid.append(bytes(line_))
            grids.append(grid)
        return grids

    def in_arc(self, src: int, facing: int, dst: int) -> bool:
        """The bearing from src's centre to dst's is within half the front arc of `facing`."""
        dq = self.q[dst] - self.q[src]
        dr = self.r[dst] - self.r[src]
        key = (dq, dr, facing)
        hit = self._arc_cache.get(key)
        if hit is None:
            if dq == 0 and dr == 0:
                hit = True
            else:
                ang = angle_between(self._dir_angle[facing],
                                    bearing(self.orientation, _Hex(0, 0), _Hex(dq, dr)))
                half = self._half_arc
                hit = ang <= half + 1e-7 if self._inclusive else ang < half - 1e-7
            self._arc_cache[key] = hit
        return hit

    def within(self, a: int, radius: int) -> frozenset[int]:
        """The hexes at most `radius` hexes from hex `a` (built on first use)."""
        key = (a, radius)
        zone = self._zones.get(key)
        if zone is None:
            if len(self._zones) >= MAX_ZONES:
                self._zones.clear()
            row = self.dist_row(a)
            if isinstance(row, bytes):
                near = bytes(1 if d <= radius else 0 for d in range(256))
                zone = frozenset(compress(range(self.n), row.translate(near)))
            else:
                zone = frozenset(h for h in range(self.n) if row[h] <= radius)
            self._zones[key] = zone
        return zone

    def arc_mask(self, src: int, dst: int) -> int:
        """Bit f set when `dst` is in the front arc of a unit in `src` facing f."""
        dq = self.q[dst] - self.q[src]
        dr = self.r[dst] - self.r[src]
        key = (dq, dr)
        mask = self._arc_masks.get(key)
        if mask is None:
            mask = 0
            for f in range(6):
                if self.in_arc(src, f, dst):
                    mask |= 1 << f
            self._arc_masks[key] = mask
        return mask

    def los_samples(self, a: int, b: int) -> tuple[tuple[int, int], ...]:
        """Pairs (hex on the +nudged line, hex on the -nudged line) strictly between a and b."""
        key = (a, b) if a < b else (b, a)
        entry = self._los_cache.get(key)
        if entry is None:
            entry = self._compute_los(*key)
            if len(self._los_cache) >= MAX_LINES_OF_SIGHT:
                self._los_cache.clear()
            self._los_cache[key] = entry
        return entry[1]

    def terrain_los(self, a: int, b: int) -> bool:
        """Sight between two hexes over terrain and elevation only (a ruleset may add units)."""
        key = (a, b) if a < b else (b, a)
        entry = self._los_cache.get(key)
        if entry is None:
            entry = self._compute_los(*key)
            if len(self._los_cache) >= MAX_LINES_OF_SIGHT:
                self._los_cache.clear()
            self._los_cache[key] = entry
        return entry[0]

    def _compute_los(self, a: int, b: int) -> LosEntry:
        aq, ar = self.q[a], self.r[a]
        dq, dr = self.q[b] - aq, self.r[b] - ar
        offsets = self._los_offsets.get((dq, dr))
        if offsets is None:
            offsets = self._los_offsets[(dq, dr)] = _line_offsets(dq, dr)
        index = self._index
        terrain, elev = self.terrain, self.elev
        top = max(elev[a], elev[b])
        either = self._los_either
        samples: list[tuple[int, int]] = []
        clear = True
        for pq, pr, mq, mr in offsets:
            ip = index.get((aq + pq, ar + pr), OFF)
            im = index.get((aq + mq, ar + mr), OFF)
            samples.append((ip, im))
            bp = ip != OFF and (terrain[ip].blocks_los or elev[ip] > top)
            bm = im != OFF and (terrain[im].blocks_los or elev[im] > top)
            if ip == im:
                blocked = bp
            elif either:
                blocked = bp or bm
            else:
                blocked = bp and bm
            if blocked:
                clear = False
        if clear and self._sight_sides:
            clear = not self._sides_block(a, b, samples)
        return clear, tuple(samples)

    def _sides_block(self, a: int, b: int, samples: list[tuple[int, int]]) -> bool:
        """A sight-blocking hexside lies across the line from a to b (on both nudged lines,
        or either with `los_either`), away from the two ends' own hexsides."""
        hits = []
        for k in (0, 1):
            path = [a, *(pair[k] for pair in samples), b]
            hit = False
            for x, y in zip(path, path[1:]):
                if x in (a, b) or y in (a, b) or x == y or OFF in (x, y):
                    continue
                if not self._sight_sides.isdisjoint(self.sides.get((x, y), ())):
                    hit = True
                    break
            hits.append(hit)
        return any(hits) if self._los_either else all(hits)

    def edge_distance(self, i: int, edge: str) -> int:
        """Rows/columns between hex i and a printed map edge (0 on the edge)."""
        key = (i, edge)
        v = self._edge_dist.get(key)
        if v is None:
            col, row = self.geometry.to_offset(self.hex_of(i))
            v = {"west": col - 1, "east": self.columns - col, "north": row - 1,
                 "south": self.rows - row}[edge]
            self._edge_dist[key] = v
        return v



def _line_offsets(dq: int, dr: int) -> Offsets:
    """The samples of `hexgrid.line` from hex (0, 0) to (dq, dr), nudged +1 and -1, strictly
    between the ends: (q+, r+, q-, r-) each.

    A line from any other hex is this one moved there: the nudges keep every rounded
    coordinate and every comparison of rounding errors at least 1e-6 from a tie, far
    beyond the float error of adding a hex's coordinates first."""
    n = (abs(dq) + abs(dr) + abs(dq + dr)) >> 1
    sides: list[list[Hex]] = []
    for nudge in (1, -1):
        eps = 1e-6 * nudge
        sides.append([hex_round(eps + dq * i / n, 2.0 * eps + dr * i / n) for i in range(1, n)])
    return tuple((p.q, p.r, m.q, m.r) for p, m in zip(*sides))

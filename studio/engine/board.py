"""Everything a map fixes, precomputed once per game and shared by every copy of the state.

Hexes are ints (row-major index of `MapGeometry.hexes()`); -1 means "off the map". The
neighbour table, terrain, elevation, entry costs (as integer MP *units*: the common
denominator of every fraction in play, so ½-MP roads add up exactly without Fractions on the
hot path), arc tests and line-of-sight results are all looked up, never recomputed.
"""
from __future__ import annotations

from fractions import Fraction
from math import lcm

from studio.hexgrid import (DIRECTIONS, FACING_NAMES, Hex, MapGeometry, angle_between,
                            bearing, line)

from .errors import SetupError

OFF = -1


class Board:
    __slots__ = ("geometry", "orientation", "n", "columns", "rows", "q", "r", "nbr",
                 "terrain", "elev", "labels", "_label_index", "_index", "edge_exits",
                 "facing_names", "mp_unit", "_arc_cache", "_los_cache", "_dir_angle",
                 "_half_arc", "_inclusive", "_los_either", "_edge_dist", "turn_units",
                 "mount_units", "turn_table", "entry_hexes", "reach_cache", "forbidding_tags",
                 "_mobility", "_move_units")

    def __init__(self, hex_map, terrain_set, options, extra_mp=()):
        g = MapGeometry(hex_map.columns, hex_map.rows, hex_map.orientation, hex_map.offset)
        self.geometry = g
        self.orientation = g.orientation
        self.columns, self.rows = g.columns, g.rows
        hexes = g.hexes()
        self.n = len(hexes)
        self.q = [h[0] for h in hexes]
        self.r = [h[1] for h in hexes]
        self._index = {h: i for i, h in enumerate(hexes)}
        self.labels = [g.label(h) for h in hexes]
        self._label_index = {lab: i for i, lab in enumerate(self.labels)}
        index = self._index
        self.nbr = [tuple(index.get((h[0] + d[0], h[1] + d[1]), OFF) for d in DIRECTIONS)
                    for h in hexes]
        # Which printed edge(s) a step off the map from hex i in direction d crosses.
        self.edge_exits: list[tuple] = []
        for i, h in enumerate(hexes):
            row = []
            for d in DIRECTIONS:
                if index.get((h[0] + d[0], h[1] + d[1]), OFF) != OFF:
                    row.append(())
                    continue
                col, rw = g.to_offset(Hex(h[0] + d[0], h[1] + d[1]))
                edges = []
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
        self.terrain = []
        self.elev = []
        for i, h in enumerate(hexes):
            col, row = g.to_offset(h)
            try:
                sym = hex_map.symbol_at(col, row)
            except IndexError:
                raise SetupError(f"map row {row} is shorter than {g.columns} columns; "
                                 "every terrain row needs one symbol per column") from None
            t = symbols.get(sym)
            if t is None:
                raise SetupError(f"hex {self.labels[i]}: terrain symbol {sym!r} is not in terrain "
                                 f"set {terrain_set.id!r} (symbols: {''.join(symbols)})")
            self.terrain.append(t)
            try:
                self.elev.append(hex_map.elevation_at(col, row))
            except (IndexError, ValueError):
                raise SetupError(f"hex {self.labels[i]}: elevation row {row} needs one digit "
                                 "0-9 per column") from None
        self.facing_names = FACING_NAMES[self.orientation]
        self._dir_angle = [bearing(self.orientation, Hex(0, 0), d) for d in DIRECTIONS]
        self._half_arc = options.front_arc_degrees / 2.0
        self._inclusive = options.arc_boundary_inclusive
        self._los_either = options.los_hexside == "either"
        self._arc_cache: dict = {}
        self._los_cache: dict = {}
        self._edge_dist: dict = {}
        self.reach_cache: dict = {}
        self._mobility: dict = {}
        self._move_units: dict = {}
        self.forbidding_tags = frozenset(tag for t in terrain_set.terrain for tag in t.forbidden_tags)
        # MP unit: every terrain cost, turn cost and unit move must be a whole number of it.
        denominators = [options.turn_any_cost_mp.denominator, options.uphill_extra_mp.denominator,
                        options.mount_cost_mp.denominator]
        for t in terrain_set.terrain:
            if t.mp is not None:
                denominators.append(Fraction(t.mp).denominator)
            if t.uphill_extra_mp is not None:
                denominators.append(Fraction(t.uphill_extra_mp).denominator)
        denominators.extend(Fraction(str(v)).denominator for v in extra_mp if v is not None)
        self.mp_unit = lcm(*denominators)
        self.turn_units = self.units_of(options.turn_any_cost_mp)
        self.mount_units = self.units_of(options.mount_cost_mp)
        free = options.free_turn_hexsides_per_hex
        # (turn in hexsides, extra MP units) after entering a hex: R14's free turn, else paid.
        self.turn_table = tuple((df, 0 if min(df, 6 - df) <= free else self.turn_units)
                                for df in range(6))
        self.entry_hexes = frozenset(i for i, t in enumerate(self.terrain) if t.entry_attack)

    def mobility(self, profile):
        """What decides a unit type's cost to enter each hex on this map: flying, the tags
        some terrain forbids, and terrain-restricting abilities (water-only)."""
        key = self._mobility.get(profile)
        if key is None:
            key = (profile.flying, profile.tags & self.forbidding_tags,
                   tuple(a.name for a in profile.hooks.get("enter_block", ())))
            self._mobility[profile] = key
        return key

    def move_units(self, profile) -> int:
        """The profile's printed move in MP units of this board."""
        v = self._move_units.get(profile)
        if v is None:
            v = self._move_units[profile] = int(max(profile.move, 0) * self.mp_unit)
        return v

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
        return Hex(self.q[i], self.r[i])

    def facing_index(self, name: str) -> int:
        key = name.strip().upper() if isinstance(name, str) else name
        try:
            return self.facing_names.index(key)
        except ValueError:
            raise ValueError(f"{name!r} is not a facing on this {self.orientation}-top map: "
                             f"use one of {', '.join(self.facing_names)}") from None

    def units_of(self, mp) -> int:
        """MP (number or Fraction) as integer MP units of this board."""
        return int(Fraction(str(mp)) * self.mp_unit)

    def mp_of(self, units: int) -> Fraction:
        return Fraction(units, self.mp_unit)

    # -- geometry ------------------------------------------------------------------------
    def distance(self, a: int, b: int) -> int:
        q, r = self.q, self.r
        dq = q[a] - q[b]
        dr = r[a] - r[b]
        return (abs(dq) + abs(dr) + abs(dq + dr)) >> 1

    def in_arc(self, src: int, facing: int, dst: int) -> bool:
        """R10: the bearing from src's centre to dst's is within half the arc of the facing."""
        dq = self.q[dst] - self.q[src]
        dr = self.r[dst] - self.r[src]
        key = (dq, dr, facing)
        hit = self._arc_cache.get(key)
        if hit is None:
            if dq == 0 and dr == 0:
                hit = True
            else:
                ang = angle_between(self._dir_angle[facing],
                                    bearing(self.orientation, Hex(0, 0), Hex(dq, dr)))
                half = self._half_arc
                hit = ang <= half + 1e-7 if self._inclusive else ang < half - 1e-7
            self._arc_cache[key] = hit
        return hit

    def los_samples(self, a: int, b: int) -> tuple:
        """Pairs (hex on the +nudged line, hex on the -nudged line) strictly between a and b."""
        key = (a, b) if a < b else (b, a)
        entry = self._los_cache.get(key)
        if entry is None:
            entry = self._compute_los(*key)
            self._los_cache[key] = entry
        return entry[1]

    def terrain_los(self, a: int, b: int) -> bool:
        """R24 with terrain and elevation only (units are added by `los.line_of_sight`)."""
        key = (a, b) if a < b else (b, a)
        entry = self._los_cache.get(key)
        if entry is None:
            entry = self._compute_los(*key)
            self._los_cache[key] = entry
        return entry[0]

    def _compute_los(self, a: int, b: int):
        ha, hb = self.hex_of(a), self.hex_of(b)
        plus = line(ha, hb, 1)[1:-1]
        minus = line(ha, hb, -1)[1:-1]
        index = self._index
        top = max(self.elev[a], self.elev[b])
        samples = []
        clear = True
        for hp, hm in zip(plus, minus):
            ip, im = index.get(hp, OFF), index.get(hm, OFF)
            samples.append((ip, im))
            bp = ip != OFF and (self.terrain[ip].blocks_los or self.elev[ip] > top)
            bm = im != OFF and (self.terrain[im].blocks_los or self.elev[im] > top)
            if ip == im:
                blocked = bp
            elif self._los_either:
                blocked = bp or bm
            else:
                blocked = bp and bm
            if blocked:
                clear = False
        return clear, tuple(samples)

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

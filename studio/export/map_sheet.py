"""True-scale maps: terrain colours and patterns, elevation shading and contours, hex
labels, set-up zones, objectives and (optionally) the set-up counters, tiled over pages
that overlap, with alignment marks, page names (A1, B1, ...) and a legend page.

Every hex that touches a tile's region is drawn whole on that tile, so a label is never
cut at a page seam: the overlap strip repeats it on the neighbouring page. A hex's
artwork (fill shaded for its height, pattern, outline) is a PDF form drawn once per
terrain and height and placed for every hex; labels are page text.
"""
from __future__ import annotations

import os
from dataclasses import dataclass, replace
from typing import Any

from reportlab.lib.colors import Color
from reportlab.pdfgen.canvas import Canvas

from studio.edit.hexsides import LINE_WIDTH as HEXSIDE_LINE, edge_points
from studio.hexgrid import Hex, Layout, MapGeometry, neighbour, parse_facing
from studio.model import HexsideKind, Scenario, TerrainSet, TerrainType
from studio.model.hexsides import entry_edges

from .colours import BLACK, GREY, INK, WHITE, darker, mix, parse_colour, text_colour_on
from .counter_art import CounterPainter
from .counter_faces import unit_counter
from .fonts import FONT, FONT_BOLD, FONT_ITALIC, fit_text, register_fonts, text_width
from .lengths import format_length
from .map_tiles import TilePlan, plan_tiles, tile_name
from .options import MapOptions
from .pdf_output import describe, new_canvas, scenario_subject
from .patterns import distinct_patterns, draw_pattern
from .progress import Progress, written_in_place
from .rosters import lookup
from .symbols import star

HEADER = 24.0
FOOTER = 22.0
TARGET = 2.2              # radius of the crosshair targets on the ticks
CROSS = TARGET * 1.6      # half the length of a target's cross
# A tick starts 1 pt off the map and its target's cross is centred on it: this is how far
# the marks beside the map reach into the margin (2.8 mm). Most printers leave 4-5 mm at
# the paper's edge unprinted; with the default 8 mm margin the marks end 5.2 mm from it.
TICK = 1 + 2 * CROSS
EARTH = Color(0.42, 0.29, 0.14)
CONTOUR = Color(0.48, 0.30, 0.12)
OBJECTIVE_GOLD = Color(0.96, 0.78, 0.15)
MM = 72 / 25.4
OUTLINE_ROOM = 1.5        # points kept clear round the map's edge hexes for their outlines


@dataclass(frozen=True, slots=True)
class MapPlan:
    geometry: MapGeometry
    layout: Layout
    width: float                  # the map's bounding box, points
    height: float
    page: tuple[float, float]
    tiles: TilePlan
    pad: tuple[float, float]      # half a hex each way: whole hexes spill this far
    margin: float

    @property
    def region_left(self) -> float:
        return self.margin + self.pad[0]

    @property
    def region_top(self) -> float:
        return self.page[1] - self.margin - HEADER - self.pad[1]

    @property
    def printable(self) -> tuple[float, float, float, float]:
        """left, bottom, right, top of the area a tile's map may print on."""
        w, h = self.page
        return (self.margin, self.margin + FOOTER, w - self.margin, h - self.margin - HEADER)

    def to_page(self, tile: tuple[int, int], x: float, y: float) -> tuple[float, float]:
        """Map point (y down) to page point (y up) on ``tile``."""
        ox, oy = self.tiles.origin(*tile)
        return (self.region_left + x - ox, self.region_top - (y - oy))


def _plan_for(page, geometry, layout, width, height, options: MapOptions,
              inset: bool = True) -> MapPlan:
    pad = (layout.hex_width / 2, layout.hex_height / 2)
    region = (page[0] - 2 * options.margin - 2 * pad[0],
              page[1] - 2 * options.margin - HEADER - FOOTER - 2 * pad[1])
    if region[0] <= 0 or region[1] <= 0:
        raise ValueError("not even one hex fits on the page inside the margins: use a smaller "
                         "--hex-size or --margin, or a larger --page")
    # A sheet keeps half a hex each side for hexes spilling over its region; at the map's
    # own edges nothing spills, so the outer sheets use that room for the map (all but the
    # outline's width). A 30×20 map on Letter: 6 sheets instead of 8.
    edge = (max(0.0, pad[0] - OUTLINE_ROOM), max(0.0, pad[1] - OUTLINE_ROOM)) if inset \
        else (0.0, 0.0)
    return MapPlan(geometry, layout, width, height, page,
                   plan_tiles(width, height, region, options.overlap, edge), pad, options.margin)


def map_page_count(scenario: Scenario, options: MapOptions) -> int:
    """Pages the map PDF has: its sheets, and the legend page when there is one."""
    return len(plan_map(scenario, options).tiles.tiles()) + (1 if options.legend else 0)


def plan_map(scenario: Scenario, options: MapOptions) -> MapPlan:
    """Hex layout and tiling; tries the page both ways round unless told which."""
    m = scenario.map
    geometry = MapGeometry(m.columns, m.rows, m.orientation, m.offset)
    layout = geometry.layout(options.hex_radius, origin=(0.0, 0.0))
    width, height = geometry.pixel_size(options.hex_radius)
    if options.fit_page:
        pad = (layout.hex_width / 2, layout.hex_height / 2)
        page = (width + 2 * options.margin + 2 * pad[0] + 1,
                height + 2 * options.margin + HEADER + FOOTER + 2 * pad[1] + 1)
        return _plan_for(page, geometry, layout, width, height, options, inset=False)
    candidates = [options.page]
    if options.auto_rotate and options.page[0] != options.page[1]:
        candidates.append((options.page[1], options.page[0]))
    best = None
    for page in candidates:
        try:
            plan = _plan_for(page, geometry, layout, width, height, options)
        except ValueError:
            if page is candidates[-1] and best is None:
                raise
            continue
        n = plan.tiles.columns * plan.tiles.rows
        if best is None or n < best[0]:
            best = (n, plan)
    return best[1]


def shaded(terrain: TerrainType, level: int) -> Color:
    """The terrain's colour darkened towards earth brown by its height."""
    fill = parse_colour(terrain.colour)
    return mix(fill, EARTH, min(0.55, 0.07 * level)) if level else fill


class _HexArt:
    """Per terrain and height, the hex's artwork, as a form or drawn afresh."""

    def __init__(self, c: Canvas, layout: Layout, use_forms: bool,
                 patterns: dict[str, str | None] | None = None) -> None:
        self.c = c
        self.patterns = patterns or {}
        self.r = layout.size[0]
        corners = layout.corners(Hex(0, 0))
        ox, oy = layout.hex_to_pixel(Hex(0, 0))
        self.corners = [(x - ox, -(y - oy)) for x, y in corners]
        self.use_forms = use_forms
        self.forms: dict[tuple, str] = {}

    def polygon(self):
        p = self.c.beginPath()
        p.moveTo(*self.corners[0])
        for pt in self.corners[1:]:
            p.lineTo(*pt)
        p.close()
        return p

    def _draw(self, terrain: TerrainType, level: int) -> None:
        c, r = self.c, self.r
        fill = shaded(terrain, level)
        c.saveState()
        c.setFillColor(fill)
        c.drawPath(self.polygon(), stroke=0, fill=1)
        pattern = self.patterns.get(terrain.id, terrain.pattern)
        if pattern and pattern != "none":
            c.saveState()
            c.clipPath(self.polygon(), stroke=0, fill=0)
            ink = darker(fill, 0.45) if text_colour_on(fill) == BLACK else mix(fill, WHITE, 0.45)
            c.setStrokeColor(ink)
            c.setFillColor(ink)
            c.setLineWidth(max(0.3, r * 0.035))
            c.setLineCap(1)
            draw_pattern(c, pattern, r)
            c.restoreState()
        c.setStrokeColor(GREY)
        c.setLineWidth(0.35)
        c.drawPath(self.polygon(), stroke=1, fill=0)
        c.restoreState()

    def place(self, terrain: TerrainType, level: int, x: float, y: float) -> None:
        c = self.c
        c.saveState()
        c.translate(x, y)
        if self.use_forms:
            key = (terrain.id, level)
            name = self.forms.get(key)
            if name is None:
                name = f"hex{len(self.forms)}"
                r = self.r
                c.beginForm(name, lowerx=-r - 1, lowery=-r - 1, upperx=r + 1, uppery=r + 1)
                self._draw(terrain, level)
                c.endForm()
                self.forms[key] = name
            c.doForm(name)
        else:
            self._draw(terrain, level)
        c.restoreState()


class _MapData:
    """The scenario's map read once: terrain and height per hex, zones, objectives, units."""

    def __init__(self, scenario: Scenario, terrain_set: TerrainSet, geometry: MapGeometry,
                 library: Any, with_units: bool) -> None:
        m = scenario.map
        symbols = terrain_set.symbol_map()
        if len(m.terrain) != m.rows:
            raise ValueError(f"scenario {scenario.id!r}: the map has {len(m.terrain)} terrain "
                             f"rows but declares rows: {m.rows}")
        self.terrain: dict[Hex, TerrainType] = {}
        self.height: dict[Hex, int] = {}
        for row in range(1, m.rows + 1):
            line = m.terrain[row - 1]
            if len(line) != m.columns:
                raise ValueError(f"scenario {scenario.id!r}: map row {row} has {len(line)} "
                                 f"symbols, expected {m.columns}")
            for col in range(1, m.columns + 1):
                symbol = line[col - 1]
                t = symbols.get(symbol)
                if t is None:
                    raise ValueError(
                        f"scenario {scenario.id!r}: hex {geometry._format(col, row)} has terrain "
                        f"symbol {symbol!r}, which terrain set {terrain_set.id!r} does not "
                        f"define (it has {' '.join(sorted(symbols))})")
                h = geometry.to_hex(col, row)
                self.terrain[h] = t
                self.height[h] = m.elevation_at(col, row)
        self.zones: list[tuple[Any, set[Hex]]] = []
        for side in scenario.sides:
            if side.setup_zone:
                try:
                    zone = set(geometry.parse_area(",".join(side.setup_zone)))
                except ValueError as err:
                    raise ValueError(f"set-up zone of side {side.id!r}: {err}") from None
                self.zones.append((side, zone))
        self.objectives = {}
        for o in scenario.objectives:
            try:
                self.objectives[geometry.parse_label(o.hex)] = o
            except ValueError as err:
                raise ValueError(f"objective {o.name or o.hex!r}: {err}") from None
        # Hexside features: (kind, [(hex, neighbour)]) in drawing order (roads over rivers).
        self.hexsides: list[tuple[HexsideKind, list[tuple[Hex, Hex]]]] = []
        for kind in sorted(terrain_set.hexsides, key=lambda k: k.style == "across"):
            pairs = []
            for entry in m.hexsides.get(kind.id, ()):
                for la, lb in entry_edges(entry):
                    try:
                        a, b = geometry.parse_label(la), geometry.parse_label(lb)
                    except ValueError as err:
                        raise ValueError(f"{kind.id} {entry!r}: {err}") from None
                    pairs.append((a, b))
            if pairs:
                self.hexsides.append((kind, pairs))
        self.units: list[tuple[Hex, int, Any]] = []   # (hex, facing direction, face)
        if with_units:
            from studio.rulesets import rules_for
            rules = rules_for(scenario, library)
            for side in scenario.sides:
                army_list = lookup(library, "army_list", side.army.army_list, f"side {side.id!r}")
                for entry in side.army.units:
                    if entry.hex is None:
                        continue
                    unit = army_list.unit(entry.type)
                    if unit is None:
                        raise ValueError(f"side {side.id!r}: unit type {entry.type!r} is not in "
                                         f"army list {army_list.id!r}")
                    try:
                        h = geometry.parse_label(entry.hex)
                        facing = parse_facing(m.orientation, entry.facing or DEFAULT_FACING[m.orientation])
                    except ValueError as err:
                        raise ValueError(f"unit {entry.id or entry.type!r} of side {side.id!r}: {err}") from None
                    front, _ = unit_counter(army_list, unit, side.colour, leader=entry.leader,
                                            rules=rules)
                    self.units.append((h, facing, front))


DEFAULT_FACING = {"flat": "N", "pointy": "NE"}


def _buckets(plan: MapPlan, hexes) -> dict[tuple[int, int], list[Hex]]:
    layout, tiles = plan.layout, plan.tiles
    hw, hh = plan.pad
    out: dict[tuple[int, int], list[Hex]] = {}
    for h in hexes:
        x, y = layout.hex_to_pixel(h)
        for i in tiles.touching(x - hw, x + hw, 0):
            for j in tiles.touching(y - hh, y + hh, 1):
                out.setdefault((i, j), []).append(h)
    return out


SEAM_GAP = 0.6 * MM        # text keeps this far from a trim line


def _clear_of_seams(plan: MapPlan, x: float, baseline: float, width: float, size: float
                    ) -> tuple[float, float]:
    """Map-space centre and baseline (y down) of a text ``width`` wide, moved the least
    way off every trim line it would cross: a label cut by the seam of two sheets would
    be half on one and half on the other. Every sheet moves it alike, so it prints whole
    on both."""
    tiles, gap = plan.tiles, SEAM_GAP
    for seam in tiles.seams(0):
        x0, x1 = x - width / 2, x + width / 2
        if x0 - gap < seam < x1 + gap:
            left, right = seam - gap - x1, seam + gap - x0
            x += left if -left <= right else right
    for seam in tiles.seams(1):
        top, bottom = baseline - size * 0.8, baseline + size * 0.25
        if top - gap < seam < bottom + gap:
            up, down = seam - gap - bottom, seam + gap - top
            baseline += up if -up <= down else down
    return x, baseline


def _label_metrics(plan: MapPlan) -> tuple[float, float]:
    """(font size, label baseline above the hex centre)."""
    lay = plan.layout
    size = max(3.0, min(6.5, lay.hex_height * 0.14))
    top = lay.hex_height / 2 if plan.geometry.orientation == "flat" else lay.size[1] * 0.6
    return size, top - size * 1.15


def _draw_tile(c: Canvas, plan: MapPlan, tile, hexes, data: _MapData, art: _HexArt,
               options: MapOptions, unit_painter: CounterPainter | None) -> None:
    layout, geometry = plan.layout, plan.geometry
    r = layout.size[0]
    pos = {}
    for h in hexes:
        x, y = layout.hex_to_pixel(h)
        pos[h] = plan.to_page(tile, x, y)
    # Hexes touching the region are drawn whole inside it; past the region they are cut at
    # the printable area, and any text that would be cut there is left to the neighbouring
    # sheet, where the overlap shows it whole.
    left, bottom, right, top = plan.printable
    c.saveState()
    clip = c.beginPath()
    clip.rect(left, bottom, right - left, top - bottom)
    c.clipPath(clip, stroke=0, fill=0)

    def text_fits(text: str, font: str, size: float, x: float, y: float) -> bool:
        half = c.stringWidth(text, font, size) / 2
        return left <= x - half and x + half <= right and bottom <= y - size * 0.25 and y + size <= top

    for h in hexes:
        art.place(data.terrain[h], data.height[h], *pos[h])
    # set-up zones: a tint, then the outline in the side's colour
    for side, zone in data.zones:
        colour = parse_colour(side.colour)
        inside = [h for h in hexes if h in zone]
        if not inside:
            continue
        c.saveState()
        c.setFillColor(colour, alpha=0.16)
        for h in inside:
            c.saveState()
            c.translate(*pos[h])
            c.drawPath(art.polygon(), stroke=0, fill=1)
            c.restoreState()
        c.setStrokeColor(colour)
        c.setLineWidth(max(1.2, r * 0.07))
        c.setLineCap(1)
        for h in inside:
            for d in range(6):
                if neighbour(h, d) not in zone:
                    self_pts = layout.hexside_points(h, d)
                    a = plan.to_page(tile, *self_pts[0])
                    b = plan.to_page(tile, *self_pts[1])
                    c.line(*a, *b)
        c.restoreState()
    # contours: each hexside between two heights, drawn once (by the higher hex)
    c.saveState()
    c.setStrokeColor(CONTOUR)
    c.setLineCap(1)
    for h in hexes:
        here = data.height[h]
        if not here:
            continue
        for d in range(6):
            n = neighbour(h, d)
            there = data.height.get(n, here)
            if there < here:
                c.setLineWidth(0.7 + 0.35 * min(3, here - there - 1))
                a, b = layout.hexside_points(h, d)
                c.line(*plan.to_page(tile, *a), *plan.to_page(tile, *b))
    c.restoreState()
    _draw_hexsides(c, plan, tile, set(hexes), data)
    # labels, heights, objectives
    size, above = _label_metrics(plan)

    def spot(h, dx: float, dy: float, text: str, font: str, fs: float) -> tuple[float, float]:
        """Page point of text centred ``dx`` right of and ``dy`` above hex h's centre,
        moved off the trim lines (in map space, so each sheet moves it alike)."""
        mx, my = layout.hex_to_pixel(h)
        nx, ny = _clear_of_seams(plan, mx + dx, my - dy, c.stringWidth(text, font, fs), fs)
        return plan.to_page(tile, nx, ny)

    for h in hexes:
        x, y = pos[h]
        fill = shaded(data.terrain[h], data.height[h])
        c.setFillColor(text_colour_on(fill))
        label = geometry.label(h)
        lx, ly = spot(h, 0, above, label, FONT, size)
        if options.labels and text_fits(label, FONT, size, lx, ly):
            c.setFont(FONT, size)
            c.drawCentredString(lx, ly, label)
        level = data.height[h]
        hx, hy = spot(h, -r * 0.66, -size * 0.35, str(level), FONT_BOLD, size * 1.05)
        if level and text_fits(str(level), FONT_BOLD, size * 1.05, hx, hy):
            c.setFillColor(CONTOUR if text_colour_on(fill) == BLACK else WHITE)
            c.setFont(FONT_BOLD, size * 1.05)
            c.drawCentredString(hx, hy, str(level))
    for h, objective in data.objectives.items():
        if h not in pos:
            continue
        x, y = pos[h]
        c.saveState()
        c.setFillColor(OBJECTIVE_GOLD)
        c.setStrokeColor(INK)
        c.setLineWidth(0.5)
        c.circle(x, y, r * 0.3, stroke=1, fill=0)
        star(c, x, y, r * 0.26)
        c.setFillColor(INK)
        if objective.name or objective.points:
            text = objective.name + (f" ({objective.points})" if objective.points else "")
            shown, fs = fit_text(text.strip(), FONT_ITALIC, size, size * 0.7, r * 1.3)
            nx, ny = spot(h, 0, -r * 0.62, shown, FONT_ITALIC, fs)
            if text_fits(shown, FONT_ITALIC, fs, nx, ny):
                # on a light plate, so that the name reads on hatching and dark ground
                tw = c.stringWidth(shown, FONT_ITALIC, fs)
                c.setFillColor(WHITE)
                c.setStrokeColor(GREY)
                c.setLineWidth(0.3)
                c.roundRect(nx - tw / 2 - fs * 0.3, ny - fs * 0.3, tw + fs * 0.6, fs * 1.25,
                            fs * 0.3, stroke=1, fill=1)
                c.setFillColor(INK)
                c.setFont(FONT_ITALIC, fs)
                c.drawCentredString(nx, ny, shown)
        c.restoreState()
    if unit_painter is not None:
        s = unit_painter.s
        for h, facing, face in data.units:
            if h not in pos:
                continue
            x, y = pos[h]
            reach = s * 0.71        # half the diagonal: the counter turned any way
            if not (left <= x - reach and x + reach <= right and bottom <= y - reach
                    and y + reach <= top):
                continue            # the neighbouring sheet shows it whole
            rotation = -layout.direction_angle(facing) - 90.0
            unit_painter.draw(face, x - s / 2, y - s / 2, rotation=rotation % 360.0)
    c.restoreState()


def _draw_hexsides(c: Canvas, plan: MapPlan, tile, hexes: set[Hex], data: _MapData) -> None:
    """Rivers, walls and hedges along their hexsides, roads and bridges across them, at the
    width the studio draws them (a share of the hex radius)."""
    r = plan.layout.size[0]
    c.saveState()
    c.setLineCap(1)
    c.setLineJoin(1)
    for kind, pairs in data.hexsides:
        c.setStrokeColor(parse_colour(kind.colour))
        c.setLineWidth(max(0.6, r * HEXSIDE_LINE * kind.width))
        for a, b in pairs:
            if a in hexes or b in hexes:
                x1, y1, x2, y2 = edge_points(plan.layout, a, b, kind.style)
                c.line(*plan.to_page(tile, x1, y1), *plan.to_page(tile, x2, y2))
    c.restoreState()


def _hexside_legend(c: Canvas, terrain_set: TerrainSet, data: _MapData, effects,
                    m: float, y: float, width: float) -> float:
    """One row a hexside kind of the set: its line, its name and what it does in the
    scenario's game (`effects`, the game's by kind). Returns the y below the section."""
    if not terrain_set.hexsides:
        return y
    used = {kind.id for kind, _ in data.hexsides}
    c.setFillColor(INK)
    c.setFont(FONT_BOLD, 10)
    c.drawString(m, y, "Hexsides")
    y -= 14
    col_w = width / 2
    rows = terrain_set.hexsides
    for k, kind in enumerate(rows):
        x = m + (k % 2) * col_w
        yy = y - (k // 2) * 22
        c.saveState()
        c.setStrokeColor(parse_colour(kind.colour))
        c.setLineCap(1)
        c.setLineWidth(max(0.8, 1.2 * kind.width))
        c.line(x + 2, yy + 3, x + 26, yy + 3)
        c.restoreState()
        c.setFillColor(INK)
        c.setFont(FONT_BOLD if kind.id in used else FONT, 8)
        c.drawString(x + 32, yy + 1, kind.name + ("" if kind.id in used else " (not on this map)"))
        effect = effects.get(kind.id)
        words = effect.words if effect is not None else "no effect in this game"
        c.setFont(FONT, 6.5)
        for n, line in enumerate(_wrap(words, FONT, 6.5, col_w - 40)[:2]):
            c.drawString(x + 32, yy - 7 - n * 7.2, line)
    return y - ((len(rows) + 1) // 2) * 22 - 6


def _scale_bar(c: Canvas, x: float, y: float, length_mm: int = 50) -> None:
    c.saveState()
    c.setStrokeColor(INK)
    c.setFillColor(INK)
    c.setLineWidth(0.6)
    length = length_mm * MM
    c.line(x, y, x + length, y)
    for k in range(0, length_mm + 1, 10):
        c.line(x + k * MM, y, x + k * MM, y + (4 if k % 50 == 0 else 2.5))
    c.setFont(FONT, 6)
    c.drawString(x + length + 4, y, f"{length_mm} mm (check the print is at 100%)")
    c.restoreState()


def _furniture(c: Canvas, plan: MapPlan, tile, title: str, options: MapOptions) -> None:
    w, h = plan.page
    m = plan.margin
    i, j = tile
    tiles = plan.tiles
    name = tile_name(i, j)
    c.saveState()
    c.setFillColor(INK)
    c.setFont(FONT_BOLD, 11)
    c.drawString(m, h - m - 11, f"Sheet {name}")
    c.setFont(FONT, 7)
    c.drawString(m + 62, h - m - 10,
                 f"{title} · {tiles.columns}×{tiles.rows} sheets · hex "
                 f"{format_length(options.hex_flat_to_flat)} across flats")
    neighbours = []
    if i > 0:
        neighbours.append(f"{tile_name(i - 1, j)} left")
    if i < tiles.columns - 1:
        neighbours.append(f"{tile_name(i + 1, j)} right")
    if j > 0:
        neighbours.append(f"{tile_name(i, j - 1)} above")
    if j < tiles.rows - 1:
        neighbours.append(f"{tile_name(i, j + 1)} below")
    if neighbours:
        c.drawRightString(w - m, h - m - 10, "joins " + ", ".join(neighbours))
    _scale_bar(c, m, m + 4)
    if neighbours:
        c.drawRightString(w - m, m + 4, f"overlap {options.overlap / MM:.0f} mm · trim on solid "
                                        f"ticks · align to dashed ticks")
    # alignment ticks: solid = this sheet's trim line, dashed = where the next sheet's edge lies
    left, top = plan.region_left, plan.region_top
    rw, rh = tiles.region
    sx, sy = tiles.step
    y_hi = h - m - HEADER          # bottom of the header band
    y_lo = m + FOOTER              # top of the footer band
    x_lo, x_hi = m, w - m
    c.setStrokeColor(INK)
    c.setLineWidth(0.6)

    def target(x, y):
        """A crosshair target centred on a tick: a circle with a cross, to lay one
        sheet's mark on the other's through the paper. On the tick, not beyond it, so
        that the marks beside the map reach no further into the margin than TICK."""
        c.setDash()
        c.setLineWidth(0.35)
        c.circle(x, y, TARGET, stroke=1, fill=0)
        c.line(x - CROSS, y, x + CROSS, y)
        c.line(x, y - CROSS, x, y + CROSS)
        c.setLineWidth(0.6)

    def vtick(x, dashed):
        c.setDash(1.5, 1.5) if dashed else c.setDash()
        c.line(x, y_hi + 1, x, y_hi + TICK)
        c.line(x, y_lo - 1, x, y_lo - TICK)
        target(x, y_hi + 1 + CROSS)
        target(x, y_lo - 1 - CROSS)

    def htick(y, dashed):
        c.setDash(1.5, 1.5) if dashed else c.setDash()
        c.line(x_lo - 1, y, x_lo - TICK, y)
        c.line(x_hi + 1, y, x_hi + TICK, y)
        target(x_lo - 1 - CROSS, y)
        target(x_hi + 1 + CROSS, y)

    def trim_line(x0, y0, x1, y1):
        """The cut itself, printed across the map: a fine line to cut along."""
        c.saveState()
        c.setDash()
        c.setLineWidth(0.25)
        c.setStrokeColor(INK)
        c.line(x0, y0, x1, y1)
        c.restoreState()

    if i > 0:
        vtick(left, False)
        trim_line(left, y_lo, left, y_hi)
    if i < tiles.columns - 1:
        vtick(left + sx, True)
    if j > 0:
        htick(top, False)
        trim_line(x_lo, top, x_hi, top)
    if j < tiles.rows - 1:
        htick(top - sy, True)
    c.restoreState()


def _wrap(text: str, font: str, size: float, width: float) -> list[str]:
    """Lines of ``text`` no wider than ``width``, broken between words."""
    lines, line = [], ""
    for word in text.split():
        trial = f"{line} {word}".strip()
        if line and text_width(trial, font, size) > width:
            lines.append(line)
            line = word
        else:
            line = trial
    return lines + ([line] if line else [])


def _game_of(scenario: Scenario, library: Any):
    """The rules the scenario is played by and its ruleset file (None when the library
    has none: the default rules then speak)."""
    from studio.rulesets import rules_for
    try:
        ruleset_file = library.ruleset(scenario.ruleset)
    except (KeyError, LookupError, AttributeError):
        ruleset_file = None
    return rules_for(scenario, library), ruleset_file


def _legend(c: Canvas, plan: MapPlan, scenario: Scenario, terrain_set: TerrainSet,
            data: _MapData, art: _HexArt, options: MapOptions, title: str,
            library: Any) -> None:
    w, h = plan.page
    m = max(plan.margin, 28.0)
    y = h - m - 16
    c.setFillColor(INK)
    c.setFont(FONT_BOLD, 16)
    c.drawString(m, y, f"{title} — map legend")
    y -= 16
    c.setFont(FONT, 8)
    geometry = plan.geometry
    c.drawString(m, y, f"{geometry.columns} columns × {geometry.rows} rows, "
                       f"{geometry.orientation}-top hexes; hex "
                       f"{format_length(options.hex_flat_to_flat)} across flats (counters "
                       f"{format_length(options.counter_size)}). Print at 100% (actual size).")
    y -= 14
    _scale_bar(c, m, y)
    y -= 22
    c.setFont(FONT_BOLD, 10)
    c.drawString(m, y, "Terrain")
    y -= 8
    used = {t.id for t in data.terrain.values()}
    r = art.r
    scale = min(1.0, 14.0 / r)
    col_w = (w - 2 * m) / 2
    row_h = max(2 * r * scale + 5, 31)
    text_w = col_w - 2 * r * scale - 14
    rules, ruleset_file = _game_of(scenario, library)
    by_name = {t.name: t for t in terrain_set.terrain}
    rows = [(by_name[name], text)
            for name, text in rules.sheets.legend_rows(terrain_set, ruleset_file)
            if name in by_name]
    for k, (t, text) in enumerate(rows):
        cx = m + (k % 2) * col_w + r * scale + 2
        cy = y - (k // 2) * row_h - r * scale
        c.saveState()
        c.translate(cx, cy)
        c.scale(scale, scale)
        art.place(t, 0, 0, 0)
        c.restoreState()
        c.setFillColor(INK)
        c.setFont(FONT_BOLD if t.id in used else FONT, 8)
        c.drawString(cx + r * scale + 6, cy + 1, t.name + ("" if t.id in used else " (not on this map)"))
        # every effect the terrain has in this game, in the game's own words
        c.setFont(FONT, 6.5)
        for n, line in enumerate(_wrap(text, FONT, 6.5, text_w)[:3]):
            c.drawString(cx + r * scale + 6, cy - 7 - n * 7.2, line)
    y -= ((len(rows) + 1) // 2) * row_h + 12
    y = _hexside_legend(c, terrain_set, data, rules.hexsides.effects, m, y, w - 2 * m)
    levels = sorted({v for v in data.height.values()})
    # a flat map has nothing to say about height, a map without zones or objectives
    # nothing about sides: no empty headings
    if any(levels):
        y = _draw_elevation_key(c, data, rules, terrain_set, ruleset_file, art, levels,
                                m, y, r, scale)
    if data.zones or scenario.objectives:
        y = _draw_sides_key(c, data, scenario, m, y)
    tiles = plan.tiles
    if tiles.columns * tiles.rows > 1:
        y -= 8
        c.setFont(FONT_BOLD, 10)
        c.drawString(m, y, "Assembly")
        y -= 6
        cell = min(28.0, (w - 2 * m) / max(tiles.columns, 1), max(8.0, (y - m) / max(tiles.rows, 1)))
        c.setFont(FONT, max(4.0, min(7.0, cell * 0.3)))
        c.setLineWidth(0.5)
        for (i, j) in tiles.tiles():
            x0, y0 = m + i * cell, y - (j + 1) * cell
            if y0 < m - 2:
                break
            c.setStrokeColor(GREY)
            c.rect(x0, y0, cell, cell, stroke=1, fill=0)
            c.drawCentredString(x0 + cell / 2, y0 + cell / 2 - 2, tile_name(i, j))


def _draw_elevation_key(c: Canvas, data: Any, rules: Any, terrain_set: TerrainSet,
                        ruleset_file: Any, art: Any, levels: list[int], m: float, y: float,
                        r: float, scale: float) -> float:
    """The legend's Elevation section, a hex of each height on the map; returns the new y."""
    c.setFont(FONT_BOLD, 10)
    c.drawString(m, y, "Elevation")
    c.setFont(FONT, 7)
    c.drawString(m + 60, y, "brown lines are contours; the number in a hex is its height. "
                            + rules.sheets.elevation_words(terrain_set, ruleset_file))
    y -= 8
    base = terrain_set.terrain[0]
    for n, level in enumerate(levels):
        cx = m + r * scale + 2 + n * (2.4 * r * scale + 6)
        c.saveState()
        c.translate(cx, y - r * scale)
        c.scale(scale, scale)
        art.place(base, level, 0, 0)
        c.restoreState()
        c.setFillColor(INK)
        c.setFont(FONT_BOLD, 7)
        c.drawCentredString(cx, y - r * scale * 2 - 8, str(level))
    y -= 2 * r * scale + 24
    return y


def _draw_sides_key(c: Canvas, data: Any, scenario: Scenario, m: float, y: float) -> float:
    """The legend's set-up zones and objectives; returns the new y."""
    c.setFont(FONT_BOLD, 10)
    c.setFillColor(INK)
    c.drawString(m, y, "Sides and objectives")
    y -= 14
    for side, zone in data.zones:
        colour = parse_colour(side.colour)
        c.setFillColor(colour, alpha=0.3)
        c.setStrokeColor(colour)
        c.setLineWidth(1.5)
        c.rect(m, y - 2, 18, 9, stroke=1, fill=1)
        c.setFillColor(INK, alpha=1)
        c.setFont(FONT, 8)
        c.drawString(m + 24, y, f"{side.name}: set-up zone {', '.join(side.setup_zone)}")
        y -= 13
    for o in scenario.objectives:
        c.setFillColor(OBJECTIVE_GOLD)
        star(c, m + 9, y + 2, 6)
        c.setFillColor(INK)
        c.setFont(FONT, 8)
        c.drawString(m + 24, y, f"{o.name or 'Objective'} ({o.hex})" + (f", {o.points} points" if o.points else ""))
        y -= 13
    return y


def draw_whole_map(c: Canvas, scenario: Scenario, library: Any, options: MapOptions,
                   left: float, top: float) -> None:
    """The whole map in one piece, the top-left of its bounding box at page point
    (``left``, ``top``): terrain, heights, zones, objectives and labels as on the sheets,
    without the sheet furniture or units (a VASSAL board draws this; its units are pieces)."""
    register_fonts()
    terrain_set = lookup(library, "terrain_set", scenario.terrain_set, f"scenario {scenario.id!r}")
    options = replace(options, fit_page=True, with_units=False)
    plan = plan_map(scenario, options)
    data = _MapData(scenario, terrain_set, plan.geometry, library, False)
    c.saveState()
    c.translate(left - plan.region_left, top - plan.region_top)
    _draw_tile(c, plan, (0, 0), plan.geometry.hexes(), data, _HexArt(c, plan.layout, True),
               options, None)
    c.restoreState()


def export_map(scenario: Scenario, library: Any, path: str | os.PathLike,
               options: MapOptions | None = None, progress=None, cancel=None,
               *, use_forms: bool = True, compress: bool = True,
               max_pages: int | None = None) -> int:
    """Write the map PDF; returns the number of pages written (tiles plus the legend page).
    ``max_pages`` stops after that many sheets (a preview needs the first one only, not
    the hundreds of a large map); ``use_forms`` and ``compress`` are there for the
    benchmark."""
    register_fonts()
    options = options or MapOptions()
    terrain_set = lookup(library, "terrain_set", scenario.terrain_set, f"scenario {scenario.id!r}")
    plan = plan_map(scenario, options)
    data = _MapData(scenario, terrain_set, plan.geometry, library, options.with_units)
    tiles = plan.tiles.tiles()
    legend = options.legend
    if max_pages is not None and max_pages < len(tiles) + (1 if legend else 0):
        tiles = tiles[:max_pages]
        legend = False
    prog = Progress(progress, cancel, total=len(tiles) + (1 if legend else 0))
    buckets = _buckets(plan, plan.geometry.hexes())
    title = options.title or scenario.name
    with written_in_place(path) as part:
        c = new_canvas(part, plan.page, options.print_form,
                       pageCompression=1 if compress else 0)
        describe(c, f"{title} map", scenario_subject(
            f"Map of {scenario.name} at true scale", scenario), scenario.author)
        art = _HexArt(c, plan.layout, use_forms, distinct_patterns(terrain_set.terrain))
        unit_painter = None
        if options.with_units and data.units:
            size = min(options.counter_size, options.hex_flat_to_flat * 0.62)
            unit_painter = CounterPainter(c, size, use_forms=use_forms)
        pages = 0
        for tile in tiles:
            prog.check()
            _draw_tile(c, plan, tile, buckets.get(tile, []), data, art, options, unit_painter)
            _furniture(c, plan, tile, title, options)
            c.showPage()
            pages += 1
            prog.step(f"sheet {tile_name(*tile)}")
        if legend:
            _legend(c, plan, scenario, terrain_set, data, art, options, title, library)
            c.showPage()
            pages += 1
            prog.step("legend")
        c.save()
    return pages

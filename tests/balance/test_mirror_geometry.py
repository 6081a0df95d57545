"""The bundled mirror scenarios are exact geometric mirrors: under one reflection or half
turn of the map about its middle, every hex lands on a hex of the map with the same terrain
and elevation, and every unit of one side on a unit of the same type of the other side,
facing the mirrored way. Hexes are compared by their centres on the page, so the offset
layout (which columns or rows sit half a hex lower) is taken into account: a flat-top map
of an even number of columns mirrors no hex onto a hex of its own column parity, and fails."""
from __future__ import annotations

from pathlib import Path

import pytest

from studio.hexgrid import FLAT, POINTY, Layout, MapGeometry, neighbour, parse_facing
from studio.io import load_file

ROOT = Path(__file__).resolve().parents[2]
MIRRORS = sorted((ROOT / "templates" / "scenarios").glob("*mirror*.yaml"))

# reflections across the vertical and horizontal middle lines, and the half turn
TRANSFORMS = {"left-right": (-1, 1), "top-bottom": (1, -1), "half turn": (-1, -1)}


def _geometry(scenario):
    m = scenario.map
    geo = MapGeometry(m.columns, m.rows, m.orientation, m.offset)
    lay = Layout(FLAT if geo.orientation == "flat" else POINTY, 1.0)
    cells = {}
    for col in range(1, m.columns + 1):
        for row in range(1, m.rows + 1):
            cells[geo.to_hex(col, row)] = (col, row)
    return geo, lay, cells


def mirror_problems(scenario, transform) -> list[str]:
    """What keeps `scenario` from mapping onto itself under `transform`, sides swapped."""
    sx, sy = TRANSFORMS[transform]
    geo, lay, cells = _geometry(scenario)
    xs = [lay.hex_to_pixel(h)[0] for h in cells]
    ys = [lay.hex_to_pixel(h)[1] for h in cells]
    cx, cy = (min(xs) + max(xs)) / 2, (min(ys) + max(ys)) / 2

    def image(h):
        x, y = lay.hex_to_pixel(h)
        px, py = cx + sx * (x - cx), cy + sy * (y - cy)
        found = lay.pixel_to_hex(px, py)
        fx, fy = lay.hex_to_pixel(found)
        return found if abs(fx - px) < 1e-6 and abs(fy - py) < 1e-6 else None

    m = scenario.map
    out = []
    for h, (col, row) in cells.items():
        g = image(h)
        if g not in cells:
            out.append(f"{geo.label(h)} has no mirror hex on the map")
            continue
        c2, r2 = cells[g]
        if m.symbol_at(col, row) != m.symbol_at(c2, r2):
            out.append(f"terrain {geo.label(h)} {m.symbol_at(col, row)!r} but its mirror "
                       f"{geo.label(g)} {m.symbol_at(c2, r2)!r}")
        if m.elevation_at(col, row) != m.elevation_at(c2, r2):
            out.append(f"elevation of {geo.label(h)} and its mirror {geo.label(g)} differ")
    if out or len(scenario.sides) != 2:
        return out + ([f"{len(scenario.sides)} sides, not two"]
                      if len(scenario.sides) != 2 else [])

    def placed(side):
        return {geo.parse_label(u.hex): u for u in side.army.expanded() if u.hex}

    a, b = (placed(s) for s in scenario.sides)
    if len(a) != len(b):
        out.append(f"{len(a)} units against {len(b)}")
    for h, u in a.items():
        g = image(h)
        v = b.get(g)
        if v is None:
            out.append(f"{u.type} at {geo.label(h)}: no unit of the other side at its mirror "
                       f"{geo.label(g) if g in cells else '(off the map)'}")
            continue
        if (u.type, u.leader) != (v.type, v.leader):
            out.append(f"{u.type} at {geo.label(h)} mirrors {v.type} at {geo.label(g)}")
        d = geo_direction(geo, u.facing)
        ahead = image(neighbour(h, d))
        wanted = [k for k in range(6) if neighbour(g, k) == ahead]
        if [geo_direction(geo, v.facing)] != wanted:
            out.append(f"{u.type} at {geo.label(h)} faces {u.facing}, its mirror at "
                       f"{geo.label(g)} faces {v.facing}")
    if scenario.sides[0].army.army_list != scenario.sides[1].army.army_list:
        out.append("the sides use different army lists")
    return out


def geo_direction(geo, name) -> int:
    return parse_facing(geo.orientation, name)


def symmetry_of(scenario) -> tuple[str | None, dict]:
    found = {t: mirror_problems(scenario, t) for t in TRANSFORMS}
    exact = [t for t, problems in found.items() if not problems]
    return (exact[0] if exact else None), found


@pytest.mark.parametrize("path", MIRRORS, ids=lambda p: p.stem)
def test_every_bundled_mirror_is_an_exact_geometric_mirror(path):
    scenario = load_file(path).model
    transform, found = symmetry_of(scenario)
    assert transform is not None, {t: p[:5] for t, p in found.items()}


def test_the_check_finds_a_broken_mirror():
    scenario = load_file(MIRRORS[0]).model
    m = scenario.map
    # one hex of terrain changed on the left half only
    row = m.terrain[0]
    m.terrain[0] = ("r" if row[0] != "r" else ".") + row[1:]
    assert symmetry_of(scenario)[0] is None
    # an even number of columns on a flat-top map mirrors no column onto its parity
    scenario = load_file(ROOT / "templates" / "scenarios" / "qnd-mirror.yaml").model
    scenario.map.columns -= 1
    scenario.map.terrain = [r[:-1] for r in scenario.map.terrain]
    transform, found = symmetry_of(scenario)
    assert transform is None
    assert any("no unit of the other side" in p or "no mirror hex" in p
               for p in found["left-right"])

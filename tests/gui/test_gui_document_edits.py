"""The Qt-free edit functions under the document's commands (studio.edit)."""
from repo_paths import REPO_ROOT
from hypothesis import given, settings
from hypothesis import strategies as st

from studio.edit.brush import brush_hexes, line_hexes, stroke_hexes
from studio.edit.cells import set_elevations, set_symbols
from studio.edit.elevation import elevation_changes
from studio.edit.fill import flood_region
from studio.edit.los import line_of_sight
from studio.edit.region import copy_region, paste_cells
from studio.edit.resize import capture, resize_scenario, restore
from studio.edit.sample import sample_scenario
from studio.edit.terrain_swap import default_mapping, remap_terrain
from studio.edit.zones import zone_areas, zone_hexes
from studio.hexgrid import Hex, MapGeometry, distance, line, neighbours
from studio.model import HexMap, TerrainSet, TerrainType

TS = TerrainSet("t", "T", [
    TerrainType("open", "Open", ".", "#fff"),
    TerrainType("forest", "Forest", "f", "#0a0", blocks_los=True),
    TerrainType("water", "Water", "~", "#00a", mp=None),
])


def test_brush_sizes_are_1_7_19_and_clipped_to_the_map():
    g = MapGeometry(20, 20)
    centre = g.parse_label("1010")
    assert [len(brush_hexes(g, centre, r)) for r in (0, 1, 2)] == [1, 7, 19]
    assert len(brush_hexes(g, g.parse_label("0101"), 2)) < 19


def test_stroke_has_no_gaps():
    g = MapGeometry(30, 30)
    a, b = g.parse_label("0205"), g.parse_label("2511")
    hexes = set(stroke_hexes(g, a, b, 0))
    assert set(line_hexes(g, a, b)) == hexes
    assert len(hexes) == distance(a, b) + 1


def test_set_symbols_and_elevations_return_the_old_values():
    m, g = HexMap.blank(5, 4, "."), MapGeometry(5, 4)
    h = g.parse_label("0302")
    assert set_symbols(m, g, {h: "f"}) == {h: "."}
    assert set_elevations(m, g, {h: 4}) == {h: 0}
    assert m.terrain[1] == "..f.." and m.elevation[1] == "00400"


def test_flood_fill_region_is_closed_on_both_orientations():
    for orientation in ("flat", "pointy"):
        s = sample_scenario(25, 18, seed=7, orientation=orientation)
        g = MapGeometry(25, 18, orientation, "even")
        start = g.parse_label("1209")
        region = set(flood_region(s.map, g, start))
        sym = s.map.terrain[8][11]
        assert all(s.map.symbol_at(*g.to_offset(h)) == sym for h in region)
        for h in region:
            for n in neighbours(h):
                if g.contains(n) and n not in region:
                    assert s.map.symbol_at(*g.to_offset(n)) != sym


def test_elevation_clamps_to_digits():
    m, g = HexMap(2, 1, terrain=[".."], elevation=["90"]), MapGeometry(2, 1)
    hexes = g.hexes()
    assert elevation_changes(m, g, hexes, "raise", 3) == {hexes[1]: 3}
    assert elevation_changes(m, g, hexes, "lower", 20) == {hexes[0]: 0}


@settings(max_examples=40, deadline=None)
@given(st.integers(0, 5), st.integers(0, 5))
def test_pasting_a_rotated_clip_rotates_the_terrain(a, b):
    m = HexMap.blank(15, 15, ".")
    g = MapGeometry(15, 15)
    src = [g.parse_label(x) for x in ("0507", "0607", "0606", "0508")]
    set_symbols(m, g, {src[0]: "f", src[1]: "~", src[2]: "f", src[3]: "~"})
    clip = copy_region(m, g, src)
    anchor = g.parse_label("0808")
    once, _ = paste_cells(g, clip, anchor, a + b)
    twice, _ = paste_cells(g, clip.rotated(a), anchor, b)
    assert once == twice
    full, _ = paste_cells(g, clip, anchor, 6)
    assert full == paste_cells(g, clip, anchor, 0)[0]


@settings(max_examples=40, deadline=None)
@given(st.sets(st.tuples(st.integers(1, 12), st.integers(1, 9)), max_size=40))
def test_zone_areas_round_trip(cells):
    g = MapGeometry(12, 9)
    hexes = {g.to_hex(c, r) for c, r in cells}
    assert zone_hexes(g, zone_areas(g, hexes)) == hexes


def test_resize_growing_west_flips_offset_and_capture_restores():
    s = sample_scenario(12, 10, seed=4)
    snap = capture(s)
    before = s.map.terrain[3][5]
    report = resize_scenario(s, west=3, north=2, fill="~")
    assert s.map.offset == "odd" and (s.map.columns, s.map.rows) == (15, 12)
    assert s.map.terrain[5][8] == before
    assert s.map.terrain[0] == "~" * 15
    assert report.summary() == ""
    restore(s, snap)
    assert s == sample_scenario(12, 10, seed=4)


def test_line_of_sight_rule_r24():
    g = MapGeometry(9, 9)
    m = HexMap.blank(9, 9, ".")
    a, b = Hex(0, 0), Hex(6, 0)         # a straight line through hex centres
    middle = Hex(3, 0)
    assert line_of_sight(m, g, TS, a, b).clear
    set_symbols(m, g, {middle: "f"})
    sight = line_of_sight(m, g, TS, a, b)
    assert not sight.clear and sight.blockers == [(middle, "Forest")]
    assert sight.distance == 6 and len(sight.hexes) == 7
    # A hill higher than both ends blocks; ends as high as the hill see over it.
    set_symbols(m, g, {middle: "."})
    set_elevations(m, g, {middle: 2})
    assert not line_of_sight(m, g, TS, a, b).clear
    set_elevations(m, g, {a: 2})
    assert line_of_sight(m, g, TS, a, b).clear
    # The end hexes themselves never block.
    set_symbols(m, g, {b: "f"})
    assert line_of_sight(m, g, TS, a, b).clear


def test_line_along_a_hexside_needs_both_sides_blocked():
    g = MapGeometry(10, 10)
    m = HexMap.blank(10, 10, ".")
    a = Hex(1, 3)
    b = a + Hex(2, -1) * 2          # runs along hexsides
    flanks = [(p, q) for p, q in zip(line(a, b, 1), line(a, b, -1)) if p != q]
    assert flanks
    p, q = flanks[0]
    set_symbols(m, g, {p: "f"})
    assert line_of_sight(m, g, TS, a, b).clear
    assert not line_of_sight(m, g, TS, a, b, hexside="either").clear
    set_symbols(m, g, {q: "f"})
    assert not line_of_sight(m, g, TS, a, b).clear


def test_terrain_swap_translates_simultaneously():
    assert remap_terrain(["ab", "ba"], {"a": "b", "b": "a"}) == ["ba", "ab"]
    other = TerrainSet("o", "O", [TerrainType("open", "Open", "o", "#fff"),
                                  TerrainType("forest", "Forest", "F", "#0a0")])
    assert default_mapping(TS, other) == {".": "o", "f": "F"}


def test_the_editor_probe_agrees_with_the_engine():
    """The probe reads the live map; the engine precomputes a Board per game. Same rule."""
    import random
    from pathlib import Path

    from studio.rulesets.rules_of_war.board import Board
    from studio.rulesets.rules_of_war.options import options_from
    from studio.io import load_file

    root = REPO_ROOT / "libraries"
    ts = load_file(root / "terrain-sets" / "basic-ground.yaml").model
    ruleset = load_file(root / "rulesets" / "rules-of-war.yaml").model
    rng = random.Random(3)
    for orientation, hexside in (("flat", "both"), ("pointy", "both"), ("flat", "either")):
        s = sample_scenario(24, 18, ts, seed=11, orientation=orientation)
        g = MapGeometry(24, 18, orientation, "even")
        board = Board(s.map, ts, options_from(ruleset, {"los_hexside": hexside}))
        hexes = g.hexes()
        for _ in range(300):
            a, b = rng.choice(hexes), rng.choice(hexes)
            ours = line_of_sight(s.map, g, ts, a, b, hexside).clear
            engine = board.terrain_los(board.index_of_label(g.label(a)), board.index_of_label(g.label(b)))
            assert ours == engine, (orientation, hexside, g.label(a), g.label(b))

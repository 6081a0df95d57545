"""The editable document: every edit is one undo step (strokes merge), and undo restores the
model exactly; refused edits push nothing."""
import copy
import os

os.environ.setdefault("QT_QPA_PLATFORM", "offscreen")

import pytest

from studio.gui.document import EditRefused, ScenarioDocument
from studio.hexgrid import MapGeometry
from studio.model import (Army, HexMap, Objective, RosterUnit, Scenario, Side, TerrainSet,
                          TerrainType, VictoryCondition)

TS = TerrainSet("basic", "Basic", [
    TerrainType("open", "Open", ".", "#e3edc1"),
    TerrainType("forest", "Forest", "f", "#5e9a4a", pattern="trees", blocks_los=True),
    TerrainType("water", "Water", "~", "#5b8fd0", mp=None, tags=["water"]),
])
OTHER = TerrainSet("other", "Other", [
    TerrainType("open", "Open", "o", "#eeeeee"),
    TerrainType("woods", "Woods", "w", "#228822"),
    TerrainType("lake", "Lake", "l", "#2222aa"),
])


def scenario(columns=10, rows=8):
    sides = [
        Side("a", "Alpha", "#2b5fa8", Army("list-a", [RosterUnit("hoplite", count=3),
                                                      RosterUnit("archer", id="arch", hex="0202", facing="N")]),
             map_edge="west", setup_zone=["0101-0208"]),
        Side("b", "Bravo", "#a82b2b", Army("list-b", [RosterUnit("peltast", hex="0905", facing="NW")]),
             map_edge="east", setup_zone=["0901-1008"]),
    ]
    return Scenario("t", "Test", "rules-of-war", "basic", HexMap.blank(columns, rows, "."), sides,
                    objectives=[Objective("0505", "Hill", 2)],
                    victory=[VictoryCondition("a", "hold", {"hexes": ["0505", "0101"]})])


@pytest.fixture
def doc(qapp):
    return ScenarioDocument(scenario(), terrain_set=TS)


def H(doc, label):
    return doc.geometry.parse_label(label)


def test_stroke_of_many_paints_is_one_undo_step(doc):
    before = copy.deepcopy(doc.model)
    stroke = doc.new_stroke()
    for label in ("0101", "0201", "0301", "0302"):
        doc.paint([H(doc, label)], "f", stroke)
    assert doc.undo_stack.count() == 1
    assert doc.model.map.terrain[0][:4] == "fff."
    assert doc.is_modified()
    doc.undo_stack.undo()
    assert doc.model == before
    assert not doc.is_modified()
    doc.undo_stack.redo()
    assert doc.model.map.terrain[1][2] == "f"


def test_separate_strokes_are_separate_steps_and_noops_push_nothing(doc):
    doc.paint([H(doc, "0101")], "f", doc.new_stroke())
    doc.paint([H(doc, "0201")], "f", doc.new_stroke())
    assert doc.paint([H(doc, "0201")], "f") is None
    assert doc.undo_stack.count() == 2


def test_changed_signal_lists_the_hexes(doc, qtbot):
    with qtbot.waitSignal(doc.changed) as blocker:
        doc.paint([H(doc, "0303"), H(doc, "0304")], "~")
    assert set(blocker.args[0]) == {H(doc, "0303"), H(doc, "0304")}


def test_unknown_symbol_is_refused(doc):
    with pytest.raises(EditRefused, match="'x' is not a terrain of Basic"):
        doc.paint([H(doc, "0101")], "x")
    assert doc.undo_stack.count() == 0


def test_fill_then_undo(doc):
    doc.paint([H(doc, f"{c:02d}04") for c in range(1, 11)], "~")
    doc.fill(H(doc, "0101"), "f")
    assert doc.model.map.terrain[:3] == ["f" * 10] * 3
    assert doc.model.map.terrain[4] == "." * 10
    doc.undo_stack.undo()
    assert doc.model.map.terrain[0] == "." * 10


def test_elevation_modes_and_undo_restores_no_elevation(doc):
    doc.set_elevation([H(doc, "0505")], "raise")
    doc.set_elevation([H(doc, "0505")], "raise")
    doc.set_elevation([H(doc, "0606")], "set", 5)
    m = doc.model.map
    assert m.elevation_at(5, 5) == 2 and m.elevation_at(6, 6) == 5
    doc.set_elevation([H(doc, "0606")], "smooth")
    assert 0 < m.elevation_at(6, 6) < 5
    doc.set_elevation([H(doc, "0505")], "lower")
    assert m.elevation_at(5, 5) == 1
    for _ in range(5):
        doc.undo_stack.undo()
    assert m.elevation is None


def test_paste_rotated_region(doc):
    from studio.edit.region import copy_region
    g = doc.geometry
    doc.paint([H(doc, "0303"), H(doc, "0403")], "f")
    doc.paint([H(doc, "0503")], "~")
    clip = copy_region(doc.model.map, g, [H(doc, "0303"), H(doc, "0403"), H(doc, "0503")])
    anchor = H(doc, "0606")
    doc.paste(clip, anchor, rotation=2)
    expected = {anchor + off: sym for off, (sym, _) in clip.rotated(2).cells.items()}
    assert {doc.symbol_at(h) for h in expected} == {"f", "~"}
    assert all(doc.symbol_at(h) == s for h, s in expected.items())
    doc.undo_stack.undo()
    assert all(doc.symbol_at(h) == "." for h in expected if h not in clip.cells)


def test_zone_paint_is_exclusive_and_compact(doc):
    a_before = list(doc.model.side("a").setup_zone)
    stroke = doc.new_stroke()
    doc.paint_zone("b", [H(doc, "0201")], True, stroke)
    doc.paint_zone("b", [H(doc, "0202")], True, stroke)
    assert doc.undo_stack.count() == 1
    assert H(doc, "0201") in doc.zone_hexes("b")
    assert H(doc, "0201") not in doc.zone_hexes("a")
    assert "0201" not in doc.model.side("a").setup_zone
    doc.undo_stack.undo()
    assert doc.model.side("a").setup_zone == a_before


def test_objectives_add_edit_remove(doc):
    doc.add_objective(H(doc, "0707"), "Well", 1)
    with pytest.raises(EditRefused, match="already holds an objective"):
        doc.add_objective(H(doc, "0707"))
    doc.edit_objective(1, Objective("0708", "Well", 4))
    doc.remove_objective(0)
    assert [(o.hex, o.points) for o in doc.model.objectives] == [("0708", 4)]
    for _ in range(3):
        doc.undo_stack.undo()
    assert [o.hex for o in doc.model.objectives] == ["0505"]


def test_place_from_counted_entry_then_rotate_move_unplace(doc):
    side = doc.model.side("a")
    warnings = doc.place_unit("a", H(doc, "0103"), index=0)
    assert warnings == []
    assert doc.last_placed == ("a", 0)
    assert side.army.units[0].hex == "0103" and side.army.units[0].facing == "SE"
    assert side.army.units[1].count == 2 and side.army.units[1].hex is None
    doc.rotate_unit("a", 0, 1, relative=True)
    doc.rotate_unit("a", 0, 1, relative=True)
    assert side.army.units[0].facing == "N"
    assert doc.undo_stack.count() == 2          # the turns merged
    warnings = doc.move_unit("a", 0, H(doc, "0505"))
    assert side.army.units[0].hex == "0505"
    assert any("outside the setup zone" in w for w in warnings)
    doc.unplace_unit("a", 0)
    assert side.army.units[0].hex is None
    for _ in range(4):
        doc.undo_stack.undo()
    assert side.army.units[0].count == 3 and side.army.units[0].hex is None


def test_refused_placements(doc):
    doc.paint([H(doc, "0303")], "~")
    with pytest.raises(EditRefused, match="0303 is Water: impassable"):
        doc.place_unit("a", H(doc, "0303"), index=0)
    with pytest.raises(EditRefused, match="enemy unit"):
        doc.place_unit("a", H(doc, "0905"), index=0)
    with pytest.raises(EditRefused, match="already on the map"):
        doc.place_unit("a", H(doc, "0104"), index=1)
    assert doc.undo_stack.count() == 1


def test_stacking_is_flagged_not_refused(doc):
    warnings = doc.place_unit("a", H(doc, "0202"), index=0)
    assert any("one ground unit per hex" in w for w in warnings)


def test_resize_shifts_everything_that_names_hexes(doc, qtbot):
    m = doc.model
    with qtbot.waitSignal(doc.geometryChanged):
        doc.resize(north=1, west=1)
    assert (m.map.columns, m.map.rows, m.map.offset) == (11, 9, "odd")
    assert m.side("a").army.units[1].hex == "0303"
    assert m.side("a").setup_zone == ["0202-0309"]
    assert m.objectives[0].hex == "0606"
    assert m.victory[0].params["hexes"] == ["0606", "0202"]
    doc.undo_stack.undo()
    assert m == scenario()


def test_resize_removing_edges_unplaces_and_drops(doc):
    m = doc.model
    doc.resize(east=-2, south=-4)
    assert (m.map.columns, m.map.rows) == (8, 4)
    assert m.side("b").army.units[0].hex is None
    assert m.side("b").setup_zone == []
    assert m.objectives == []
    assert m.victory[0].params["hexes"] == ["0101"]
    cmd = doc.undo_stack.command(0)
    assert "b/peltast" in cmd.report.summary()
    with pytest.raises(EditRefused):
        doc.resize(west=-8)


def test_resize_keeps_hex_neighbourhoods_on_both_orientations(qapp):
    for orientation in ("flat", "pointy"):
        s = scenario()
        s.map.orientation = orientation
        rows = [list(r) for r in s.map.terrain]
        rows[3][4] = "f"
        s.map.terrain = ["".join(r) for r in rows]
        d = ScenarioDocument(s, terrain_set=TS)
        g0 = d.geometry
        centre = g0.parse_label("0504")
        before = {h - centre: d.symbol_at(h) for h in g0.hexes()}
        d.resize(north=1, west=1, south=2)
        g1 = d.geometry
        new_centre = g1.parse_label("0605")
        assert d.symbol_at(new_centre) == "f"
        for off, sym in before.items():
            if g1.contains(new_centre + off):
                assert d.symbol_at(new_centre + off) == sym


def test_change_terrain_set_with_mapping(doc):
    doc.paint([H(doc, "0101")], "f")
    doc.paint([H(doc, "0102")], "~")
    with pytest.raises(EditRefused, match="has no terrain for"):
        doc.change_terrain_set(OTHER, {".": "o"})
    doc.change_terrain_set(OTHER, {".": "o", "f": "w", "~": "l"})
    assert doc.model.terrain_set == "other" and doc.terrain_set is OTHER
    assert doc.model.map.terrain[0][:2] == "wo" and doc.model.map.terrain[1][0] == "l"
    doc.undo_stack.undo()
    assert doc.terrain_set is TS and doc.model.map.terrain[0][0] == "f"


def test_field_edits_merge_while_typing(doc, qtbot):
    with qtbot.waitSignal(doc.metaChanged) as blocker:
        doc.set_field("name", "M")
    assert blocker.args == ["name"]
    doc.set_field("name", "Ma")
    doc.set_field("name", "Marathon")
    doc.set_field("round_limit", 10)
    assert doc.undo_stack.count() == 2
    doc.set_side_field("a", "colour", "#000000")
    doc.set_side_field("a", "points_limit", 150)
    assert doc.model.side("a").army.points_limit == 150
    doc.undo_stack.undo()
    doc.undo_stack.undo()
    doc.undo_stack.undo()
    assert doc.model.name == "Marathon" and doc.model.round_limit == 12
    doc.undo_stack.undo()
    assert doc.model.name == "Test"
    with pytest.raises(ValueError, match="cannot be set here"):
        doc.set_field("map", None)


def test_victory_conditions(doc, qtbot):
    with qtbot.waitSignal(doc.victoryChanged):
        doc.add_victory(VictoryCondition("b", "destroy-leader"))
    doc.edit_victory(1, VictoryCondition("b", "eliminate", {"share": 50, "measure": "units"}))
    doc.remove_victory(0)
    assert [v.kind for v in doc.model.victory] == ["eliminate"]
    for _ in range(3):
        doc.undo_stack.undo()
    assert [v.kind for v in doc.model.victory] == ["hold"]


def test_clean_state_and_save(doc, tmp_path, qtbot):
    from studio.io import load_file
    doc.paint([H(doc, "0101")], "f")
    with qtbot.waitSignal(doc.cleanChanged) as blocker:
        doc.save(tmp_path / "t.yaml")
    assert blocker.args == [True]
    assert doc.display_name() == "t.yaml"
    loaded = load_file(tmp_path / "t.yaml")
    assert loaded.model.map.terrain[0][0] == "f"
    doc.undo_stack.undo()
    assert doc.is_modified()


def test_geometry_follows_the_model(doc):
    assert doc.geometry == MapGeometry(10, 8)
    doc.resize(east=95)
    assert doc.geometry.label_width == 3
    assert doc.model.side("a").army.units[1].hex == "002002"

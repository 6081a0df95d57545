"""Schema errors located exactly, and schema-valid files built into the model."""
from __future__ import annotations
from repo_paths import REPO_ROOT, TESTS_DIR

from fractions import Fraction
from pathlib import Path

import pytest

from studio.io import Document, load_file, load_text
from studio.model import (Ability, Army, ArmyList, Attack, PointsTable, Ruleset, Scenario,
                          TerrainSet)

BAD = TESTS_DIR / "data" / "bad"

TERRAIN = """\
kind: terrain-set
format: 1
id: basic-ground
name: Basic Ground
elevation:
  uphill_extra_mp: "1/2"
terrain:
  - id: open
    name: Open
    symbol: "."
    colour: "#d8e8a8"
    mp: 1
  - id: road
    name: Road
    symbol: "="
    colour: "#aa8844"
    mp: "1/2"
  - id: water
    name: Water
    symbol: "~"
    colour: "#5b8fd0"
    mp: impassable
    tags: [water]
  - id: marsh
    name: Marsh
    symbol: m
    colour: "#668866"
    mp: 1.5
"""


def codes(doc: Document) -> list[tuple[str, int | None, int | None]]:
    return [(d.code, d.line, d.column) for d in doc.diagnostics]


def test_unknown_key_points_at_the_key_and_names_it():
    doc = load_file(BAD / "unknown-key.yaml")
    unknown = [d for d in doc.diagnostics if "colour_hex" in d.message]
    assert len(unknown) == 1
    d = unknown[0]
    assert (d.code, d.line, d.column) == ("schema", 14, 5)
    assert d.message.startswith("unknown key 'colour_hex' in terrain type (allowed: id, name, "
                                "symbol, colour,")
    assert "did you mean 'colour'?" in d.message
    assert d.subject == "path:/terrain/1/colour_hex"
    missing = [d for d in doc.diagnostics if "missing key 'colour'" in d.message]
    assert [(d.line, d.column) for d in missing] == [(11, 5)]


def test_wrong_type_says_what_was_expected():
    doc = load_file(BAD / "wrong-type.yaml")
    assert codes(doc) == [("schema", 11, 11)]
    assert "`move`" in doc.diagnostics[0].message and "'two'" in doc.diagnostics[0].message
    assert "a number" in doc.diagnostics[0].message


def test_all_schema_errors_reported_at_exact_lines():
    text = """\
kind: scenario
format: 2
id: Bad Id
name: Many Errors
ruleset: rules-of-war
terrain_set: basic-ground
round_limit: 0
map:
  columns: 10
  rows: 3
  orientation: sideways
  terrain: |
    ..........
    ..........
    ..........
sides:
  - id: a
    name: A
    colour: blue
    army_list: greek
    map_edge: weast
    units:
      - {type: hoplites, hex: 0503, facing: UP}
      - {type: hoplites, count: 0, speed: 3}
victory:
  - {side: a, kind: hold}
  - {side: a, kind: conquer}
"""
    doc = load_text(text, "many.yaml")
    assert doc.model is None
    got = [(d.line, d.column) for d in doc.diagnostics]
    assert got == [(2, 9), (3, 5), (7, 14), (11, 16), (19, 13), (21, 15), (23, 31),
                   (23, 45), (24, 33), (24, 36), (26, 5), (27, 21)]
    assert all(d.code == "schema" and d.file == "many.yaml" for d in doc.diagnostics)
    messages = "\n".join(d.message for d in doc.diagnostics)
    assert "`format` is 2; expected the file format version, currently 1" in messages
    assert "kebab-case" in messages
    assert "`round_limit` is 0; it must be at least 1" in messages
    assert "'sideways'; expected a map orientation: flat or pointy" in messages
    assert "\"#rrggbb\"" in messages
    assert "write it in quotes (\"0503\")" in messages
    assert "unknown key 'speed' in roster unit" in messages
    assert "missing key 'hexes' in victory condition (a `hold` condition needs `hexes`)" \
        in messages


def test_schema_error_in_nested_attack_forms():
    text = """\
kind: army-list
format: 1
id: a
name: A
era: ancients
scales: [tactical]
terrain_set: basic-ground
units:
  - id: u1
    name: U1
    attack: {melee: 3, rangd: 2}
  - id: u2
    name: U2
    attack: {bands: {"1": 7, "x": 3}}
  - id: u3
    name: U3
    attack: {melee: 3, bands: {"1": 3}}
  - id: u4
    name: U4
    attack: "7"
"""
    doc = load_text(text)
    assert [(d.line, d.column) for d in doc.diagnostics] == [(11, 24), (14, 30), (17, 13),
                                                              (20, 13)]
    m = [d.message for d in doc.diagnostics]
    assert "unknown key 'rangd' in attack" in m[0] and "did you mean 'ranged'?" in m[0]
    assert "key 'x' in attack bands is not allowed" in m[1]
    assert "bands" in m[2] and "melee" in m[2]
    assert "an attack: a rating" in m[3]


def test_ruleset_options_are_all_required_and_closed():
    lib = REPO_ROOT / "libraries" / "rulesets" / "rules-of-war.yaml"
    if not lib.exists():
        pytest.skip("no bundled ruleset yet")
    text = lib.read_text("utf-8")
    assert load_text(text).ok
    typo = text.replace("die_sides:", "dice_sides:")
    doc = load_text(typo)
    messages = [d.message for d in doc.diagnostics]
    assert any("unknown key 'dice_sides' in ruleset options" in m and "die_sides" in m
               for m in messages)
    assert any("missing key 'die_sides'" in m for m in messages)
    wrong = text.replace("zone_of_control: none", "zone_of_control: sometimes")
    assert any("'sometimes'" in d.message for d in load_text(wrong).diagnostics)


def test_ruleset_schema_lists_every_documented_option():
    import re
    from studio.rulesets.rules_of_war.schema import OPTIONS_SCHEMA as options
    root = REPO_ROOT
    doc = (root / "docs" / "ruleset-options.md").read_text("utf-8")
    documented = re.findall(r"^\| `([a-z_]+)` \|", doc, re.M)
    assert sorted(documented) == sorted(options["properties"]) == sorted(options["required"])


# -- building the model ----------------------------------------------------------------------
def test_terrain_set_conversions():
    doc = load_text(TERRAIN)
    assert doc.ok, [d.format() for d in doc.diagnostics]
    ts = doc.model
    assert isinstance(ts, TerrainSet) and doc.kind == "terrain-set"
    assert ts.elevation.uphill_extra_mp == Fraction(1, 2)
    assert ts.elevation.defense_from_below == 1      # the model's default
    assert [t.mp for t in ts.terrain] == [Fraction(1), Fraction(1, 2), None, Fraction(3, 2)]
    assert ts.by_id("water").impassable and ts.by_id("water").tags == ["water"]
    assert ts.by_id("open").ranged_defense is None and ts.by_id("open").defense == 0


ARMY_LIST = """\
kind: army-list
format: 1
id: persian-wars-greek
name: Persian Wars Greek
era: ancients
scales: [skirmish, tactical]
terrain_set: basic-ground
defaults:
  hits: 1
special_rules:
  - text: No ranged attack after moving.
    abilities: [no-ranged-after-move]
    applies_to: {tags: [missile]}
  - text: Plain text only.
points:
  formula: figures-001
  table: middle-earth-1976
units:
  - id: hoplites
    name: Hoplites
    tags: [infantry]
    move: 2
    attack: 7
    defense: 7
    abilities: [army-leader, {name: set-spears, value: 2}]
  - id: bowmen
    name: Bowmen
    move: 2.5
    range: 3
    attack: {melee: 3, ranged: 2}
  - id: guns
    name: Guns
    range: 12
    attack: {bands: {"1": 7, "2-5": 3, "6+": null}}
    attack_dice: {front: 2, aft: 1}
    carry: {troops: 2}
    figures: {count: 20, type: man, equipment: [medium-armour]}
  - id: baggage
    name: Baggage
    attack: null
compositions:
  - id: greek
    name: Greek Army
    rules:
      - {kind: count, units: [hoplites], exactly: 8, label: 8 Hoplites}
      - {kind: points-share, tags: [basic], min: 50}
      - {kind: leader}
spells:
  - {id: haste, name: Haste, effect: extra-move, move: 2}
"""


def test_army_list_conversions():
    doc = load_text(ARMY_LIST)
    assert doc.ok, [d.format() for d in doc.diagnostics]
    al = doc.model
    assert isinstance(al, ArmyList) and al.ruleset == "rules-of-war"
    hop, bow, guns, baggage = al.units
    assert hop.attack == Attack.flat_rating(7) and hop.range is None
    assert hop.abilities == [Ability("army-leader"), Ability("set-spears", {"value": 2})]
    assert bow.attack == Attack.melee_ranged(3, 2) and bow.move == 2.5
    assert guns.attack == Attack.from_bands([(1, 1, 7), (2, 5, 3), (6, None, None)])
    assert guns.attack.by_distance(7) == [7, 3, 3, 3, 3, None, None]
    assert guns.attack_dice == {"front": 2, "aft": 1} and guns.carry == {"troops": 2}
    assert guns.figures.equipment == ["medium-armour"]
    assert baggage.attack.is_none()
    assert al.special_rules[0].applies_to.tags == ["missile"]
    assert al.special_rules[1].applies_to is None
    assert al.points.formula == "figures-001" and al.points.params == {"table":
                                                                       "middle-earth-1976"}
    assert [r.kind for r in al.compositions[0].rules] == ["count", "points-share", "leader"]
    assert al.compositions[0].rules[0].selector.units == ["hoplites"]
    assert al.spells[0].params == {"move": 2}
    assert al.defaults.hits == 1 and al.stat(hop, "hits") == 1


SCENARIO = """\
kind: scenario
format: 1
id: marathon
name: Marathon
ruleset: rules-of-war
terrain_set: basic-ground
map:
  columns: 4
  rows: 3
  terrain: |
    ....
    .f~
    ......
  elevation: |
    0000
    0110
    0000
objectives:
  - {hex: "0302", name: Temple, points: 3}
sides:
  - id: athenians
    name: Athenians
    colour: "#2b5fa8"
    army_list: persian-wars-greek
    units:
      - {id: archon, type: greek-archon, hex: "0101", facing: NE, leader: true}
      - {type: hoplites, hex: "0102", facing: NE}
      - {type: bowmen, count: 2}
      - {type: hoplites}
  - id: persians
    name: Persians
    colour: "#a8322b"
    army_list: persian-wars-persian
    composition: null
    units:
      - {type: hoplites}
victory:
  - {side: athenians, kind: hold, hexes: ["0302"]}
  - {side: persians, kind: eliminate, share: 50, measure: units, sudden_death: false}
"""


def test_scenario_conversions_and_auto_ids():
    doc = load_text(SCENARIO)
    assert doc.ok, [d.format() for d in doc.diagnostics]
    sc = doc.model
    assert isinstance(sc, Scenario) and sc.round_limit == 12
    assert sc.map.terrain == ["....", ".f~", "......"]       # rows kept as written
    assert sc.map.elevation_at(2, 2) == 1 and sc.map.orientation == "flat"
    ath, per = sc.sides
    assert [u.id for u in ath.army.units] == ["archon", "hoplites-1", "bowmen-1", "hoplites-2"]
    # numbered through all sides, so two sides fielding one list never share an id
    assert [u.id for u in per.army.units] == ["hoplites-3"]
    assert ath.army.units[2].count == 2 and ath.army.units[0].leader
    assert sc.victory[0].get("hexes") == ["0302"] and sc.victory[1].sudden_death is False
    assert sc.objectives[0].points == 3


def test_block_rows_point_at_their_lines():
    doc = load_text(SCENARIO)
    pos = doc.positions
    assert pos.row_of(("map", "terrain"), 1) == 11
    assert pos.row_of(("map", "terrain"), 3) == 13
    assert pos.row_of(("map", "elevation"), 2) == 16
    assert pos.cell_at(("map", "terrain"), 2, 3) == (12, 7)
    assert pos.block_start_line(("map", "terrain")) == 11


def test_positions_fall_back_to_nearest_ancestor():
    pos = load_text(SCENARIO).positions
    assert pos.at(("sides", 0, "units", 1, "hex")) == (27, 31)
    assert pos.key_at(("sides", 0, "units", 1, "hex")) == (27, 26)
    assert pos.at(("sides", 0, "units", 1, "nothing")) == (27, 9)
    assert pos.at(("sides", 7)) == (21, 3)
    assert pos.at("/sides/1/id") == (30, 9)
    assert pos.key_at(("sides", 1, "id")) == (30, 5)
    assert pos.at(()) == (1, 1)


def test_positions_of_a_model_built_in_memory_are_empty():
    from studio.io import Positions
    assert Positions().at(("a", 1)) == (None, None) and not Positions()


def test_points_table_ruleset_and_army():
    pt = load_text("kind: points-table\nformat: 1\nid: t\nname: T\nfigures:\n"
                   "  hobbit: {name: Hobbit, points: 0.5}\nequipment:\n"
                   "  shield: {name: Shield, points: 1}\n").model
    assert isinstance(pt, PointsTable) and pt.figures["hobbit"].points == 0.5
    army = load_text("kind: army\nformat: 1\nid: e\nname: E\narmy_list: greek\n"
                     "points_limit: 100\nunits:\n  - {type: general, leader: true}\n"
                     "  - {type: hoplites, count: 8}\n").model
    assert isinstance(army, Army) and army.points_limit == 100
    assert [u.id for u in army.units] == ["general-1", "hoplites-1"]
    assert len(army.expanded()) == 9


def test_ruleset_model():
    lib = REPO_ROOT / "libraries" / "rulesets" / "rules-of-war.yaml"
    if not lib.exists():
        pytest.skip("no bundled ruleset yet")
    rs = load_file(lib).model
    assert isinstance(rs, Ruleset) and rs.option("die_sides") == 10


def test_schema_error_stops_only_the_model():
    doc = load_text(TERRAIN.replace("mp: 1.5", "mp: lots"))
    assert doc.model is None and doc.data["id"] == "basic-ground" and doc.kind == "terrain-set"
    assert doc.id == "basic-ground"
    assert [(d.line, d.column) for d in doc.diagnostics] == [(28, 9)]
    assert "a fraction with 2, 3, 4, 6 or 12 below the line (\"1/3\"), or impassable" in doc.diagnostics[0].message


def test_load_text_accepts_bytes_and_names_the_file():
    doc = load_text(TERRAIN.encode(), "mine.yaml")
    assert doc.ok and doc.path == "mine.yaml"
    assert load_text(TERRAIN).path is None

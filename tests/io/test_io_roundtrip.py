"""Saving: load -> dump -> load gives an equal model, and dumping is stable."""
from __future__ import annotations
from repo_paths import REPO_ROOT

import os
from fractions import Fraction
from pathlib import Path

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from studio.io import dump_data, dump_model, load_file, load_text, save_file, to_data
from studio.io.yaml_source import parse_yaml
from studio.io.yaml_writer import Flow
from studio.model import (Ability, Army, ArmyList, Attack, Composition, CompositionRule,
                          ElevationRule, Figures, HexMap, ListDefaults, Objective,
                          OffMapSupport, PointsItem, PointsSpec, PointsTable, RosterUnit,
                          Ruleset, Scenario, Selector, Side, SpecialRule, Spell, TerrainSet,
                          TerrainType, UnitType, VictoryCondition)

from test_io_loader import ARMY_LIST, SCENARIO, TERRAIN

ROOT = REPO_ROOT
SHIPPED = sorted(p for folder in ("libraries", "templates") if (ROOT / folder).is_dir()
                 for p in (ROOT / folder).rglob("*.yaml"))


def roundtrip(model):
    text = dump_model(model)
    doc = load_text(text)
    assert doc.ok, [d.format() for d in doc.diagnostics] + [text]
    assert doc.model == model, text
    assert dump_model(doc.model) == text
    return text


def documented_options() -> dict:
    """The options of the example in docs/ruleset-options.md (so that example is checked)."""
    import re
    doc = (ROOT / "docs" / "ruleset-options.md").read_text("utf-8")
    example = re.search(r"```yaml\n(.*?)```", doc, re.S).group(1)
    loaded = load_text(example)
    assert loaded.ok, [d.format() for d in loaded.diagnostics]
    return loaded.model.options


def small_models():
    terrain = TerrainSet("t", "T", [
        TerrainType("open", "Open", ".", "#d8e8a8"),
        TerrainType("road", "Road", "=", "#aa8844", mp=Fraction(1, 2), notes="Paved"),
        TerrainType("water", "Water", "~", "#5b8fd0", mp=None, tags=["water"]),
        TerrainType("hill", "Hill", "h", "#998877", mp=Fraction(2), defense=1, ranged_defense=2,
                    attack_modifier=-1, save=4, blocks_los=True, destructible_hits=3,
                    entry_attack=5, forbidden_tags=["cavalry"], uphill_extra_mp=Fraction(2),
                    pattern="rocks"),
        TerrainType("zero", "Zero", "0", "#000000", mp=Fraction(0)),
    ], ElevationRule(Fraction(3, 2), 2, 0), notes="Line one\nline two\n")
    army_list = ArmyList(
        "al", "AL", "ww2", ["skirmish"], "t", ruleset="r", nationality="German",
        source="Somewhere",
        defaults=ListDefaults(move=2.5, range=1, defense=5, morale=7, hits=2),
        special_rules=[SpecialRule("Text: with colon", [Ability("pila", {"attacks": 2})],
                                   Selector(units=["u1"], tags=["legion"])),
                       SpecialRule("Plain")],
        points=PointsSpec("fixed", {"each": 3}),
        units=[
            UnitType("u1", "U1", ["infantry"], 2, False, 3, Attack.melee_ranged(None, 4),
                     {"front": 1}, 6, 7, 2, 1, {"troops": 3}, 5, Figures(10, "man", ["bow"]),
                     12.5, [Ability("charge"), Ability("attack-modifier",
                                                       {"value": 5, "vs_tags": ["fighter"]})],
                     "*hero, 1/2 move"),
            UnitType("u2", "U2", attack=Attack.from_bands([(1, 1, 7), (2, 5, 3),
                                                           (6, None, None)])),
            UnitType("u3", "U3", attack=Attack.melee_ranged(None, None), flying=True, move=0),
            UnitType("u4", "U4", attack=Attack.flat_rating(0), defense=None),
        ],
        compositions=[Composition("c", "C", [
            CompositionRule("count", Selector(units=["u1"]), exactly=8, label="8 x: U1"),
            CompositionRule("points-share", Selector(tags=["basic"]), min=50, max=75.5),
            CompositionRule("leader")], notes="n")],
        spells=[Spell("haste", "Haste", "haste", {"move": 2})],
        notes="yes")
    ruleset = Ruleset("r", "R", documented_options(), notes="x")
    table = PointsTable("pt", "PT", {"hobbit": PointsItem("Hobbit", 0.5)},
                        {"mail": PointsItem("Mail", 1)})
    scenario = Scenario(
        "s", "S", "r", "t", HexMap(3, 2, "pointy", "odd", ["...", ".~."], ["000", "019"]),
        [Side("a", "A", "#2B5FA8", Army("al", [
            RosterUnit("u1", "boss", "0101", "NE", True),
            RosterUnit("u1", None, None, None, False, 3),
            RosterUnit("u2", "u2-1", "0102", "SW"),
            RosterUnit("u1", "u1-3"),               # equal to what loading would assign
            RosterUnit("u1", "u1-1")],              # not what loading would assign here
            "c", 120.0), "west", ["0101-0102", "0201"],
            [OffMapSupport("guns", "Guns", 4, 6), OffMapSupport("air", "Air", 6, 2, 2, "n")]),
         Side("b", "B", "#a8322b", Army("al", []))],
        round_limit=8, description="One line",
        objectives=[Objective("0201", "Hill", 2), Objective("0102")],
        victory=[VictoryCondition("a", "hold", {"hexes": ["0201"], "count": 1}, True),
                 VictoryCondition("b", "exit", {"edge": "east", "units": 3,
                                                "against": ["a"]}),
                 VictoryCondition("b", "eliminate", {"share": 50.5, "measure": "points"})],
        special_rules="Line\n\n  indented\n")
    army = Army("al", [RosterUnit("u1", "u1-1", leader=True), RosterUnit("u2", count=2)],
                None, None, "army-x", "Army X")
    return [terrain, army_list, ruleset, table, scenario, army]


@pytest.mark.parametrize("model", small_models(), ids=lambda m: type(m).__name__)
def test_small_models_roundtrip(model):
    if isinstance(model, Army):
        model.units[1].id = "u2-1"     # loading assigns it; compare like with like
    if isinstance(model, Scenario):
        model.sides[0].army.units[1].id = "u1-2"
    roundtrip(model)


@pytest.mark.parametrize("text", [TERRAIN, ARMY_LIST, SCENARIO], ids=["terrain", "list", "scen"])
def test_small_documents_roundtrip(text):
    doc = load_text(text)
    assert doc.ok
    dumped = roundtrip(doc.model)
    assert set(load_text(dumped).data) <= set(doc.data) | {"round_limit", "ruleset"}


@pytest.mark.parametrize("path", SHIPPED, ids=lambda p: str(p.relative_to(ROOT)))
def test_shipped_files_roundtrip(path):
    doc = load_file(path)
    assert doc.ok, [d.format() for d in doc.diagnostics]
    text = roundtrip(doc.model)
    assert dump_model(load_text(dump_model(load_text(text).model)).model) == text


def test_no_shipped_files_is_a_skip_not_a_failure():
    if not SHIPPED:
        pytest.skip("no files under libraries/ or templates/ yet")
    assert all(p.suffix == ".yaml" for p in SHIPPED)


def test_house_style_of_a_scenario():
    text = dump_model(load_text(SCENARIO).model)
    assert text.startswith("kind: scenario\nformat: 1\nid: marathon\nname: Marathon\n")
    assert "  terrain: |\n    ....\n    .f~\n    ......\n" in text
    assert "  elevation: |\n    0000\n" in text
    assert '  - {hex: "0302", name: Temple, points: 3}' in text
    assert '      - {id: archon, type: greek-archon, hex: "0101", facing: NE, leader: true}' \
        in text
    assert "      - {type: hoplites, hex: \"0102\", facing: NE}" in text   # auto id left out
    assert "      - {type: bowmen, count: 2}" in text
    assert '  - {side: athenians, kind: hold, hexes: ["0302"]}' in text
    assert "composition" not in text and "round_limit: 12" in text


def test_one_row_map_is_still_a_block():
    sc = load_text(SCENARIO).model
    sc.map = HexMap(4, 1, terrain=["...."])
    text = dump_model(sc)
    assert "  terrain: |\n    ....\n" in text
    assert load_text(text).model.map.terrain == ["...."]


def test_house_style_of_an_army_list():
    text = dump_model(load_text(ARMY_LIST).model)
    assert "scales: [skirmish, tactical]" in text
    assert "    attack: {melee: 3, ranged: 2}" in text
    assert '    attack: {bands: {"1": 7, "2-5": 3, "6+": null}}' in text
    assert "    abilities:\n      - army-leader\n      - {name: set-spears, value: 2}" in text
    assert "      - {kind: count, units: [hoplites], exactly: 8, label: 8 Hoplites}" in text
    assert "    applies_to: {tags: [missile]}" in text
    assert "points:\n  formula: figures-001\n  table: middle-earth-1976\n" in text


def test_terrain_mp_forms():
    text = dump_model(load_text(TERRAIN).model)
    assert '    mp: "1/2"' in text and "    mp: impassable" in text and "    mp: 1\n" in text
    assert '    mp: "3/2"' in text
    assert 'symbol: "."' in text and 'colour: "#d8e8a8"' in text


@pytest.mark.parametrize("value", [
    "0503", "1/2", "2-5", "6+", "yes", "no", "null", "~", "true", "", " lead", "trail ",
    "#hash", "a #b", "a: b", "- x", "[x]", "{x}", "x, y", "'q'", '"dq"', "%x", "@x", "`x",
    "tab\there", "é", "emoji 😀", "\u2028", "\x85", "\x07", "1e3", ".inf", "0x1F", "12:30",
    "2024-01-31", "<<", "=", "multi\nline", "multi\nline\n", "trailing\n\n", "\nlead",
    "  indented\nblock\n", "x\n  y\n", "ends with space \nz", "a\r\nb", "!tag", "&anchor",
    "*alias", "?", ":", "-", "--- x", "...",
])
def test_strings_survive(value):
    data = {"kind": "army", "v": value, "f": Flow({"v": value}), "l": [value]}
    text = dump_data(data)
    assert parse_yaml(text).data == data, text


@settings(max_examples=300, deadline=None)
@given(st.text(alphabet=st.characters(blacklist_categories=("Cs",)), max_size=30))
def test_any_text_survives(value):
    data = {"kind": "army", "v": value, "f": Flow({"k": value}), "l": [value, value]}
    text = dump_data(data)
    assert parse_yaml(text).data == data, text


@pytest.mark.parametrize("value", [0, -3, 1.5, 1e-05, 1e20, 2.0, float("inf"), True, None])
def test_numbers_survive(value):
    data = {"kind": "army", "v": value, "f": Flow({"v": value})}
    assert parse_yaml(dump_data(data)).data == data


def test_to_data_omits_defaults():
    data = to_data(TerrainSet("t", "T", [TerrainType("o", "O", ".", "#000000")]))
    assert data == {"kind": "terrain-set", "format": 1, "id": "t", "name": "T",
                    "terrain": [{"id": "o", "name": "O", "symbol": ".", "colour": "#000000",
                                 "mp": 1}]}
    with pytest.raises(TypeError):
        to_data(object())


def test_save_file_is_atomic_and_keeps_mode(tmp_path, monkeypatch):
    model = load_text(TERRAIN).model
    path = tmp_path / "t.yaml"
    save_file(model, path)
    assert load_file(path).model == model
    os.chmod(path, 0o640)
    model.name = "Renamed"
    save_file(model, path)
    assert load_file(path).model.name == "Renamed"
    assert os.stat(path).st_mode & 0o777 == 0o640
    assert sorted(p.name for p in tmp_path.iterdir()) == ["t.yaml"]   # no temp files left

    def boom(*args):
        raise OSError("disk full")
    monkeypatch.setattr(os, "replace", boom)
    model.name = "Lost"
    with pytest.raises(OSError):
        save_file(model, path)
    assert load_file(path).model.name == "Renamed"
    assert sorted(p.name for p in tmp_path.iterdir()) == ["t.yaml"]

"""Scenario checks, each triggered by a one-edit change to a clean scenario file and asserted
on its code, a message fragment and the exact line (through the real loader)."""
from __future__ import annotations

from pathlib import Path

import pytest

from studio.io import default_library, load_file
from studio.validate import validate_document, validate_paths

BASE = """\
kind: scenario
format: 1
id: border-skirmish
name: Border Skirmish
ruleset: rules-of-war
terrain_set: basic-ground
round_limit: 8
map:
  columns: 6
  rows: 4
  orientation: flat
  offset: even
  terrain: |
    ......
    .f..~.
    ......
    ..ww..
  elevation: |
    000000
    001100
    000000
    000000
sides:
  - id: greeks
    name: Greeks
    colour: "#2b5fa8"
    army_list: ancient-greek
    composition: null
    points_limit: 40
    map_edge: west
    setup_zone: ["0101-0204"]
    units:
      - {id: strategos, type: general, hex: "0101", facing: SE}
      - {type: hoplites-standard, hex: "0102", facing: SE}
      - {type: psiloi-bow, count: 2}
  - id: persians
    name: Persians
    colour: "#a82b2b"
    army_list: ancient-persian
    points_limit: 40
    map_edge: east
    setup_zone: ["0501-0604"]
    units:
      - {id: satrap, type: general, hex: "0601", facing: SW}
      - {type: spearmen-bow-standard, hex: "0602", facing: SW}
objectives:
  - {hex: "0302", name: Shrine, points: 2}
victory:
  - {side: greeks, kind: hold, hexes: ["0302"]}
  - {side: persians, kind: destroy-leader}
"""


def edit(text: str, old: str, new: str) -> str:
    assert text.count(old) == 1, f"{old!r} must occur once"
    return text.replace(old, new)


def line_of(text: str, fragment: str) -> int:
    hits = [n for n, line in enumerate(text.splitlines(), start=1) if fragment in line]
    assert len(hits) == 1, f"{fragment!r} is on lines {hits}"
    return hits[0]


def check(tmp_path: Path, text: str, *others: tuple[str, str]):
    path = tmp_path / "scenario.yaml"
    path.write_text(text, encoding="utf-8")
    extra = []
    for name, body in others:
        (tmp_path / name).write_text(body, encoding="utf-8")
        extra.append(tmp_path / name)
    return validate_paths([path, *extra])


def one(found, code: str):
    hits = [d for d in found if d.code == code]
    assert len(hits) == 1, f"expected one {code}, got {[d.format() for d in found]}"
    return hits[0]


def test_the_base_scenario_is_clean(tmp_path):
    assert check(tmp_path, BASE) == []


# -- references ----------------------------------------------------------------------------
@pytest.mark.parametrize("old, new, code, fragment", [
    ("ruleset: rules-of-war", "ruleset: rules-of-wor", "unknown-ruleset",
     "did you mean 'rules-of-war'"),
    ("terrain_set: basic-ground", "terrain_set: basic-grund", "unknown-terrain-set",
     "did you mean 'basic-ground'"),
    ("army_list: ancient-persian", "army_list: ancient-persia", "unknown-army-list",
     "did you mean 'ancient-persian'"),
    ("composition: null", "composition: greek-amy", "unknown-composition",
     "did you mean 'greek-army'"),
    ("type: hoplites-standard", "type: hoplites-standrd", "unknown-unit-type",
     "did you mean 'hoplites-standard'"),
    ("{side: greeks, kind: hold", "{side: greek, kind: hold", "unknown-side",
     "did you mean 'greeks'"),
])
def test_references_resolve_with_suggestions(tmp_path, old, new, code, fragment):
    text = edit(BASE, old, new)
    d = one(check(tmp_path, text), code)
    assert fragment in d.message
    assert d.severity == "error"
    assert d.line == line_of(text, new)


def test_victory_against_names_existing_other_sides(tmp_path):
    text = edit(BASE, "kind: destroy-leader}", "kind: destroy-leader, against: [romans]}")
    d = one(check(tmp_path, text), "unknown-side")
    assert "'romans'" in d.message and d.line == line_of(text, "romans")


def test_a_list_given_alongside_the_scenario_is_used(tmp_path):
    own_list = (Path(default_library().document("army-list", "ancient-persian").path)
                .read_text(encoding="utf-8").replace("id: ancient-persian", "id: my-persians", 1))
    text = edit(BASE, "army_list: ancient-persian", "army_list: my-persians")
    assert check(tmp_path, text, ("my-persians.yaml", own_list)) == []
    assert one(check(tmp_path, text), "unknown-army-list")


# -- map -----------------------------------------------------------------------------------
def test_map_row_with_the_wrong_length_is_reported_on_its_line(tmp_path):
    text = edit(BASE, "    ......\n    ..ww..", "    ......\n    ..ww...")
    d = one(check(tmp_path, text), "map-row-length")
    assert "terrain row 4 has 7 symbols, expected 6" in d.message
    assert d.line == line_of(text, "..ww...") and d.column == 11


def test_map_row_count(tmp_path):
    text = edit(BASE, "    ......\n    ..ww..\n", "    ......\n")
    d = one(check(tmp_path, text), "map-row-count")
    assert "has 3 rows, expected 4" in d.message


def test_unknown_symbol_is_reported_at_its_line_and_column_with_the_known_ones(tmp_path):
    text = edit(BASE, ".f..~.", ".f.x~.")
    d = one(check(tmp_path, text), "unknown-terrain-symbol")
    assert "symbol 'x' is not in terrain set 'basic-ground'" in d.message
    assert ". = B F ^ d f l m w ~" in d.message
    assert (d.line, d.column) == (line_of(text, ".f.x~."), 8)
    assert d.subject == "hex:0402"


def test_elevation_rows_are_digits_of_the_map_width(tmp_path):
    text = edit(BASE, "001100", "0a1100")
    d = one(check(tmp_path, text), "elevation-not-digit")
    assert "'a' is not a digit" in d.message
    assert (d.line, d.column) == (line_of(text, "0a1100"), 6)
    text = edit(BASE, "001100", "00110")
    d = one(check(tmp_path, text), "elevation-row-length")
    assert "elevation row 2 has 5 digits, expected 6" in d.message
    assert d.line == line_of(text, "    00110")


# -- areas -----------------------------------------------------------------------------------
def test_objective_and_victory_hexes_are_on_the_map(tmp_path):
    text = edit(BASE, '{hex: "0302", name: Shrine', '{hex: "0309", name: Shrine')
    d = one(check(tmp_path, text), "objective-off-map")
    assert "'0309' is off the map" in d.message and d.line == line_of(text, "0309")
    text = edit(BASE, 'hexes: ["0302"]', 'hexes: ["0702"]')
    d = one(check(tmp_path, text), "victory-hex-off-map")
    assert "'0702'" in d.message and d.line == line_of(text, "0702")


def test_setup_zone_items_are_well_formed_and_on_the_map(tmp_path):
    text = edit(BASE, '["0501-0604"]', '["0501-0609"]')
    d = one(check(tmp_path, text), "bad-setup-zone")
    assert "side 'persians' set-up zone item 1" in d.message
    assert d.line == line_of(text, "0501-0609")


# -- armies that meet --------------------------------------------------------------------------
def test_armies_share_era_and_terrain_set(tmp_path):
    text = edit(BASE, "army_list: ancient-persian", "army_list: world-war-1")
    text = text.replace("type: general, hex: \"0601\"", "type: headquarters, hex: \"0601\"")
    text = text.replace("spearmen-bow-standard", "infantry")
    found = check(tmp_path, text)
    era = one(found, "era-mismatch")
    assert "era 'ww1'" in era.message and era.line == line_of(text, "world-war-1")
    terrain = one(found, "terrain-set-mismatch")
    assert "terrain set 'ww1-ground'" in terrain.message
    assert terrain.line == line_of(text, "world-war-1")


def test_armies_share_a_scale(tmp_path):
    text = edit(BASE, "army_list: ancient-persian", "army_list: napoleonic")
    found = check(tmp_path, text)
    d = one(found, "scale-mismatch")
    assert "shares no scale" in d.message and d.line == line_of(text, "napoleonic")


# -- points, compositions, leaders ------------------------------------------------------------
def test_points_over_the_side_limit(tmp_path):
    text = edit(BASE, "points_limit: 40\n    map_edge: west", "points_limit: 10\n    map_edge: west")
    d = one(check(tmp_path, text), "points-over-limit")
    assert "spends 24 points, over its limit of 10" in d.message
    assert d.line == line_of(text, "points_limit: 10") and d.subject == "side:greeks"


def test_composition_rules_of_the_chosen_composition(tmp_path):
    text = edit(BASE, "composition: null", "composition: greek-army")
    found = [d for d in check(tmp_path, text) if d.code == "composition-rule-failed"]
    # hoplites, peltasts, medium and light cavalry fail; "1 General" and "2 Units Psiloi" hold,
    # and the leader rule is left to the leader check
    assert len(found) == 4
    hoplites = next(d for d in found if "8 Units Hoplites" in d.message)
    assert "1 unit, needs exactly 8" in hoplites.message
    assert hoplites.line == line_of(text, "composition: greek-army")


def test_exactly_one_army_leader(tmp_path):
    text = edit(BASE, "{id: strategos, type: general, hex: \"0101\", facing: SE}",
                "{id: strategos, type: peltasts, hex: \"0101\", facing: SE}")
    d = one(check(tmp_path, text), "no-army-leader")
    assert "side 'greeks' has no Army Leader" in d.message and "type general" in d.message
    text = edit(BASE, "{type: psiloi-bow, count: 2}", "{type: psiloi-bow, count: 2, leader: true}")
    d = one(check(tmp_path, text), "several-army-leaders")
    assert "3 Army Leaders (strategos, psiloi-bow-1 (1 of 2), psiloi-bow-1 (2 of 2))" in d.message
    assert d.line == line_of(text, "leader: true")


# -- placement -----------------------------------------------------------------------------------
def test_placed_unit_off_the_map(tmp_path):
    text = edit(BASE, 'type: hoplites-standard, hex: "0102"', 'type: hoplites-standard, hex: "0105"')
    d = one(check(tmp_path, text), "hex-off-map")
    assert "'0105' is off the map" in d.message and d.line == line_of(text, '"0105"')


def test_placed_unit_in_impassable_or_forbidden_terrain(tmp_path):
    text = edit(BASE, 'type: hoplites-standard, hex: "0102"', 'type: hoplites-standard, hex: "0502"')
    text = edit(text, '["0501-0604"]', '["0601-0604"]').replace('["0101-0204"]', '["0101-0504"]')
    d = one(check(tmp_path, text), "impassable-terrain")
    assert "0502, which is Water (impassable)" in d.message
    assert d.line == line_of(text, '"0502"') and d.subject == "unit:greeks/hoplites-standard-1"


def test_placed_unit_outside_its_setup_zone(tmp_path):
    text = edit(BASE, 'type: hoplites-standard, hex: "0102", facing: SE',
                'type: hoplites-standard, hex: "0301", facing: SE')
    d = one(check(tmp_path, text), "outside-setup-zone")
    assert "outside the set-up zone of side 'greeks' (0101-0204)" in d.message
    assert d.line == line_of(text, '"0301"')


def test_stacking_and_enemies_in_one_hex(tmp_path):
    text = edit(BASE, "{type: psiloi-bow, count: 2}", '{type: psiloi-bow, hex: "0102", facing: S}')
    d = one(check(tmp_path, text), "stacking-limit")
    assert "hex 0102 holds 2 ground units (hoplites-standard-1, psiloi-bow-1)" in d.message
    assert "the stacking limit is 1" in d.message
    assert d.line == line_of(text, 'psiloi-bow, hex: "0102"')
    text = edit(BASE, '{id: satrap, type: general, hex: "0601"', '{id: satrap, type: general, hex: "0102"')
    text = text.replace('["0501-0604"]', '["0101-0604"]')
    d = one(check(tmp_path, text), "enemy-units-stacked")
    assert "sides 'greeks' and 'persians'" in d.message and d.subject == "hex:0102"


def test_a_general_tagged_hero_for_points_does_not_stack_freely(tmp_path):
    # The ancient Greek general's `hero` tag is its points class; only the `hero` ability
    # (Middle Earth's starred heroes) stacks freely.
    text = edit(BASE, '{id: strategos, type: general, hex: "0101"', '{id: strategos, type: general, hex: "0102"')
    assert [d.code for d in check(tmp_path, text)] == ["stacking-limit"]


def test_facing_missing_or_not_of_the_orientation(tmp_path):
    text = edit(BASE, 'hex: "0102", facing: SE}', 'hex: "0102", facing: E}')
    d = one(check(tmp_path, text), "bad-facing")
    assert "'E' is not a flat-top hexside facing" in d.message
    assert d.line == line_of(text, "facing: E}")
    text = edit(BASE, 'hex: "0102", facing: SE}', 'hex: "0102"}')
    d = one(check(tmp_path, text), "facing-missing")
    assert "add facing: one of SE NE N NW SW S" in d.message
    assert d.line == line_of(text, 'hex: "0102"}')


def test_unit_ids_are_unique_in_the_scenario(tmp_path):
    text = edit(BASE, "{id: satrap, type: general", "{id: strategos, type: general")
    d = one(check(tmp_path, text), "duplicate-unit-id")
    assert "'strategos' is used twice (sides 'greeks' and 'persians')" in d.message
    assert d.line == line_of(text, "{id: strategos, type: general, hex: \"0601\"")


def test_a_placed_entry_is_one_unit(tmp_path):
    text = edit(BASE, 'hex: "0102", facing: SE}', 'hex: "0102", facing: SE, count: 3}')
    d = one(check(tmp_path, text), "count-on-placed-unit")
    assert "count: 3" in d.message and d.line == line_of(text, "count: 3")


# -- abilities the engine ignores ----------------------------------------------------------------
def test_abilities_in_play_that_are_not_simulated(tmp_path):
    path = tmp_path / "scenario.yaml"
    path.write_text(BASE, encoding="utf-8")
    doc = load_file(path)
    found = validate_document(doc, default_library(), simulated=set())
    warnings = [d for d in found if d.code == "ability-not-simulated"]
    assert len(warnings) == 2          # army-leader of each side's general
    greek = next(d for d in warnings if "ancient-greek" in d.message)
    assert greek.severity == "warning" and "'army-leader'" in greek.message
    assert "ignore" in greek.message
    assert greek.subject == "unit-type:ancient-greek/general"
    assert greek.line == line_of(BASE, "{id: strategos")
    assert validate_document(doc, default_library(), simulated={"army-leader"}) == []


# -- terrain rules and carriers, with a terrain set and list given alongside ----------------------
TERRAIN = """\
kind: terrain-set
format: 1
id: test-ground
name: Test Ground
terrain:
  - {id: open, name: Open, symbol: ".", colour: "#dddddd", mp: 1}
  - {id: wire, name: Barbed Wire, symbol: "x", colour: "#999999", mp: 2, forbidden_tags: [cavalry]}
  - {id: lake, name: Lake, symbol: "~", colour: "#3355ff", mp: impassable, tags: [water]}
  - {id: shallows, name: Shallows, symbol: "w", colour: "#99aaff", mp: 1, tags: [water]}
"""

ARMY_LIST = """\
kind: army-list
format: 1
id: test-army
name: Test Army
era: medieval
scales: [tactical]
terrain_set: test-ground
ruleset: rules-of-war
units:
  - {id: captain, name: Captain, tags: [infantry], move: 3, attack: 5, defense: 5, morale: 8,
     abilities: [army-leader]}
  - {id: foot, name: Foot, tags: [infantry], move: 2, attack: 4, defense: 4, morale: 6}
  - {id: riders, name: Riders, tags: [cavalry], move: 6, attack: 4, defense: 4, morale: 6}
  - {id: barge, name: Barge, tags: [boat], move: 3, attack: 1, defense: 3, morale: 6,
     carry: {infantry: 1}}
  - {id: serpent, name: Serpent, move: 2, attack: 6, defense: 5, morale: 9,
     abilities: [water-only]}
  - {id: eagle, name: Eagle, move: 8, flying: true, attack: 4, defense: 4, morale: 8}
"""

TWO_SIDES = """\
kind: scenario
format: 1
id: river-crossing
name: River Crossing
ruleset: rules-of-war
terrain_set: test-ground
map:
  columns: 4
  rows: 2
  terrain: |
    .x~w
    ....
sides:
  - id: north
    name: North
    colour: "#2b5fa8"
    army_list: test-army
    units:
      - {id: boss, type: captain, hex: "0102", facing: N}
      - {id: scout, type: eagle, hex: "0301", facing: N}
      - {id: ferry, type: barge, hex: "0202", facing: N}
      - {id: guard, type: foot, hex: "0202", facing: N}
  - id: south
    name: South
    colour: "#a82b2b"
    army_list: test-army
    units:
      - {id: chief, type: captain, hex: "0402", facing: N}
      - {id: wyrm, type: serpent, hex: "0401", facing: S}
"""


def check_with_library(tmp_path, text):
    return check(tmp_path, text, ("terrain.yaml", TERRAIN), ("list.yaml", ARMY_LIST))


def test_terrain_rules_and_carriers_clean_case(tmp_path):
    # a flyer over impassable water, a carrier holding one infantry, a serpent in water
    # (the scenario has no victory conditions: only that warning is left)
    assert [d.code for d in check_with_library(tmp_path, TWO_SIDES)] == ["no-victory-conditions"]


def test_forbidden_tags_and_water_only(tmp_path):
    text = edit(TWO_SIDES, '{id: scout, type: eagle, hex: "0301"', '{id: scout, type: riders, hex: "0201"')
    d = one(check_with_library(tmp_path, text), "forbidden-terrain")
    assert "Barbed Wire, forbidden to units tagged cavalry" in d.message
    assert d.line == line_of(text, "type: riders")
    text = edit(TWO_SIDES, '{id: wyrm, type: serpent, hex: "0401"', '{id: wyrm, type: serpent, hex: "0302"')
    d = one(check_with_library(tmp_path, text), "water-only")
    assert "may only be in water, but 0302 is Open" in d.message
    assert d.line == line_of(text, "id: wyrm")


def test_a_carrier_takes_only_what_it_can_carry(tmp_path):
    text = edit(TWO_SIDES, '{id: boss, type: captain, hex: "0102"', '{id: boss, type: captain, hex: "0202"')
    d = one(check_with_library(tmp_path, text), "stacking-limit")
    assert "hex 0202 holds 2 ground units" in d.message


# -- the remaining codes ------------------------------------------------------------------------
def test_row_counts_point_at_the_first_missing_or_extra_row(tmp_path):
    text = edit(BASE, "    ......\n    ..ww..\n", "    ......\n")
    d = one(check(tmp_path, text), "map-row-count")
    assert d.line == line_of(text, "  elevation: |") - 1     # the last row present
    text = edit(BASE, "    000000\n    000000\nsides:", "    000000\n    000000\n    000000\nsides:")
    d = one(check(tmp_path, text), "elevation-row-count")
    assert "the map elevation has 5 rows, expected 4" in d.message
    assert d.line == line_of(text, "sides:") - 1               # the extra fifth row


def test_victory_against_its_own_side_and_counts_beyond_the_hexes(tmp_path):
    text = edit(BASE, "kind: destroy-leader}", "kind: destroy-leader, against: [persians]}")
    d = one(check(tmp_path, text), "victory-against-self")
    assert "name the enemy sides only" in d.message and d.line == line_of(text, "against:")
    text = edit(BASE, 'hexes: ["0302"]}', 'hexes: ["0302"], count: 2}')
    d = one(check(tmp_path, text), "victory-count-too-high")
    assert "asks for 2 hexes out of 1" in d.message and d.line == line_of(text, '"0302"], count: 2')


def test_enemy_stack_is_reported_at_the_later_unit(tmp_path):
    text = edit(BASE, '{id: satrap, type: general, hex: "0601"', '{id: satrap, type: general, hex: "0102"')
    text = text.replace('["0501-0604"]', '["0101-0604"]')
    d = one(check(tmp_path, text), "enemy-units-stacked")
    assert d.line == line_of(text, "{id: satrap")


def test_a_reference_to_a_file_that_failed_to_load(tmp_path):
    broken_list = ARMY_LIST.replace("era: medieval", "era: stone-age")
    found = check(tmp_path, TWO_SIDES, ("terrain.yaml", TERRAIN), ("list.yaml", broken_list))
    refs = [d for d in found if d.code == "reference-broken"]
    assert len(refs) == 2 and "could not be loaded" in refs[0].message
    assert refs[0].line == TWO_SIDES.splitlines().index("    army_list: test-army") + 1


def test_points_that_cannot_be_totalled_are_a_warning(tmp_path):
    fixed_list = ARMY_LIST.replace("ruleset: rules-of-war\n",
                                   "ruleset: rules-of-war\npoints: {formula: fixed}\n")
    text = edit(TWO_SIDES, "    army_list: test-army\n    units:\n      - {id: boss",
                "    army_list: test-army\n    points_limit: 50\n    units:\n      - {id: boss")
    found = check(tmp_path, text, ("terrain.yaml", TERRAIN), ("list.yaml", fixed_list))
    d = one(found, "points-unknown")
    assert d.severity == "warning" and "limit of 50 is not checked" in d.message
    assert d.line == line_of(text, "points_limit: 50")


def test_a_side_that_must_hold_hexes_fields_a_unit_that_can(tmp_path):
    holders = edit(ARMY_LIST, "  - {id: foot, name: Foot, tags: [infantry], move: 2, attack: 4, "
                   "defense: 4, morale: 6}",
                   "  - {id: foot, name: Foot, tags: [infantry], move: 2, attack: 4, "
                   "defense: 4, morale: 6,\n     abilities: [counts-for-objectives]}")
    hold = TWO_SIDES + "victory:\n  - {side: south, kind: hold, hexes: [\"0101\"]}\n"
    found = check(tmp_path, hold, ("terrain.yaml", TERRAIN), ("list.yaml", holders))
    d = one(found, "no-objective-holder")
    assert d.severity == "warning" and "side 'south' must hold hexes" in d.message
    assert "add one of foot" in d.message
    assert d.line == line_of(hold, "{id: chief")                 # its units
    # North fields a foot unit; a list that marks no unit lets any unit hold.
    assert [x for x in found if x.subject == "side:north"] == []
    assert check(tmp_path, hold, ("terrain.yaml", TERRAIN), ("list.yaml", ARMY_LIST)) == []

"""Hexside features of a map are checked at the line of the bad entry: a kind the terrain
set lacks, an entry joining hexes that are not neighbours or are off the map. They load,
save and load again unchanged."""
from __future__ import annotations

from studio.io import load_file
from studio.io.from_model import hex_map as map_to_data
from studio.io.to_model import hex_map as map_from_data
from studio.validate import validate_paths

SCENARIO = """\
kind: scenario
format: 1
id: river-crossing
name: River Crossing
ruleset: rules-of-war
terrain_set: basic-ground
map:
  columns: 6
  rows: 4
  terrain: |
    ......
    ......
    ......
    ......
  hexsides:
    river:
      - 0301/0302
      - 0302/0402/0403
    road: [0101/0102/0103]
sides:
  - id: greeks
    name: Greeks
    colour: "#2b5fa8"
    army_list: ancient-greek
    units:
      - {id: strategos, type: general, hex: "0101", facing: SE}
  - id: persians
    name: Persians
    colour: "#a82b2b"
    army_list: ancient-persian
    units:
      - {id: satrap, type: general, hex: "0601", facing: SW}
victory:
  - {side: greeks, kind: destroy-leader}
  - {side: persians, kind: destroy-leader}
"""


def check(tmp_path, text):
    path = tmp_path / "scenario.yaml"
    path.write_text(text, encoding="utf-8")
    return [d for d in validate_paths([path]) if d.severity == "error"]


def line_of(text, fragment):
    return next(n for n, line in enumerate(text.splitlines(), 1) if fragment in line)


def test_good_hexsides_are_clean(tmp_path):
    assert check(tmp_path, SCENARIO) == []


def test_a_kind_the_terrain_set_lacks_is_placed_at_its_key(tmp_path):
    text = SCENARIO.replace("    road: [", "    raod: [")
    [d] = check(tmp_path, text)
    assert d.code == "unknown-hexside-kind" and "did you mean 'road'" in d.message
    assert d.line == line_of(text, "raod:")


def test_an_edge_between_non_neighbours_is_placed_at_its_line(tmp_path):
    text = SCENARIO.replace("      - 0302/0402/0403", "      - 0302/0402/0404")
    [d] = check(tmp_path, text)
    assert d.code == "hexside-not-neighbours"
    assert "0402 and 0404 are not neighbours" in d.message
    assert d.line == line_of(text, "0302/0402/0404")


def test_a_hex_off_the_map_is_placed_at_its_line(tmp_path):
    text = SCENARIO.replace("      - 0301/0302", "      - 0301/0309")
    [d] = check(tmp_path, text)
    assert d.code == "hexside-off-map" and d.line == line_of(text, "0301/0309")


def test_the_schema_refuses_an_entry_that_is_not_labels(tmp_path):
    text = SCENARIO.replace("      - 0301/0302", "      - 0301 to 0302")
    found = check(tmp_path, text)
    assert found and found[0].line == line_of(text, "0301 to 0302")


def test_hexsides_survive_a_save_and_load(tmp_path):
    doc = load_file(_write(tmp_path, SCENARIO))
    m = doc.model.map
    assert m.hexsides == {"river": ["0301/0302", "0302/0402/0403"], "road": ["0101/0102/0103"]}
    again = map_from_data(map_to_data(m))
    assert again.hexsides == m.hexsides


def _write(tmp_path, text):
    path = tmp_path / "s.yaml"
    path.write_text(text, encoding="utf-8")
    return path

"""`studio validate`: output formats and exit codes 0 / 1 / 2, never a traceback."""
from __future__ import annotations

import json
import re

import pytest

from studio.cli import main
from studio.rulesets.rules_of_war.abilities import SIMULATED
from studio.rulesets import ability_catalogue

CATALOGUE = ability_catalogue()

SCENARIO = """\
kind: scenario
format: 1
id: ford
name: The Ford
ruleset: rules-of-war
terrain_set: basic-ground
map:
  columns: 4
  rows: 3
  terrain: |
    ....
    .ww.
    ....
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
      - {id: satrap, type: general, hex: "0403", facing: NW}
victory:
  - {side: greeks, kind: destroy-leader}
  - {side: persians, kind: destroy-leader}
"""


def run(capsys, *argv):
    code = main(list(argv))
    out, err = capsys.readouterr()
    assert "Traceback" not in out + err
    return code, out, err


def write(tmp_path, name, text):
    path = tmp_path / name
    path.write_text(text, encoding="utf-8")
    return str(path)


def test_clean_file_exits_0_with_a_summary(tmp_path, capsys):
    code, out, _ = run(capsys, "validate", write(tmp_path, "ford.yaml", SCENARIO))
    assert code == 0
    assert out == "0 errors, 0 warnings in 1 file\n"


def test_warnings_alone_exit_0(tmp_path, capsys):
    ignored = [n for n, s in CATALOGUE.items() if n not in SIMULATED
               and all(v is not None for v in s.params.values())]
    if not ignored:
        pytest.skip("the engine simulates every catalogue ability")
    army_list = f"""\
kind: army-list
format: 1
id: odd-greeks
name: Odd Greeks
era: ancients
scales: [tactical]
terrain_set: basic-ground
units:
  - {{id: general, name: General, move: 4, attack: 8, defense: 7, morale: 10,
     abilities: [army-leader, {ignored[0]}]}}
"""
    scenario = SCENARIO.replace("army_list: ancient-greek", "army_list: odd-greeks")
    code, out, _ = run(capsys, "validate", write(tmp_path, "ford.yaml", scenario),
                       write(tmp_path, "list.yaml", army_list))
    assert code == 0
    assert f"warning[ability-not-simulated]: ability {ignored[0]!r}" in out
    assert out.endswith("0 errors, 1 warning in 2 files\n")


def test_errors_exit_1_as_sorted_file_line_col_lines(tmp_path, capsys):
    text = SCENARIO.replace(".ww.", ".wx.").replace('hex: "0403"', 'hex: "0409"')
    path = write(tmp_path, "ford.yaml", text)
    code, out, _ = run(capsys, "validate", path)
    assert code == 1
    lines = out.splitlines()
    assert lines[-1] == "2 errors, 0 warnings in 1 file"
    assert re.fullmatch(re.escape(path) + r":12:7: error\[unknown-terrain-symbol\]: .*", lines[0])
    assert re.fullmatch(re.escape(path) + r":26:\d+: error\[hex-off-map\]: .*'0409'.*", lines[1])


def test_json_format_is_a_list_of_diagnostics(tmp_path, capsys):
    path = write(tmp_path, "ford.yaml", SCENARIO.replace(".ww.", ".wx."))
    code, out, _ = run(capsys, "validate", "--format", "json", path)
    assert code == 1
    data = json.loads(out)
    assert isinstance(data, list) and len(data) == 1
    assert data[0] == {"severity": "error", "code": "unknown-terrain-symbol",
                       "message": data[0]["message"], "file": path, "line": 12, "column": 7,
                       "subject": "hex:0302"}
    code, out, _ = run(capsys, "validate", "--format", "json",
                       write(tmp_path, "ford.yaml", SCENARIO))
    assert (code, json.loads(out)) == (0, [])


@pytest.mark.parametrize("content", [
    "kind: scenario\nmap: [\n",                  # malformed
    "kind: scenario\nname: &a x\nid: *a\n",     # anchors are refused
    "\x00\x01binary",
])
def test_unreadable_yaml_only_exits_2_with_a_diagnostic(tmp_path, capsys, content):
    path = write(tmp_path, "broken.yaml", content)
    code, out, _ = run(capsys, "validate", path)
    assert code == 2
    assert out.startswith(f"{path}:") and "error[" in out


def test_schema_errors_are_errors_not_unusable_input(tmp_path, capsys):
    path = write(tmp_path, "bad.yaml", SCENARIO.replace("columns: 4", "columns: four"))
    code, out, _ = run(capsys, "validate", path)
    assert code == 1 and "error[schema]" in out


def test_missing_path_and_empty_folder_exit_2(tmp_path, capsys):
    code, out, _ = run(capsys, "validate", str(tmp_path / "nowhere.yaml"))
    assert code == 2 and "error[path-missing]: no such file or folder" in out
    (tmp_path / "empty").mkdir()
    code, out, _ = run(capsys, "validate", str(tmp_path / "empty"))
    assert code == 2 and "error[no-files]" in out
    code, out, _ = run(capsys, "validate", write(tmp_path, "ford.yaml", SCENARIO),
                       str(tmp_path / "nowhere.yaml"))
    assert code == 2


def test_bad_arguments_exit_2(capsys):
    code, _, err = run(capsys, "validate")
    assert code == 2 and "usage:" in err
    code, _, err = run(capsys, "validate", "--format", "xml", "x.yaml")
    assert code == 2 and "invalid choice" in err


def test_library_option_adds_folders(tmp_path, capsys):
    lib = tmp_path / "lib"
    lib.mkdir()
    text = SCENARIO.replace("army_list: ancient-persian", "army_list: odd-persians")
    code, out, _ = run(capsys, "validate", write(tmp_path, "ford.yaml", text))
    assert code == 1 and "unknown-army-list" in out
    persian = (tmp_path / "lib" / "persians.yaml")
    from studio.io import default_library
    source = default_library().document("army-list", "ancient-persian").path
    persian.write_text(open(source, encoding="utf-8").read().replace(
        "id: ancient-persian", "id: odd-persians", 1), encoding="utf-8")
    code, out, _ = run(capsys, "validate", "--library", str(lib), str(tmp_path / "ford.yaml"))
    assert code == 0, out

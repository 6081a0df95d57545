"""Issue 29 item 11: no output replaces an input. `export tmx` writes a tileset and its
image beside the map, so those may not be the scenario either; simulate's -o and --pdf
may not be one file (the PDF would replace the JSON)."""
import shutil

import pytest

from fuzz_cases import ROOT, _cli

SCENARIO = ROOT / "templates" / "scenarios" / "qnd-mirror.yaml"


@pytest.mark.parametrize("name", ["m.tsx", "m-tiles.png"])
def test_export_tmx_refuses_a_tileset_that_would_replace_its_scenario(tmp_path, name):
    scenario = tmp_path / name
    shutil.copy(SCENARIO, scenario)
    before = scenario.read_bytes()
    code, said = _cli(["export", "tmx", str(scenario), "-o", str(tmp_path / "m.tmx")])
    assert code == 2
    assert f"-o {tmp_path / 'm.tmx'} writes {scenario}: {scenario} is the input file" in said
    assert scenario.read_bytes() == before
    assert not (tmp_path / "m.tmx").exists()


def test_export_tmx_beside_another_name_still_writes_all_three(tmp_path):
    scenario = tmp_path / "m.tsx"
    shutil.copy(SCENARIO, scenario)
    code, said = _cli(["export", "tmx", str(scenario), "-o", str(tmp_path / "map.tmx"),
                       "--quiet"])
    assert code == 0, said
    assert {p.name for p in tmp_path.iterdir()} == {"m.tsx", "map.tmx", "map.tsx",
                                                     "map-tiles.png"}


@pytest.mark.parametrize("command", ["simulate", "balance"])
def test_one_file_for_the_json_and_the_pdf_is_refused(tmp_path, command):
    out = tmp_path / "same.out"
    source = SCENARIO if command == "simulate" else \
        ROOT / "templates" / "studies" / "marathon-balance.yaml"
    extra = ["--games", "1"] if command == "simulate" else []
    code, said = _cli([command, str(source), *extra, "-o", str(out), "--pdf",
                       str(tmp_path / "." / "same.out")])
    assert code == 2
    assert "name the same file: the PDF would replace the JSON report" in said
    assert not out.exists()

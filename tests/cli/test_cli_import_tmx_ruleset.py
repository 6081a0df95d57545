"""`studio import tmx` plays the imported map by the game its terrain set is drawn for (an
Action Dice table imports as an Action Dice scenario, a Quick and Dirty field as Quick and
Dirty), or by `--ruleset`; either way the scenario validates as it comes."""
from __future__ import annotations

import pytest

from studio.cli import main
from studio.io import load_file
from studio.io.samples import scenarios_dir


@pytest.mark.parametrize("sample,ruleset", [("ad-border-skirmish", "action-dice"),
                                            ("qnd-mirror", "quick-and-dirty"),
                                            ("marathon", "rules-of-war")])
def test_imported_map_takes_the_game_of_its_terrain_set_and_validates(
        tmp_path, capsys, sample, ruleset):
    source = scenarios_dir() / f"{sample}.yaml"
    assert main(["export", "tmx", str(source), "-o", str(tmp_path / "map")]) == 0
    # the exporter names the terrain set, never the ruleset: the importer infers it
    assert 'name="ruleset"' not in (tmp_path / "map.tmx").read_text()
    out = tmp_path / "back.yaml"
    assert main(["import", "tmx", str(tmp_path / "map.tmx"), "-o", str(out)]) == 0
    assert f"wrote {out}: {ruleset} scenario" in capsys.readouterr().out
    back = load_file(out)
    assert back.model.ruleset == ruleset
    assert back.model.terrain_set == load_file(source).model.terrain_set
    assert main(["validate", str(out)]) == 0, capsys.readouterr()


def test_ruleset_flag_wins_and_a_wrong_one_is_refused(tmp_path, capsys):
    source = scenarios_dir() / "qnd-mirror.yaml"
    assert main(["export", "tmx", str(source), "-o", str(tmp_path / "map")]) == 0
    out = tmp_path / "back.yaml"
    assert main(["import", "tmx", str(tmp_path / "map.tmx"), "-o", str(out),
                 "--ruleset", "quick-and-dirty"]) == 0
    assert load_file(out).model.ruleset == "quick-and-dirty"
    capsys.readouterr()
    refused = tmp_path / "no.yaml"
    assert main(["import", "tmx", str(tmp_path / "map.tmx"), "-o", str(refused),
                 "--ruleset", "chess"]) == 1
    err = capsys.readouterr().err
    assert "ruleset 'chess' is not in the library" in err and "--ruleset" in err
    assert not refused.exists()

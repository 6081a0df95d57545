"""`studio samples`: an installed user's way to the bundled samples — the list, and copies
in a folder of their own that validate where they land."""
from __future__ import annotations

from studio.cli import main
from studio.io import load_file
from studio.io.samples import scenario_templates


def test_list_names_every_sample_with_its_game_and_map(capsys):
    assert main(["samples"]) == 0
    out = capsys.readouterr().out
    for path in scenario_templates():
        assert path.stem in out
    assert "marathon" in out and "Marathon, 490 BC — rules-of-war, 32×22 flat-top" in out
    assert "ad-border-skirmish" in out and "action-dice" in out
    assert "studio samples copy NAME -o FOLDER" in out
    assert main(["samples", "list"]) == 0
    assert capsys.readouterr().out == out


def test_copy_one_or_all_into_a_folder_that_validates(tmp_path, capsys):
    mine = tmp_path / "mine"
    assert main(["samples", "copy", "marathon", "-o", str(mine)]) == 0
    assert (mine / "marathon.yaml").read_bytes() == next(
        p for p in scenario_templates() if p.stem == "marathon").read_bytes()
    assert f"studio {mine / 'marathon.yaml'}" in capsys.readouterr().out
    everything = tmp_path / "all"
    assert main(["samples", "copy", "all", "-o", str(everything)]) == 0
    copied = sorted(p.name for p in everything.glob("*.yaml"))
    assert copied == sorted(p.name for p in scenario_templates())
    assert load_file(everything / "qnd-mirror.yaml").model.ruleset == "quick-and-dirty"
    assert main(["validate", str(everything)]) == 0


def test_copy_refuses_unknown_names_and_replacing_files(tmp_path, capsys):
    assert main(["samples", "copy", "waterloo", "-o", str(tmp_path)]) == 2
    err = capsys.readouterr().err
    assert "no sample called 'waterloo'" in err and "marathon" in err
    (tmp_path / "marathon.yaml").write_text("mine")
    assert main(["samples", "copy", "marathon", "-o", str(tmp_path)]) == 2
    assert "add --force" in capsys.readouterr().err
    assert (tmp_path / "marathon.yaml").read_text() == "mine"
    assert main(["samples", "copy", "marathon", "-o", str(tmp_path), "--force"]) == 0
    assert (tmp_path / "marathon.yaml").read_text() != "mine"

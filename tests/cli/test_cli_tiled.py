"""`studio export tmx` and `studio import tmx` from the command line."""
from __future__ import annotations

from studio.cli import main
from studio.io import load_file
from studio.io.samples import scenarios_dir

MARATHON = str(scenarios_dir() / "marathon.yaml")


def test_export_then_import_gives_the_same_map(tmp_path, capsys):
    assert main(["export", "tmx", MARATHON, "-o", str(tmp_path / "marathon"),
                 "--hex-size", "20", "--no-labels"]) == 0
    out = capsys.readouterr().out
    assert "marathon.tmx with marathon.tsx and marathon-tiles.png: map of 32×22 hexes" in out
    assert "hex labels" not in (tmp_path / "marathon.tmx").read_text()
    assert main(["import", "tmx", str(tmp_path / "marathon.tmx"), "-o",
                 str(tmp_path / "back.yaml"), "--name", "Marathon again"]) == 0
    assert "32×22 flat-top hexes on basic-ground, 3 objective(s)" in capsys.readouterr().out
    back = load_file(tmp_path / "back.yaml")
    assert back.model.name == "Marathon again"
    assert back.model.map.terrain == load_file(MARATHON).model.map.terrain
    assert main(["validate", str(tmp_path / "back.yaml")]) == 0


def test_import_refusals_exit_1_and_write_nothing(tmp_path, capsys):
    flat = tmp_path / "flat.tmx"
    flat.write_text('<map orientation="orthogonal" width="2" height="2" tilewidth="8" '
                    'tileheight="8"/>')
    target = tmp_path / "out.yaml"
    assert main(["import", "tmx", str(flat), "-o", str(target)]) == 1
    err = capsys.readouterr().err
    assert f"{flat}: the map is orthogonal orientation, not hexagonal" in err
    assert not target.exists()
    assert main(["import", "tmx", str(tmp_path / "missing.tmx"), "-o", str(target)]) == 2
    assert "no such file" in capsys.readouterr().err
    assert main(["import", "tmx", str(flat), "-o", str(target), "--tile", "nonsense"]) == 1
    assert "write TILESET:ID=TERRAIN" in capsys.readouterr().err


def test_export_errors(tmp_path, capsys):
    assert main(["export", "tmx", MARATHON, "-o", str(tmp_path / "m.tmx"),
                 "--hex-size", "1000"]) == 2
    assert "give 4 to 512 pixels" in capsys.readouterr().err
    assert main(["export", "tmx", MARATHON, "-o", str(tmp_path / "no" / "m.tmx")]) == 2
    assert "does not exist" in capsys.readouterr().err
    assert list(tmp_path.iterdir()) == []

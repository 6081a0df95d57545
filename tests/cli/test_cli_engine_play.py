"""`studio play` and `studio replay`: one game told round by round, its log, and the check
that re-playing the log gives the same events."""
from __future__ import annotations

import json

import pytest

from studio.cli import main
from studio.io import default_library, save_file
from studio.model import RosterUnit
from studio.simulate.mirror import mirror_scenario


@pytest.fixture()
def scenario_file(tmp_path):
    lst = default_library().army_list("persian-wars-greek")
    sc = mirror_scenario(lst, "greek-archon", ["athenian-hoplites", "cretan-bowmen",
                                               "war-chariots", "spartan-warband"],
                         columns=11, rows=8)
    path = tmp_path / "mirror.yaml"
    save_file(sc, path)
    return path


def test_play_tells_the_game_and_replay_confirms_it(tmp_path, scenario_file, capsys):
    log = tmp_path / "game.jsonl"
    assert main(["play", str(scenario_file), "--seed", "5", "--log", str(log)]) == 0
    out = capsys.readouterr().out
    assert "Round 1" in out and "initiative:" in out and "moves:" in out
    assert "Result:" in out
    assert any(w in out for w in ("attacks (", "rolled"))
    header = json.loads(log.read_text().splitlines()[0])
    assert header["type"] == "game" and header["seed"] == 5
    assert header["scenario_path"] == str(scenario_file.resolve())
    assert main(["replay", str(log)]) == 0
    assert "OK:" in capsys.readouterr().out


def test_same_seed_same_game(tmp_path, scenario_file, capsys):
    a, b = tmp_path / "a.jsonl", tmp_path / "b.jsonl"
    main(["play", str(scenario_file), "--seed", "9", "--log", str(a)])
    main(["play", str(scenario_file), "--seed", "9", "--log", str(b)])
    capsys.readouterr()
    assert a.read_text() == b.read_text()


def test_a_tampered_log_is_a_mismatch(tmp_path, scenario_file, capsys):
    log = tmp_path / "game.jsonl"
    main(["play", str(scenario_file), "--seed", "3", "--log", str(log)])
    capsys.readouterr()
    lines = log.read_text().splitlines()
    # Change the value of the first die rolled after the opening.
    for i, line in enumerate(lines):
        d = json.loads(line)
        if d.get("kind") == "roll" and i > 5:
            d["value"] = d["value"] % 10 + 1
            lines[i] = json.dumps(d, sort_keys=True)
            break
    log.write_text("\n".join(lines) + "\n")
    assert main(["replay", str(log)]) == 1
    out = capsys.readouterr().out
    assert "MISMATCH" in out and "differs" in out


def test_replay_finds_the_scenario_beside_the_log_or_asks_for_it(tmp_path, scenario_file, capsys):
    log = tmp_path / "game.jsonl"
    main(["play", str(scenario_file), "--seed", "2", "--log", str(log)])
    capsys.readouterr()
    lines = log.read_text().splitlines()
    header = json.loads(lines[0])
    del header["scenario_path"]
    log.write_text("\n".join([json.dumps(header)] + lines[1:]) + "\n")
    assert main(["replay", str(log)]) == 2
    assert "--scenario" in capsys.readouterr().err
    assert main(["replay", str(log), "--scenario", str(scenario_file)]) == 0


def test_missing_files_exit_2(tmp_path, capsys):
    assert main(["play", str(tmp_path / "nope.yaml")]) == 2
    assert main(["replay", str(tmp_path / "nope.jsonl")]) == 2
    (tmp_path / "bad.jsonl").write_text("not json\n")
    assert main(["replay", str(tmp_path / "bad.jsonl")]) == 2


def test_play_refuses_a_scenario_with_errors(tmp_path, capsys):
    lst = default_library().army_list("persian-wars-greek")
    sc = mirror_scenario(lst, "greek-archon", ["athenian-hoplites"], columns=11, rows=8)
    sc.sides[1].army.units.append(RosterUnit(type="no-such-unit", id="ghost", hex="0907",
                                             facing="N"))
    path = tmp_path / "broken.yaml"
    save_file(sc, path)
    assert main(["play", str(path)]) == 1
    err = capsys.readouterr().err
    assert "error[" in err and "no-such-unit" in err

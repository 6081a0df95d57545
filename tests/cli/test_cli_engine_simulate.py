"""`studio simulate`: exit codes, the JSON report, the not-simulated list, progress."""
from __future__ import annotations

import json

import pytest

from studio.cli import main
from studio.io import default_library, save_file
from studio.model import RosterUnit
from studio.simulate.mirror import mirror_scenario


def write_mirror(tmp_path, list_id="persian-wars-greek", name="mirror.yaml", others=None):
    lst = default_library().army_list(list_id)
    leader = next(u.id for u in lst.units
                  if any(a.name == "army-leader" for a in lst.effective_abilities(u)))
    others = others or [u.id for u in lst.units if u.id != leader][:3]
    sc = mirror_scenario(lst, leader, others, columns=11, rows=8)
    path = tmp_path / name
    save_file(sc, path)
    return path, sc


def test_json_report_to_stdout_and_file(tmp_path, capsys):
    path, _ = write_mirror(tmp_path)
    out_file = tmp_path / "report.json"
    code = main(["simulate", str(path), "--games", "4", "--seed", "3", "--workers", "1",
                 "--format", "json", "-o", str(out_file)])
    out = capsys.readouterr().out
    assert code == 0
    data = json.loads(out)
    assert data == json.loads(out_file.read_text())
    assert data["games"] == 4 and data["seed"] == 3
    assert [s["side"] for s in data["sides"]] == ["west", "east"]
    side = data["sides"][0]
    assert {"wins", "win_rate", "win_rate_ci95", "victory_conditions", "unit_types"} <= set(side)
    assert {"unit_type", "lost_per_game", "kills_per_point"} <= set(side["unit_types"][0])


def test_text_report_lists_unsimulated_abilities_first(tmp_path, capsys):
    path, _ = write_mirror(tmp_path, "world-war-1", others=["infantry", "mustard-gas"])
    assert main(["simulate", str(path), "--games", "2", "--seed", "1"]) == 0
    out = capsys.readouterr().out
    assert out.index("Not simulated in these games") < out.index("95% CI")
    assert "west: gas-attack (mustard-gas)" in out


def test_progress_on_stderr_when_asked(tmp_path, capsys):
    path, _ = write_mirror(tmp_path)
    assert main(["simulate", str(path), "--games", "3", "--progress", "--format", "json"]) == 0
    captured = capsys.readouterr()
    assert "games 3/3" in captured.err
    json.loads(captured.out)


def test_no_progress_when_not_a_terminal(tmp_path, capsys):
    path, _ = write_mirror(tmp_path)
    assert main(["simulate", str(path), "--games", "2", "--format", "json"]) == 0
    assert "games" not in capsys.readouterr().err


def test_scenario_with_errors_exits_1_before_any_game(tmp_path, capsys):
    path, sc = write_mirror(tmp_path)
    sc.sides[0].army.units.append(RosterUnit(type="athenian-hoplites", id="lost",
                                             hex="9999", facing="N"))
    save_file(sc, path)
    assert main(["simulate", str(path), "--games", "2", "--format", "json"]) == 1
    captured = capsys.readouterr()
    assert captured.out == ""
    assert "error[" in captured.err and "9999" in captured.err


@pytest.mark.parametrize("args", [["--games", "-1"], ["--workers", "0"]])
def test_bad_numbers_exit_2(tmp_path, capsys, args):
    path, _ = write_mirror(tmp_path)
    assert main(["simulate", str(path), *args]) == 2


def test_missing_or_wrong_kind_of_file_exits_2(tmp_path, capsys):
    assert main(["simulate", str(tmp_path / "nope.yaml")]) == 2
    lib_file = tmp_path / "list.yaml"
    save_file(default_library().army_list("persian-wars-greek"), lib_file)
    assert main(["simulate", str(lib_file)]) == 2
    assert "not a scenario" in capsys.readouterr().err

"""Issue 18 items 2 and 10: an output that names an input is refused, bad paths exit 2."""

from repo_paths import REPO_ROOT
import shutil
from pathlib import Path

from studio.cli import main

TEMPLATE = REPO_ROOT / "templates" / "scenarios" / "belt-skirmish.yaml"


def _copy(tmp_path):
    target = tmp_path / "s.yaml"
    shutil.copy(TEMPLATE, target)
    return target


def test_simulate_output_equal_to_scenario_is_refused(tmp_path):
    scenario = _copy(tmp_path)
    before = scenario.read_bytes()
    assert main(["simulate", str(scenario), "-o", str(scenario)]) == 2
    assert scenario.read_bytes() == before


def test_validate_empty_path_is_refused():
    assert main(["validate", ""]) == 2


def test_simulate_empty_scenario_exits_2(tmp_path):
    empty = tmp_path / "empty.yaml"
    empty.write_text("")
    assert main(["simulate", str(empty)]) == 2


def test_float_and_huge_integer_get_a_located_error(tmp_path, capsys):
    """Items 6 and 9: `melee: 7.0` and a 4,400-digit integer are reported at their line."""
    source = (REPO_ROOT / "libraries" / "army-lists"
              / "punic-wars-carthaginian.yaml").read_text()
    for bad in ("7.0", "9" * 4400):
        army = tmp_path / "army.yaml"
        army.write_text(source.replace("attack: {melee: 7}", "attack: {melee: %s}" % bad, 1))
        code = main(["validate", str(army)])
        out = capsys.readouterr()
        assert code in (1, 2), bad[:10]
        assert "army.yaml:26" in out.out + out.err, (bad[:10], (out.out + out.err)[:400])


def test_one_sided_scenario_is_reported_by_validate(tmp_path, capsys):
    """Item 13: play refuses a scenario with one side, so validate says so."""
    lines = TEMPLATE.read_text().splitlines()
    kept = [line for line in lines[:60] + lines[85:] if "marauders" not in line]
    scenario = tmp_path / "one.yaml"
    scenario.write_text("\n".join(kept) + "\n")
    assert main(["validate", str(scenario)]) == 1
    assert "too-few-sides" in capsys.readouterr().out


def test_malformed_game_logs_exit_2_with_the_line(tmp_path, capsys):
    """Item 8: replay of a broken log exits 2 and names the line, never a traceback."""
    import json
    log = tmp_path / "game.jsonl"
    assert main(["play", str(TEMPLATE), "--seed", "5", "--log", str(log)]) == 0
    lines = log.read_text().splitlines()
    header = json.loads(lines[0])
    bad_headers = [dict(header, seed="abc"), dict(header, seed=1.5),
                   dict(header, scenario_path=5), dict(header, options_override=[1])]
    cases = [[json.dumps(h)] + lines[1:] for h in bad_headers]
    cases += [lines[:1] + ["null"] + lines[1:], lines[:1] + ["[1, 2]"] + lines[1:]]
    for case in cases:
        log.write_text("\n".join(case) + "\n")
        assert main(["replay", str(log)]) == 2, case[0][:80]
        assert "line" in capsys.readouterr().err
    log.write_bytes(b"\xff\xfe" + lines[0].encode())
    assert main(["replay", str(log)]) == 2


def test_unbounded_unit_numbers_do_not_validate(tmp_path, capsys):
    """Item 1: a move or range that would hang play is refused at its line."""
    source = (REPO_ROOT / "libraries" / "army-lists"
              / "punic-wars-carthaginian.yaml").read_text()
    for old, new, line in (("move: 4", "move: 18446744073709551616", 24),
                           ("range: 1", "range: 10000000", 25)):
        army = tmp_path / "army.yaml"
        army.write_text(source.replace(old, new, 1))
        assert main(["validate", str(army)]) == 1, new
        assert f"army.yaml:{line}" in capsys.readouterr().out, new


def test_saving_through_a_symlink_writes_the_target_and_keeps_hard_links(tmp_path):
    """Item 4."""
    import os
    from studio.io.atomic_write import write_text_atomic
    real = tmp_path / "real.yaml"
    real.write_text("old\n")
    link = tmp_path / "link.yaml"
    link.symlink_to(real)
    hard = tmp_path / "hard.yaml"
    os.link(real, hard)
    write_text_atomic(link, "new\n")
    assert link.is_symlink()
    assert real.read_text() == "new\n" and hard.read_text() == "new\n"


def test_a_killed_write_leaves_nothing_the_next_write_keeps(tmp_path):
    """Item 12: a sibling from a dead writer is removed on the next write of the target."""
    from studio.io.atomic_write import write_text_atomic
    target = tmp_path / "s.yaml"
    write_text_atomic(target, "a\n")
    dead = tmp_path / ".s.yaml.999999.0badf00d.tmp"
    dead.write_text("half")
    write_text_atomic(target, "b\n")
    assert not dead.exists()
    assert sorted(p.name for p in tmp_path.iterdir()) == ["s.yaml"]

"""Issue 18, the parts of items 1, 2, 5, 7, 8, 9, 10 and 11 no other test pins: every number
bounded, every output checked, every bad option and log refused with exit 2, and a file that
floods validate with findings answered in a bounded number of lines."""

from repo_paths import REPO_ROOT
import json
import os
import shutil
from pathlib import Path

import pytest

from studio.cli import main
from studio.diagnostics import MAX_FINDINGS_PER_FILE

ROOT = REPO_ROOT
TEMPLATE = ROOT / "templates" / "scenarios" / "belt-skirmish.yaml"
LIBRARIES = ROOT / "libraries"


def _copy(tmp_path, name="s.yaml"):
    target = tmp_path / name
    shutil.copy(TEMPLATE, target)
    return target


@pytest.mark.parametrize("source, old, new, line", [
    ("terrain-sets/basic-ground.yaml", "    mp: 1\n", "    mp: 0.0000001\n", 14),
    ("rulesets/rules-of-war.yaml", "die_sides: 10 ", "die_sides: 10000000000 ", 7),
])
def test_item1_tiny_costs_and_huge_dice_do_not_validate(tmp_path, capsys, source, old, new,
                                                        line):
    text = (LIBRARIES / source).read_text()
    assert old in text
    bad = tmp_path / "bad.yaml"
    bad.write_text(text.replace(old, new, 1))
    assert main(["validate", str(bad)]) == 1
    assert f"bad.yaml:{line}:" in capsys.readouterr().out


@pytest.mark.parametrize("command", [
    ["play", "{s}", "--log", "{s}"],
    ["export", "counters", "{s}", "-o", "{s}"],
    ["export", "playsheet", "{s}", "-o", "{s}"],
    ["export", "map", "{s}", "-o", "{s}"],
    ["render", "{s}", "-o", "{s}"],
])
def test_item2_every_output_naming_its_input_is_refused(tmp_path, capsys, command):
    scenario = _copy(tmp_path)
    before = scenario.read_bytes()
    assert main([part.format(s=scenario) for part in command]) == 2
    assert "would replace it" in capsys.readouterr().err
    assert scenario.read_bytes() == before


def test_item2_import_onto_its_own_map_is_refused(tmp_path, capsys):
    scenario = _copy(tmp_path)
    tmx = tmp_path / "map.tmx"
    assert main(["export", "tmx", str(scenario), "-o", str(tmx), "--quiet"]) == 0
    before = tmx.read_bytes()
    assert main(["import", "tmx", str(tmx), "-o", str(tmx), "--quiet"]) == 2
    assert tmx.read_bytes() == before


def test_item5_ability_values_of_the_wrong_type_stop_at_validation(tmp_path, capsys):
    """`value: '0000'` or `[1, 2]` on attack-modifier: a located schema error, and play and
    simulate refuse the scenario (exit 1) instead of a TypeError in the engine (exit 3)."""
    source = (LIBRARIES / "army-lists" / "space-fleet.yaml").read_text()
    good = "{name: attack-modifier, value: 2, vs_tags: [fighter]}"
    assert good in source
    line = source[:source.index(good)].count("\n") + 1
    scenario = _copy(tmp_path)
    for bad in ("'0000'", "[1, 2]"):
        lib = tmp_path / "lib" / "army-lists"
        lib.mkdir(parents=True, exist_ok=True)
        (lib / "space-fleet.yaml").write_text(
            source.replace(good, good.replace("value: 2", f"value: {bad}")))
        assert main(["validate", str(lib / "space-fleet.yaml")]) == 1
        assert f"space-fleet.yaml:{line}:" in capsys.readouterr().out
        library = ["--library", str(tmp_path / "lib")]
        assert main(["play", str(scenario), "--seed", "1", "--quiet", *library]) == 1, bad
        assert main(["simulate", str(scenario), "--games", "2", *library]) == 1, bad
        assert "Traceback" not in capsys.readouterr().err


@pytest.mark.parametrize("command, message", [
    (["export", "playsheet", "{s}", "-o", "{t}/missing/x.pdf"], "does not exist"),
    (["export", "playsheet", "{s}", "-o", "{t}"], "is a folder"),
    (["export", "playsheet", "{s}", "-o", "{t}/x.pdf", "--page", "60x60mm"], "does not fit"),
    (["export", "map", "{s}", "-o", "{t}/x.pdf", "--page", "60x60mm"], "page"),
    (["export", "counters", "{s}", "-o", "{t}/x.pdf", "--counter-size", "banana"], "banana"),
    (["export", "tmx", "{s}", "-o", "{t}/missing/x.tmx"], "does not exist"),
    (["export", "tmx", "{s}", "-o", "{t}"], "is a folder"),
    (["export", "tmx", "{s}", "-o", "{t}/x.tmx", "--hex-size", "banana"], "banana"),
    (["export", "counter-images", "{s}", "-o", "{s}"], "is a file"),
    (["export", "counter-images", "{s}", "-o", "{s}/sub"], "is a file"),
    (["export", "counter-images", "{s}", "-o", "{t}/img", "--dpi", "0"], "dpi"),
    (["import", "tmx", "{t}/m.tmx", "-o", "{t}/missing/s.yaml"], "does not exist"),
    (["export", "vassal", "{s}", "-o", "{t}"], "is a folder"),
    (["export", "vassal", "{s}", "-o", "{t}/missing/x.vmod"], "does not exist"),
    (["export", "vassal", "{s}", "-o", "{t}/x.vmod", "--dpi", "1000"], "give 36 to 300"),
])
def test_item7_and_10_unusable_outputs_and_options_exit_2(tmp_path, capsys, command, message):
    outer, tmp_path = tmp_path, tmp_path / "w"
    tmp_path.mkdir()
    scenario = _copy(tmp_path)
    if command[0] == "import":
        assert main(["export", "tmx", str(scenario), "-o", str(tmp_path / "m.tmx"),
                     "--quiet"]) == 0
    before = sorted(p.name for p in tmp_path.iterdir())
    assert main([part.format(s=scenario, t=tmp_path) for part in command]) == 2
    assert message in capsys.readouterr().err
    assert sorted(p.name for p in tmp_path.iterdir()) == before
    assert sorted(p.name for p in outer.iterdir()) == ["w"]    # nor beside it (`w.tmx`)


@pytest.mark.parametrize("command", [
    ["export", "playsheet", "{s}", "-o", "{t}/x.pdf"],
    ["export", "tmx", "{s}", "-o", "{t}/x.tmx"],
    ["export", "counter-images", "{s}", "-o", "{t}/img"],
    ["render", "{s}", "-o", "{t}/x.png"],
])
def test_item7_a_read_only_place_exits_2(tmp_path, capsys, monkeypatch, command):
    # Tests may run as root, for whom chmod makes nothing read-only: the check asks os.access.
    scenario = _copy(tmp_path)
    real_access = os.access
    monkeypatch.setattr(os, "access", lambda path, mode, **kw: False if mode & os.W_OK
                        else real_access(path, mode, **kw))
    assert main([part.format(s=scenario, t=tmp_path) for part in command]) == 2
    assert "read-only" in capsys.readouterr().err
    assert sorted(p.name for p in tmp_path.iterdir()) == ["s.yaml"]


def _log(tmp_path):
    log = tmp_path / "game.jsonl"
    assert main(["play", str(TEMPLATE), "--seed", "5", "--log", str(log), "--quiet"]) == 0
    return log, log.read_text().splitlines()


def test_item8_deep_nesting_unknown_format_and_foreign_path_in_a_log(tmp_path, capsys):
    log, lines = _log(tmp_path)
    header = json.loads(lines[0])
    army = LIBRARIES / "army-lists" / "space-fleet.yaml"
    cases = [
        (lines[:1] + ["[" * 100000 + "]" * 100000] + lines[1:], "line 2"),
        ([json.dumps(dict(header, format=99))] + lines[1:], "line 1"),
        ([json.dumps(dict(header, scenario_path=str(army)))] + lines[1:], "not a scenario"),
    ]
    for case, said in cases:
        log.write_text("\n".join(case) + "\n")
        assert main(["replay", str(log)]) == 2, case[0][:80]
        err = capsys.readouterr().err
        assert said in err and "Traceback" not in err, err


def test_item9_unknown_terrain_set_is_one_finding_not_one_per_row(tmp_path, capsys):
    scenario = _copy(tmp_path)
    scenario.write_text(scenario.read_text().replace("terrain_set: basic-space",
                                                     "terrain_set: no-such-set"))
    assert main(["validate", str(scenario)]) == 1
    out = capsys.readouterr().out
    assert "unknown-terrain-set" in out
    assert "elevation-not-digit" not in out and "unknown-terrain-symbol" not in out


def test_item11_a_flood_of_unknown_keys_is_capped_and_counted(tmp_path, capsys):
    scenario = _copy(tmp_path)
    keys = 5 * MAX_FINDINGS_PER_FILE
    with open(scenario, "a") as out:
        out.writelines(f"unknown_key_{i}: {i}\n" for i in range(keys))
    assert main(["validate", str(scenario)]) == 1
    lines = capsys.readouterr().out.splitlines()
    assert len(lines) == MAX_FINDINGS_PER_FILE + 2       # the cap, the count, the total
    assert "unknown_key_0'" in lines[0]
    assert "too-many-findings" in lines[-2]
    assert f"{keys - MAX_FINDINGS_PER_FILE} more findings" in lines[-2]


def test_item11_findings_of_every_check_are_capped_per_file():
    from studio.diagnostics import Diagnostic, capped
    flood = [Diagnostic("error", "map-row-length", f"row {i}", file="a.yaml", line=i)
             for i in range(1000)]
    other = [Diagnostic("warning", "w", "x", file="b.yaml", line=1)]
    out = capped(flood + other, limit=10)
    assert [d.file for d in out].count("a.yaml") == 11 and out[-1].file == "b.yaml"
    assert out[10].code == "too-many-findings" and out[10].message.startswith("990 more")
    # capping twice (a document's list, then the run's) keeps the count
    again = capped(out + [Diagnostic("error", "late", "y", file="a.yaml", line=2000)], limit=10)
    assert [d.message for d in again if d.code == "too-many-findings"][0].startswith("991 more")


def test_item13_links_out_of_the_user_library_are_not_followed(tmp_path, monkeypatch, capsys):
    from studio.io import Library, user_library_dir
    monkeypatch.setenv("WARGAME_STUDIO_HOME", str(tmp_path / "home"))
    secret = tmp_path / "elsewhere" / "private.yaml"
    secret.parent.mkdir()
    text = (LIBRARIES / "army-lists" / "space-fleet.yaml").read_text()
    secret.write_text(text.replace("id: space-fleet", "id: secret-fleet"))
    lists = user_library_dir() / "army-lists"
    lists.mkdir(parents=True)
    (lists / "linked.yaml").symlink_to(secret)
    inside = lists / "own.yaml"
    inside.write_text(text.replace("id: space-fleet", "id: own-fleet"))
    (lists / "alias.yaml").symlink_to(inside)            # a link inside the root is fine
    lib = Library.load([user_library_dir()])
    assert lib.army_list("secret-fleet") is None
    assert lib.army_list("own-fleet") is not None
    assert [d.code for d in lib.diagnostics if d.code == "link-outside-library"] == [
        "link-outside-library"]
    assert main(["validate", str(user_library_dir())]) in (0, 1)
    out = capsys.readouterr().out
    assert "linked.yaml" in out and "link-outside-library" in out
    assert "secret-fleet" not in out


@pytest.mark.parametrize("content", [b"", b"\xff\xfe\x00bad", b"[1, 2]\n"])
@pytest.mark.parametrize("command", [
    ["validate", "{f}"], ["play", "{f}", "--quiet"], ["simulate", "{f}", "--games", "1"],
    ["export", "counters", "{f}", "-o", "{t}/x.pdf"], ["export", "playsheet", "{f}", "-o",
                                                        "{t}/x.pdf"],
    ["export", "tmx", "{f}", "-o", "{t}/x.tmx"], ["render", "{f}", "-o", "{t}/x.png"],
])
def test_item10_an_empty_or_unreadable_scenario_exits_2_everywhere(tmp_path, capsys, content,
                                                                    command):
    bad = tmp_path / "bad.yaml"
    bad.write_bytes(content)
    assert main([part.format(f=bad, t=tmp_path) for part in command]) == 2
    assert "bad.yaml" in "".join(capsys.readouterr())


def test_a_played_board_is_freed_once_no_game_needs_it():
    """Found by the fuzz campaign: the AI's per-board facts (a weak dictionary keyed by the
    board) held the board's own line-of-sight method, so no board was ever freed and a long
    session or worker grew by every map it had played (1.6 GB after 5,000 cases)."""
    import gc
    import weakref

    from studio.ai import HeuristicAI, play_game
    from studio.engine import board as boards
    from studio.io import default_library, load_file
    scenario = load_file(ROOT / "templates" / "scenarios" / "marathon.yaml").model
    scenario.round_limit = 1
    # a map no other test plays, so no game of theirs shares (and keeps) this board
    last = scenario.map.elevation[-1]
    scenario.map.elevation[-1] = last[:-1] + ("1" if last[-1] != "1" else "2")
    state, _log = play_game(scenario, default_library(), 1,
                            {s.id: HeuristicAI(i) for i, s in enumerate(scenario.sides)})
    board = weakref.ref(state.game.board)
    del state, _log
    boards._BOARDS.clear()
    gc.collect()
    assert board() is None


def test_a_chart_with_rolls_past_the_die_is_reported_not_a_crash(tmp_path, capsys):
    """Found by the fuzz campaign (seed 105548): a Quick and Dirty ruleset on a d6 whose
    combat chart still lists rolls 7 to 10 made the ruleset check fail with an IndexError."""
    text = (LIBRARIES / "rulesets" / "quick-and-dirty.yaml").read_text()
    ruleset = tmp_path / "qd.yaml"
    ruleset.write_text(text.replace("die_sides: 10 ", "die_sides: 6 ", 1))
    assert main(["validate", str(ruleset)]) == 1
    out = capsys.readouterr().out
    assert "internal" not in out
    assert "'7-9' reaches past the die: rolls go from 1 to 6" in out


def test_item11_a_file_of_hundreds_of_thousands_of_lines_is_refused_unread(tmp_path, capsys):
    from studio.io.yaml_source import MAX_LINES
    scenario = _copy(tmp_path)
    with open(scenario, "a") as out:
        out.writelines(f"k{i}: {i}\n" for i in range(MAX_LINES))
    assert main(["validate", str(scenario)]) == 2
    out = capsys.readouterr().out
    assert f"s.yaml:{MAX_LINES + 1}:1: error[file-too-long]" in out
    assert len(out.splitlines()) == 2

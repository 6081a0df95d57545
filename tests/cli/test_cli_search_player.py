"""`--player SIDE=search[:budget]` on the command line (simulate, play) and `players:` in a
balance study seat the search player; a wrong spec says what to write."""
from __future__ import annotations

import json
import shutil

import pytest

from plugin_support import PLUGIN_GAME, installed_distribution
from studio.cli import main

LIBRARY = PLUGIN_GAME / "library"
SCENARIO = LIBRARY / "scenarios" / "tiny-skirmish.yaml"


@pytest.fixture
def tiny():
    with installed_distribution(PLUGIN_GAME):
        yield


def _run(capsys, *args, library=LIBRARY):
    code = main([*map(str, args), "--library", str(library)])
    out = capsys.readouterr()
    return code, out.out, out.err


def test_simulate_seats_the_search_player_and_replays_the_batch(tiny, capsys):
    args = ("simulate", SCENARIO, "--games", "6", "--format", "json",
            "--player", "red=search:8", "--player", "blue=random")
    code, out, err = _run(capsys, *args)
    assert code == 0, err
    report = json.loads(out)
    assert report["players"] == {"red": "search:8", "blue": "random"}
    assert report["games"] == 6
    assert json.loads(_run(capsys, *args)[1]) == report          # seeded: the same batch


def test_play_takes_the_search_player(tiny, capsys, tmp_path):
    log = tmp_path / "game.jsonl"
    code, _out, err = _run(capsys, "play", SCENARIO, "--seed", "2", "--quiet", "--log", log,
                           "--player", "blue=search:2")
    assert code == 0, err
    first = log.read_text()
    assert _run(capsys, "play", SCENARIO, "--seed", "2", "--quiet", "--log", log,
                "--player", "blue=search:2")[0] == 0
    assert log.read_text() == first
    code, out, _ = _run(capsys, "replay", log)
    assert code == 0 and "replayed identically" in out


@pytest.mark.parametrize("spec, said", [("red=search:fast", "search:50ms"),
                                        ("red=minimax", "search[:BUDGET]"),
                                        ("green=search", "SIDE one of red, blue")])
def test_a_wrong_player_says_what_to_write(tiny, capsys, spec, said):
    code, _out, err = _run(capsys, "simulate", SCENARIO, "--games", "1", "--player", spec)
    assert code == 2 and said in err


def test_a_balance_study_names_its_players(tiny, capsys, tmp_path):
    lib = tmp_path / "lib"
    shutil.copytree(LIBRARY, lib)
    study = lib / "studies" / "tiny-balance.yaml"
    study.write_text(study.read_text() + "players: {blue: \"search:2\"}\n")
    code, out, err = _run(capsys, "balance", study, "--format", "json", library=lib)
    assert code == 0, err
    report = json.loads(out)
    assert report["games"] > 0 and report["players"] == {"blue": "search:2"}
    code, out, err = _run(capsys, "balance", study, "--format", "json", "--player",
                          "red=random", library=lib)
    assert code == 0, err
    assert json.loads(out)["players"] == {"blue": "search:2", "red": "random"}
    study.write_text(study.read_text().replace("search:2", "search:lots"))
    code, out, err = _run(capsys, "balance", study, library=lib)
    line = next(i for i, t in enumerate(study.read_text().splitlines(), 1) if "lots" in t)
    assert code != 0 and f"tiny-balance.yaml:{line}" in err + out


def test_a_millisecond_budget_plays_and_says_it_does_not_replay(tiny, capsys):
    code, _out, err = _run(capsys, "play", SCENARIO, "--seed", "2", "--quiet",
                           "--player", "red=search:5ms")
    assert code == 0 and "need not replay" in err

"""`studio odds` takes the situation each game declares (its odds capability): `--help`
lists them game by game, a parameter the attacker's game does not model is refused with
what it does take, and Quick and Dirty asks for a flank or rear attack with `--aspect`."""
from __future__ import annotations

import json

import pytest

from studio.cli import main
from studio.rulesets import all_rules

KNIGHTS, ORCS = "qnd-free-companies/knights", "qnd-orc-hordes/hill-orcs"


def _odds(capsys, *extra):
    code = main(["odds", "--attacker", KNIGHTS, "--defender", ORCS, "--format", "json", *extra])
    out = capsys.readouterr()
    return code, (json.loads(out.out) if code == 0 else None), out.err


def test_help_lists_the_situation_of_every_game(capsys):
    assert main(["odds", "--help"]) == 0
    text = capsys.readouterr().out
    for rules in all_rules():
        line = next(ln for ln in text.splitlines() if ln.strip().startswith(rules.name + ":"))
        assert all(p.option in line for p in rules.odds.situation), line
    assert "--aspect {front,flank,rear}" in text


def test_quick_and_dirty_asks_for_a_flank_and_a_rear_attack(capsys):
    results = {}
    for aspect in ("front", "flank", "rear"):
        code, data, _ = _odds(capsys, "--aspect", aspect)
        assert code == 0 and data["aspect"] == aspect and data["rules"] == "quick-and-dirty"
        results[aspect] = data
    # Q10: the flank adds flank_bonus (1), the rear rear_bonus (2) to the roll
    assert [results[a]["modifier"] for a in ("front", "flank", "rear")] == [0, 1, 2]
    win = [results[a]["outcomes"]["defender-loss"] for a in ("front", "flank", "rear")]
    assert win[0] < win[1] < win[2]


@pytest.mark.parametrize("extra", [["--elevation", "higher"], ["--prior-attackers", "1"],
                                   ["--hits-taken", "1"], ["--figures", "3"], ["--rear"]])
def test_a_parameter_the_game_does_not_model_is_refused(capsys, extra):
    code, _, err = _odds(capsys, *extra)
    assert code == 2 and extra[0] in err and "Quick and Dirty" in err
    assert "--aspect" in err and "leave it out" in err


def test_no_parameter_means_its_default(capsys):
    _, plain, _ = _odds(capsys)
    assert plain["aspect"] == "front" and plain["distance"] == 1 and plain["terrain"] is None

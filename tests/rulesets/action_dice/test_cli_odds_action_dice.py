"""`studio odds` for Action Dice: --rear against a regiment takes away its strike back (S3),
and an option the Action Dice odds leave out is refused with a reason, not ignored."""
from __future__ import annotations

import json

from studio.cli import main

SPEARS, ORCS = "ad-kingdom-of-men/spearmen", "ad-orc-warband/orc-warriors"   # regiments


def _odds(capsys, *extra):
    code = main(["odds", "--attacker", SPEARS, "--defender", ORCS, "--format", "json", *extra])
    out = capsys.readouterr()
    return code, (json.loads(out.out) if code == 0 else None), out.err


def test_from_the_rear_a_regiment_does_not_strike_back(capsys):
    _, front, _ = _odds(capsys)
    _, rear, _ = _odds(capsys, "--rear")
    assert front["expected_removed"]["attacker"] > 4
    assert rear["figures_removed"]["attacker"] == {"0": 1.0}
    assert rear["figures_removed"]["defender"] == front["figures_removed"]["defender"]


def test_options_the_odds_leave_out_are_refused(capsys):
    for extra in (["--terrain", "woods"], ["--elevation", "higher"], ["--hits-taken", "1"],
                  ["--prior-attackers", "2"]):
        code, _, err = _odds(capsys, *extra)
        assert code == 2 and extra[0] in err and "leave it out" in err

"""One bundled sample per game draws hexside features and plays through `studio simulate`
with them in force on the board."""
from __future__ import annotations

import subprocess
import sys

import pytest

from repo_paths import REPO_ROOT
from studio.engine.rules import rules_named
from studio.io import default_library, load_file

SAMPLES = {"river-crossing": "rules-of-war", "qnd-hedgerows": "quick-and-dirty",
           "ad-river-fort": "action-dice"}


@pytest.mark.parametrize("sample, game", sorted(SAMPLES.items()))
def test_the_sample_plays_with_its_hexsides(sample, game):
    path = REPO_ROOT / "templates" / "scenarios" / f"{sample}.yaml"
    scenario = load_file(path).model
    assert scenario.ruleset == game and {"river", "stream"} & set(scenario.map.hexsides)
    state = rules_named(game).new_game(scenario, default_library(), seed=1)
    board = state.game.board
    assert board.sides and any(kinds for row in board.hexside for kinds in row)
    done = subprocess.run([sys.executable, "-m", "studio", "simulate", str(path), "--games", "2"],
                          capture_output=True, text=True, cwd=REPO_ROOT, timeout=300)
    assert done.returncode == 0, done.stderr
    assert "2 game(s)" in done.stdout

"""Every win of a batch names what decided it, for every ruleset: a Quick and Dirty army
that broke or was wiped out, the last Action Dice force on the table, or a scenario's
condition; the JSON counts them, the text and PDF reports say them in words."""
from __future__ import annotations

import json

import pytest
from pypdf import PdfReader

from studio.cli import main
from studio.io import default_library, load_file
from studio.simulate import run_batch
from studio.simulate.batch import UNRECORDED

SAMPLES = {"qnd-mirror": 24, "qnd-battle-of-three-armies": 16, "ad-mirror": 8}


@pytest.mark.parametrize("sample", list(SAMPLES))
def test_every_win_has_its_cause(sample):
    scenario = load_file(f"templates/scenarios/{sample}.yaml").model
    report = run_batch(scenario, default_library(), SAMPLES[sample], seed=3)
    assert sum(s.wins for s in report.sides) > 0
    for side in report.sides:
        # a game may be decided by more than one cause (two enemies gone), never by none
        assert sum(side.victory_conditions.values()) >= side.wins
        assert UNRECORDED not in side.victory_conditions
        for kind in side.victory_conditions:
            assert report.cause_words[kind] == report.cause_text(kind) != kind


def test_qnd_causes_are_its_own_words():
    scenario = load_file("templates/scenarios/qnd-mirror.yaml").model
    report = run_batch(scenario, default_library(), 24, seed=3)
    kinds = {k for s in report.sides for k in s.victory_conditions}
    assert "army-break" in kinds
    assert report.cause_words["army-break"] == "enemy army broke"


def test_simulate_json_and_pdf_count_the_wins(tmp_path, capsys):
    out, pdf = tmp_path / "r.json", tmp_path / "r.pdf"
    assert main(["simulate", "templates/scenarios/qnd-mirror.yaml", "--games", "24",
                 "--seed", "3", "-o", str(out), "--pdf", str(pdf)]) == 0
    data = json.loads(out.read_text())
    wins = sum(s["wins"] for s in data["sides"])
    assert wins > 0
    assert sum(n for s in data["sides"] for n in s["victory_conditions"].values()) >= wins
    assert data["cause_words"]["army-break"] == "enemy army broke"
    text = " ".join(p.extract_text() for p in PdfReader(str(pdf)).pages)
    assert "No game was won" not in text
    assert "enemy army broke" in text
    assert "won by: enemy army broke" in capsys.readouterr().out

"""A balance study varies the round a reinforcement wave arrives."""
from __future__ import annotations

from pathlib import Path

import pytest

from studio.balance import StudyRefused, load_study
from studio.balance.variants import build_variant
from studio.io import default_library, load_file
from studio.io.samples import scenarios_dir
from studio.model import StudyVariant

SAMPLE = scenarios_dir() / "qnd-relief-column.yaml"


def study(tmp_path: Path, variants: str) -> Path:
    path = tmp_path / "study.yaml"
    path.write_text("kind: balance-study\nformat: 1\nid: check\nname: Check\n"
                    f"scenario: {SAMPLE}\nside: west\nvariants:\n{variants}", encoding="utf-8")
    return path


def test_the_variant_moves_the_wave_and_is_sized_by_the_rounds_moved():
    sc = load_file(SAMPLE).model
    built = build_variant(sc, StudyVariant("reinforcement_round",
                                           {"wave": "relief-column", "round": 2}),
                          default_library())
    assert built.scenario.wave("relief-column").round == 2
    assert sc.wave("relief-column").round == 4          # the study's scenario is a copy
    assert built.label == "West's relief column: arrives round 2 (round 4 before)"
    assert built.size == pytest.approx(2 / 10)


def test_a_study_file_names_an_unknown_wave_at_its_line(tmp_path):
    path = study(tmp_path, "  - reinforcement_round: {wave: relief-column, round: 6}\n"
                           "  - reinforcement_round: {wave: cavalry, round: 2}\n")
    with pytest.raises(StudyRefused) as caught:
        load_study(path, default_library())
    found = caught.value.diagnostics
    line = next(i for i, text in enumerate(path.read_text().splitlines(), 1) if "cavalry" in text)
    assert len(found) == 1 and found[0].line == line
    assert "no reinforcement wave 'cavalry'" in found[0].message
    assert "relief-column" in found[0].message

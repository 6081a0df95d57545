"""`studio validate` on reinforcements, events and the turn track: each mistake at its
file:line, with what to fix."""
from __future__ import annotations

from pathlib import Path

import pytest

from studio.io.samples import scenarios_dir
from studio.validate import validate_paths

SAMPLE = scenarios_dir() / "qnd-relief-column.yaml"


def edit(text: str, old: str, new: str) -> str:
    assert text.count(old) == 1, f"{old!r} must occur once"
    return text.replace(old, new)


def line_of(text: str, fragment: str) -> int:
    hits = [n for n, line in enumerate(text.splitlines(), start=1) if fragment in line]
    assert len(hits) == 1, f"{fragment!r} is on lines {hits}"
    return hits[0]


def findings(tmp_path: Path, text: str):
    path = tmp_path / "scenario.yaml"
    path.write_text(text, encoding="utf-8")
    return validate_paths([path])


def test_the_sample_is_clean(tmp_path):
    assert findings(tmp_path, SAMPLE.read_text(encoding="utf-8")) == []


@pytest.mark.parametrize("old, new, code, fragment, words", [
    ("type: knights, arrives: relief-column}", "type: knights, arrives: relief-colum}",
     "unknown-wave", "relief-colum}", "did you mean 'relief-column'"),
    ("- {kind: reinforcements, wave: relief-column}", "- {kind: reinforcements, wave: relief}",
     "unknown-wave", "wave: relief}", "not in reinforcements"),
    ("- {kind: victory-points, side: east, points: 10}",
     "- {kind: victory-points, side: eats, points: 10}", "unknown-side", "side: eats",
     "did you mean 'east'"),
    ("hexes: [\"0801-1014\"]", "hexes: [\"0801-1099\"]", "event-hex-off-map", "0801-1099",
     "the map is 20 columns"),
    ("- {kind: message, text: \"Half", "- {kind: masage, text: \"Half", "unknown-effect",
     "kind: masage", "did you mean 'message'"),
    ("    side: west\n    round: 4", "    side: east\n    round: 4", "wave-side-mismatch",
     "relief-knights", "side 'east'"),
])
def test_mistakes_are_reported_at_their_line(tmp_path, old, new, code, fragment, words):
    text = edit(SAMPLE.read_text(encoding="utf-8"), old, new)
    found = [d for d in findings(tmp_path, text) if d.code == code]
    assert found, code
    assert found[0].line == line_of(text, fragment)
    assert words in found[0].message


def test_schema_errors_in_the_new_sections_are_placed(tmp_path):
    text = edit(SAMPLE.read_text(encoding="utf-8"), "if_blocked: nearest", "if_blocked: wait")
    found = findings(tmp_path, text)
    assert found and found[0].line == line_of(text, "if_blocked: wait")
    assert "delay" in found[0].message


def test_a_wave_nobody_brings_is_a_warning(tmp_path):
    text = edit(SAMPLE.read_text(encoding="utf-8"), "    round: 4\n", "")
    text = edit(text, "      - {kind: reinforcements, wave: relief-column}\n", "")
    found = [d for d in findings(tmp_path, text) if d.code == "wave-never-arrives"]
    assert found and found[0].severity == "warning"

"""The playsheet prints a scenario's turn track: the time of day and weather, the waves due
and the events of each round, then the events that may come at any round."""
from __future__ import annotations

from pypdf import PdfReader

from studio.export.playsheet import export_playsheet
from studio.io import default_library, load_file
from studio.io.samples import scenarios_dir


def sheet_text(name: str, tmp_path) -> str:
    scenario = load_file(scenarios_dir() / f"{name}.yaml").model
    out = tmp_path / f"{name}.pdf"
    export_playsheet(scenario, default_library(), out)
    return " ".join(" ".join((p.extract_text() or "").split()) for p in PdfReader(out).pages)


def test_the_turn_track_is_printed_round_by_round(tmp_path):
    text = sheet_text("marathon-spartans", tmp_path)
    assert "Turn track" in text
    assert "Round 5. The Spartan vanguard (Athenians and Plataeans, 2 units) arrives by the " \
           "west edge; if its entry is blocked, it waits a round." in text
    assert "Round 6. Noon, hot." in text
    assert "The shrine falls: When a unit of Persian expedition enters 1010-1412" in text


def test_no_turn_track_without_reinforcements_or_events(tmp_path):
    assert "Turn track" not in sheet_text("qnd-mirror", tmp_path)


def test_the_map_legend_prints_the_turn_track(tmp_path):
    from studio.cli import main
    out = tmp_path / "map.pdf"
    assert main(["export", "map", str(scenarios_dir() / "ad-night-raid.yaml"), "-o",
                 str(out), "--quiet"]) == 0
    legend = " ".join((PdfReader(out).pages[-1].extract_text() or "").split())
    assert "Turn track" in legend
    assert "Round 3 The kingdom's knights (Kingdom of Men, 1 unit) arrives by the west edge" \
        in legend
    assert "Any round Raiders out of the woods (Orc Warband, 1 unit) arrives at 2113-2115" \
        in legend

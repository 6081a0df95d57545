"""`studio` without a display: says so, then validates, simulates and exports the sample."""
import io

from pypdf import PdfReader

from studio import app_entry
from studio.commands import pipeline
from studio.io.samples import sample_scenario_path


def test_pipeline_validates_simulates_and_writes_three_pdfs(tmp_path):
    out = io.StringIO()
    rc = pipeline.run_pipeline(sample_scenario_path(), tmp_path / "pdf", games=6, seed=3,
                               workers=1, stream=out)
    text = out.getvalue()
    assert rc == 0, text
    assert "0 errors, 0 warnings" in text
    assert "6 game(s)" in text and "95% CI" in text
    for name in ("counters.pdf", "playsheet.pdf", "map.pdf"):
        path = tmp_path / "pdf" / name
        assert str(path.resolve()) in text
        assert len(PdfReader(path).pages) >= 1


def test_pipeline_stops_on_errors(tmp_path):
    bad = tmp_path / "bad.yaml"
    bad.write_text(sample_scenario_path().read_text().replace("round_limit: 12",
                                                             "round_limit: twelve"))
    out = io.StringIO()
    assert pipeline.run_pipeline(bad, tmp_path / "pdf", games=2, stream=out) == 1
    assert "error[schema]" in out.getvalue() and "Stopped" in out.getvalue()
    assert not (tmp_path / "pdf").exists()


def test_pipeline_stops_before_the_games_when_the_folder_cannot_be_made(tmp_path):
    (tmp_path / "out").write_text("a file where the folder should be")
    out = io.StringIO()
    assert pipeline.run_pipeline(sample_scenario_path(), tmp_path / "out" / "sample",
                                 games=2, stream=out) == 2
    text = out.getvalue()
    assert "cannot make the folder" in text and "AI-vs-AI" not in text


def test_no_display_runs_the_pipeline_and_names_the_folder(monkeypatch, capsys):
    monkeypatch.delenv("DISPLAY", raising=False)
    monkeypatch.delenv("WAYLAND_DISPLAY", raising=False)
    monkeypatch.delenv("QT_QPA_PLATFORM", raising=False)
    calls = []
    monkeypatch.setattr(pipeline, "run_pipeline", lambda path, out: calls.append((path, out)) or 0)
    assert app_entry.launch([]) == 0
    said = capsys.readouterr().out
    assert "No display found" in said and str(app_entry.HEADLESS_OUT.resolve()) in said
    assert "`studio samples`" in said                # the way to the other samples
    assert calls == [(sample_scenario_path(), app_entry.HEADLESS_OUT)]


def test_display_detection(monkeypatch):
    monkeypatch.setattr(app_entry.sys, "platform", "linux")
    monkeypatch.delenv("WAYLAND_DISPLAY", raising=False)
    monkeypatch.setenv("QT_QPA_PLATFORM", "xcb")
    monkeypatch.setenv("DISPLAY", ":0")
    assert app_entry.display_available()
    monkeypatch.delenv("DISPLAY")
    assert not app_entry.display_available()
    monkeypatch.setenv("DISPLAY", ":0")
    monkeypatch.setenv("QT_QPA_PLATFORM", "offscreen")
    assert not app_entry.display_available()

"""The balance report window on the real widgets: a batch run in background processes gives
exactly `run_batch`'s (and `studio simulate`'s) numbers; Cancel stops it cleanly; runs
are compared; reports are exported as PDF."""
from repo_paths import REPO_ROOT
import copy
import json
import multiprocessing
import os
import subprocess
import sys
from pathlib import Path

import pytest
from PySide6.QtWidgets import QMessageBox

from studio.rulesets.rules_of_war.sample import line_battle
from studio.gui.balance.window import BalanceWindow
from studio.simulate import run_batch

ROOT = REPO_ROOT


def small_battle():
    sc, lib = line_battle(units_per_side=4, columns=12, rows=14, seed=1, round_limit=6)
    sc.sides[0].colour, sc.sides[1].colour = "#b03a2e", "#2b5fa8"
    return sc, lib


class Holder:
    """The editor's scenario, as the window reads it when Run is pressed."""

    def __init__(self, scenario):
        self.scenario = scenario


@pytest.fixture
def battle(qtbot):
    sc, lib = small_battle()
    holder = Holder(sc)
    w = BalanceWindow(lambda: holder.scenario, lib, lambda: "Line battle")
    qtbot.addWidget(w)
    w.show()
    yield w, holder, lib
    if w.running:
        w.thread.cancel()
        w.wait()


def _zombies() -> list[int]:
    """Child processes of this one that have exited but were never reaped."""
    out = []
    me = os.getpid()
    for entry in os.listdir("/proc"):
        if not entry.isdigit():
            continue
        try:
            with open(f"/proc/{entry}/stat", encoding="utf-8") as f:
                fields = f.read().rsplit(")", 1)[1].split()
        except OSError:
            continue
        if fields[0] == "Z" and int(fields[1]) == me:
            out.append(int(entry))
    return out


def test_fifty_games_match_run_batch(battle, qtbot):
    w, holder, lib = battle
    finished = []
    w.runFinished.connect(finished.append)
    assert w.run(games=50, seed=7, workers=2)
    assert w.running and not w.run_button.isEnabled()
    qtbot.waitUntil(lambda: bool(finished), timeout=120000)
    report = finished[0].report
    expected = run_batch(copy.deepcopy(holder.scenario), lib, 50, 7, workers=1)
    assert report.to_dict() == expected.to_dict()
    assert w.progress.value() == 50 and w.progress.maximum() == 50
    assert w.status_text.startswith("Done: 50 games")
    # What the window shows is that report.
    view = w.report_view
    assert view.report is report
    reds = report.side("red")
    assert [b.value for b in view.win_chart.bars[:2]] == [s.win_rate for s in report.sides]
    assert view.win_chart.bars[0].low == reds.win_rate_ci95[0]
    assert view.rounds_chart.counts == {int(k): v for k, v in
                                        report.rounds["distribution"].items()}
    assert sum(view.rounds_chart.counts.values()) == 50
    rows = sum(len(s.unit_types) for s in report.sides)
    assert view.units.rowCount() == rows
    assert view.units.item(0, 5).text() == f"{100 * reds.unit_types[0].loss_rate:.1f}%"
    assert f"{reds.wins} wins" in view.summary.text()
    assert w.runs.count() == 1 and w.export_button.isEnabled()
    assert multiprocessing.active_children() == [] and _zombies() == []


def test_cancel_stops_the_run_and_leaves_no_processes(battle, qtbot):
    w, _holder, _lib = battle
    stopped = []
    w.runStopped.connect(stopped.append)
    assert w.run(games=5000, seed=3, workers=2)
    qtbot.waitUntil(lambda: w.progress.value() > 0, timeout=120000)
    w.cancel_button.click()
    assert "Cancelling" in w.status_text
    at_cancel = w.progress.value()
    qtbot.waitUntil(lambda: bool(stopped), timeout=120000)
    assert stopped == ["cancelled"]
    assert w.progress.value() == at_cancel             # the bar stopped when asked
    run = w.history.runs[-1]
    assert run.report.cancelled and 0 < run.report.games < 5000
    assert w.status_text.startswith(f"Cancelled after {run.report.games} of 5000 games")
    assert "(cancelled)" in w.runs.item(0).text()
    assert w.run_button.isEnabled() and not w.cancel_button.isEnabled()
    w.wait()
    assert multiprocessing.active_children() == []
    assert _zombies() == []


def test_two_runs_compared_side_by_side(battle, qtbot):
    w, holder, _lib = battle
    done = []
    w.runFinished.connect(done.append)
    w.run(games=12, seed=1, workers=1)
    qtbot.waitUntil(lambda: len(done) == 1, timeout=60000)
    changed = copy.deepcopy(holder.scenario)
    changed.round_limit = 3
    holder.scenario = changed                          # "edited in the editor"
    w.run(games=12, seed=1, workers=1)
    qtbot.waitUntil(lambda: len(done) == 2, timeout=60000)
    cv = w.compare_view
    a, b = cv.runs()
    assert (a.number, b.number) == (1, 2)
    assert "Round limit: 6 → 3" in cv.changes.text()
    labels = [cv.table.item(i, 0).text() for i in range(cv.table.rowCount())]
    assert "Mean rounds" in labels and "Red: win rate" in labels
    row = labels.index("Mean rounds")
    ra, rb = done[0].report.rounds["mean"], done[1].report.rounds["mean"]
    assert cv.table.item(row, 3).text().startswith("+" if rb >= ra else "-")
    assert b.report.rounds["max"] <= 3
    cv.choose(2, 1)
    assert cv.runs()[0].number == 2


def test_export_pdf(battle, qtbot, tmp_path):
    from pypdf import PdfReader
    w, holder, _lib = battle
    done = []
    w.runFinished.connect(done.append)
    w.run(games=10, seed=2, workers=1)
    qtbot.waitUntil(lambda: bool(done), timeout=60000)
    w.run(games=10, seed=3, workers=1)
    qtbot.waitUntil(lambda: len(done) == 2, timeout=60000)
    w.tabs.setCurrentWidget(w.compare_view)
    out = w.export(tmp_path / "balance.pdf")
    assert out is not None and out.exists()
    reader = PdfReader(str(out))
    text = " ".join(" ".join(p.extract_text() for p in reader.pages).split())
    assert "Balance report" in text and "Who wins" in text
    assert "Run 2: 10 games, seed 3 against Run 1: 10 games, seed 2" in text
    fonts = set()
    for page in reader.pages:
        for f in page["/Resources"]["/Font"].values():
            font = f.get_object()
            descriptor = font.get("/FontDescriptor")
            if descriptor is not None:
                assert "/FontFile2" in descriptor.get_object()      # embedded TrueType
            fonts.add(str(font["/BaseFont"]))
    assert any("Vera" in name for name in fonts)


def test_a_scenario_with_errors_is_refused(qtbot, monkeypatch):
    from studio.io import default_library, load_file
    from studio.io.samples import sample_scenario_path
    shown = []
    monkeypatch.setattr(QMessageBox, "warning", lambda _p, _t, text: shown.append(text))
    model = load_file(sample_scenario_path()).model
    model.sides[0].army.army_list = "no-such-list"
    w = BalanceWindow(lambda: model, default_library())
    qtbot.addWidget(w)
    stopped = []
    w.runStopped.connect(stopped.append)
    w.run(games=5, seed=1, workers=1)
    qtbot.waitUntil(lambda: bool(stopped), timeout=60000)
    assert stopped[0].startswith("failed:")
    assert shown and "no-such-list" in shown[0]
    assert w.history.runs == []


def test_marathon_report_matches_studio_simulate(make_window, qtbot):
    """Through the main window's Play menu, on the sample scenario."""
    win = make_window(show=False, validation_delay_ms=0)
    bw = win.play_menu.show_balance()
    assert bw.isVisible() and bw.windowTitle() == f"Balance report — {win.doc.display_name()}"
    done = []
    bw.runFinished.connect(done.append)
    bw.run(games=3, seed=4, workers=1)
    qtbot.waitUntil(lambda: bool(done), timeout=120000)
    cli = subprocess.run([sys.executable, "-m", "studio", "simulate",
                          str(ROOT / "templates" / "scenarios" / "marathon.yaml"),
                          "--games", "3", "--seed", "4", "--format", "json"],
                         capture_output=True, text=True, cwd=ROOT, timeout=300,
                         env={**os.environ, "PYTHONPATH": str(ROOT)})
    assert cli.returncode == 0, cli.stderr
    assert json.loads(done[0].report.to_json()) == json.loads(cli.stdout)


def test_before_a_run_the_bar_counts_the_games_run_will_play(battle):
    w, _holder, _lib = battle
    assert (w.progress.value(), w.progress.maximum()) == (0, w.games.value())
    assert w.progress.text() == f"0 of {w.games.value()} games"
    w.games.setValue(40)
    assert w.progress.text() == "0 of 40 games"

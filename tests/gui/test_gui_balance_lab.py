"""The Balance lab tab on the real widgets: variants listed in the studio are played to the
same report as `run_study`; Cancel keeps the games played; a bad variant is refused in a
message box before any game; the cluster preference is kept; the study exports as PDF."""
from __future__ import annotations

import copy
import subprocess

import pytest
from PySide6.QtWidgets import QMessageBox

from studio.balance import prepare_study, run_study
from studio.gui.balance.window import BalanceWindow
from studio.io import default_library
from studio.simulate.mirror import mirror_scenario


@pytest.fixture(scope="module")
def library():
    return default_library()


@pytest.fixture
def lab(qtbot, home, library):
    lst = library.army_list("persian-wars-greek")
    sc = mirror_scenario(lst, "greek-archon", ["spartan-warband", "athenian-hoplites",
                                               "ionian-peltasts"], columns=11, rows=8)
    w = BalanceWindow(lambda: sc, library, lambda: "Mirror")
    qtbot.addWidget(w)
    w.resize(1366, 768)
    w.show()
    w.tabs.setCurrentWidget(w.lab_view)
    yield w, w.lab_view, sc
    if w.lab_view.running:
        w.lab_view.cancel()
        w.lab_view.wait()


def add(view, kind, side, what, number):
    view.kind.setCurrentIndex(view.kind.findData(kind))
    if side is not None:
        view.change_side.setCurrentIndex(view.change_side.findData(side))
    view.what.setEditText(what)
    view.number.setText(number)
    return view.add_from_form()


def test_a_study_from_the_studio_matches_run_study(lab, qtbot, library, tmp_path):
    w, view, sc = lab
    assert add(view, "remove", "west", "spartan-warband", "1") is not None
    assert add(view, "round_limit", None, "", "4") is not None
    view.band.setValue(0.1)
    view.max_games.setValue(120)
    assert view.table.rowCount() == 3 and "west: remove 1 spartan-warband" in \
        view.table.item(1, 1).text()
    done = []
    view.studyFinished.connect(done.append)
    assert view.run()
    qtbot.waitUntil(lambda: bool(done), timeout=120000)
    report = done[0]
    expected = run_study(prepare_study(view.study(), library, scenario=copy.deepcopy(sc)),
                         library)
    assert report.to_json() == expected.to_json()
    assert view.table.item(1, 5).text().startswith("misses the band")
    assert view.table.item(1, 2).text() == "100"
    assert view.chart.report is report and view.chart.height() > 60
    assert report.suggestion_text() in view.suggestion.text()
    assert view.status_text.startswith(f"Done: {report.games} games")
    for size in ((1366, 768), (1920, 1080)):
        w.resize(*size)
        qtbot.wait(50)
        w.grab().save(str(tmp_path / f"lab-{size[0]}.png"))
    pdf = view.export(tmp_path / "study.pdf")
    words = subprocess.run(["pdftotext", str(pdf), "-"], capture_output=True,
                           text=True).stdout
    assert "Win rate of each variant" in words and "spartan" in words.lower()


def test_cancel_keeps_the_games_played(lab, qtbot):
    _w, view, _sc = lab
    add(view, "add", "west", "athenian-hoplites", "1")
    view.band.setValue(0.01)
    stopped = []
    view.studyStopped.connect(stopped.append)
    view.thread_started = view.run()
    qtbot.waitUntil(lambda: view.progress.value() >= 5, timeout=60000)
    view.cancel()
    qtbot.waitUntil(lambda: bool(stopped), timeout=60000)
    assert stopped == ["cancelled"] and view.report.cancelled
    assert 5 <= view.report.games < 200
    assert "games played are kept" in view.status_text
    assert "Cancelled" in view.status_text and view.run_button.isEnabled()


def test_a_bad_variant_is_refused_before_any_game(lab, qtbot, monkeypatch):
    _w, view, _sc = lab
    shown = []
    monkeypatch.setattr(QMessageBox, "warning", lambda *a: shown.append(a[2]))
    add(view, "add", "east", "hoplite-ghosts", "2")
    stopped = []
    view.studyStopped.connect(stopped.append)
    view.run()
    qtbot.waitUntil(lambda: bool(stopped), timeout=60000)
    assert stopped[0].startswith("failed")
    assert "has no unit type 'hoplite-ghosts'" in shown[0]
    assert view.report is None and view.progress.value() == 0
    assert add(view, "round_limit", None, "", "zero") is None
    assert "not a whole number" in shown[-1]


def test_the_cluster_preference_is_kept_and_an_unreachable_one_is_reported(lab, qtbot,
                                                                           monkeypatch):
    from studio.simulate import cluster as cluster_module
    monkeypatch.setattr(cluster_module, "CONNECT_TIMEOUT_SECONDS", 0.5)
    w, view, sc = lab
    w.cluster.setText("tcp://127.0.0.1:9")
    w.cluster.editingFinished.emit()
    again = BalanceWindow(lambda: sc, w.library, lambda: "Mirror")
    qtbot.addWidget(again)
    assert again.cluster_address() == "tcp://127.0.0.1:9"
    shown = []
    monkeypatch.setattr(QMessageBox, "warning", lambda *a: shown.append(a[2]))
    add(view, "round_limit", None, "", "5")
    stopped = []
    view.studyStopped.connect(stopped.append)
    view.run()
    qtbot.waitUntil(lambda: bool(stopped), timeout=60000)
    assert "cannot reach the Dask scheduler at tcp://127.0.0.1:9" in shown[0]

"""The balance report window: choose how many games, the seed and the worker processes (or
a Dask cluster), run (in the background, with progress and Cancel), read the report as
charts and tables, compare two of the kept runs, export a report as PDF; and the Balance
lab tab, where variants of the scenario are played until the smallest change that brings a
side into a target band is found.

The scenario is read from the editor when Run is pressed (a copy), so a run after changing
a points limit or a victory condition can be compared with the one before.
"""
from __future__ import annotations

import copy
import os
from pathlib import Path
from typing import Callable

from PySide6.QtCore import Qt, Signal
from PySide6.QtWidgets import (QComboBox, QHBoxLayout, QLabel, QLineEdit, QListWidget,
                               QListWidgetItem, QMainWindow, QMessageBox, QProgressBar,
                               QPushButton, QSpinBox, QSplitter, QTabWidget, QVBoxLayout,
                               QWidget)

from studio.export.lengths import parse_page_size
from studio.playtest.balance_runs import RunHistory
from studio.playtest.report_compare import scenario_digest

from .batch_thread import BatchThread
from .compare_view import CompareView
from .lab_view import LabView
from .pdf_path import ask_pdf_path
from .report_view import ReportView
from .run_controls import RunControls, error_lines
from ..screen_fit import fit_to_screen

DEFAULT_GAMES = 100
PAPERS = (("letter", "Letter"), ("a4", "A4"))     # as `studio simulate --page`: Letter first
CLUSTER_KEY = "balance/cluster"        # the studio's preference: a Dask scheduler, or ""


class BalanceWindow(RunControls, QMainWindow):
    runFinished = Signal(object)           # BalanceRun
    runStopped = Signal(str)               # "cancelled" / "failed: ..." / "done"
    CANCELLING = "Cancelling: stopping after the games under way…"

    def __init__(self, scenario_source: Callable, library, title_source: Callable | None = None,
                 parent=None) -> None:
        super().__init__(parent)
        self.setObjectName("balance-window")
        self.scenario_source = scenario_source
        self.library = library
        self.title_source = title_source or (lambda: self.scenario_source().name)
        self.history = RunHistory()
        self.thread: BatchThread | None = None
        self._colours: dict[int, dict[str, str]] = {}
        self.status_text = ""
        self.setWindowTitle(f"Balance report — {self.title_source()}")

        body = QWidget()
        layout = QVBoxLayout(body)
        row = QHBoxLayout()
        row.addWidget(QLabel("Games:"))
        self.games = QSpinBox()
        self.games.setRange(1, 1_000_000)
        self.games.setValue(DEFAULT_GAMES)
        row.addWidget(self.games)
        row.addWidget(QLabel("Seed:"))
        self.seed = QSpinBox()
        self.seed.setRange(0, 2_147_483_647)
        self.seed.setValue(1)
        self.seed.setToolTip("Batch seed: game i is played from seeds derived from it, as "
                             "`studio simulate --seed`")
        row.addWidget(self.seed)
        row.addWidget(QLabel("Worker processes:"))
        self.workers = QSpinBox()
        self.workers.setRange(1, max(1, os.cpu_count() or 1))
        self.workers.setValue(min(2, os.cpu_count() or 1))
        self.workers.setToolTip("Games run in this many background processes; the report "
                                "does not depend on it")
        row.addWidget(self.workers)
        row.addWidget(QLabel("Cluster:"))
        self.cluster = QLineEdit(self._saved_cluster())
        self.cluster.setPlaceholderText("tcp://host:8786 (empty: this machine)")
        self.cluster.setToolTip("A Dask scheduler to play the games on (its workers run "
                                "`dask worker ADDRESS --nthreads 1`); the same seeds give "
                                "the same report. Empty: worker processes on this machine. "
                                "Kept as a preference.")
        self.cluster.setMinimumWidth(200)
        self.cluster.editingFinished.connect(self._save_cluster)
        row.addWidget(self.cluster)
        self.run_button = QPushButton("Run")
        self.cancel_button = QPushButton("Cancel")
        self.cancel_button.setEnabled(False)
        row.addWidget(self.run_button)
        row.addWidget(self.cancel_button)
        row.addStretch(1)
        self.paper = QComboBox()
        for key, label in PAPERS:
            self.paper.addItem(label, key)
        self.paper.setToolTip("The paper of the exported PDF, as `studio simulate --pdf "
                              "--page`")
        self.export_button = QPushButton("Export PDF…")
        self.export_button.setEnabled(False)
        row.addWidget(self.paper)
        row.addWidget(self.export_button)
        layout.addLayout(row)
        prow = QHBoxLayout()
        self.progress = QProgressBar()
        self.progress.setFormat("%v of %m games")
        self._plan_progress(self.games.value())
        self.games.valueChanged.connect(self._plan_progress)
        prow.addWidget(self.progress, 1)
        self.status = QLabel("Ready: AI against AI, as `studio simulate`")
        prow.addWidget(self.status, 2)
        layout.addLayout(prow)

        split = QSplitter(Qt.Horizontal)
        left = QWidget()
        lv = QVBoxLayout(left)
        lv.setContentsMargins(0, 0, 0, 0)
        lv.addWidget(QLabel("<b>Runs</b> (the last ones are kept)"))
        self.runs = QListWidget()
        lv.addWidget(self.runs)
        split.addWidget(left)
        self.tabs = QTabWidget()
        self.report_view = ReportView()
        self.compare_view = CompareView(self.history)
        self.tabs.addTab(self.report_view, "Report")
        self.tabs.addTab(self.compare_view, "Compare two runs")
        self.lab_view = LabView(scenario_source, library, self.workers.value,
                                self.cluster_address)
        self.tabs.addTab(self.lab_view, "Balance lab")
        split.addWidget(self.tabs)
        split.setStretchFactor(1, 1)
        split.setSizes([230, 900])
        layout.addWidget(split, 1)
        self.setCentralWidget(body)
        fit_to_screen(self, 1150, 800)

        self.run_button.clicked.connect(lambda: self.run())
        self.cancel_button.clicked.connect(self.cancel)
        self.export_button.clicked.connect(self.export_dialog)
        self.runs.currentRowChanged.connect(self._run_chosen)

    # -- running -------------------------------------------------------------------------

    def _plan_progress(self, games: int) -> None:
        """Before a run the bar reads "0 of N games" for the N that Run will play."""
        if not self.running:
            self.progress.setRange(0, max(1, games))
            self.progress.setValue(0)

    def run(self, games: int | None = None, seed: int | None = None,
            workers: int | None = None) -> bool:
        """Start a batch on a copy of the scenario as it is now. False if one is running."""
        if self.running:
            return False
        if games is not None:
            self.games.setValue(games)
        if seed is not None:
            self.seed.setValue(seed)
        if workers is not None:
            self.workers.setValue(workers)
        scenario = copy.deepcopy(self.scenario_source())
        self._pending = (scenario_digest(scenario), {s.id: s.colour for s in scenario.sides},
                         self.workers.value())
        self.setWindowTitle(f"Balance report — {self.title_source()}")
        where = self.cluster_address() or f"{self.workers.value()} process(es)"
        self._start(BatchThread(scenario, self.library, self.games.value(), self.seed.value(),
                                self.workers.value(), cluster=self.cluster_address()),
                    self.games.value(), f"Running {self.games.value()} games on {where}…")
        return True

    def _report_ready(self, report, seconds: float) -> None:
        digest, colours, workers = self._pending
        run = self.history.add(report, digest, workers, seconds)
        self._colours[run.number] = colours
        self._finish()
        if report.cancelled:
            self._set_status(f"Cancelled after {report.games} of {report.games_requested} "
                             f"games ({seconds:.1f} s); the report covers those games")
        else:
            self._set_status(f"Done: {report.games} games in {seconds:.1f} s")
        self._fill_runs(select=run.number)
        self.compare_view.fill()
        self.runFinished.emit(run)
        self.runStopped.emit("cancelled" if report.cancelled else "done")

    def _failed(self, message: str, diagnostics) -> None:
        self._finish()
        text = message
        if diagnostics:
            text += "\n\n" + error_lines(diagnostics)
        self._set_status("Not run: the scenario has errors" if diagnostics else "Failed")
        QMessageBox.warning(self, "Balance report", text)
        self.runStopped.emit(f"failed: {message}")

    # -- the cluster preference -----------------------------------------------------------

    def cluster_address(self) -> str:
        return self.cluster.text().strip()

    def _saved_cluster(self) -> str:
        from studio.gui.recent import studio_settings
        return str(studio_settings().value(CLUSTER_KEY, "") or "")

    def _save_cluster(self) -> None:
        from studio.gui.recent import studio_settings
        settings = studio_settings()
        settings.setValue(CLUSTER_KEY, self.cluster_address())
        settings.sync()

    # -- showing -------------------------------------------------------------------------

    def _fill_runs(self, select: int | None = None) -> None:
        self.runs.blockSignals(True)
        self.runs.clear()
        for run in self.history.runs:
            item = QListWidgetItem(run.label())
            item.setData(Qt.UserRole, run.number)
            item.setToolTip(f"finished {run.finished:%H:%M:%S} in {run.seconds:.1f} s with "
                            f"{run.workers} process(es)\n" +
                            "\n".join(f"{k}: {v}" for k, v in run.digest.items()))
            self.runs.addItem(item)
        self.runs.blockSignals(False)
        if select is not None:
            for i in range(self.runs.count()):
                if self.runs.item(i).data(Qt.UserRole) == select:
                    self.runs.setCurrentRow(i)
                    break

    def current_run(self):
        item = self.runs.currentItem()
        return self.history.find(item.data(Qt.UserRole)) if item is not None else None

    def _run_chosen(self, _row: int) -> None:
        run = self.current_run()
        self.export_button.setEnabled(run is not None)
        if run is None:
            self.report_view.set_report(None)
            return
        self.report_view.set_report(run.report, self._colours.get(run.number),
                                    f"run {run.number}")
        self.tabs.setCurrentWidget(self.report_view)

    # -- export --------------------------------------------------------------------------

    def export_dialog(self) -> Path | None:
        run = self.current_run()
        if run is None:
            return None
        target = ask_pdf_path(self, "Export the balance report", Path.cwd() /
                              f"balance-{run.report.scenario}-run{run.number}.pdf")
        return self.export(target) if target is not None else None

    def export(self, path: Path, with_comparison: bool | None = None) -> Path | None:
        """The chosen run as PDF; with the comparison on the Compare tab when that tab is
        showing (or `with_comparison`)."""
        from studio.export.balance_report import Comparison, export_balance_report
        run = self.current_run()
        if run is None:
            return None
        compare = None
        if with_comparison is None:
            with_comparison = self.tabs.currentWidget() is self.compare_view
        if with_comparison:
            a, b = self.compare_view.runs()
            if a is not None and b is not None and a is not b and not self.compare_view.refused:
                _rows, changes = self.history.compare(a, b)
                compare = Comparison(a.label(), a.report, b.label(), b.report, changes)
        return self._write_pdf(path, lambda target: export_balance_report(
            run.report, target, colours=self._colours.get(run.number), settings=run.digest,
            compare=compare, page=parse_page_size(self.paper.currentData())))

    # -- closing -------------------------------------------------------------------------

    def closeEvent(self, event) -> None:  # noqa: N802
        if self.running:
            self.thread.cancel()
            self.thread.wait()
        if self.lab_view.running:
            self.lab_view.cancel()
            self.lab_view.wait()
        event.accept()

"""The Balance lab tab: list candidate changes (variants) of the editor's scenario, or open a
balance study file; run them in adaptive batches with progress and Cancel; read the win
rate of each against the target band, the ranking and the smallest change that reaches it;
export the study as PDF. The same functions as `studio balance` (studio.balance)."""
from __future__ import annotations

import copy
from pathlib import Path
from typing import Callable

from PySide6.QtCore import Qt, Signal
from PySide6.QtWidgets import (QAbstractItemView, QComboBox, QDoubleSpinBox, QFileDialog,
                               QHBoxLayout, QHeaderView, QLabel, QLineEdit, QMessageBox,
                               QProgressBar, QPushButton, QScrollArea, QSpinBox, QTableWidget,
                               QTableWidgetItem, QVBoxLayout, QWidget)

from studio.balance.report import VERDICT_WORDS
from studio.model import BalanceStudy, StudyVariant

from .charts import WinRateChart
from .pdf_path import ask_pdf_path
from .run_controls import RunControls, error_lines
from .study_thread import StudyThread

# Change kinds the form offers: (kind, words, what the text field holds, what the number is)
FORM_KINDS = [
    ("add", "Add units", "unit type id", "count"),
    ("remove", "Remove units", "unit type id", "count"),
    ("points_limit", "Points limit (army filled to it)", "", "limit"),
    ("round_limit", "Round limit", "", "rounds"),
    ("objective_points", "Objective points", "objective hex or name", "points"),
    ("option", "Ruleset option", "option name", "value"),
    ("reinforcement_round", "Reinforcement round", "wave id", "round"),
]
COLUMNS = ("#", "Change", "Games", "Win rate", "95% interval", "Verdict")


def describe(v: StudyVariant) -> str:
    """A variant as the form wrote it, before it is built."""
    if v.name:
        return v.name
    p = v.params
    if v.kind in ("add", "remove"):
        return f"{p['side']}: {v.kind} {p.get('count', 1)} {p['type']}"
    if v.kind == "points_limit":
        return f"{p['side']}: points limit {p['limit']:g}"
    if v.kind == "round_limit":
        return f"round limit {p}"
    if v.kind == "objective_points":
        return f"objective {p['objective']}: {p['points']} points"
    if v.kind == "reinforcement_round":
        return f"wave {p['wave']} arrives round {p['round']}"
    return f"option {p['name']} = {p['value']}"


class LabView(RunControls, QWidget):
    studyFinished = Signal(object)          # StudyReport
    studyStopped = Signal(str)              # "done" / "cancelled" / "failed: ..."
    CANCELLING = "Cancelling: the games played are kept…"

    def __init__(self, scenario_source: Callable, library, workers_source: Callable[[], int],
                 cluster_source: Callable[[], str], parent=None) -> None:
        super().__init__(parent)
        self.scenario_source = scenario_source
        self.library = library
        self.workers_source = workers_source
        self.cluster_source = cluster_source
        self.variants: list[StudyVariant] = []
        self.study_path: str | None = None
        self.study_base: BalanceStudy | None = None
        self.thread: StudyThread | None = None
        self.report = None
        self.status_text = ""
        outer = QVBoxLayout(self)

        head = QHBoxLayout()
        self.source = QLabel()
        head.addWidget(self.source, 1)
        self.open_button = QPushButton("Open study file…")
        self.editor_button = QPushButton("Use the editor's scenario")
        head.addWidget(self.open_button)
        head.addWidget(self.editor_button)
        outer.addLayout(head)

        aims = QHBoxLayout()
        aims.addWidget(QLabel("Win rate of:"))
        self.side = QComboBox()
        aims.addWidget(self.side)
        aims.addWidget(QLabel("Target:"))
        self.target = _share_spin(0.5, 0.0, 1.0)
        aims.addWidget(self.target)
        aims.addWidget(QLabel("±"))
        self.band = _share_spin(0.03, 0.005, 0.5)
        aims.addWidget(self.band)
        aims.addWidget(QLabel("At most"))
        self.max_games = QSpinBox()
        self.max_games.setRange(10, 1_000_000)
        self.max_games.setValue(2000)
        self.max_games.setSuffix(" games a variant")
        aims.addWidget(self.max_games)
        aims.addStretch(1)
        outer.addLayout(aims)

        form = QHBoxLayout()
        form.addWidget(QLabel("Variant:"))
        self.kind = QComboBox()
        for kind, words, _what, _num in FORM_KINDS:
            self.kind.addItem(words, kind)
        form.addWidget(self.kind)
        self.change_side = QComboBox()
        form.addWidget(self.change_side)
        self.what = QLineEdit()
        form.addWidget(self.what, 1)
        self.number = QLineEdit("1")
        self.number.setMaximumWidth(90)
        form.addWidget(self.number)
        self.add_button = QPushButton("Add variant")
        self.remove_button = QPushButton("Remove selected")
        form.addWidget(self.add_button)
        form.addWidget(self.remove_button)
        outer.addLayout(form)

        self.table = QTableWidget(0, len(COLUMNS))
        self.table.setHorizontalHeaderLabels(COLUMNS)
        self.table.setEditTriggers(QAbstractItemView.NoEditTriggers)
        self.table.setSelectionBehavior(QAbstractItemView.SelectRows)
        self.table.verticalHeader().hide()
        self.table.verticalHeader().setDefaultSectionSize(22)
        self.table.horizontalHeader().setSectionResizeMode(1, QHeaderView.Stretch)
        outer.addWidget(self.table, 1)

        run_row = QHBoxLayout()
        self.run_button = QPushButton("Run study")
        self.cancel_button = QPushButton("Cancel")
        self.cancel_button.setEnabled(False)
        self.export_button = QPushButton("Export PDF…")
        self.export_button.setEnabled(False)
        run_row.addWidget(self.run_button)
        run_row.addWidget(self.cancel_button)
        self.progress = QProgressBar()
        self.progress.setRange(0, 1)
        self.progress.setValue(0)
        self.progress.setFormat("%v of %m games planned")
        run_row.addWidget(self.progress, 1)
        run_row.addWidget(self.export_button)
        outer.addLayout(run_row)
        self.status = QLabel("Add variants, then Run study")
        self.status.setWordWrap(True)
        outer.addWidget(self.status)

        self.chart = WinRateChart("Win rate of each variant (dot) with its 95% interval; "
                                  "shaded: the target band")
        self.suggestion = QLabel()
        self.suggestion.setWordWrap(True)
        self.suggestion.setTextInteractionFlags(Qt.TextSelectableByMouse)
        results = QWidget()
        rv = QVBoxLayout(results)
        rv.setContentsMargins(0, 0, 0, 0)
        rv.addWidget(self.suggestion)
        rv.addWidget(self.chart)
        rv.addStretch(1)
        scroll = QScrollArea()
        scroll.setWidgetResizable(True)
        scroll.setWidget(results)
        outer.addWidget(scroll, 1)

        self.kind.currentIndexChanged.connect(lambda _i: self._form_hints())
        self.add_button.clicked.connect(lambda: self.add_from_form())
        self.remove_button.clicked.connect(self.remove_selected)
        self.run_button.clicked.connect(lambda: self.run())
        self.cancel_button.clicked.connect(self.cancel)
        self.open_button.clicked.connect(self.open_dialog)
        self.editor_button.clicked.connect(self.use_editor)
        self.export_button.clicked.connect(self.export_dialog)
        self.use_editor()

    # -- the study -----------------------------------------------------------------------

    def _scenario(self):
        if self.study_path is not None and self.study_base is not None:
            from studio.io import load_file
            doc = load_file(Path(self.study_path).parent / self.study_base.scenario)
            return doc.model
        return self.scenario_source()

    def _fill_sides(self, scenario, chosen: str | None = None) -> None:
        for combo in (self.side, self.change_side):
            combo.clear()
            for s in (scenario.sides if scenario is not None else []):
                combo.addItem(s.name or s.id, s.id)
        if chosen is not None:
            self.side.setCurrentIndex(max(0, self.side.findData(chosen)))

    def use_editor(self) -> None:
        """Variants of the scenario in the editor (read again when the study runs)."""
        self.study_path = None
        self.study_base = None
        self.source.setText("<b>Scenario:</b> the one in the editor (as it is when you run)")
        self._fill_sides(self.scenario_source())
        self._form_hints()
        self._fill_table()

    def open_study(self, path: str | Path) -> bool:
        """Take the variants and settings of a balance study file; False (with a message)
        when it cannot be read."""
        from studio.io import load_file
        doc = load_file(path)
        if doc.model is None or doc.kind != "balance-study":
            found = [d.format() for d in doc.diagnostics if d.severity == "error"][:8]
            QMessageBox.warning(self, "Balance lab", f"{path} is not a readable balance study"
                                + ("\n\n" + "\n".join(found) if found else ""))
            return False
        study = doc.model
        self.study_path = str(path)
        self.study_base = study
        self.variants = list(study.variants)
        self.target.setValue(study.target)
        self.band.setValue(study.band)
        self.max_games.setValue(study.max_games)
        self.source.setText(f"<b>Study:</b> {Path(path).name} — scenario {study.scenario}")
        self._fill_sides(self._scenario(), study.side)
        self._fill_table()
        return True

    def open_dialog(self) -> None:
        path, _ = QFileDialog.getOpenFileName(self, "Open a balance study", str(Path.cwd()),
                                              "Balance study (*.yaml *.yml)")
        if path:
            self.open_study(path)

    def _form_hints(self) -> None:
        _kind, _words, what, number = FORM_KINDS[self.kind.currentIndex()]
        self.what.setEnabled(bool(what))
        self.what.setPlaceholderText(what)
        self.change_side.setEnabled(self.kind.currentData() in ("add", "remove",
                                                                "points_limit"))
        self.number.setPlaceholderText(number)
        self.number.setToolTip(number)

    def add_from_form(self) -> StudyVariant | None:
        """A variant from the form's fields; None (and a message) when a field is wrong."""
        kind = self.kind.currentData()
        side = self.change_side.currentData()
        what = self.what.text().strip()
        text = self.number.text().strip()
        try:
            if kind in ("add", "remove"):
                params = {"side": side, "type": _need(what, "a unit type id"),
                          "count": _whole(text, 1)}
            elif kind == "points_limit":
                params = {"side": side, "limit": _positive(text)}
            elif kind == "round_limit":
                params = _whole(text, 1)
            elif kind == "objective_points":
                params = {"objective": _need(what, "an objective's hex or name"),
                          "points": _whole(text, 0)}
            elif kind == "reinforcement_round":
                params = {"wave": _need(what, "a reinforcement wave's id"),
                          "round": _whole(text, 1)}
            else:
                params = {"name": _need(what, "an option name"), "value": _option_value(text)}
        except ValueError as err:
            QMessageBox.warning(self, "Balance lab", f"Not added: {err}")
            return None
        variant = StudyVariant(kind, params)
        self.variants.append(variant)
        self._fill_table()
        return variant

    def remove_selected(self) -> None:
        rows = sorted({i.row() for i in self.table.selectedIndexes()}, reverse=True)
        for row in rows:
            if row >= 1 and row - 1 < len(self.variants):
                del self.variants[row - 1]
        self._fill_table()

    def study(self) -> BalanceStudy:
        base = self.study_base
        return BalanceStudy(
            base.id if base else "studio-lab", base.name if base else "Balance lab",
            base.scenario if base else "", self.side.currentData() or "",
            list(self.variants), target=round(self.target.value(), 4),
            band=round(self.band.value(), 4), seed=base.seed if base else 1,
            error_rate=base.error_rate if base else 0.05, max_games=self.max_games.value())

    # -- running -------------------------------------------------------------------------

    def run(self) -> bool:
        if self.running:
            return False
        if not self.variants:
            QMessageBox.information(self, "Balance lab", "Add at least one variant first.")
            return False
        scenario = None if self.study_path else copy.deepcopy(self.scenario_source())
        where = self.cluster_source() or f"{self.workers_source()} process(es)"
        self._start(StudyThread(self.study(), self.library, self.study_path, scenario,
                                self.workers_source(), self.cluster_source()),
                    1, f"Checking the variants, then playing on {where}…")
        return True

    def _report_ready(self, report, seconds: float) -> None:
        self.report = report
        self._finish()
        if report.cancelled:
            self._set_status(f"Cancelled after {report.games} games ({seconds:.1f} s): the "
                             "games played are kept; variants not decided stay open")
        else:
            self._set_status(f"Done: {report.games} games in {seconds:.1f} s")
        self.export_button.setEnabled(True)
        self._fill_table()
        self.chart.set_report(report)
        self.suggestion.setText(f"<b>{report.suggestion_text()}</b>")
        self.studyFinished.emit(report)
        self.studyStopped.emit("cancelled" if report.cancelled else "done")

    def _failed(self, message: str, diagnostics) -> None:
        self._finish()
        text = message
        if diagnostics:
            text = "The study cannot be run:\n\n" + error_lines(diagnostics)
        self._set_status("Not run: " + (text.splitlines()[-1] if diagnostics else message))
        QMessageBox.warning(self, "Balance lab", text)
        self.studyStopped.emit(f"failed: {message}")

    # -- showing -------------------------------------------------------------------------

    def _fill_table(self) -> None:
        report = self.report
        results = {v.number: v for v in report.variants} if report is not None else {}
        labels = ["as written (no change)"] + [describe(v) for v in self.variants]
        self.table.setRowCount(len(labels))
        for i, label in enumerate(labels):
            r = results.get(i)
            cells = [str(i), r.label if r is not None else label]
            if r is not None and r.games:
                low, high = r.ci95
                cells += [str(r.games), f"{100 * r.win_rate:.1f}%",
                          f"{100 * low:.1f}% – {100 * high:.1f}%",
                          VERDICT_WORDS[r.verdict] + (f" ({r.direction})" if r.direction
                                                      else "")]
            else:
                cells += ["", "", "", ""]
            for c, text in enumerate(cells):
                item = QTableWidgetItem(text)
                if c != 1:
                    item.setTextAlignment(Qt.AlignRight | Qt.AlignVCenter)
                self.table.setItem(i, c, item)
        for c in (0, 2, 3, 4, 5):
            self.table.horizontalHeader().setSectionResizeMode(c, QHeaderView.ResizeToContents)

    # -- export --------------------------------------------------------------------------

    def export_dialog(self) -> Path | None:
        if self.report is None:
            return None
        target = ask_pdf_path(self, "Export the balance study",
                              Path.cwd() / f"study-{self.report.scenario}.pdf")
        return self.export(target) if target is not None else None

    def export(self, path: Path) -> Path | None:
        from studio.export.study_report import export_study_report
        if self.report is None:
            return None
        return self._write_pdf(path, lambda target: export_study_report(self.report, target))


def _share_spin(value: float, low: float, high: float) -> QDoubleSpinBox:
    spin = QDoubleSpinBox()
    spin.setDecimals(3)
    spin.setRange(low, high)
    spin.setSingleStep(0.01)
    spin.setValue(value)
    return spin


def _need(text: str, what: str) -> str:
    if not text:
        raise ValueError(f"give {what}")
    return text


def _whole(text: str, least: int) -> int:
    try:
        value = int(text)
    except ValueError:
        raise ValueError(f"{text!r} is not a whole number") from None
    if value < least:
        raise ValueError(f"give {least} or more, not {value}")
    return value


def _positive(text: str) -> float:
    try:
        value = float(text)
    except ValueError:
        raise ValueError(f"{text!r} is not a number") from None
    if value <= 0:
        raise ValueError(f"give a number above 0, not {text}")
    return value


def _option_value(text: str):
    """An option's value as the ruleset file would hold it: true/false, a number, or text."""
    if text.lower() in ("true", "false"):
        return text.lower() == "true"
    for kind in (int, float):
        try:
            return kind(text)
        except ValueError:
            pass
    return _need(text, "a value")

"""The Balance lab tab: list candidate changes (variants) of the editor's scenario, or open a
balance study file; run them in adaptive batches with progress and Cancel; read the win
rate of each against the target band, the ranking and the smallest change that reaches it;
export the study as PDF. The same functions as `studio balance` (studio.balance)."""
from __future__ import annotations

import copy
from html import escape
from pathlib import Path
from typing import Callable

from PySide6.QtCore import Qt, Signal
from PySide6.QtWidgets import (QAbstractItemView, QComboBox, QDoubleSpinBox, QFileDialog,
                               QHBoxLayout, QHeaderView, QLabel, QLineEdit, QMessageBox,
                               QProgressBar, QPushButton, QScrollArea, QSpinBox, QTableWidget,
                               QTableWidgetItem, QVBoxLayout, QWidget)

from studio.balance.report import VERDICT_INTERVAL_NOTE, VERDICT_WORDS
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
COLUMNS = ("#", "Change", "Games", "Win rate", "Verdict interval", "Verdict")


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
        self.kept = None             # (fingerprint, StudyState) of the last run, to resume
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
        self.target = _share_spin(0.5, 0.001, 0.999)     # a sure win or loss cannot be tested
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
        self.kind.setSizeAdjustPolicy(QComboBox.AdjustToContents)
        for kind, words, _what, _num in FORM_KINDS:
            self.kind.addItem(words, kind)
        form.addWidget(self.kind)
        self.change_side = QComboBox()
        form.addWidget(self.change_side)
        # A list to pick from (the side's unit types, the objectives); editable, so a study
        # can still name what the scenario in the editor does not have yet.
        self.what = QComboBox()
        self.what.setEditable(True)
        self.what.setInsertPolicy(QComboBox.NoInsert)
        self.what.setMinimumContentsLength(30)
        self.what.setSizeAdjustPolicy(QComboBox.AdjustToMinimumContentsLengthWithIcon)
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
        self.resume_button = QPushButton("Resume")
        self.resume_button.setToolTip("Go on from the games played so far (after a Cancel, "
                                      "or with a larger cap of games), to the report an "
                                      "uninterrupted run gives")
        self.resume_button.setEnabled(False)
        self.cancel_button = QPushButton("Cancel")
        self.cancel_button.setEnabled(False)
        self.export_button = QPushButton("Export PDF…")
        self.export_button.setEnabled(False)
        run_row.addWidget(self.run_button)
        run_row.addWidget(self.resume_button)
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
        self.change_side.currentIndexChanged.connect(lambda _i: self._fill_choices())
        self.add_button.clicked.connect(lambda: self.add_from_form())
        self.remove_button.clicked.connect(self.remove_selected)
        self.run_button.clicked.connect(lambda: self.run())
        self.resume_button.clicked.connect(lambda: self.run(resume=True))
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
        self._fill_choices()

    def _fill_choices(self) -> None:
        """What the variant's field offers: the chosen side's unit types (name and id) for
        adding or removing units, the objectives for objective points."""
        kind = self.kind.currentData()
        self.what.clear()
        try:
            scenario = self._scenario()
        except Exception:           # noqa: BLE001 - an unreadable study: type it instead
            scenario = None
        if scenario is None:
            return
        if kind in ("add", "remove"):
            side = next((s for s in scenario.sides if s.id == self.change_side.currentData()),
                        None)
            army_list = None
            if side is not None:
                try:
                    army_list = self.library.army_list(side.army.army_list)
                except (KeyError, LookupError, AttributeError):
                    army_list = None
            for unit in (army_list.units if army_list is not None else []):
                self.what.addItem(f"{unit.name} ({unit.id})", unit.id)
        elif kind == "objective_points":
            for o in scenario.objectives:
                label = f"{o.name} ({o.hex})" if o.name else o.hex
                self.what.addItem(label, o.hex)
        self.what.setCurrentIndex(0 if self.what.count() else -1)
        self.what.lineEdit().setCursorPosition(0)      # the name's start, not its end

    def _what_text(self) -> str:
        """The id picked from the list, or the text typed."""
        text = self.what.currentText().strip()
        i = self.what.findText(text)
        return str(self.what.itemData(i)) if i >= 0 and self.what.itemData(i) is not None \
            else text

    def use_editor(self) -> None:
        """Variants of the scenario in the editor (read again when the study runs)."""
        self.study_path = None
        self.study_base = None
        self.kept = None
        self.resume_button.setEnabled(False)
        self.source.setText("<b>Scenario:</b> the one in the editor (as it is when you run)")
        scenario = self.scenario_source()
        self._fill_sides(scenario)
        if scenario is not None and scenario.sides:
            # An even share: a half for two sides, a third for three.
            self.target.setValue(round(1 / len(scenario.sides), 4))
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
        self.kept = None
        self.resume_button.setEnabled(self.can_resume())
        self.variants = list(study.variants)
        scenario = self._scenario()
        sides = len(scenario.sides) if scenario is not None and scenario.sides else 2
        self.target.setValue(study.target if study.target is not None else 1 / sides)
        self.band.setValue(study.band)
        self.max_games.setValue(study.max_games)
        self.source.setText(f"<b>Study:</b> {Path(path).name} — scenario {study.scenario}")
        self._fill_sides(scenario, study.side)
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
        self.what.lineEdit().setPlaceholderText(what)
        self.change_side.setEnabled(self.kind.currentData() in ("add", "remove",
                                                                "points_limit"))
        self.number.setPlaceholderText(number)
        self.number.setToolTip(number)
        self._fill_choices()

    def add_from_form(self) -> StudyVariant | None:
        """A variant from the form's fields; None (and a message) when a field is wrong."""
        kind = self.kind.currentData()
        side = self.change_side.currentData()
        what = self._what_text()
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

    def state_file(self) -> str | None:
        """Where a study opened from a file keeps its games: beside the study."""
        from studio.balance.resume import state_path
        return str(state_path(self.study_path)) if self.study_path else None

    def can_resume(self) -> bool:
        file = self.state_file()
        return self.kept is not None or (file is not None and Path(file).is_file())

    def run(self, resume: bool = False) -> bool:
        """Run the study (from the start, or with `resume` from the games kept)."""
        if self.running:
            return False
        if not self.variants:
            QMessageBox.information(self, "Balance lab", "Add at least one variant first.")
            return False
        if resume and not self.can_resume():
            return False
        scenario = None if self.study_path else copy.deepcopy(self.scenario_source())
        where = self.cluster_source() or f"{self.workers_source()} process(es)"
        kept = (self.kept if self.kept is not None else True) if resume else None
        self._start(StudyThread(self.study(), self.library, self.study_path, scenario,
                                self.workers_source(), self.cluster_source(), kept,
                                self.state_file()),
                    1, f"Checking the variants, then {'resuming' if resume else 'playing'} "
                       f"on {where}…")
        self.resume_button.setEnabled(False)
        return True

    def _finish(self) -> None:
        super()._finish()
        if self.thread is not None and self.thread.state is not None:
            self.kept = self.thread.state
        self.resume_button.setEnabled(self.can_resume())

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
        self.suggestion.setText(f"<b>{escape(report.suggestion_text())}</b>"
                                + "".join(f"<br>{escape(line)}" for line in _notes(report)))
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
            notes = []
            if r is not None and r.games:
                low, high = report.verdict_interval(r)
                verdict = VERDICT_WORDS[r.verdict] + (f" ({r.direction})" if r.direction
                                                      else "")
                if r.no_effect:
                    verdict = "no effect on these games"
                    notes.append(f"No effect on these games: {r.no_effect}.")
                elif r.verdict == "open":
                    verdict += f": ~{more} more games" if (more := report.more_games(r)) \
                        else ""
                    notes.append(f"Not decided: {report.open_text(r)}.")
                cells += [str(r.games), f"{100 * r.win_rate:.1f}%",
                          f"{100 * low:.1f}% – {100 * high:.1f}%", verdict]
                if r.touches:
                    notes.append(f"Can act on: {r.touches}.")
            else:
                cells += ["", "", "", ""]
            for c, text in enumerate(cells):
                item = QTableWidgetItem(text)
                if c != 1:
                    item.setTextAlignment(Qt.AlignRight | Qt.AlignVCenter)
                if c == 4 and report is not None:
                    item.setToolTip(VERDICT_INTERVAL_NOTE.format(
                        alpha=f"{100 * report.alpha:.1f}%"))
                elif notes:
                    item.setToolTip("\n".join(notes))
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


def _notes(report) -> list[str]:
    """What the table's tooltips say of each variant, for the text under the suggestion."""
    out = []
    for v in report.variants:
        if v.no_effect:
            out.append(f"{v.number}. {v.label}: no effect on these games: {v.no_effect}.")
        elif v.verdict == "open" and v.games:
            out.append(f"{v.number}. {v.label}: not decided: {report.open_text(v)}.")
    return out


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

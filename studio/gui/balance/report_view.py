"""One balance report as charts and tables: win rates with their 95% intervals, draws,
rounds played, what decided the games, losses and kills per point by unit type, and the
abilities the simulation leaves out."""
from __future__ import annotations

from html import escape

from PySide6.QtCore import Qt
from PySide6.QtGui import QColor
from PySide6.QtWidgets import (QAbstractItemView, QHeaderView, QLabel, QScrollArea,
                               QTableWidget, QTableWidgetItem, QVBoxLayout, QWidget)

from studio.export.balance_report import first_mover_text, players_text

from ..mapview.overlays import side_colour
from .charts import BarChart, ChartBar, Histogram

DRAW = QColor(150, 150, 150)
UNDECIDED = QColor(205, 205, 205)
UNIT_COLUMNS = ("Side", "Unit type", "n", "pts", "lost/game", "lost", "kills/game", "kills/pt",
                "pts killed/pt")


def pct(x: float | None) -> str:
    return "—" if x is None else f"{100 * x:.1f}%"


class ReportView(QScrollArea):
    def __init__(self, parent=None) -> None:
        super().__init__(parent)
        self.setWidgetResizable(True)
        body = QWidget()
        layout = QVBoxLayout(body)
        self.summary = QLabel("Run a batch of games to see a report.")
        self.summary.setWordWrap(True)
        self.summary.setTextFormat(Qt.RichText)
        layout.addWidget(self.summary)
        self.win_chart = BarChart("Win rates — the whiskers are the 95% intervals",
                                  lambda v: f"{100 * v:.0f}%")
        layout.addWidget(self.win_chart)
        self.rounds_chart = Histogram("Games by rounds played", "rounds played")
        layout.addWidget(self.rounds_chart)
        self.victory_chart = BarChart("What decided the games (share of all games)",
                                      lambda v: f"{100 * v:.0f}%")
        layout.addWidget(self.victory_chart)
        layout.addWidget(QLabel("<b>Losses and kills by unit type</b>"))
        self.units = QTableWidget(0, len(UNIT_COLUMNS))
        self.units.setHorizontalHeaderLabels(UNIT_COLUMNS)
        self.units.setEditTriggers(QAbstractItemView.NoEditTriggers)
        self.units.verticalHeader().hide()
        self.units.verticalHeader().setDefaultSectionSize(22)
        self.units.horizontalHeader().setSectionResizeMode(1, QHeaderView.Stretch)
        self.units.setMinimumHeight(160)
        self.units.setToolTip("lost: share of the type's units destroyed, captured or fled off "
                              "the map; kills/pt: enemy units destroyed or captured per game "
                              "for each point the type costs (where units lose figures one "
                              "by one, each figure removed counts as its share of a unit)")
        layout.addWidget(self.units)
        self.kills_chart = BarChart("Kills per point by unit type", lambda v: f"{v:.3g}")
        layout.addWidget(self.kills_chart)
        self.not_simulated = QLabel()
        self.not_simulated.setWordWrap(True)
        layout.addWidget(self.not_simulated)
        layout.addStretch(1)
        self.setWidget(body)
        self.report = None

    def set_report(self, report, colours: dict[str, str] | None = None,
                   label: str = "") -> None:
        self.report = report
        if report is None:
            self.summary.setText("Run a batch of games to see a report.")
            self.win_chart.set_bars([])
            self.victory_chart.set_bars([])
            self.kills_chart.set_bars([])
            self.rounds_chart.set_counts({})
            self.units.setRowCount(0)
            self.not_simulated.setText("")
            return
        cols = {s.side: side_colour((colours or {}).get(s.side, "")) for s in report.sides}
        played = f"{report.games} games, batch seed {report.seed}"
        if report.cancelled:
            played = (f"<span style='color:#b00'>cancelled after {report.games} of "
                      f"{report.games_requested} games</span>, batch seed {report.seed}")
        rounds = report.rounds or {}
        mean = f"{rounds['mean']:.2f}" if rounds.get("mean") is not None else "—"
        lines = [f"<b>{escape(report.scenario_name)}</b> — {played}"
                 + (f" ({escape(label)})" if label else ""),
                 f"Rounds played: mean {mean} (shortest {rounds.get('min')}, longest "
                 f"{rounds.get('max')})"]
        for s in report.sides:
            lo, hi = s.win_rate_ci95
            lines.append(f"{escape(s.name or s.side)}: {s.wins} wins, {pct(s.win_rate)} "
                         f"(95% interval {pct(lo)}–{pct(hi)}); units lost per game "
                         f"{s.units_lost_per_game:.2f}")
        lines.append(f"Draws: {report.draws} ({pct(report.draw_rate)})"
                     + (f"; no winner: {report.undecided}" if report.undecided else ""))
        first = first_mover_text(report)
        if first:
            lines.append(escape(first))
        lines.append(f"Players: {escape(players_text(report))}")
        self.summary.setText("<br>".join(lines))

        bars = [ChartBar(s.name or s.side, s.win_rate, cols[s.side],
                         f"{pct(s.win_rate)} ({pct(s.win_rate_ci95[0])}–"
                         f"{pct(s.win_rate_ci95[1])})", s.win_rate_ci95[0], s.win_rate_ci95[1])
                for s in report.sides]
        bars.append(ChartBar("Draws", report.draw_rate, DRAW, pct(report.draw_rate)))
        if report.undecided:
            share = report.undecided / report.games if report.games else 0.0
            bars.append(ChartBar("No winner", share, UNDECIDED, pct(share)))
        self.win_chart.set_bars(bars, top=1.0)
        self.rounds_chart.set_counts({int(k): v for k, v in
                                      (rounds.get("distribution") or {}).items()})
        vbars = []
        for s in report.sides:
            for kind, n in s.victory_conditions.items():
                share = n / report.games if report.games else 0.0
                vbars.append(ChartBar(f"{s.name or s.side}: {report.cause_text(kind)}", share,
                                      cols[s.side],
                                      f"{n} ({pct(share)})"))
        self.victory_chart.set_bars(vbars, top=1.0)

        rows = [(s, u) for s in report.sides for u in s.unit_types]
        self.units.setRowCount(len(rows))
        kbars = []
        for r, (s, u) in enumerate(rows):
            cells = (s.name or s.side, u.name, str(u.fielded), f"{u.points:g}",
                     f"{u.lost_per_game:.2f}", pct(u.loss_rate), f"{u.kills_per_game:.2f}",
                     f"{u.kills_per_point:.4f}", f"{u.points_killed_per_point:.3f}")
            for c, text in enumerate(cells):
                item = QTableWidgetItem(text)
                if c >= 2:
                    item.setTextAlignment(Qt.AlignRight | Qt.AlignVCenter)
                if c == 0:
                    item.setForeground(cols[s.side].darker(130))
                self.units.setItem(r, c, item)
            kbars.append(ChartBar(f"{u.name} ({s.name or s.side})", u.kills_per_point,
                                  cols[s.side], f"{u.kills_per_point:.4f}"))
        self.units.resizeColumnsToContents()
        self.units.horizontalHeader().setSectionResizeMode(1, QHeaderView.Stretch)
        self.units.setFixedHeight(min(420, 30 + 22 * max(1, len(rows))))
        self.kills_chart.set_bars(kbars)
        if report.not_simulated:
            items = "; ".join(f"{escape(i['side'])}: {escape(i['ability'])} "
                              f"({escape(', '.join(i['unit_types']))})"
                              for i in report.not_simulated)
            self.not_simulated.setText(f"<b>Not simulated in these games</b>: "
                                       f"{items}")
        else:
            self.not_simulated.setText("Every ability in play is simulated.")

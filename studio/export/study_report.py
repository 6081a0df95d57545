"""A balance study (`studio.balance.StudyReport`) as a PDF: the suggestion, a chart of each
variant's win rate with its 95% interval against the target band, and the variants ranked
by distance to the target.

    export_study_report(report, "study.pdf")
"""
from __future__ import annotations

import os
from datetime import datetime
from typing import Any
from xml.sax.saxutils import escape

from reportlab.lib.colors import Color
from reportlab.lib.pagesizes import A4
from reportlab.platypus import Flowable, Paragraph, Spacer, TableStyle

from studio.balance.report import VERDICT_INTERVAL_NOTE

from .balance_report import MARGIN, _Styles, _table, write_story
from .colours import GREY, INK, LIGHT_GREY
from .fonts import FONT, register_fonts, text_width
from .progress import Progress

BAND = Color(0.85, 0.93, 0.85)
VERDICT_COLOURS = {"reaches": Color(0.18, 0.55, 0.25), "misses": Color(0.7, 0.25, 0.2),
                   "open": Color(0.45, 0.45, 0.45)}
VERDICT_WORDS = {"reaches": "reaches", "misses": "misses", "open": "not decided"}


class WinRateChart(Flowable):
    """One row per variant: its win rate (a dot) with the 95% interval (a whisker) on a
    0-100% axis, over the target band (shaded) and the target (a dashed line)."""

    ROW = 15.0

    def __init__(self, report: Any, width: float) -> None:
        super().__init__()
        self.report = report
        self.width = width
        self.rows = [(f"{v.number}. {v.label}", v) for v in report.variants]
        self.label_width = min(width * 0.45, max([text_width(t, FONT, 7) for t, _ in self.rows]
                                                 + [40]) + 8)
        self.height = self.ROW * len(self.rows) + 28

    def wrap(self, avail_width, avail_height):
        return self.width, self.height

    def _x(self, share: float) -> float:
        return self.label_width + (self.width - self.label_width - 8) * max(0.0, min(1.0, share))

    def draw(self) -> None:
        c = self.canv
        r = self.report
        top = self.height - 6
        bottom = 16
        c.setFillColor(BAND)
        low, high = r.band_edges
        c.rect(self._x(low), bottom, self._x(high) - self._x(low), top - bottom, stroke=0,
               fill=1)
        c.setLineWidth(0.4)
        for k in range(11):
            gx = self._x(k / 10)
            c.setStrokeColor(LIGHT_GREY)
            c.line(gx, bottom, gx, top)
            c.setFillColor(GREY)
            c.setFont(FONT, 6)
            c.drawCentredString(gx, bottom - 9, f"{10 * k}%")
        c.setStrokeColor(INK)
        c.setDash(2, 2)
        c.line(self._x(r.target), bottom, self._x(r.target), top)
        c.setDash()
        y = top
        for text, v in self.rows:
            y -= self.ROW
            mid = y + self.ROW / 2
            c.setFillColor(INK)
            c.setFont(FONT, 7)
            shown = text
            while text_width(shown, FONT, 7) > self.label_width - 6 and len(shown) > 4:
                shown = shown[:-2]
            if shown != text:
                shown = shown[:-1] + "…"
            c.drawRightString(self.label_width - 4, mid - 2.5, shown)
            if not v.games:
                continue
            low, high = v.ci95
            colour = VERDICT_COLOURS[v.verdict]
            c.setStrokeColor(colour)
            c.setLineWidth(1)
            c.line(self._x(low), mid, self._x(high), mid)
            c.line(self._x(low), mid - 3, self._x(low), mid + 3)
            c.line(self._x(high), mid - 3, self._x(high), mid + 3)
            c.setFillColor(colour)
            c.circle(self._x(v.win_rate), mid, 2.6, stroke=0, fill=1)


def study_story(report: Any, width: float) -> list:
    st = _Styles()
    band = report.band_text()
    story: list = [Paragraph(escape(f"Balance study — {report.name}"), st.title),
                   Paragraph(escape(
                       f"{report.scenario_name} ({report.scenario}) · win rate of "
                       f"{report.side_name} · target band {band} · {report.games} games · "
                       f"seed {report.seed} · {datetime.now():%Y-%m-%d %H:%M}"), st.sub)]
    if report.cancelled:
        story.append(Paragraph(escape(
            "Cancelled: this report covers the games played before the cancel; variants not "
            "decided by then are marked not decided."), st.body))
    story.append(Paragraph("Suggestion", st.head))
    story.append(Paragraph(escape(report.suggestion_text()), st.body))
    story.append(Paragraph("Win rate of each variant", st.head))
    story.append(WinRateChart(report, width))
    story.append(Paragraph(escape(
        "Dots: the win rate; whiskers: its Wilson 95% interval; shaded: the target band; "
        "dashed: the target. Green reaches the band, red misses it, grey is not decided "
        "(the cap of games came first)."), st.sub))
    story.append(Spacer(1, 4))
    story.append(Paragraph("Variants by distance to the target", st.head))
    rows = [["#", "Change", "Games", "Win rate", "Verdict interval", "Distance", "Verdict"]]
    for v in report.ranked():
        low, high = report.verdict_interval(v)
        verdict = VERDICT_WORDS[v.verdict] + (f" ({v.direction})" if v.direction else "")
        notes = [v.details] if v.details else []
        if v.no_effect:
            verdict = "no effect"
            notes.append(f"no effect on these games: {v.no_effect}")
        elif v.verdict == "open" and v.games:
            notes.append(report.open_text(v))
        if v.touches:
            notes.append(f"can act on: {v.touches}")
        rows.append([str(v.number), Paragraph(escape("; ".join([v.label] + notes)), st.cell),
                     str(v.games), _pct(v.win_rate), f"{_pct(low)} – {_pct(high)}",
                     f"{100 * v.distance(report.target):.1f} pts", verdict])
    table = _table(rows, [w * width for w in (0.05, 0.41, 0.08, 0.1, 0.15, 0.1, 0.11)])
    table.setStyle(TableStyle([("ALIGN", (1, 0), (1, -1), "LEFT")]))
    story.append(table)
    story.append(Paragraph(escape(
        VERDICT_INTERVAL_NOTE.format(alpha=_pct(report.alpha)) + " "
        f"Verdicts come from two sequential probability ratio tests per variant, one at each "
        f"edge of the band; the chance that any verdict of the study is wrong is at most "
        f"{_pct(report.error_rate)}. A variant stops as soon as it is decided, or at "
        f"{report.max_games} games."), st.sub))
    return story


def export_study_report(report: Any, path: str | os.PathLike, *, progress=None,
                        cancel=None) -> int:
    """Write the study report to `path` (atomically); returns the number of pages."""
    register_fonts()
    prog = Progress(progress, cancel, total=2)
    prog.check()
    story = study_story(report, A4[0] - 2 * MARGIN)
    return write_story(story, path, prog, f"Balance study — {report.name}")


def _pct(x: float) -> str:
    return f"{100 * x:.1f}%"


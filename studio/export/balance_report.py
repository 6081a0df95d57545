"""A balance report (a batch of AI-against-AI games, `studio.simulate.BatchReport`) as a
PDF: win rates with their 95% intervals, how long games lasted, which victory conditions
decided them, losses and kills per point by unit type, the abilities left out of the
simulation, and optionally a comparison with another run.

Charts are drawn with reportlab's canvas (no plotting library); the fonts are the Vera
TTFs embedded from the reportlab package (`fonts.register_fonts`).

    export_balance_report(report, "balance.pdf", colours={"athenians": "#2b5fa8"},
                          settings=scenario_digest(scenario),
                          compare=Comparison("Run 1", report1, "Run 2", report2, changes))
"""
from __future__ import annotations

import os
from dataclasses import dataclass, field
from datetime import datetime
from typing import Any
from xml.sax.saxutils import escape

from reportlab.lib.colors import Color
from reportlab.lib.pagesizes import A4
from reportlab.lib.styles import ParagraphStyle
from reportlab.lib.units import mm
from reportlab.platypus import (BaseDocTemplate, CondPageBreak, Flowable, Frame, KeepTogether,
                                PageBreak, PageTemplate, Paragraph, Spacer, Table, TableStyle)

from .axis_ticks import nice_ticks, tick_label
from .colours import GREY, INK, LIGHT_GREY, SIDE_PALETTE, parse_colour
from .fonts import FONT, FONT_BOLD, register_fonts, text_width
from .pdf_output import canvas_maker
from .progress import Progress, written_in_place

MARGIN = 16 * mm
DRAW_COLOUR = Color(0.6, 0.6, 0.6)
UNDECIDED_COLOUR = Color(0.82, 0.82, 0.82)
NOTABLE = Color(1.0, 0.93, 0.75)


@dataclass
class Comparison:
    """A second run to set beside the report: figures B minus A."""
    label_a: str
    report_a: Any
    label_b: str
    report_b: Any
    changes: list[str] = field(default_factory=list)    # what changed in the scenario


@dataclass(frozen=True)
class Bar:
    label: str
    value: float
    colour: Color
    text: str = ""
    low: float | None = None          # a whisker from low to high (95% interval)
    high: float | None = None


class BarChart(Flowable):
    """Horizontal bars, one per row, on a shared scale from 0 to `top`."""

    def __init__(self, bars: list[Bar], width: float, top: float | None = None,
                 row: float = 13.0, label_width: float | None = None,
                 axis_format=tick_label) -> None:
        super().__init__()
        self.bars = bars
        self.width = width
        highest = top if top is not None else max([b.high or b.value for b in bars] + [0])
        self.ticks = nice_ticks(highest)
        self.top = self.ticks[-1]
        self.row = row
        self.label_width = label_width or min(
            width * 0.4, max([text_width(b.label, FONT, 7.5) for b in bars] + [20]) + 6)
        self.axis_format = axis_format
        self.text_width = max([text_width(b.text, FONT, 7) for b in bars] + [20]) + 8
        self.height = row * len(bars) + 26

    def wrap(self, avail_width, avail_height):
        return self.width, self.height

    def draw(self) -> None:
        c = self.canv
        x0 = self.label_width
        span = self.width - x0 - self.text_width
        top = self.top or 1.0
        y = self.height - 14
        c.setLineWidth(0.4)
        c.setStrokeColor(LIGHT_GREY)
        for tick in self.ticks:
            gx = x0 + span * tick / top
            c.line(gx, 10, gx, self.height - 14)
            c.setFont(FONT, 6)
            c.setFillColor(GREY)
            c.drawCentredString(gx, 2, self.axis_format(tick))
        for b in self.bars:
            y -= self.row
            c.setFillColor(INK)
            c.setFont(FONT, 7.5)
            c.drawRightString(x0 - 4, y + self.row * 0.3, b.label)
            w = span * max(0.0, min(b.value, top)) / top
            c.setFillColor(b.colour)
            c.setStrokeColor(b.colour)
            c.rect(x0, y + 2, max(w, 0.3), self.row - 4, stroke=0, fill=1)
            if b.low is not None and b.high is not None:
                lx = x0 + span * max(0.0, min(b.low, top)) / top
                hx = x0 + span * max(0.0, min(b.high, top)) / top
                mid = y + self.row / 2
                c.setStrokeColor(INK)
                c.setLineWidth(0.8)
                c.line(lx, mid, hx, mid)
                c.line(lx, mid - 3, lx, mid + 3)
                c.line(hx, mid - 3, hx, mid + 3)
            c.setFillColor(INK)
            c.setFont(FONT, 7)
            c.drawString(x0 + span + 4, y + self.row * 0.3, b.text)


class Histogram(Flowable):
    """Vertical bars of counts by an integer value (games by rounds played)."""

    def __init__(self, counts: dict[int, int], width: float, height: float = 90,
                 colour: Color = Color(0.3, 0.45, 0.65), x_label: str = "") -> None:
        super().__init__()
        self.counts = counts
        self.width = width
        self.height = height
        self.colour = colour
        self.x_label = x_label

    def wrap(self, avail_width, avail_height):
        return self.width, self.height

    def draw(self) -> None:
        c = self.canv
        if not self.counts:
            c.setFont(FONT, 8)
            c.drawString(0, self.height / 2, "No games played.")
            return
        lo, hi = min(self.counts), max(self.counts)
        values = list(range(lo, hi + 1))
        ticks = nice_ticks(max(self.counts.values()), most=4, integers=True)
        top = ticks[-1]
        x0, y0 = 24, 22
        w = (self.width - x0 - 4) / len(values)
        h = self.height - y0 - 10
        c.setStrokeColor(LIGHT_GREY)
        c.setLineWidth(0.4)
        for tick in ticks:
            gy = y0 + h * tick / top
            c.line(x0, gy, self.width, gy)
            c.setFont(FONT, 6)
            c.setFillColor(GREY)
            c.drawRightString(x0 - 3, gy - 2, tick_label(tick))
        for i, v in enumerate(values):
            n = self.counts.get(v, 0)
            bh = h * n / top
            c.setFillColor(self.colour)
            c.rect(x0 + i * w + 1, y0, max(w - 2, 0.5), bh, stroke=0, fill=1)
            c.setFillColor(INK)
            c.setFont(FONT, 6.5)
            c.drawCentredString(x0 + i * w + w / 2, y0 - 9, str(v))
            if n:
                c.drawCentredString(x0 + i * w + w / 2, y0 + bh + 2, str(n))
        if self.x_label:
            c.setFont(FONT, 7)
            c.drawCentredString(x0 + (self.width - x0) / 2, 2, self.x_label)


class _Styles:
    def __init__(self) -> None:
        self.title = ParagraphStyle("title", fontName=FONT_BOLD, fontSize=17, leading=21,
                                    spaceAfter=4)
        self.sub = ParagraphStyle("sub", fontName=FONT, fontSize=9, leading=12, textColor=GREY,
                                  spaceAfter=8)
        self.head = ParagraphStyle("head", fontName=FONT_BOLD, fontSize=11.5, leading=14,
                                   spaceBefore=10, spaceAfter=5, keepWithNext=1)
        self.body = ParagraphStyle("body", fontName=FONT, fontSize=8.5, leading=11,
                                   spaceAfter=3)
        self.cell = ParagraphStyle("cell", fontName=FONT, fontSize=7.5, leading=9)


def _pct(x: float | None) -> str:
    return "—" if x is None else f"{100 * x:.1f}%"


def _table(rows: list[list], widths: list[float], header_rows: int = 1,
           notable: list[int] = ()) -> Table:
    t = Table(rows, colWidths=widths, repeatRows=header_rows)
    style = [("FONT", (0, 0), (-1, -1), FONT, 7.5),
             ("FONT", (0, 0), (-1, header_rows - 1), FONT_BOLD, 7.5),
             ("TEXTCOLOR", (0, 0), (-1, -1), INK),
             ("LINEBELOW", (0, header_rows - 1), (-1, header_rows - 1), 0.6, INK),
             ("ALIGN", (1, 0), (-1, -1), "RIGHT"),
             ("VALIGN", (0, 0), (-1, -1), "MIDDLE"),
             ("TOPPADDING", (0, 0), (-1, -1), 1.5), ("BOTTOMPADDING", (0, 0), (-1, -1), 1.5)]
    for i in range(header_rows, len(rows)):
        if (i - header_rows) % 2:
            style.append(("BACKGROUND", (0, i), (-1, i), Color(0.95, 0.95, 0.95)))
    for i in notable:
        style.append(("BACKGROUND", (0, i), (-1, i), NOTABLE))
    t.setStyle(TableStyle(style))
    return t


def players_text(report: Any) -> str:
    """Who played: "heuristic AI against heuristic AI", or each side's player."""
    players = getattr(report, "players", None) or {}
    if all(k == "heuristic" for k in players.values()):
        return "heuristic AI against heuristic AI"
    names = {s.side: s.name or s.side for s in report.sides}
    return ", ".join(f"{names.get(sid, sid)}: {kind}" for sid, kind in players.items())


def first_mover_text(report: Any) -> str:
    """How often the side moving first in round 1 won (when the report says)."""
    fm = getattr(report, "first_mover", None)
    if not fm or not report.games:
        return ""
    low, high = fm.get("win_rate_ci95", (None, None))
    interval = f" (95% interval {_pct(low)}–{_pct(high)})" if low is not None else ""
    return (f"The side that moved first in round 1 won {fm['wins']} of {report.games} games, "
            f"{_pct(fm['win_rate'])}{interval}.")


def side_colours(report: Any, colours: dict[str, str] | None) -> dict[str, Color]:
    out = {}
    for i, s in enumerate(report.sides):
        text = (colours or {}).get(s.side) or SIDE_PALETTE[i % len(SIDE_PALETTE)]
        try:
            out[s.side] = parse_colour(text)
        except ValueError:
            out[s.side] = parse_colour(SIDE_PALETTE[i % len(SIDE_PALETTE)])
    return out


def report_story(report: Any, width: float, colours: dict[str, str] | None = None,
                 settings: dict[str, str] | None = None, title: str | None = None) -> list:
    """The flowables of one report (reused by the comparison's own page)."""
    st = _Styles()
    cols = side_colours(report, colours)
    story: list = []
    story.append(Paragraph(escape(title or f"Balance report — {report.scenario_name}"),
                           st.title))
    played = f"{report.games} game(s)"
    if report.cancelled:
        played = f"{report.games} of {report.games_requested} games (cancelled)"
    story.append(Paragraph(escape(
        f"{report.scenario_name} ({report.scenario}) · {played} · batch seed {report.seed} · "
        f"{players_text(report)} · {datetime.now():%Y-%m-%d %H:%M}"), st.sub))

    story.append(Paragraph("Who wins", st.head))
    bars = [Bar(s.name or s.side, s.win_rate, cols[s.side],
                f"{_pct(s.win_rate)} ({_pct(s.win_rate_ci95[0])}–{_pct(s.win_rate_ci95[1])})",
                s.win_rate_ci95[0], s.win_rate_ci95[1]) for s in report.sides]
    bars.append(Bar("Draws", report.draw_rate, DRAW_COLOUR, _pct(report.draw_rate)))
    if report.undecided:
        share = report.undecided / report.games if report.games else 0.0
        bars.append(Bar("No winner", share, UNDECIDED_COLOUR, _pct(share)))
    story.append(BarChart(bars, width, top=1.0, axis_format=lambda v: f"{100 * v:.0f}%"))
    story.append(Spacer(1, 4))
    rows = [["Side", "Army list", "Wins", "Win rate", "95% interval", "Units lost per game"]]
    for s in report.sides:
        rows.append([s.name or s.side, s.army_list, str(s.wins), _pct(s.win_rate),
                     f"{_pct(s.win_rate_ci95[0])} – {_pct(s.win_rate_ci95[1])}",
                     f"{s.units_lost_per_game:.2f}"])
    rows.append(["Draws", "", str(report.draws), _pct(report.draw_rate), "", ""])
    story.append(_table(rows, [w * width for w in (0.24, 0.2, 0.08, 0.11, 0.19, 0.18)]))
    first = first_mover_text(report)
    if first:
        story.append(Paragraph(escape(first), st.body))
    story.append(Paragraph(escape(
        "The interval is the Wilson 95% interval: with this many games the true win rate "
        "lies in it 19 times out of 20. To compare two runs, look at the interval of their "
        "difference (the comparison pages), not at whether these intervals overlap."), st.sub))

    story.append(Paragraph("How long games last", st.head))
    rounds = report.rounds or {}
    dist = {int(k): v for k, v in (rounds.get("distribution") or {}).items()}
    if report.games:
        story.append(Paragraph(escape(f"Mean {rounds.get('mean', 0):.2f} rounds, shortest "
                                      f"{rounds.get('min')}, longest {rounds.get('max')}."),
                               st.body))
    story.append(Histogram(dist, width * 0.8, x_label="rounds played (games per round)"))

    story.append(Paragraph("What decided the games", st.head))
    rows = [["Side", "Won by", "Games", "Share of all games"]]
    for s in report.sides:
        for kind, n in s.victory_conditions.items():
            rows.append([s.name or s.side, report.cause_text(kind), str(n),
                         _pct(n / report.games if report.games else None)])
    if not any(s.wins for s in report.sides):
        story.append(Paragraph("No game was won.", st.body))
    else:
        story.append(_table(rows, [w * width for w in (0.34, 0.3, 0.12, 0.24)]))

    story.append(CondPageBreak(60 * mm))
    story.append(Paragraph("Losses and kills by unit type", st.head))
    story.append(Paragraph(escape(
        "Lost: the share of the units of the type that were destroyed, captured or fled off "
        "the map. Kills per point: enemy units it destroyed or captured per game, for each "
        "point the type costs in the army (where units lose figures one by one, each figure "
        "removed counts as its share of a unit)."), st.sub))
    kill_bars = []
    for s in report.sides:
        rows = [[s.name or s.side, "n", "pts", "lost/game", "lost", "kills/game", "kills/pt",
                 "pts killed/pt"]]
        for u in s.unit_types:
            rows.append([u.name, str(u.fielded), f"{u.points:g}", f"{u.lost_per_game:.2f}",
                         _pct(u.loss_rate), f"{u.kills_per_game:.2f}",
                         f"{u.kills_per_point:.4f}", f"{u.points_killed_per_point:.3f}"])
            kill_bars.append(Bar(u.name, u.kills_per_point, cols[s.side],
                                 f"{u.kills_per_point:.4f}"))
        story.append(KeepTogether([_table(rows, [w * width for w in
                                                 (0.32, 0.06, 0.08, 0.11, 0.1, 0.11, 0.1, 0.12)]),
                                   Spacer(1, 6)]))
    if kill_bars and any(b.value for b in kill_bars):
        story.append(Paragraph("Kills per point", st.head))
        story.append(BarChart(kill_bars, width, row=11))

    story.append(Paragraph("Not simulated in these games", st.head))
    if report.not_simulated:
        for item in report.not_simulated:
            story.append(Paragraph(escape(
                f"{item['side']}: {item['ability']} ({', '.join(item['unit_types'])})"),
                st.body))
    else:
        story.append(Paragraph("Every ability in play is simulated.", st.body))

    if settings:
        story.append(Paragraph("The scenario as it was run", st.head))
        rows = [["Setting", "Value"]] + [[Paragraph(escape(k), st.cell),
                                          Paragraph(escape(v), st.cell)]
                                         for k, v in settings.items()]
        t = _table(rows, [0.3 * width, 0.7 * width])
        t.setStyle(TableStyle([("ALIGN", (0, 0), (-1, -1), "LEFT")]))
        story.append(t)
    return story


def comparison_story(comp: Comparison, width: float) -> list:
    from studio.playtest.report_compare import compare_reports, format_delta, format_value
    st = _Styles()
    story: list = [Paragraph(escape(f"{comp.label_b} against {comp.label_a}"), st.title),
                   Paragraph(escape("Differences are the second run minus the first; "
                                    "a share of games comes with the 95% interval of the "
                                    "difference (Newcombe's); highlighted, it leaves out 0: "
                                    "more than chance explains."), st.sub)]
    story.append(Paragraph("What changed in the scenario", st.head))
    if comp.changes:
        for line in comp.changes:
            # Vera has no arrow glyph.
            story.append(Paragraph("• " + escape(line.replace(" → ", " to ")), st.body))
    else:
        story.append(Paragraph("Nothing: the same scenario (other seeds or game counts).",
                               st.body))
    rows = [["Figure", comp.label_a, comp.label_b, "Difference"]]
    notable = []
    group = None
    for r in compare_reports(comp.report_a, comp.report_b):
        if r.group != group:
            group = r.group
            rows.append([Paragraph(f"<b>{escape(group)}</b>", st.cell), "", "", ""])
        if r.notable:
            notable.append(len(rows))
        rows.append([Paragraph(escape(r.label), st.cell), format_value(r.a, r.kind),
                     format_value(r.b, r.kind), format_delta(r)])
    story.append(Paragraph("Figures", st.head))
    story.append(_table(rows, [w * width for w in (0.4, 0.15, 0.15, 0.3)], notable=notable))
    return story


class _ReportDoc(BaseDocTemplate):
    def __init__(self, path, prog: Progress, footer: str, page=A4) -> None:
        super().__init__(str(path), pagesize=page, leftMargin=MARGIN, rightMargin=MARGIN,
                         topMargin=MARGIN, bottomMargin=MARGIN, title=footer,
                         author="", creator="Wargame Studio", subject=footer,
                         # Every page's preamble names a font: make it the embedded one,
                         # not the unembedded standard Helvetica.
                         initialFontName=FONT, initialFontSize=9)
        self.prog = prog
        self.footer = footer
        frame = Frame(MARGIN, MARGIN, page[0] - 2 * MARGIN, page[1] - 2 * MARGIN, id="body")
        self.addPageTemplates([PageTemplate("page", [frame], onPage=self._decorate)])

    def _decorate(self, canvas, doc) -> None:
        canvas.saveState()
        canvas.setFont(FONT, 7)
        canvas.setFillColor(GREY)
        canvas.drawString(MARGIN, MARGIN / 2, self.footer)
        canvas.drawRightString(doc.pagesize[0] - MARGIN, MARGIN / 2, f"page {doc.page}")
        canvas.restoreState()

    def afterPage(self) -> None:
        self.prog.step(f"page {self.page}")


def export_balance_report(report: Any, path: str | os.PathLike, *,
                          colours: dict[str, str] | None = None,
                          settings: dict[str, str] | None = None,
                          compare: Comparison | None = None, title: str | None = None,
                          progress=None, cancel=None, page: tuple[float, float] = A4) -> int:
    """Write the report (and the comparison, if given, on pages of its own) to `path`;
    returns the number of pages. `colours`: side id -> "#rrggbb" (the scenario's side
    colours); `settings`: the scenario's settings in words (`scenario_digest`); `page`:
    the paper in points (A4 by default; the CLI's --page letter|a4).
    Cancelling (`cancel.is_set()` or a callable) raises ExportCancelled and leaves no
    file behind."""
    register_fonts()
    prog = Progress(progress, cancel, total=3 if compare is None else 4)
    prog.check()
    width = page[0] - 2 * MARGIN
    story = report_story(report, width, colours, settings, title)
    if compare is not None:
        story.append(PageBreak())
        story += comparison_story(compare, width)
    return write_story(story, path, prog, f"Balance report — {report.scenario_name}", page)


def write_story(story: list, path: str | os.PathLike, prog: Progress, footer: str,
                page: tuple[float, float] = A4) -> int:
    """Build the flowables into a PDF of `page` size at `path`, atomically (no file left
    behind when it fails or is cancelled); returns the number of pages."""
    with written_in_place(path) as part:
        doc = _ReportDoc(part, prog, footer, page)
        doc.build(story, canvasmaker=canvas_maker())
    return doc.page

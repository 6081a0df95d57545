"""The playsheet's hit and kill table: for each of the side's unit types against each enemy
type, the exact chance that one attack hits and that it destroys, from the game's own odds
(`Ruleset.odds.unit_odds`, asked through the ruleset contract: the export layer names no game).

The situation is the plain one: hand-to-hand (adjacent), into the target's front, both on
level open ground, the target unhurt; the playsheet's modifier tables say what changes it.
"""
from __future__ import annotations

from typing import Any

from reportlab.platypus import Flowable, Paragraph, Table, TableStyle

from studio.model import ArmyList, Scenario, Side, UnitType

from .colours import INK, LIGHT_GREY
from .fonts import FONT, FONT_BOLD, fit_text, text_width

COLUMNS_PER_TABLE = 8
FIGURE_COLUMNS_PER_TABLE = 5
HEADER_HEIGHT = 58.0          # the longest enemy name a column header shows whole


class UpwardText(Flowable):
    """A column header set upwards, so that a narrow column keeps a whole name."""

    def __init__(self, text: str, size: float, height: float = HEADER_HEIGHT) -> None:
        super().__init__()
        self.text, self.size = fit_text(text, FONT_BOLD, size, size * 0.8, height)
        self.width, self.height = self.size * 1.2, min(height, text_width(self.text, FONT_BOLD,
                                                                         self.size))

    def draw(self) -> None:
        c = self.canv
        c.saveState()
        c.translate(self.size * 0.9, 0)
        c.rotate(90)
        c.setFont(FONT_BOLD, self.size)
        c.drawString(0, 0, self.text)
        c.restoreState()


def _types(side: Side, army_list: ArmyList) -> list[UnitType]:
    seen: dict[str, UnitType] = {}
    for entry in side.army.expanded():
        unit = army_list.unit(entry.type)
        if unit is not None and unit.id not in seen:
            seen[unit.id] = unit
    return list(seen.values())


def _pick(outcomes: dict[str, float]) -> tuple[float | None, float | None]:
    """(hit, destroyed) from a game's outcome names; hit is None where the game has no
    separate hit (its first outcome is already a loss)."""
    hit = outcomes.get("hit")
    kill = next((v for k, v in outcomes.items() if "destroy" in k), None)
    return hit, kill


def _pct(p: float | None) -> str:
    if p is None:
        return ""
    if 0 < p < 0.005:
        return "<1"
    return f"{100 * p:.0f}"


def _figures(removed: dict) -> str:
    """ "3.9·5.2": figures the target loses on average, then the attacker (when it can)."""
    theirs, ours = removed.get("defender", 0.0), removed.get("attacker", 0.0)
    return f"{theirs:.1f}·{ours:.1f}" if ours else f"{theirs:.1f}"


def odds_rows(rules, library: Any, side: Side, army_list: ArmyList, scenario: Scenario,
              lists: dict[str, ArmyList], distance: int = 1
              ) -> tuple[list[str], list[tuple[str, list[str]]], str]:
    """Enemy names, then per own type its name and a cell per enemy type, and what the
    cells read: "hit·destroy" ("64·27", in %), "destroy" (%), or "figures" (figures
    removed on average, for a game that counts figures: its odds give `expected_removed`)."""
    enemies: list[tuple[ArmyList, UnitType]] = []
    if rules.odds is None:
        return [], [], "destroy"
    # A plain attack: every situation the game models at its default, at `distance`.
    situation = {p.name: p.default for p in rules.odds.situation}
    for other in scenario.sides:
        if other.id == side.id:
            continue
        other_list = lists.get(other.army.army_list)
        if other_list is None:
            continue
        for unit in _types(other, other_list):
            if all(u.id != unit.id or lst.id != other_list.id for lst, u in enemies):
                enemies.append((other_list, unit))
    rows = []
    with_hit = False
    figures = False
    for unit in _types(side, army_list):
        cells = []
        for enemy_list, enemy in enemies:
            try:
                odds = rules.odds.unit_odds(library, (army_list, unit), (enemy_list, enemy),
                                            dict(situation, distance=distance))
            except (ValueError, KeyError, LookupError, TypeError, ZeroDivisionError):
                cells.append("–")       # no such attack (not adjacent, not allowed)
                continue
            if odds.get("no_attack_reason"):
                cells.append("–")
                continue
            if "expected_removed" in odds:
                figures = True
                cells.append(_figures(odds["expected_removed"]))
                continue
            hit, kill = _pick(odds.get("outcomes") or {})
            with_hit |= hit is not None
            cells.append(f"{_pct(hit)}·{_pct(kill)}" if hit is not None else _pct(kill))
        if distance > 1 and all(c == "–" for c in cells):
            continue            # the game's odds say it cannot reach (its range may be a weapon's)
        rows.append((unit.name, cells))
    what = "figures" if figures else "hit·destroy" if with_hit else "destroy"
    return [e.name for _, e in enemies], rows, what


def odds_tables(rules, library: Any, side: Side, army_list: ArmyList, scenario: Scenario,
                lists: dict[str, ArmyList], cell_style, column_width: float,
                font_size: float, distance: int = 1) -> tuple[list, str]:
    """Tables of at most eight enemy columns each, and what the cells read (`odds_rows`)."""
    names, rows, what = odds_rows(rules, library, side, army_list, scenario, lists, distance)
    if not names or not rows:
        return [], what
    out = []
    label_w = column_width * 0.3
    # "1.3·1.8" is twice as wide as "64·27": fewer, wider columns, or the cells run together
    per_table = FIGURE_COLUMNS_PER_TABLE if what == "figures" else COLUMNS_PER_TABLE
    for start in range(0, len(names), per_table):
        chunk = names[start:start + per_table]
        col_w = (column_width - label_w) / per_table
        size = font_size * 0.8
        header = ["attacker \\ target"] + [UpwardText(n, size) for n in chunk]
        data = [header] + [[Paragraph(name, cell_style)] + cells[start:start + len(chunk)]
                           for name, cells in rows]
        table = Table(data, colWidths=[label_w] + [col_w] * len(chunk), repeatRows=1,
                      hAlign="LEFT")
        table.setStyle(TableStyle([
            ("FONT", (0, 0), (-1, -1), FONT, font_size * 0.85),
            ("FONT", (0, 0), (-1, 0), FONT_BOLD, size),
            ("ALIGN", (1, 0), (-1, -1), "CENTER"),
            ("VALIGN", (0, 0), (-1, -1), "MIDDLE"),
            ("VALIGN", (0, 0), (-1, 0), "BOTTOM"),
            ("LINEBELOW", (0, 0), (-1, 0), 0.6, INK),
            ("LINEBELOW", (0, 1), (-1, -1), 0.25, LIGHT_GREY),
            ("LEFTPADDING", (0, 0), (-1, -1), 1.4), ("RIGHTPADDING", (0, 0), (-1, -1), 1.4),
            ("TOPPADDING", (0, 0), (-1, -1), 0.8), ("BOTTOMPADDING", (0, 0), (-1, -1), 1.0),
        ]))
        out.append(table)
    return out, what

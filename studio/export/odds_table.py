"""The playsheet's hit and kill table: for each of the side's unit types against each enemy
type, the exact chance that one attack hits and that it destroys, from the game's own odds
(`Ruleset.odds.unit_odds`, asked through the ruleset contract: the export layer names no game).

The situation is the plain one: hand-to-hand (adjacent), into the target's front, both on
level open ground, the target unhurt; the playsheet's modifier tables say what changes it.

One attack never destroys a target of several hits (a battle ship of 5): against such a
target the cell is the chance of a hit that counts (after its saves), and the column's
header says how many it takes. An attack the game's odds call impossible (out of range:
no number needed) reads "–", not 0·0.
"""
from __future__ import annotations

from typing import Any

from reportlab.platypus import Flowable, Paragraph, Table, TableStyle

from studio.model import ArmyList, Scenario, Side, UnitType

from .colours import INK, LIGHT_GREY
from .fonts import FONT, FONT_BOLD, fit_text, text_width

COLUMNS_PER_TABLE = 8
HEADER_HEIGHT = 58.0          # the longest enemy name a column header shows whole
PADDING = 1.0                 # each side of a cell
CELL_GAP = 0.4                # blank between two cells' figures, in ems of the cell type
KEPT_ROWS = 3                 # a table split over two columns keeps this many rows each side


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


def _hits(army_list: ArmyList, unit: UnitType) -> int:
    try:
        return int(army_list.stat(unit, "hits") or 1)
    except (AttributeError, TypeError, ValueError):
        return 1


def odds_rows(rules, library: Any, side: Side, army_list: ArmyList, scenario: Scenario,
              lists: dict[str, ArmyList], distance: int = 1
              ) -> tuple[list[str], list[tuple[str, list[str]]], str]:
    """Enemy names (with "(5 hits)" for a target of several), then per own type its name
    and a cell per enemy type, and what the cells read: "hit·destroy" ("64·27", in %; the
    chance of a hit that counts alone against a target of several hits), "destroy" (%),
    or "figures" (figures removed on average, for a game that counts figures: its odds
    give `expected_removed`)."""
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
            if odds.get("no_attack_reason") or ("needed" in odds and odds["needed"] is None):
                cells.append("–")       # forbidden, or out of reach (no number is needed)
                continue
            if "expected_removed" in odds:
                figures = True
                cells.append(_figures(odds["expected_removed"]))
                continue
            outcomes = odds.get("outcomes") or {}
            hit, kill = _pick(outcomes)
            with_hit |= hit is not None
            if hit is not None and _hits(enemy_list, enemy) > 1:
                cells.append(_pct(outcomes.get("damage", hit)))     # hits, not kills
            else:
                cells.append(f"{_pct(hit)}·{_pct(kill)}" if hit is not None else _pct(kill))
        if distance > 1 and all(c == "–" for c in cells):
            continue            # the game's odds say it cannot reach (its range may be a weapon's)
        rows.append((unit.name, cells))
    what = "figures" if figures else "hit·destroy" if with_hit else "destroy"
    names = [e.name if figures or _hits(lst, e) < 2 else f"{e.name} ({_hits(lst, e)} hits)"
             for lst, e in enemies]
    return names, rows, what


def odds_tables(names: list[str], rows: list[tuple[str, list[str]]], cell_style,
                column_width: float, font_size: float) -> list:
    """The rows of `odds_rows` as tables of at most eight enemy columns each, as many
    columns to a table as fit with a gap between figures."""
    if not names or not rows:
        return []
    out = []
    label_w = column_width * 0.3
    size = font_size * 0.8
    cell_size = font_size * 0.85
    # Each column as wide as its widest figure plus a gap, so that neighbours never run
    # together ("100·91100·73"); the columns shared out evenly between the tables.
    widest = max(text_width(c, FONT, cell_size) for _, cells in rows for c in cells)
    needed = max(widest + 2 * PADDING + CELL_GAP * cell_size, size * 1.2 + 2 * PADDING)
    fits = max(1, min(COLUMNS_PER_TABLE, int((column_width - label_w) // needed)))
    tables = -(-len(names) // fits)
    per_table = -(-len(names) // tables)
    col_w = (column_width - label_w) / max(per_table, 1)
    for start in range(0, len(names), per_table):
        chunk = names[start:start + per_table]
        header = ["attacker \\ target"] + [UpwardText(n, size) for n in chunk]
        data = [header] + [[Paragraph(name, cell_style)] + cells[start:start + len(chunk)]
                           for name, cells in rows]
        table = Table(data, colWidths=[label_w] + [col_w] * len(chunk), repeatRows=1,
                      hAlign="LEFT")
        table.setStyle(TableStyle([
            ("FONT", (0, 0), (-1, -1), FONT, cell_size),
            ("FONT", (0, 0), (-1, 0), FONT_BOLD, size),
            ("ALIGN", (1, 0), (-1, -1), "CENTER"),
            ("VALIGN", (0, 0), (-1, -1), "MIDDLE"),
            ("VALIGN", (0, 0), (-1, 0), "BOTTOM"),
            ("LINEBELOW", (0, 0), (-1, 0), 0.6, INK),
            ("LINEBELOW", (0, 1), (-1, -1), 0.25, LIGHT_GREY),
            ("LEFTPADDING", (0, 0), (-1, -1), PADDING),
            ("RIGHTPADDING", (0, 0), (-1, -1), PADDING),
            ("TOPPADDING", (0, 0), (-1, -1), 0.8), ("BOTTOMPADDING", (0, 0), (-1, -1), 1.0),
            # Split over two columns, neither part is a header with a row or two: its last
            # rows went alone to the next column or page.
            ("NOSPLIT", (0, 0), (-1, min(KEPT_ROWS, len(rows)))),
            ("NOSPLIT", (0, max(0, len(rows) + 1 - KEPT_ROWS)), (-1, -1)),
        ]))
        out.append(table)
    return out

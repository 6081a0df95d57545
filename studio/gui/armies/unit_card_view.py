"""A unit card: the unit's stats, its attack at each distance, abilities with parameters and
what they do, notes, and its points with the formula's working (`studio.armies.unit_card`)."""
from __future__ import annotations

from html import escape

from PySide6.QtWidgets import QTextBrowser

from studio.armies.cell_values import format_number
from studio.armies.unit_card import UnitCard


def card_html(card: UnitCard) -> str:
    tags = " ".join(f"<span style='background:#e8eef6;'>&nbsp;{escape(t)}&nbsp;</span>"
                    for t in card.tags)
    # One stat a row: the card sits in a narrow pane, where a row of seven or eight stats
    # (Action Dice) squeezed every header to one letter a line.
    stats = "".join(f"<tr><th align='left' style='padding:1px 6px;background:#eef0f3'>"
                    f"{escape(k)}</th><td style='padding:1px 6px'>{escape(v)}</td></tr>"
                    for k, v in card.stats)
    dist_head = "".join(f"<th style='padding:2px 5px;background:#eef0f3'>{d}</th>"
                        for d, _ in card.attack_by_distance)
    dist_vals = "".join(f"<td align='center' style='padding:2px 5px'>{escape(v)}</td>"
                        for _, v in card.attack_by_distance)
    points = "?" if card.points is None else format_number(card.points)
    parts = [
        f"<h3 style='margin:0'>{escape(card.name)} "
        f"<span style='color:#666;font-weight:normal'>({escape(card.id)})</span>"
        f"<span style='float:right'> — {points} points</span></h3>",
        f"<p style='margin:2px 0 6px 0'>{tags}</p>" if card.tags else "",
        f"<table cellspacing='0' border='1' style='border-color:#c8c8c8'>{stats}</table>",
    ]
    if card.attack_by_distance:
        parts += [
            "<p style='margin:6px 0 2px 0'><b>Attack by distance</b> (hexes)</p>",
            f"<table cellspacing='0' border='1' style='border-color:#c8c8c8'>"
            f"<tr><th style='padding:2px 5px;background:#eef0f3'>hexes</th>{dist_head}</tr>"
            f"<tr><th style='padding:2px 5px;background:#eef0f3'>attack</th>{dist_vals}</tr>"
            "</table>"]
    if card.abilities:
        rows = []
        for a in card.abilities:
            params = f" <i>({escape(a.params_text())})</i>" if a.params else ""
            source = "" if a.source == "unit" else (
                f"<br><span style='color:#777'>from the list rule: {escape(a.source)}</span>")
            rows.append(f"<li><b>{escape(a.name)}</b>{params}: {escape(a.summary)}{source}</li>")
        parts.append("<p style='margin:6px 0 0 0'><b>Abilities</b></p><ul style='margin:0'>"
                     + "".join(rows) + "</ul>")
    if card.notes:
        parts.append(f"<p style='margin:6px 0 0 0'><b>Notes</b>: {escape(card.notes)}</p>")
    parts.append(f"<p style='margin:6px 0 0 0'><b>Points</b>: {points}<br>"
                 f"<span style='color:#555;font-size:small'>{escape(card.breakdown)}</span></p>")
    return "".join(parts)


class UnitCardView(QTextBrowser):
    def __init__(self, parent=None) -> None:
        super().__init__(parent)
        self.setOpenLinks(False)
        self.card: UnitCard | None = None
        self.show_card(None)

    def show_card(self, card: UnitCard | None) -> None:
        self.card = card
        if card is None:
            self.setHtml("<p style='color:#777'>Choose a unit type in the table to see its "
                         "card.</p>")
        else:
            self.setHtml(card_html(card))

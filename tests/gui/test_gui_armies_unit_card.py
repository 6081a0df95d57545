"""The unit card sets one stat a row, so that it reads in the narrow pane of the army
builder at 1366×768: a row of eight Action Dice stats (Type … Specials) squeezed each
header to one letter a line."""
from __future__ import annotations

from PySide6.QtGui import QTextTable

from studio.armies.unit_card import unit_card
from studio.gui.armies.unit_card_view import UnitCardView
from studio.io import default_library


def _stats_table(document) -> QTextTable:
    table = document.find("Dice").currentTable()      # the table that holds the 'Dice' label
    assert table is not None, "no stats table"
    return table


def test_each_stat_is_a_row_of_label_and_value(qtbot):
    lib = default_library()
    army_list = lib.army_list("ad-colonial-marines")
    card = unit_card(army_list, army_list.unit("battle-tank"), lib)
    view = UnitCardView()
    qtbot.addWidget(view)
    view.resize(180, 400)
    view.show_card(card)
    table = _stats_table(view.document())
    assert table.columns() == 2 and table.rows() == len(card.stats) >= 7
    labels = [table.cellAt(r, 0).firstCursorPosition().block().text()
              for r in range(table.rows())]
    values = [table.cellAt(r, 1).firstCursorPosition().block().text()
              for r in range(table.rows())]
    assert dict(zip(labels, values))["Dice"] == "6d6"
    assert dict(zip(labels, values))["Figures"] == "1"

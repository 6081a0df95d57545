"""The army lists a side may choose, as combo-box rows: the lists the side can use first (a
list that differs from the other sides' lists in era or scale is usable, with what the
others must change next, so that no side is locked out by the others); those it cannot
(another game system or terrain set) behind a last row that shows them, greyed with the
reason. The army builder and the Sides tab offer the same rows."""
from __future__ import annotations

from PySide6.QtCore import Qt
from PySide6.QtGui import QStandardItem, QStandardItemModel

from studio.armies.compatibility import (Compatibility, library_lookup, list_compatibility,
                                         ruleset_systems)

LIST_ID_ROLE = Qt.UserRole
TOGGLE_ROLE = Qt.UserRole + 1       # the row that shows or hides the lists not usable


def fill_army_lists(model: QStandardItemModel, library, scenario, side_id: str | None,
                    current: str | None, show_all: bool = False) -> None:
    """Replace `model`'s rows by the library's army lists for side `side_id` of `scenario`
    (None: no side, every list usable): the usable ones, then a row that shows (or, with
    `show_all`, hides) the others. `current` is always listed; when not in the library it
    is added greyed."""
    model.clear()
    lists = library.models("army-list") if library is not None else []
    lookup, systems = library_lookup(library), ruleset_systems(library)
    usable, other = [], []
    for army_list in sorted(lists, key=lambda m: (m.name.lower(), m.id)):
        item = QStandardItem(army_list.name)
        item.setData(army_list.id, LIST_ID_ROLE)
        check = (list_compatibility(army_list, scenario, side_id, lookup, systems)
                 if side_id is not None else Compatibility(True))
        summary = (f"{army_list.id}: era {army_list.era}, scales "
                   f"{', '.join(army_list.scales)}, terrain set {army_list.terrain_set}")
        if not check.ok:
            item.setText(f"{army_list.name} — not usable: {check.reason}")
            item.setToolTip(f"{summary}\nNot usable by this side: {check.reason}"
                            + (f"\nIt also differs from the other sides: {check.conflict}"
                               if check.conflicts else ""))
            item.setEnabled(False)
            other.append((army_list.id == current, item))
            continue
        if check.conflicts:
            item.setText(f"{army_list.name} — then change the other sides' lists")
            item.setToolTip(f"{summary}\nThe other sides' lists would differ: "
                            f"{check.conflict}; choose matching lists for them next")
        else:
            item.setToolTip(summary)
        usable.append(item)
    for item in usable:
        model.appendRow(item)
    for is_current, item in other:
        if show_all or is_current:
            model.appendRow(item)
    hidden = sum(1 for is_current, _ in other if not is_current)
    if hidden:
        toggle = QStandardItem(f"Hide the {hidden} lists this side cannot use" if show_all
                               else f"Show {hidden} more lists this side cannot use…")
        toggle.setData(True, TOGGLE_ROLE)
        font = toggle.font()
        font.setItalic(True)
        toggle.setFont(font)
        model.appendRow(toggle)
    if current is not None and list_row(model, current) < 0:
        item = QStandardItem(f"{current} (not in the library)")
        item.setData(current, LIST_ID_ROLE)
        item.setEnabled(False)
        model.appendRow(item)


def is_toggle(model: QStandardItemModel, row: int) -> bool:
    """Whether `row` is the row that shows or hides the lists the side cannot use."""
    item = model.item(row) if row >= 0 else None
    return item is not None and bool(item.data(TOGGLE_ROLE))


def list_row(model: QStandardItemModel, list_id: str) -> int:
    for row in range(model.rowCount()):
        if model.item(row).data(LIST_ID_ROLE) == list_id:
            return row
    return -1

"""The army lists a side may choose, as combo-box rows: every list of the library, those the
side cannot use (another game system or terrain set) greyed with the reason, those that
differ from the other sides' lists (era, scale) choosable with what the others must change
next, so that no side is locked out by the others. The army builder and the Sides tab offer
the same rows."""
from __future__ import annotations

from PySide6.QtCore import Qt
from PySide6.QtGui import QStandardItem, QStandardItemModel

from studio.armies.compatibility import (Compatibility, library_lookup, list_compatibility,
                                         ruleset_systems)

LIST_ID_ROLE = Qt.UserRole


def fill_army_lists(model: QStandardItemModel, library, scenario, side_id: str | None,
                    current: str | None) -> None:
    """Replace `model`'s rows by the library's army lists for side `side_id` of `scenario`
    (None: no side, every list usable); `current`, when not in the library, is added greyed."""
    model.clear()
    lists = library.models("army-list") if library is not None else []
    lookup, systems = library_lookup(library), ruleset_systems(library)
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
        elif check.conflicts:
            item.setText(f"{army_list.name} — then change the other sides' lists")
            item.setToolTip(f"{summary}\nThe other sides' lists would differ: "
                            f"{check.conflict}; choose matching lists for them next")
        else:
            item.setToolTip(summary)
        model.appendRow(item)
    if current is not None and list_row(model, current) < 0:
        item = QStandardItem(f"{current} (not in the library)")
        item.setData(current, LIST_ID_ROLE)
        item.setEnabled(False)
        model.appendRow(item)


def list_row(model: QStandardItemModel, list_id: str) -> int:
    for row in range(model.rowCount()):
        if model.item(row).data(LIST_ID_ROLE) == list_id:
            return row
    return -1

"""The Units dock: each side's roster, placed entries (with hex and facing) and the reserve.

Choosing a reserve entry arms the unit tool to place it (click a hex on the map); choosing a
placed unit selects it on the map and centres the view on it. Any entry can also be dragged
onto a hex of the map: a reserve entry is placed there, a placed unit moves there. Buttons add units of the side's
army list, send a unit back to the reserve, remove it, or mark the Army Leader; the Name field
gives a single unit a designation ("Datis"), printed on its counter instead of its type's name.
"""
from __future__ import annotations

from PySide6.QtCore import Qt, Signal
from PySide6.QtGui import QBrush, QColor, QFont
from PySide6.QtWidgets import (QComboBox, QDockWidget, QHBoxLayout, QLabel, QLineEdit,
                               QPushButton, QTreeWidgetItem, QVBoxLayout, QWidget)

from studio.model import RosterUnit
from studio.armies.points import PointsError, roster_points

from ..document_links import relink
from ..tools.roster_drag import RosterTree
from ..widgets.tree_columns import set_columns
from .tools_dock import swatch

SIDE_ROLE = Qt.UserRole
INDEX_ROLE = Qt.UserRole + 1
RESERVE_COLOUR = QColor(110, 110, 110)


def _number(value: float) -> str:
    return str(int(value)) if float(value).is_integer() else f"{value:.1f}"


class UnitsDock(QDockWidget):
    statusMessage = Signal(str)

    def __init__(self, tools, view, parent=None) -> None:
        super().__init__("Units", parent)
        self.setObjectName("units-dock")
        self.tools = tools
        self.view = view
        self.doc = None
        self._connections: list = []
        self._syncing = False
        body = QWidget()
        layout = QVBoxLayout(body)
        layout.setContentsMargins(4, 4, 4, 4)
        self.tree = RosterTree(self._entry_of)
        set_columns(self.tree, ["Unit", "Hex", "Facing"], stretch=0)
        self.tree.setRootIsDecorated(True)
        self.tree.setUniformRowHeights(True)
        self.tree.setAlternatingRowColors(True)
        self.tree.currentItemChanged.connect(self._current_changed)
        self.tree.itemDoubleClicked.connect(self._double_clicked)
        layout.addWidget(self.tree, 1)

        add_row = QHBoxLayout()
        self.unit_type = QComboBox()
        self.unit_type.setToolTip("Unit types of the chosen side's army list")
        self.unit_type.setSizeAdjustPolicy(QComboBox.AdjustToMinimumContentsLengthWithIcon)
        self.unit_type.setMinimumContentsLength(12)
        self.add_button = QPushButton("Add")
        self.add_button.setToolTip("Add a unit of this type to the side's reserve")
        self.add_button.clicked.connect(self.add_unit)
        add_row.addWidget(self.unit_type, 1)
        add_row.addWidget(self.add_button)
        layout.addLayout(add_row)

        buttons = QHBoxLayout()
        self.reserve_button = QPushButton("To reserve")
        self.reserve_button.setToolTip("Take the unit off the map, back into the reserve (Delete)")
        self.reserve_button.clicked.connect(self.unplace_selected)
        self.remove_button = QPushButton("Remove")
        self.remove_button.setToolTip("Remove the entry from the roster (Shift+Delete)")
        self.remove_button.clicked.connect(self.remove_selected)
        self.leader_button = QPushButton("Leader")
        self.leader_button.setCheckable(True)
        self.leader_button.setToolTip("Mark the unit as its side's Army Leader")
        self.leader_button.clicked.connect(self.toggle_leader)
        for b in (self.reserve_button, self.remove_button, self.leader_button):
            buttons.addWidget(b)
        layout.addLayout(buttons)

        name_row = QHBoxLayout()
        self.name_edit = QLineEdit()
        self.name_edit.setObjectName("unit-designation")
        self.name_edit.setPlaceholderText("the type's name")
        self.name_edit.setToolTip("The unit's designation in this scenario (\"Datis\"), printed "
                                  "on its counter and shown on the map instead of its type's "
                                  "name; empty: the type's name. One unit, not an entry of "
                                  "several.")
        self.name_edit.setClearButtonEnabled(True)
        self.name_edit.editingFinished.connect(self.apply_name)
        name_label = QLabel("Name")
        name_label.setBuddy(self.name_edit)
        name_row.addWidget(name_label)
        name_row.addWidget(self.name_edit, 1)
        layout.addLayout(name_row)
        self.setWidget(body)

        tools.unitSelected.connect(self._tools_selected_unit)
        tools.unitToPlaceChanged.connect(self._tools_unit_to_place)
        tools.sideChanged.connect(lambda _s: self._fill_types())
        self.set_document(tools.doc)

    # -- document ------------------------------------------------------------------------

    def set_document(self, doc) -> None:
        self.doc = doc
        self._connections = relink(self._connections, [(doc.unitsChanged, self.rebuild),
                                                       (doc.metaChanged, self._meta)])
        self.rebuild()

    def _meta(self, field: str) -> None:
        if field.startswith("side:"):
            self.rebuild()

    def rebuild(self, *_args) -> None:
        keep = self.selected_entry()
        collapsed = {self.tree.topLevelItem(i).data(0, SIDE_ROLE)
                    for i in range(self.tree.topLevelItemCount())
                    if not self.tree.topLevelItem(i).isExpanded()}
        self._syncing = True
        self.tree.clear()
        for side in self.doc.model.sides:
            top = QTreeWidgetItem(self.tree)
            top.setData(0, SIDE_ROLE, side.id)
            top.setFlags(top.flags() & ~Qt.ItemIsDragEnabled)
            top.setIcon(0, swatch(side.colour, 12))
            placed = sum(1 for u in side.army.units if u.hex is not None)
            reserve = sum(u.count for u in side.army.units if u.hex is None and not u.arrives)
            arriving = sum(u.count for u in side.army.units if u.hex is None and u.arrives)
            top.setText(0, side.name or side.id)
            top.setToolTip(0, f"{side.name}: {placed} unit{'s' if placed != 1 else ''} on the "
                              f"map, {reserve} in reserve"
                              + (f", {arriving} arriving later" if arriving else ""))
            if reserve:
                top.setText(2, f"+{reserve}")
                top.setToolTip(2, f"{reserve} in reserve")
            top.setText(1, self._points(side))
            top.setToolTip(1, "Points spent / points limit")
            font = top.font(0)
            font.setBold(True)
            top.setFont(0, font)
            top.setFirstColumnSpanned(False)
            for index, unit in enumerate(side.army.units):
                self._entry_item(top, side.id, index, unit)
            top.setExpanded(side.id not in collapsed)
        self._syncing = False
        if keep is not None:
            self.select_entry(*keep)
        self._fill_types()
        self._update_buttons()

    def _points(self, side) -> str:
        army_list = self.doc.army_list(side.id)
        limit = side.army.points_limit
        if army_list is None:
            return "list?"
        try:
            spent = roster_points(side.army, army_list, self.doc.library)
        except PointsError:
            return "pts?"
        text = _number(spent)
        if limit is not None:
            text += f"/{_number(limit)}"
        return text + " pts"

    def _entry_item(self, parent: QTreeWidgetItem, side_id: str, index: int, unit: RosterUnit):
        item = QTreeWidgetItem(parent)
        item.setData(0, SIDE_ROLE, side_id)
        item.setData(0, INDEX_ROLE, index)
        unit_type = self.doc.unit_type(side_id, unit.type)
        name = unit_type.name if unit_type is not None else unit.type
        text = ("★ " if unit.leader else "") + (f"{unit.name} ({name})" if unit.name else name)
        if unit.hex is None and unit.count > 1:
            text += f"  ×{unit.count}"
        item.setText(0, text)
        ident = f" [{unit.id}]" if unit.id else ""
        if unit.hex is not None:
            item.setText(1, unit.hex)
            if not self.doc.unit_faced(side_id, unit.type):
                item.setText(2, "")     # a skirmisher: its file may still name a facing
                item.setToolTip(2, f"{name} has no facing by its rules (skirmish formation)")
            else:
                item.setText(2, unit.facing or "")
            item.setToolTip(0, f"{name}{ident} on {unit.hex}: click to select it on the map, "
                               "drag it onto another hex to move it")
        else:
            item.setText(1, "reserve")
            if unit.arrives is not None:
                short, long = self.doc.model.arrival_words(unit.arrives)
                item.setText(1, short)
                item.setToolTip(1, f"{name}{ident} {long}")
            font = QFont(item.font(0))
            font.setItalic(True)
            for column in range(3):
                item.setFont(column, font)
                item.setForeground(column, QBrush(RESERVE_COLOUR))
            item.setToolTip(0, f"{name}{ident} in reserve: click it, then click a hex to place "
                               "it, or drag it onto the map")
        if unit_type is None:
            item.setForeground(0, QBrush(QColor(200, 30, 30)))
            item.setToolTip(0, f"unit type {unit.type!r} is not in this side's army list")
        return item

    def _fill_types(self) -> None:
        side_id = self._current_side()
        self.unit_type.clear()
        army_list = self.doc.army_list(side_id) if side_id else None
        if army_list is not None:
            for t in army_list.units:
                self.unit_type.addItem(t.name, t.id)
        self.add_button.setEnabled(self.unit_type.count() > 0)

    # -- selection -----------------------------------------------------------------------

    def selected_entry(self) -> tuple[str, int] | None:
        item = self.tree.currentItem()
        if item is None or item.data(0, INDEX_ROLE) is None:
            return None
        return item.data(0, SIDE_ROLE), item.data(0, INDEX_ROLE)

    @staticmethod
    def _entry_of(item: QTreeWidgetItem) -> tuple[str, int] | None:
        index = item.data(0, INDEX_ROLE)
        return (item.data(0, SIDE_ROLE), index) if index is not None else None

    def _current_side(self) -> str | None:
        item = self.tree.currentItem()
        if item is not None:
            return item.data(0, SIDE_ROLE)
        return self.tools.side_id

    def item_for(self, side_id: str, index: int) -> QTreeWidgetItem | None:
        for i in range(self.tree.topLevelItemCount()):
            top = self.tree.topLevelItem(i)
            if top.data(0, SIDE_ROLE) != side_id:
                continue
            for j in range(top.childCount()):
                child = top.child(j)
                if child.data(0, INDEX_ROLE) == index:
                    return child
        return None

    def select_entry(self, side_id: str, index: int, act: bool = False) -> bool:
        """Make the entry current in the tree; with `act`, do what a click would."""
        item = self.item_for(side_id, index)
        if item is None:
            return False
        self._syncing = not act
        self.tree.setCurrentItem(item)
        self.tree.scrollToItem(item)
        self._syncing = False
        self._update_buttons()
        return True

    def _current_changed(self, item, _previous) -> None:
        self._update_buttons()
        if self._syncing or item is None:
            return
        side_id = item.data(0, SIDE_ROLE)
        index = item.data(0, INDEX_ROLE)
        if side_id and self.doc.model.side(side_id) is not None and side_id != self.tools.side_id:
            self.tools.set_side(side_id)
        if index is None:
            self._fill_types()
            return
        unit = self.doc.unit(side_id, index)
        if self.tools.tool.name != "unit":
            self.tools.set_tool("unit")
        if unit.hex is None:
            self.tools.select_unit(None)
            self.tools.set_unit_to_place(side_id, index)
            self.statusMessage.emit(f"Click a hex on the map to place {item.text(0).strip()}")
        else:
            self.tools.set_unit_to_place(None)
            self.tools.select_unit((side_id, index))
            h = self._hex(unit.hex)
            if h is not None:
                self.view.center_on_hex(h)

    def _double_clicked(self, item, _column) -> None:
        index = item.data(0, INDEX_ROLE)
        if index is None:
            return
        unit = self.doc.unit(item.data(0, SIDE_ROLE), index)
        h = self._hex(unit.hex)
        if h is not None:
            self.view.show_hex(h)

    def _hex(self, label: str | None):
        if label is None:
            return None
        try:
            return self.doc.geometry.parse_label(label)
        except ValueError:
            return None

    def _tools_selected_unit(self, ref) -> None:
        if ref is not None:
            self.select_entry(*ref)

    def _tools_unit_to_place(self, pick) -> None:
        if pick is not None and pick[1] is not None:
            self.select_entry(pick[0], pick[1])

    def _update_buttons(self) -> None:
        entry = self.selected_entry()
        unit = self.doc.unit(*entry) if entry is not None else None
        self.reserve_button.setEnabled(unit is not None and unit.hex is not None)
        self.remove_button.setEnabled(unit is not None)
        self.leader_button.setEnabled(unit is not None)
        self.leader_button.setChecked(bool(unit is not None and unit.leader))
        single = unit is not None and (unit.count == 1 or unit.hex is not None)
        self.name_edit.setEnabled(single)
        if not (single and self.name_edit.isModified()):     # never under the typing
            self.name_edit.setText((unit.name or "") if single else "")

    # -- edits ---------------------------------------------------------------------------

    def add_unit(self) -> None:
        side_id = self._current_side()
        type_id = self.unit_type.currentData()
        if not side_id or not type_id:
            return
        self.doc.add_unit(side_id, RosterUnit(type=type_id))
        index = len(self.doc.model.side(side_id).army.units) - 1
        self.select_entry(side_id, index, act=True)

    def unplace_selected(self) -> None:
        entry = self.selected_entry()
        if entry is not None:
            self.doc.unplace_unit(*entry)

    def remove_selected(self) -> None:
        entry = self.selected_entry()
        if entry is not None:
            self.tools.select_unit(None)
            self.tools.set_unit_to_place(None)
            self.doc.remove_unit(*entry)

    def apply_name(self) -> None:
        """The Name field's text as the selected unit's designation (one undo step)."""
        entry = self.selected_entry()
        if entry is None or not self.name_edit.isEnabled():
            return
        name = " ".join(self.name_edit.text().split()) or None
        if name != self.doc.unit(*entry).name:
            self.doc.set_unit_field(*entry, "name", name)
        self.name_edit.setModified(False)

    def toggle_leader(self) -> None:
        entry = self.selected_entry()
        if entry is None:
            return
        unit = self.doc.unit(*entry)
        self.doc.set_unit_field(*entry, "leader", not unit.leader)

"""The sides of the scenario: add and remove them, and set each one's id, name, colour, map
edge, army list, composition and points limit. The set-up zone is painted on the map with the
zone brush (key 7); its areas are shown here."""
from __future__ import annotations

import copy

from PySide6.QtCore import QRegularExpression, Qt, Signal
from PySide6.QtGui import QColor, QRegularExpressionValidator
from PySide6.QtWidgets import (QColorDialog, QComboBox, QFormLayout,
                               QHBoxLayout, QLabel, QLineEdit, QListWidget, QListWidgetItem,
                               QPushButton, QVBoxLayout, QWidget)

from studio.model.scenario import MAP_EDGES

from ..armies.list_choices import fill_army_lists, is_toggle
from ..document_links import relink
from ..widgets.points_spin import PointsSpinBox
from .commands_sides import AddSide, RemoveSide, new_side
from .scenario_fields import ID_PATTERN
from .tools_dock import swatch
from .widget_helpers import choose_data, flash, quiet, show_text


def choose_colour(parent: QWidget, current: str) -> str | None:
    """Ask for a colour; None when cancelled. Tests replace this function."""
    colour = QColorDialog.getColor(QColor(current), parent, "Side colour")
    return colour.name() if colour.isValid() else None


class SidesPanel(QWidget):
    statusMessage = Signal(str)
    sideChosen = Signal(str)

    def __init__(self, parent=None) -> None:
        super().__init__(parent)
        self.doc = None
        self._connections: list = []
        layout = QVBoxLayout(self)
        layout.setContentsMargins(0, 0, 0, 0)
        top = QHBoxLayout()
        self.list = QListWidget()
        self.list.setMaximumHeight(90)
        self.list.currentRowChanged.connect(self._row_changed)
        top.addWidget(self.list, 1)
        buttons = QVBoxLayout()
        self.add_button = QPushButton("Add side")
        self.add_button.clicked.connect(self.add_side)
        self.remove_button = QPushButton("Remove")
        self.remove_button.setToolTip("Remove the side, its units and its victory conditions")
        self.remove_button.clicked.connect(self.remove_side)
        buttons.addWidget(self.add_button)
        buttons.addWidget(self.remove_button)
        buttons.addStretch(1)
        top.addLayout(buttons)
        layout.addLayout(top)

        form = QFormLayout()
        form.setFieldGrowthPolicy(QFormLayout.AllNonFixedFieldsGrow)
        self.name = QLineEdit()
        self.name.textEdited.connect(lambda t: self._set("name", t))
        form.addRow("Name", self.name)
        self.id = QLineEdit()
        self.id.setValidator(QRegularExpressionValidator(QRegularExpression(ID_PATTERN), self.id))
        self.id.setToolTip("kebab-case id; victory conditions follow a rename")
        self.id.editingFinished.connect(self._id_done)
        form.addRow("Id", self.id)
        self.colour = QPushButton()
        self.colour.setToolTip("Counter and zone colour")
        self.colour.clicked.connect(self._pick_colour)
        form.addRow("Colour", self.colour)
        self.edge = QComboBox()
        self.edge.addItem("—", None)
        for edge in MAP_EDGES:
            self.edge.addItem(edge.capitalize(), edge)
        self.edge.activated.connect(lambda i: self._set("map_edge", self.edge.itemData(i)))
        form.addRow("Map edge", self.edge)
        self.army_list = QComboBox()
        self.show_all_lists = False      # list the lists this side cannot use too
        self.army_list.setSizeAdjustPolicy(QComboBox.AdjustToMinimumContentsLengthWithIcon)
        self.army_list.setMinimumContentsLength(14)
        self.army_list.activated.connect(self._army_list_chosen)
        form.addRow("Army list", self.army_list)
        self.composition = QComboBox()
        self.composition.activated.connect(
            lambda i: self._set("composition", self.composition.itemData(i)))
        form.addRow("Composition", self.composition)
        self.points_limit = PointsSpinBox()
        self.points_limit.setRange(0, 1_000_000)
        self.points_limit.setDecimals(1)
        self.points_limit.setSingleStep(10)
        self.points_limit.setSpecialValueText("no limit")
        self.points_limit.valueChanged.connect(
            lambda v: self._set("points_limit", None if v == 0 else _tidy(v)))
        form.addRow("Points limit", self.points_limit)
        self.zone = QLabel()
        self.zone.setWordWrap(True)
        self.zone.setToolTip("Paint the set-up zone on the map with the zone brush (key 7)")
        form.addRow("Set-up zone", self.zone)
        layout.addLayout(form)
        layout.addStretch(1)
        self.fields = {"name": self.name, "id": self.id, "colour": self.colour,
                       "map_edge": self.edge, "army_list": self.army_list,
                       "composition": self.composition, "points_limit": self.points_limit,
                       "setup_zone": self.zone, "units": self.name}

    # -- document ------------------------------------------------------------------------

    def set_document(self, doc) -> None:
        self.doc = doc
        self._connections = relink(self._connections, [(doc.metaChanged, self._meta),
                                                       (doc.zonesChanged, self._zones)])
        self._fill_list()

    def _meta(self, field: str) -> None:
        if field.startswith("side:"):
            self._fill_list()

    def _zones(self, _side: str = "") -> None:
        self._show_side()

    def _fill_list(self) -> None:
        keep = self.current_side_id()
        with quiet(self.list):
            self.list.clear()
            for side in self.doc.model.sides:
                item = QListWidgetItem(swatch(side.colour, 14), f"{side.name}  ({side.id})")
                item.setData(Qt.UserRole, side.id)
                self.list.addItem(item)
        ids = [s.id for s in self.doc.model.sides]
        row = ids.index(keep) if keep in ids else (0 if ids else -1)
        with quiet(self.list):
            self.list.setCurrentRow(row)
        self.remove_button.setEnabled(len(ids) > 1)
        self._show_side()

    def current_side_id(self) -> str | None:
        item = self.list.currentItem()
        return item.data(Qt.UserRole) if item is not None else None

    def current_side(self):
        side_id = self.current_side_id()
        return self.doc.model.side(side_id) if side_id else None

    def _row_changed(self, _row: int) -> None:
        self._show_side()
        side_id = self.current_side_id()
        if side_id:
            self.sideChosen.emit(side_id)

    def _show_side(self) -> None:
        side = self.current_side()
        for w in self.fields.values():
            w.setEnabled(side is not None)
        if side is None:
            return
        show_text(self.name, side.name)
        show_text(self.id, side.id)
        self.colour.setIcon(swatch(side.colour, 16))
        self.colour.setText(side.colour)
        choose_data(self.edge, side.map_edge)
        army = side.army
        with quiet(self.army_list):
            # the lists this side may use, as the army builder offers them (others greyed)
            fill_army_lists(self.army_list.model(), self.doc.library, self.doc.model, side.id,
                            army.army_list, self.show_all_lists)
        choose_data(self.army_list, army.army_list)
        with quiet(self.composition):
            self.composition.clear()
            self.composition.addItem("— none —", None)
            army_list = self.doc.army_list(side.id)
            for c in (army_list.compositions if army_list is not None else []):
                self.composition.addItem(c.name, c.id)
            if army.composition and self.composition.findData(army.composition) < 0:
                self.composition.addItem(f"{army.composition} (not in the list)", army.composition)
        choose_data(self.composition, army.composition)
        limit = army.points_limit or 0
        if self.points_limit.value() != limit:
            with quiet(self.points_limit):
                self.points_limit.setValue(limit)
        self.zone.setText(", ".join(side.setup_zone) if side.setup_zone
                          else "none: paint one with the zone brush (7)")

    def select_side(self, side_id: str) -> bool:
        for row in range(self.list.count()):
            if self.list.item(row).data(Qt.UserRole) == side_id:
                self.list.setCurrentRow(row)
                return True
        return False

    def focus_field(self, side_id: str, field: str | None) -> None:
        self.select_side(side_id)
        widget = self.fields.get(field or "name", self.name)
        flash(widget)

    # -- edits ---------------------------------------------------------------------------

    def _set(self, field: str, value) -> None:
        side = self.current_side()
        if side is None:
            return
        current = getattr(side.army if field in ("army_list", "composition", "points_limit")
                          else side, field)
        if current != value:
            self.doc.set_side_field(side.id, field, value)

    def _pick_colour(self) -> None:
        side = self.current_side()
        if side is None:
            return
        colour = choose_colour(self, side.colour)
        if colour:
            self._set("colour", colour)

    def _army_list_chosen(self, index: int) -> None:
        side = self.current_side()
        if is_toggle(self.army_list.model(), index):
            self.show_all_lists = not self.show_all_lists
            self._show_side()
            self.army_list.showPopup()
            return
        ident = self.army_list.itemData(index)
        if side is None or ident == side.army.army_list:
            return
        with self.doc.macro(f"{side.name}: army list {self.army_list.itemText(index)}"):
            self.doc.set_side_field(side.id, "army_list", ident)
            new_list = self.doc.army_list(side.id)
            if side.army.composition and (new_list is None or
                                          new_list.composition(side.army.composition) is None):
                self.doc.set_side_field(side.id, "composition", None)
        self._show_side()

    def _id_done(self) -> None:
        side = self.current_side()
        new = self.id.text().strip()
        if side is None or not new or new == side.id:
            if side is not None:
                show_text(self.id, side.id)
            return
        if self.doc.model.side(new) is not None:
            self.statusMessage.emit(f"Not done: another side already has the id {new!r}")
            show_text(self.id, side.id)
            return
        rename_side(self.doc, side.id, new)
        self.select_side(new)

    def add_side(self) -> None:
        side = new_side(self.doc.model, self.doc.library)
        self.doc.undo_stack.push(AddSide(self.doc, side))
        self.select_side(side.id)

    def remove_side(self) -> None:
        side = self.current_side()
        if side is None:
            return
        try:
            command = RemoveSide(self.doc, side.id)
        except ValueError as err:
            self.statusMessage.emit(f"Not done: {err}")
            return
        self.doc.undo_stack.push(command)


def rename_side(doc, old: str, new: str) -> None:
    """Change a side's id and every victory condition naming it, as one undo step."""
    with doc.macro(f"Rename side {old} to {new}"):
        doc.set_side_field(old, "id", new)
        for i, condition in enumerate(doc.model.victory):
            against = condition.params.get("against") or []
            if condition.side != old and old not in against:
                continue
            changed = copy.deepcopy(condition)
            if changed.side == old:
                changed.side = new
            if old in against:
                changed.params["against"] = [new if s == old else s for s in against]
            doc.edit_victory(i, changed)


def _tidy(value: float) -> float | int:
    return int(value) if float(value).is_integer() else value

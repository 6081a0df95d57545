"""The army builder: compose a side's army from its army list under the points limit and the
composition's rules.

A dock over the scenario document (napari style: it takes the document and follows its
signals). For the chosen side it shows the army lists of the library (those the side may not
use here are greyed, with the reason), the list's compositions and the points limit, a table
of unit types with counts, a points bar, the composition checklist, "fill to limit"
suggestions, the card of the chosen unit type, and the roster split into units still to place
and units placed. Every change is an undo step on the document's stack.

Embedding: docs/armies.md, section "Embedding".
"""
from __future__ import annotations

from typing import Any

from PySide6.QtCore import Qt, Signal
from PySide6.QtGui import QStandardItem, QStandardItemModel
from PySide6.QtWidgets import (QComboBox, QDockWidget, QDoubleSpinBox, QFormLayout, QFrame,
                               QHBoxLayout, QLabel, QPushButton, QScrollArea, QSplitter,
                               QTabWidget, QVBoxLayout, QWidget)

from studio.armies.checklist import composition_checklist
from studio.armies.compatibility import (Compatibility, library_lookup, list_compatibility,
                                         ruleset_systems)
from studio.armies.fill import FillSuggestion, suggest_fill
from studio.armies.roster import (ListCosts, RosterError, RosterTotal, list_costs, roster_total,
                                  type_counts)
from studio.armies.unit_card import unit_card
from studio.model import ArmyList
from studio.rulesets import unit_faced

from ..document_links import relink
from .checklist_view import ChecklistView
from .commands import AddUnits, ChooseArmyList, MarkLeader, SetTypeCount
from .count_table import CountTable
from .fill_panel import FillPanel
from .list_choices import LIST_ID_ROLE, fill_army_lists, is_toggle, list_row
from .placement_panel import PlacementPanel
from .points_bar import PointsBar
from .unit_card_view import UnitCardView

NO_LIMIT = -1.0
REFUSED_STYLE = "color: #b3261e;"


class ArmyBuilder(QDockWidget):
    placeRequested = Signal(str, int)       # side id, roster index: arm the placement tool
    editListRequested = Signal(str)         # army list id: open it in the army-list editor
    statusMessage = Signal(str)

    def __init__(self, document, library: Any, side_id: str | None = None,
                 parent: QWidget | None = None) -> None:
        super().__init__("Army builder", parent)
        self.setObjectName("army-builder-dock")
        self.doc = None
        self._connections: list = []
        self.library = library
        self.side_id: str | None = None
        self.army_list: ArmyList | None = None
        self.costs = ListCosts()
        self.total = RosterTotal(0.0)
        self.refusal = ""          # why the last refused choice or edit was refused
        self.show_all_lists = False  # the army-list combo lists the lists not usable too
        self._build()
        self.set_document(document, side_id)

    # -- widgets ---------------------------------------------------------------------------

    def _build(self) -> None:
        body = QWidget()
        outer = QVBoxLayout(body)
        outer.setContentsMargins(6, 6, 6, 6)
        form = QFormLayout()
        form.setFieldGrowthPolicy(QFormLayout.AllNonFixedFieldsGrow)
        self.side_combo = QComboBox()
        self.side_combo.setToolTip("The side whose army is built here")
        self.side_combo.activated.connect(lambda i: self.set_side(self.side_combo.itemData(i)))
        form.addRow("Side", self.side_combo)

        list_row = QHBoxLayout()
        self.list_combo = QComboBox()
        self.list_model = QStandardItemModel(self.list_combo)
        self.list_combo.setModel(self.list_model)
        self.list_combo.setSizeAdjustPolicy(QComboBox.AdjustToMinimumContentsLengthWithIcon)
        self.list_combo.setMinimumContentsLength(18)
        self.list_combo.activated.connect(self._list_activated)
        self.edit_list_button = QPushButton("Edit list…")
        self.edit_list_button.setToolTip("Open the side's army list in the army-list editor")
        self.edit_list_button.clicked.connect(self._edit_list)
        list_row.addWidget(self.list_combo, 1)
        list_row.addWidget(self.edit_list_button)
        form.addRow("Army list", list_row)
        self.reason_label = QLabel()
        self.reason_label.setWordWrap(True)
        self.reason_label.setStyleSheet(REFUSED_STYLE)
        self.reason_label.hide()
        form.addRow("", self.reason_label)

        limits = QHBoxLayout()
        self.composition_combo = QComboBox()
        self.composition_combo.setToolTip("The typical army the roster is checked against")
        self.composition_combo.activated.connect(self._composition_activated)
        self.limit_spin = QDoubleSpinBox()
        self.limit_spin.setRange(NO_LIMIT, 1_000_000)
        self.limit_spin.setDecimals(0)
        self.limit_spin.setSpecialValueText("no limit")
        self.limit_spin.setKeyboardTracking(False)
        self.limit_spin.setToolTip("The most points the side may spend (lowest value: no limit)")
        self.limit_spin.valueChanged.connect(self._limit_changed)
        limits.addWidget(self.composition_combo, 1)
        limits.addWidget(QLabel("Limit"))
        limits.addWidget(self.limit_spin)
        form.addRow("Composition", limits)
        outer.addLayout(form)

        self.points_bar = PointsBar()
        outer.addWidget(self.points_bar)

        self.count_table = CountTable()
        self.count_table.countChanged.connect(self.set_count)
        self.count_table.typeSelected.connect(self._show_card)

        checks = QWidget()
        checks_layout = QVBoxLayout(checks)
        checks_layout.setContentsMargins(4, 4, 4, 4)
        self.checklist = ChecklistView()
        self.checklist.setMinimumHeight(70)
        self.fill_button = QPushButton("Fill to limit…")
        self.fill_button.setToolTip("Suggest units that meet the composition and use the points "
                                    "left; nothing changes until you accept")
        self.fill_button.clicked.connect(self.suggest_fill)
        self.fill_panel = FillPanel()
        self.fill_panel.hide()
        self.fill_panel.accepted.connect(self.accept_fill)
        checks_layout.addWidget(self.checklist, 1)
        checks_layout.addWidget(self.fill_button)
        checks_layout.addWidget(self.fill_panel)
        # Scrolled: the suggestion grows this page, never the dock (nor squeezes the table).
        checks_page = QScrollArea()
        checks_page.setWidgetResizable(True)
        checks_page.setFrameShape(QFrame.NoFrame)
        checks_page.setWidget(checks)

        self.card = UnitCardView()
        self.placement = PlacementPanel()
        self.placement.placeRequested.connect(
            lambda index: self.placeRequested.emit(self.side_id or "", index))
        self.placement.leaderRequested.connect(self.mark_leader)

        # Roster, checklist and card as tabs under the table: side by side in a 400 px column
        # they showed three roster rows and wrapped the card's words mid-word.
        self.lower_tabs = QTabWidget()
        self.lower_tabs.setDocumentMode(True)
        self.lower_tabs.setUsesScrollButtons(False)     # three short titles fit 400 px
        self.lower_tabs.addTab(self.placement, "Roster on the map")
        self.lower_tabs.addTab(checks_page, "Composition")
        self.lower_tabs.addTab(self.card, "Unit card")
        self.checks_page = checks_page
        split = QSplitter(Qt.Vertical)
        split.setChildrenCollapsible(False)
        split.addWidget(self.count_table)
        split.addWidget(self.lower_tabs)
        split.setStretchFactor(0, 1)
        split.setStretchFactor(1, 1)
        self.splitter = split
        self._split_moved = False
        split.splitterMoved.connect(lambda *_: setattr(self, "_split_moved", True))
        outer.addWidget(split, 1)
        self.setWidget(body)

    # -- model hook-up ---------------------------------------------------------------------

    def set_document(self, document, side_id: str | None = None) -> None:
        self.doc = document
        self._connections = relink(self._connections, [
            (document.unitsChanged, self._units_changed),
            (document.metaChanged, self._meta_changed)])
        sides = [s.id for s in document.model.sides]
        if side_id is None or side_id not in sides:
            side_id = self.side_id if self.side_id in sides else (sides[0] if sides else None)
        self.side_id = side_id
        self.rebuild()

    def set_side(self, side_id: str | None) -> None:
        if side_id == self.side_id:
            return
        self.side_id = side_id
        self.fill_panel.hide()
        self.rebuild()

    def refresh_library(self, library: Any) -> None:
        """The library was reloaded (an army list saved in the editor, say): look the lists up
        again and recompute every cost."""
        self.library = library
        self.rebuild()

    def side(self):
        return self.doc.model.side(self.side_id) if self.side_id is not None else None

    def _lookup(self, list_id: str) -> ArmyList | None:
        return library_lookup(self.library)(list_id)

    def compatibility(self, army_list: ArmyList) -> Compatibility:
        return list_compatibility(army_list, self.doc.model, self.side_id or "",
                                  library_lookup(self.library), ruleset_systems(self.library))

    def _units_changed(self, side_id: str) -> None:
        if side_id in ("", self.side_id):
            self.refresh_roster()

    def _meta_changed(self, field: str) -> None:
        if not field.startswith("side:"):
            return
        if field.endswith(":id") and self.side() is None:
            # The side was renamed: the field names it by its new id.
            self.side_id = field[len("side:"):-len(":id")]
        self.rebuild()

    # -- showing ---------------------------------------------------------------------------

    def rebuild(self) -> None:
        """Everything from the document and the library (side, lists, costs, roster)."""
        self._fill_sides()
        side = self.side()
        self.army_list = self._lookup(side.army.army_list) if side is not None else None
        self.costs = (list_costs(self.army_list, self.library) if self.army_list is not None
                      else ListCosts())
        self._fill_lists()
        self._fill_compositions()
        self._show_limit()
        self.count_table.set_list(self.army_list, self.costs)
        enabled = side is not None
        for w in (self.list_combo, self.composition_combo, self.limit_spin, self.count_table,
                  self.fill_button):
            w.setEnabled(enabled)
        self.edit_list_button.setEnabled(self.army_list is not None)
        self.refresh_roster()
        self._show_card(self.count_table.current_type())
        self._share_height()

    def _share_height(self) -> None:
        """The table as tall as its rows (every unit type in view) up to 60 % of the room;
        the tabs below get the rest. Once the designer drags the divider, theirs stays."""
        total = self.splitter.height()
        if self._split_moved or total <= 0:
            return
        table = min(self.count_table.full_height(), round(total * 0.6))
        self.splitter.setSizes([table, total - table])

    def resizeEvent(self, event) -> None:  # noqa: N802 (Qt's name)
        super().resizeEvent(event)
        self._share_height()

    def _fill_sides(self) -> None:
        self.side_combo.blockSignals(True)
        self.side_combo.clear()
        for s in self.doc.model.sides:
            self.side_combo.addItem(s.name or s.id, s.id)
        i = self.side_combo.findData(self.side_id)
        self.side_combo.setCurrentIndex(i)
        self.side_combo.blockSignals(False)
        side = self.side()
        # The title is also the dock's tab: short, so three tabs fit a 400 px column (the
        # Side field right below names the side).
        self.setWindowTitle("Army builder")

    def _fill_lists(self) -> None:
        side = self.side()
        current = side.army.army_list if side is not None else None
        self.list_combo.blockSignals(True)
        fill_army_lists(self.list_model, self.library, self.doc.model,
                        (self.side_id or "") if side is not None else None, current,
                        self.show_all_lists)
        self.list_combo.setCurrentIndex(self._list_row(current) if current is not None else -1)
        view = self.list_combo.view()
        view.setMinimumWidth(view.sizeHintForColumn(0) + 24)
        self.list_combo.blockSignals(False)
        self._show_list_state()

    def _list_row(self, list_id: str) -> int:
        return list_row(self.list_model, list_id)

    def list_item(self, list_id: str) -> QStandardItem | None:
        """The army-list combo's entry for `list_id` (tests and tooltips)."""
        row = self._list_row(list_id)
        return self.list_model.item(row) if row >= 0 else None

    def _show_list_state(self) -> None:
        side = self.side()
        if side is None:
            self._show_reason("")
        elif self.army_list is None:
            self._show_reason(f"Army list {side.army.army_list!r} is not in the library: choose "
                              "another list or add the list's file to your library.")
        else:
            check = self.compatibility(self.army_list)
            self._show_reason(f"This side's list is not usable here: {check.reason}."
                              if not check.ok else
                              f"The other sides' lists differ from this one: {check.conflict}; "
                              "choose matching lists for them." if check.conflicts else "")

    def _show_reason(self, text: str) -> None:
        self.reason_label.setText(text)
        self.reason_label.setVisible(bool(text))

    def _fill_compositions(self) -> None:
        side = self.side()
        self.composition_combo.blockSignals(True)
        self.composition_combo.clear()
        self.composition_combo.addItem("(none)", None)
        for c in (self.army_list.compositions if self.army_list is not None else []):
            self.composition_combo.addItem(c.name, c.id)
            self.composition_combo.setItemData(self.composition_combo.count() - 1,
                                               c.notes or c.id, Qt.ToolTipRole)
        chosen = side.army.composition if side is not None else None
        if chosen is not None and self.composition_combo.findData(chosen) < 0:
            self.composition_combo.addItem(f"{chosen} (not in the list)", chosen)
        self.composition_combo.setCurrentIndex(max(0, self.composition_combo.findData(chosen)))
        self.composition_combo.blockSignals(False)

    def _show_limit(self) -> None:
        side = self.side()
        limit = side.army.points_limit if side is not None else None
        self.limit_spin.blockSignals(True)
        self.limit_spin.setValue(NO_LIMIT if limit is None else float(limit))
        self.limit_spin.blockSignals(False)

    def composition(self):
        side = self.side()
        if side is None or self.army_list is None or side.army.composition is None:
            return None
        return self.army_list.composition(side.army.composition)

    def refresh_roster(self) -> None:
        """Counts, points, checklist and placement from the side's roster."""
        side = self.side()
        self.placement.side_id = side.id if side is not None else None
        if side is None or self.army_list is None:
            self.total = RosterTotal(0.0)
            self.points_bar.set_points(0.0, side.army.points_limit if side else None)
            self.count_table.show_counts({}, self.costs)
            self.checklist.show_lines([], "Choose an army list for this side.")
            self.placement.show_roster(side.army.units if side else [], lambda t: t)
            return
        army = side.army
        self.total = roster_total(army, self.army_list, self.costs)
        self.points_bar.set_points(self.total.points, army.points_limit, not self.total.complete)
        self.count_table.show_counts(type_counts(army.units), self.costs)
        lines = composition_checklist(army, self.army_list, self.composition(), self.library)
        self.checklist.show_lines(lines)
        self.placement.show_roster(army.units, self._name_of, self._faced)
        if not self.fill_panel.isHidden():
            self.fill_panel.hide()      # the suggestion was for the roster before this change

    def _name_of(self, type_id: str) -> str:
        unit = self.army_list.unit(type_id) if self.army_list is not None else None
        return unit.name if unit is not None else f"{type_id} (not in the list)"

    def _faced(self, type_id: str) -> bool:
        unit = self.army_list.unit(type_id) if self.army_list is not None else None
        return unit is None or unit_faced(self.army_list, unit, self.library)

    def _show_card(self, type_id: str) -> None:
        unit = self.army_list.unit(type_id) if self.army_list is not None and type_id else None
        self.card.show_card(unit_card(self.army_list, unit, self.library) if unit else None)

    # -- edits -----------------------------------------------------------------------------

    def _refuse(self, message: str) -> bool:
        self.refusal = message
        self.statusMessage.emit(f"Not done: {message}")
        return False

    def _list_activated(self, index: int) -> None:
        if is_toggle(self.list_model, index):
            self.show_all_lists = not self.show_all_lists
            self._fill_lists()
            self.list_combo.showPopup()
            return
        list_id = self.list_model.item(index).data(LIST_ID_ROLE) if index >= 0 else None
        if list_id is None or not self.choose_army_list(list_id):
            self._fill_lists()          # back to the side's list

    def choose_army_list(self, list_id: str) -> bool:
        """Give the side army list `list_id` (one undo step); refused, with the reason in
        `refusal`, the status bar and under the combo, when the list may not fight here."""
        side = self.side()
        if side is None:
            return self._refuse("choose a side first")
        if list_id == side.army.army_list:
            return True
        army_list = self._lookup(list_id)
        if army_list is None:
            return self._refuse(f"army list {list_id!r} is not in the library")
        check = self.compatibility(army_list)
        if not check.ok:
            self._refuse(f"{army_list.name} cannot be used by {side.name}: {check.reason}")
            self._show_reason(f"{army_list.name} cannot be used here: {check.reason}.")
            return False
        composition = side.army.composition
        if composition is None or army_list.composition(composition) is None:
            composition = army_list.compositions[0].id if army_list.compositions else None
        keep = {u.id for u in army_list.units}
        self.refusal = ""
        self.doc.undo_stack.push(ChooseArmyList(self.doc, side.id, list_id, composition, keep,
                                                f"{side.name}: army list {army_list.name}"))
        return True

    def _composition_activated(self, index: int) -> None:
        self.set_composition(self.composition_combo.itemData(index))

    def set_composition(self, composition_id: str | None) -> None:
        side = self.side()
        if side is not None and composition_id != side.army.composition:
            self.doc.set_side_field(side.id, "composition", composition_id)

    def _limit_changed(self, value: float) -> None:
        self.set_points_limit(None if value <= NO_LIMIT else value)

    def set_points_limit(self, limit: float | None) -> None:
        side = self.side()
        if side is None:
            return
        if limit is not None and float(limit).is_integer():
            limit = int(limit)
        if limit != side.army.points_limit:
            self.doc.set_side_field(side.id, "points_limit", limit)

    def set_count(self, type_id: str, count: int) -> bool:
        """Field `count` units of `type_id` (one undo step; successive changes of one type
        merge). Refused below the number of that type already on the map."""
        side = self.side()
        if side is None:
            return self._refuse("choose a side first")
        name = self._name_of(type_id)
        try:
            command = SetTypeCount(self.doc, side.id, type_id, count, name)
        except RosterError as err:
            self.refresh_roster()
            return self._refuse(str(err))
        self.refusal = ""
        self.doc.undo_stack.push(command)
        return True

    def mark_leader(self, index: int, leader: bool = True) -> None:
        side = self.side()
        if side is not None and 0 <= index < len(side.army.units):
            self.doc.undo_stack.push(MarkLeader(self.doc, side.id, index, leader))

    def suggest_fill(self) -> FillSuggestion | None:
        """Work out and show a "fill to limit" suggestion (nothing changes until accepted)."""
        side = self.side()
        if side is None or self.army_list is None:
            self._refuse("choose an army list first")
            return None
        suggestion = suggest_fill(side.army, self.army_list, self.composition(), self.library,
                                  costs=self.costs)
        self.fill_panel.show_suggestion(suggestion, self._name_of, self.costs.cost)
        self.lower_tabs.setCurrentWidget(self.checks_page)
        self.checks_page.ensureWidgetVisible(self.fill_panel)
        return suggestion

    def accept_fill(self, suggestion: FillSuggestion) -> None:
        side = self.side()
        if side is None or suggestion.empty:
            return
        self.doc.undo_stack.push(AddUnits(self.doc, side.id, suggestion.counts(),
                                          f"{side.name}: fill to limit"))
        self.fill_panel.hide()

    def _edit_list(self) -> None:
        if self.army_list is not None:
            self.editListRequested.emit(self.army_list.id)

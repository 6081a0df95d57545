"""The victory-condition builder: the scenario's conditions in plain words, and an editor to
add one or change the chosen one: side, kind, the kind's parameters (hexes can be picked on
the map), against whom, and whether it ends the game at once."""
from __future__ import annotations

import re

from PySide6.QtCore import Qt, Signal
from PySide6.QtGui import QAction
from PySide6.QtWidgets import (QButtonGroup, QComboBox, QDoubleSpinBox, QFormLayout,
                               QGroupBox, QHBoxLayout, QLabel, QLineEdit, QListWidget,
                               QListWidgetItem, QMenu, QPushButton, QRadioButton, QSizePolicy, QSpinBox,
                               QStackedWidget, QToolButton, QVBoxLayout, QWidget)

from studio.model import VictoryCondition
from studio.model.scenario import MAP_EDGES, VICTORY_KINDS
from studio.playtest.victory_text import describe_victory, sudden_death

from ..document_links import relink
from ..wording import hex_count
from .widget_helpers import choose_data, flash, quiet

KIND_TITLES = {
    "destroy-leader": "Destroy the enemy Army Leader",
    "eliminate": "Eliminate a share of the enemy",
    "hold": "Hold hexes",
    "exit": "Leave the map by an edge",
    "survive": "Survive to the round limit",
    "victory-points": "Most victory points",
}
SUDDEN_CHOICES = (("Kind's default", None), ("At once (sudden death)", True),
                  ("Only at the round limit", False))


def parse_labels(text: str) -> list[str]:
    """Hex labels typed as "1610, 2305 2311" (any commas or spaces), in order, once each."""
    return list(dict.fromkeys(t for t in re.split(r"[\s,;]+", text) if t))


class VictoryPanel(QWidget):
    statusMessage = Signal(str)
    pickRequested = Signal(bool)        # the window starts/stops hex picking on the map

    def __init__(self, parent=None) -> None:
        super().__init__(parent)
        self.doc = None
        self._connections: list = []
        layout = QVBoxLayout(self)
        layout.setContentsMargins(0, 0, 0, 0)
        self.list = QListWidget()
        self.list.setWordWrap(True)
        self.list.setAlternatingRowColors(True)
        self.list.setMinimumHeight(90)
        self.list.currentRowChanged.connect(self._row_changed)
        layout.addWidget(self.list, 1)

        box = QGroupBox("Condition")
        form = QFormLayout(box)
        form.setFieldGrowthPolicy(QFormLayout.AllNonFixedFieldsGrow)
        self.side = QComboBox()
        self.side.currentIndexChanged.connect(self._changed)
        form.addRow("Side", self.side)
        self.kind = QComboBox()
        for kind in VICTORY_KINDS:
            self.kind.addItem(KIND_TITLES.get(kind, kind), kind)
        self.kind.currentIndexChanged.connect(self._kind_changed)
        form.addRow("Wins by", self.kind)

        self.pages = QStackedWidget()
        self.pages_by_kind: dict[str, QWidget] = {}
        self._build_pages()
        form.addRow(self.pages)

        self.against = QToolButton()
        self.against.setSizePolicy(QSizePolicy.Expanding, QSizePolicy.Fixed)
        self.against.setPopupMode(QToolButton.InstantPopup)
        self.against.setToolButtonStyle(Qt.ToolButtonTextOnly)
        self.against_menu = QMenu(self.against)
        self.against.setMenu(self.against_menu)
        form.addRow("Against", self.against)
        self.sudden = QComboBox()
        for text, value in SUDDEN_CHOICES:
            self.sudden.addItem(text, value)
        self.sudden.currentIndexChanged.connect(self._changed)
        form.addRow("Decides", self.sudden)
        self.preview = QLabel()
        self.preview.setWordWrap(True)
        self.preview.setTextInteractionFlags(Qt.TextSelectableByMouse)
        self.preview.setStyleSheet("font-style: italic;")
        # A wrapped label in a form does not ask for the height it needs: reserve four lines.
        self.preview.setMinimumHeight(self.preview.fontMetrics().lineSpacing() * 4 + 4)
        self.preview.setAlignment(Qt.AlignLeft | Qt.AlignTop)
        form.addRow(self.preview)
        buttons = QHBoxLayout()
        self.add_button = QPushButton("Add")
        self.add_button.setToolTip("Add this condition to the scenario")
        self.add_button.clicked.connect(self.add_condition)
        self.apply_button = QPushButton("Apply")
        self.apply_button.setToolTip("Change the chosen condition to this one")
        self.apply_button.clicked.connect(self.apply_condition)
        self.remove_button = QPushButton("Remove")
        self.remove_button.clicked.connect(self.remove_condition)
        for b in (self.add_button, self.apply_button, self.remove_button):
            buttons.addWidget(b)
        form.addRow(buttons)
        layout.addWidget(box)
        self._show_page(self.kind.currentData())

    def _build_pages(self) -> None:
        empty = QLabel("")
        self.pages.addWidget(empty)
        for kind in ("destroy-leader", "survive", "victory-points"):
            self.pages_by_kind[kind] = empty

        f = self._page("eliminate")
        self.share = QDoubleSpinBox()
        self.share.setRange(1, 100)
        self.share.setDecimals(0)
        self.share.setSuffix(" %")
        self.share.setValue(50)
        self.share.valueChanged.connect(self._changed)
        f.addRow("Share", self.share)
        self.measure = QComboBox()
        self.measure.addItem("of their units", "units")
        self.measure.addItem("of their points", "points")
        self.measure.currentIndexChanged.connect(self._changed)
        f.addRow("Counted", self.measure)

        f = self._page("hold")
        row = QHBoxLayout()
        self.hexes = QLineEdit()
        self.hexes.setPlaceholderText("e.g. 1610 2305")
        self.hexes.setToolTip("Hex labels, separated by spaces or commas")
        self.hexes.textChanged.connect(self._hexes_typed)
        self.pick = QPushButton("Pick on map")
        self.pick.setCheckable(True)
        self.pick.setToolTip("Click hexes on the map to add or remove them; Esc stops")
        self.pick.toggled.connect(self.pickRequested)
        row.addWidget(self.hexes, 1)
        row.addWidget(self.pick)
        f.addRow("Hexes", row)
        self.count = QSpinBox()
        self.count.setRange(0, 999)
        self.count.setSpecialValueText("all of them")
        self.count.valueChanged.connect(self._changed)
        f.addRow("How many", self.count)

        f = self._page("exit")
        self.edge = QComboBox()
        for edge in MAP_EDGES:
            self.edge.addItem(edge.capitalize(), edge)
        self.edge.currentIndexChanged.connect(self._changed)
        f.addRow("Edge", self.edge)
        row = QHBoxLayout()
        self.by_units = QRadioButton("units")
        self.by_points = QRadioButton("points")
        self.by_units.setChecked(True)
        group = QButtonGroup(f.parentWidget())
        group.addButton(self.by_units)
        group.addButton(self.by_points)
        self.exit_units = QSpinBox()
        self.exit_units.setRange(1, 9999)
        self.exit_points = QDoubleSpinBox()
        self.exit_points.setRange(0, 1_000_000)
        self.exit_points.setDecimals(0)
        self.exit_points.setValue(50)
        for w in (self.exit_units, self.exit_points):
            w.valueChanged.connect(self._changed)
        self.by_units.toggled.connect(self._changed)
        row.addWidget(self.exit_units)
        row.addWidget(self.by_units)
        row.addWidget(self.exit_points)
        row.addWidget(self.by_points)
        f.addRow("At least", row)

    def _page(self, kind: str) -> QFormLayout:
        """The form of a kind's parameters, on a page of its own that shows when that kind is
        chosen; no margins, so its fields line up with the fields around it."""
        page = QWidget()
        form = QFormLayout(page)
        form.setContentsMargins(0, 0, 0, 0)
        self.pages.addWidget(page)
        self.pages_by_kind[kind] = page
        return form

    # -- document ------------------------------------------------------------------------

    def set_document(self, doc) -> None:
        self.pick.setChecked(False)
        self.doc = doc
        self._connections = relink(self._connections, [
            (doc.victoryChanged, self.rebuild), (doc.metaChanged, self._meta),
            (doc.objectivesChanged, self.rebuild)])
        self._fill_sides()
        self.rebuild()
        self._changed()

    def _meta(self, field: str) -> None:
        if field.startswith("side:") or field == "round_limit":
            self._fill_sides()
            self.rebuild()
            self._changed()

    def _fill_sides(self) -> None:
        keep = self.side.currentData()
        chosen = set(self._against_ids())
        with quiet(self.side):
            self.side.clear()
            for s in self.doc.model.sides:
                self.side.addItem(s.name or s.id, s.id)
            i = self.side.findData(keep)
            self.side.setCurrentIndex(i if i >= 0 else 0)
        self.against_menu.clear()
        for s in self.doc.model.sides:
            action = QAction(s.name or s.id, self.against_menu)
            action.setCheckable(True)
            action.setData(s.id)
            action.setChecked(s.id in chosen)
            action.toggled.connect(self._changed)
            self.against_menu.addAction(action)
        self._show_against()

    def rebuild(self) -> None:
        row = self.list.currentRow()
        with quiet(self.list):
            self.list.clear()
            for i, c in enumerate(self.doc.model.victory):
                item = QListWidgetItem(f"{i + 1}. {describe_victory(c, self.doc.model)}")
                item.setData(Qt.UserRole, i)
                self.list.addItem(item)
            if self.list.count() == 0:
                item = QListWidgetItem("No victory conditions yet: build one below and Add it.")
                item.setFlags(Qt.NoItemFlags)
                self.list.addItem(item)
            elif 0 <= row < len(self.doc.model.victory):
                self.list.setCurrentRow(row)
        self._update_buttons()

    # -- editor <-> condition ------------------------------------------------------------

    def _against_ids(self) -> list[str]:
        return [a.data() for a in self.against_menu.actions() if a.isChecked()]

    def _show_against(self) -> None:
        chosen = [a.text() for a in self.against_menu.actions() if a.isChecked()]
        self.against.setText(", ".join(chosen) if chosen else "every other side")

    def condition(self) -> VictoryCondition:
        """The condition the editor shows."""
        kind = self.kind.currentData()
        params: dict = {}
        against = [s for s in self._against_ids() if s != self.side.currentData()]
        if against:
            params["against"] = against
        if kind == "eliminate":
            params["share"] = int(self.share.value())
            params["measure"] = self.measure.currentData()
        elif kind == "hold":
            params["hexes"] = parse_labels(self.hexes.text())
            if self.count.value():
                params["count"] = self.count.value()
        elif kind == "exit":
            params["edge"] = self.edge.currentData()
            if self.by_points.isChecked():
                params["points"] = int(self.exit_points.value())
            else:
                params["units"] = self.exit_units.value()
        return VictoryCondition(self.side.currentData() or "", kind, params,
                                self.sudden.currentData())

    def show_condition(self, c: VictoryCondition) -> None:
        """Load a condition into the editor."""
        widgets = (self.side, self.kind, self.share, self.measure, self.hexes, self.count,
                   self.edge, self.exit_units, self.exit_points, self.by_units, self.sudden)
        with quiet(*widgets):
            choose_data(self.side, c.side)
            choose_data(self.kind, c.kind)
            self._show_page(c.kind)
            self.share.setValue(float(c.get("share", 50)))
            choose_data(self.measure, c.get("measure", "units"))
            self.hexes.setText(" ".join(str(h) for h in (c.get("hexes") or [])))
            self.count.setValue(int(c.get("count") or 0))
            if c.get("edge") in MAP_EDGES:
                choose_data(self.edge, c.get("edge"))
            by_points = c.get("points") is not None
            self.by_points.setChecked(by_points)
            self.by_units.setChecked(not by_points)
            if by_points:
                self.exit_points.setValue(float(c.get("points")))
            self.exit_units.setValue(int(c.get("units") or 1))
            choose_data(self.sudden, c.sudden_death)
        against = set(c.get("against") or [])
        for a in self.against_menu.actions():
            with quiet(a):
                a.setChecked(a.data() in against)
        self._show_against()
        self._changed()

    def _show_page(self, kind: str) -> None:
        page = self.pages_by_kind.get(kind, self.pages.widget(0))
        self.pages.setCurrentWidget(page)
        # Only the current page's height: kinds without parameters leave no gap.
        self.pages.setFixedHeight(page.sizeHint().height() if page.layout() else 0)

    def _kind_changed(self, _index: int) -> None:
        kind = self.kind.currentData()
        self._show_page(kind)
        if kind != "hold":
            self.pick.setChecked(False)
        self._changed()

    def _hexes_typed(self, _text: str) -> None:
        self._changed()
        if self.pick.isChecked():
            self.pickRequested.emit(True)     # refresh the outlined hexes

    def _changed(self, *_args) -> None:
        if self.doc is None:
            return
        self._show_against()
        c = self.condition()
        text = describe_victory(c, self.doc.model)
        when = "ends the game at once" if sudden_death(c) else "counts at the round limit"
        self.preview.setText(f"{text}  ({when})")
        self._update_buttons()

    def _update_buttons(self) -> None:
        has = 0 <= self.current_index() < len(self.doc.model.victory) if self.doc else False
        self.apply_button.setEnabled(has)
        self.remove_button.setEnabled(has)
        self.add_button.setEnabled(bool(self.doc and self.doc.model.sides))

    def current_index(self) -> int:
        item = self.list.currentItem()
        if item is None or item.data(Qt.UserRole) is None:
            return -1
        return int(item.data(Qt.UserRole))

    def _row_changed(self, _row: int) -> None:
        i = self.current_index()
        if 0 <= i < len(self.doc.model.victory):
            self.show_condition(self.doc.model.victory[i])
        self._update_buttons()

    def select(self, index: int) -> None:
        if 0 <= index < len(self.doc.model.victory):
            self.list.setCurrentRow(index)
            flash(self.list)

    # -- picking hexes -------------------------------------------------------------------

    def picked_hexes(self) -> list:
        out = []
        for label in parse_labels(self.hexes.text()):
            try:
                out.append(self.doc.geometry.parse_label(label))
            except ValueError:
                pass
        return out

    def toggle_hex(self, h) -> None:
        """A hex clicked while picking: add it, or remove it if it is already listed."""
        label = self.doc.label(h)
        labels = parse_labels(self.hexes.text())
        if label in labels:
            labels.remove(label)
            self.statusMessage.emit(f"{label} removed from the condition's hexes")
        else:
            labels.append(label)
            self.statusMessage.emit(f"{label} added to the condition's hexes")
        self.hexes.setText(" ".join(labels))

    def stop_picking(self) -> None:
        with quiet(self.pick):
            self.pick.setChecked(False)

    # -- edits ---------------------------------------------------------------------------

    def _checked(self) -> VictoryCondition | None:
        c = self.condition()
        if c.kind == "hold":
            bad = [h for h in c.get("hexes") if not self._on_map(h)]
            if not c.get("hexes"):
                self.statusMessage.emit("Not done: a hold condition needs hexes; type labels or "
                                        "use Pick on map")
                return None
            if bad:
                self.statusMessage.emit(f"Not done: {', '.join(bad)} "
                                        f"{'is' if len(bad) == 1 else 'are'} not a hex of this map")
                return None
            if c.get("count") and c.get("count") > len(c.get("hexes")):
                self.statusMessage.emit(f"Not done: cannot hold {c.get('count')} of "
                                        f"{hex_count(len(c.get('hexes')))}")
                return None
        return c

    def _on_map(self, label: str) -> bool:
        try:
            return self.doc.contains(self.doc.geometry.parse_label(label))
        except ValueError:
            return False

    def add_condition(self) -> None:
        c = self._checked()
        if c is None:
            return
        self.pick.setChecked(False)         # the hexes are in: the map goes back to the tools
        self.doc.add_victory(c)
        self.list.setCurrentRow(len(self.doc.model.victory) - 1)
        self.statusMessage.emit("Victory condition added: " + describe_victory(c, self.doc.model))

    def apply_condition(self) -> None:
        i = self.current_index()
        c = self._checked()
        if c is None or not 0 <= i < len(self.doc.model.victory):
            return
        self.pick.setChecked(False)
        if c != self.doc.model.victory[i]:
            self.doc.edit_victory(i, c)

    def remove_condition(self) -> None:
        i = self.current_index()
        if 0 <= i < len(self.doc.model.victory):
            self.doc.remove_victory(i)

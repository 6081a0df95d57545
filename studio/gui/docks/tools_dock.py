"""The Tools dock: tool buttons (keys 1-9, 0), brush size ([ and ]), elevation mode, the
side the zone brush and unit tool work for, and the terrain palette."""
from __future__ import annotations

from fractions import Fraction

from PySide6.QtCore import QSize, Qt
from PySide6.QtGui import QAction, QActionGroup, QColor, QIcon, QKeySequence, QPainter, QPixmap
from PySide6.QtWidgets import (QButtonGroup, QComboBox, QDockWidget, QFormLayout, QGridLayout,
                               QGroupBox, QHBoxLayout, QLabel, QListWidget, QListWidgetItem,
                               QPushButton, QSizePolicy, QSpinBox, QToolButton, QVBoxLayout, QWidget)

from studio.edit.brush import BRUSH_RADII
from studio.edit.elevation import ELEVATION_MODES

from ..document_links import relink

TOOL_HELP = {
    "brush": "Paint terrain: drag over hexes",
    "fill": "Fill a connected area of one terrain",
    "elevation": "Raise, lower, set or smooth elevation",
    "eyedropper": "Pick the terrain and elevation of a hex",
    "select": "Select a rectangle of hexes (Ctrl+C copies them)",
    "lasso": "Select hexes by drawing around them",
    "zone": "Paint the set-up zone of the chosen side (right button erases)",
    "objective": "Add, move or remove objective markers",
    "unit": "Place the roster unit chosen in the Units panel; drag, turn (Q/E), Delete",
    "sight": "Check the line of sight between two hexes",
    "hexside": "Draw rivers, walls, roads ... on hexsides: click or drag along edges "
               "(right button erases)",
}
SHORT_TITLES = {"brush": "Brush", "fill": "Fill", "elevation": "Elevation",
                "eyedropper": "Pick", "select": "Select", "lasso": "Lasso", "zone": "Zone",
                "objective": "Objective", "unit": "Units", "sight": "Sight",
                "hexside": "Hexside"}


# The documented keys (docs/gui-api.md), for a tool that does not declare its `shortcut`.
DEFAULT_KEYS = {"brush": "1", "fill": "2", "elevation": "3", "eyedropper": "4", "select": "5",
                "lasso": "6", "zone": "7", "objective": "8", "unit": "9", "sight": "0"}


def tool_key(name: str, tool) -> str:
    """The key that chooses a tool, as text ("1"), or "" for none."""
    key = getattr(type(tool), "shortcut", None)
    if isinstance(key, (int, Qt.Key)):
        return QKeySequence(key).toString()
    return DEFAULT_KEYS.get(name, "")


def swatch(colour: str | QColor, size: int = 18, pattern: bool = False) -> QIcon:
    pix = QPixmap(size, size)
    pix.fill(Qt.transparent)
    p = QPainter(pix)
    p.setPen(QColor(0, 0, 0, 140))
    p.setBrush(QColor(colour))
    p.drawRoundedRect(1, 1, size - 2, size - 2, 3, 3)
    if pattern:
        p.setPen(QColor(0, 0, 0, 90))
        for x in range(4, size - 2, 5):
            p.drawLine(x, size - 4, x + 3, 4)
    p.end()
    return QIcon(pix)


def _mp(value) -> str:
    if value is None:
        return "impassable"
    if isinstance(value, str):
        return value
    if isinstance(value, Fraction) and value.denominator != 1:
        return f"{value.numerator}/{value.denominator}"
    return str(int(value)) if value == int(value) else str(value)


class ToolsDock(QDockWidget):
    def __init__(self, tools, parent=None) -> None:
        super().__init__("Tools", parent)
        self.setObjectName("tools-dock")
        self.tools = tools
        body = QWidget()
        layout = QVBoxLayout(body)
        layout.setContentsMargins(6, 6, 6, 6)

        # Tool buttons share QActions with the Tools menu, so the number keys work anywhere.
        self.tool_group = QActionGroup(self)
        self.tool_group.setExclusive(True)
        self.tool_actions: dict[str, QAction] = {}
        grid = QGridLayout()
        grid.setSpacing(3)
        for i, name in enumerate(tools.tool_names()):
            tool = tools.tools[name]
            key = tool_key(name, tool)
            action = QAction(tool.title, self)
            action.setCheckable(True)
            action.setData(name)
            if key:
                action.setShortcut(QKeySequence(key))
            action.setToolTip(f"{tool.title} ({key}): {TOOL_HELP.get(name, '')}")
            action.setStatusTip(TOOL_HELP.get(name, tool.title))
            action.triggered.connect(lambda _=False, n=name: self.tools.set_tool(n))
            self.tool_group.addAction(action)
            self.tool_actions[name] = action
            action.setIconText(f"{key}  {SHORT_TITLES.get(name, tool.title)}")
            button = QToolButton()
            button.setDefaultAction(action)       # shows the action's icon text
            button.setToolButtonStyle(Qt.ToolButtonTextOnly)
            button.setSizePolicy(QSizePolicy.Expanding, QSizePolicy.Fixed)
            grid.addWidget(button, i // 2, i % 2)
        tools_box = QGroupBox("Tool")
        tools_box.setLayout(grid)
        layout.addWidget(tools_box)

        options = QGroupBox("Options")
        form = QFormLayout(options)
        form.setFieldGrowthPolicy(QFormLayout.AllNonFixedFieldsGrow)
        brush_row = QHBoxLayout()
        self.brush_group = QButtonGroup(self)
        for radius in BRUSH_RADII:
            hexes = 3 * radius * (radius + 1) + 1
            b = QPushButton(f"{hexes}")
            b.setCheckable(True)
            b.setToolTip(f"Brush of {hexes} hex{'es' if hexes > 1 else ''} ([ smaller, ] larger)")
            b.setMaximumWidth(44)
            self.brush_group.addButton(b, radius)
            brush_row.addWidget(b)
        brush_row.addWidget(QLabel("hexes  [ ]"))
        brush_row.addStretch(1)
        self.brush_group.idClicked.connect(self.tools.set_brush_radius)
        form.addRow("Brush", brush_row)

        self.elevation_mode = QComboBox()
        for mode in ELEVATION_MODES:
            self.elevation_mode.addItem(mode.capitalize(), mode)
        self.elevation_mode.activated.connect(self._mode_chosen)
        self.elevation_value = QSpinBox()
        self.elevation_value.setRange(0, 9)
        self.elevation_value.setToolTip("Steps for raise/lower; the level for set")
        self.elevation_value.valueChanged.connect(self._value_chosen)
        row = QHBoxLayout()
        row.addWidget(self.elevation_mode, 1)
        row.addWidget(self.elevation_value)
        form.addRow("Elevation", row)

        self.side = QComboBox()
        self.side.setToolTip("The side the zone brush paints for and the unit tool places for")
        self.side.activated.connect(self._side_chosen)
        form.addRow("Side", self.side)
        self.hexside_kind = QComboBox()
        self.hexside_kind.setToolTip("What the hexside brush (H) draws")
        self.hexside_kind.activated.connect(self._hexside_kind_chosen)
        form.addRow("Hexside", self.hexside_kind)
        layout.addWidget(options)

        palette_box = QGroupBox("Terrain")
        palette_layout = QVBoxLayout(palette_box)
        self.palette = QListWidget()
        self.palette.setIconSize(QSize(18, 18))
        self.palette.setUniformItemSizes(True)
        self.palette.currentItemChanged.connect(self._symbol_chosen)
        palette_layout.addWidget(self.palette)
        self.terrain_info = QLabel()
        self.terrain_info.setWordWrap(True)
        self.terrain_info.setStyleSheet("color: palette(mid);")
        palette_layout.addWidget(self.terrain_info)
        layout.addWidget(palette_box, 1)
        self.setWidget(body)

        tools.toolChanged.connect(self._tool_changed)
        tools.symbolChanged.connect(self._show_symbol)
        tools.brushRadiusChanged.connect(self._show_radius)
        tools.elevationModeChanged.connect(self._show_mode)
        tools.sideChanged.connect(self._show_side)
        tools.hexsideKindChanged.connect(self._show_hexside_kind)
        self.doc = None
        self._connections: list = []
        self.set_document(tools.doc)

    # -- document ------------------------------------------------------------------------

    def set_document(self, doc) -> None:
        self.doc = doc
        self._connections = relink(self._connections, [
            (doc.terrainSetChanged, self._fill_palette),
            (doc.terrainSetChanged, self._fill_hexside_kinds),
            (doc.metaChanged, self._meta_changed)])
        self._fill_palette()
        self._fill_sides()
        self._fill_hexside_kinds()
        self._tool_changed(self.tools.tool.name)
        self._show_radius(self.tools.brush_radius)
        self._show_mode(self.tools.elevation_mode)

    def _meta_changed(self, field: str) -> None:
        if field.startswith("side:"):
            self._fill_sides()

    def _fill_palette(self) -> None:
        self.palette.blockSignals(True)
        self.palette.clear()
        ts = self.doc.terrain_set
        if ts is not None:
            for t in ts.terrain:
                item = QListWidgetItem(swatch(t.colour, pattern=bool(t.pattern) and t.pattern != "none"),
                                       f"{t.name}   {t.symbol}")
                item.setData(Qt.UserRole, t.symbol)
                item.setToolTip(self._describe(t))
                self.palette.addItem(item)
        else:
            for symbol in sorted({c for row in self.doc.model.map.terrain for c in row}):
                item = QListWidgetItem(f"{symbol!r} (no terrain set)")
                item.setData(Qt.UserRole, symbol)
                self.palette.addItem(item)
        self.palette.blockSignals(False)
        self._show_symbol(self.tools.symbol)

    @staticmethod
    def _describe(t) -> str:
        cost = _mp(t.mp)
        parts = [f"{t.name} ({t.symbol}): " + (cost if t.mp is None else f"move cost {cost}")]
        if t.defense:
            parts.append(f"defence {t.defense:+d}")
        if t.blocks_los:
            parts.append("blocks line of sight")
        if t.notes:
            parts.append(t.notes)
        return "; ".join(parts)

    def _fill_sides(self) -> None:
        self.side.blockSignals(True)
        self.side.clear()
        for s in self.doc.model.sides:
            self.side.addItem(swatch(s.colour, 12), s.name or s.id, s.id)
        self.side.blockSignals(False)
        self._show_side(self.tools.side_id or "")

    def _fill_hexside_kinds(self) -> None:
        box = self.hexside_kind
        box.blockSignals(True)
        box.clear()
        ts = self.doc.terrain_set
        for k in (ts.hexsides if ts is not None else ()):
            box.addItem(swatch(k.colour, 12), k.name, k.id)
        box.setEnabled(box.count() > 0)
        if box.count() == 0:
            box.addItem("none in this terrain set")
        box.blockSignals(False)
        if box.isEnabled() and box.findData(self.tools.hexside_kind) < 0:
            self.tools.set_hexside_kind(box.itemData(0))
        self._show_hexside_kind(self.tools.hexside_kind or "")

    def _hexside_kind_chosen(self, index: int) -> None:
        kind = self.hexside_kind.itemData(index)
        if kind:
            self.tools.set_hexside_kind(kind)
            self.tools.set_tool("hexside")

    def _show_hexside_kind(self, kind: str) -> None:
        index = self.hexside_kind.findData(kind)
        if index >= 0:
            self.hexside_kind.setCurrentIndex(index)

    # -- user choices --------------------------------------------------------------------

    def _symbol_chosen(self, item, _previous=None) -> None:
        if item is not None:
            self.tools.set_symbol(item.data(Qt.UserRole))
            if self.tools.tool.name not in ("brush", "fill"):
                self.tools.set_tool("brush")

    def _mode_chosen(self, index: int) -> None:
        self.tools.set_elevation_mode(self.elevation_mode.itemData(index))
        if self.tools.tool.name != "elevation":
            self.tools.set_tool("elevation")

    def _value_chosen(self, value: int) -> None:
        self.tools.set_elevation_mode(self.tools.elevation_mode, value)

    def _side_chosen(self, index: int) -> None:
        side_id = self.side.itemData(index)
        if side_id:
            self.tools.set_side(side_id)

    # -- following the tools -------------------------------------------------------------

    def _tool_changed(self, name: str) -> None:
        action = self.tool_actions.get(name)
        if action is not None:
            action.setChecked(True)
        else:
            checked = self.tool_group.checkedAction()
            if checked is not None:         # the paste tool has no button
                self.tool_group.setExclusive(False)
                checked.setChecked(False)
                self.tool_group.setExclusive(True)

    def _show_symbol(self, symbol: str) -> None:
        for i in range(self.palette.count()):
            item = self.palette.item(i)
            if item.data(Qt.UserRole) == symbol:
                self.palette.blockSignals(True)
                self.palette.setCurrentItem(item)
                self.palette.blockSignals(False)
                self.terrain_info.setText(item.toolTip())
                return

    def _show_radius(self, radius: int) -> None:
        button = self.brush_group.button(radius)
        if button is not None:
            button.setChecked(True)

    def _show_mode(self, mode: str) -> None:
        i = self.elevation_mode.findData(mode)
        if i >= 0:
            self.elevation_mode.setCurrentIndex(i)
        self.elevation_value.blockSignals(True)
        self.elevation_value.setValue(self.tools.elevation_value)
        self.elevation_value.blockSignals(False)

    def _show_side(self, side_id: str) -> None:
        i = self.side.findData(side_id)
        if i >= 0:
            self.side.setCurrentIndex(i)

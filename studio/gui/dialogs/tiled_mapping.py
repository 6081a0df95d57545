"""File ▸ Import ▸ Tiled map: say what each tile of a Tiled map is, when the map's tiles do
not name a terrain of ours.

One row per tile the terrain layer uses (its picture from the tileset image when that image
can be read, its Tiled id and class, how many hexes, the first hex as our label), each with a
choice among the chosen terrain set's types; a last row for hexes with no tile, when there
are any. The choices go to `studio.interop.tiled` as the `--tile` and `--fill` options of
`studio import tmx` would, and OK stays disabled until every tile has a terrain.
"""
from __future__ import annotations

from PySide6.QtCore import QRect, QSize, Qt
from PySide6.QtGui import QIcon, QImage, QPixmap
from PySide6.QtWidgets import (QAbstractItemView, QComboBox, QDialog, QDialogButtonBox,
                               QFormLayout, QHeaderView, QLabel, QTableWidget,
                               QTableWidgetItem, QVBoxLayout)

from studio.edit.blank_scenario import usual_terrain_set
from studio.interop.tiled import ImportChoices, ImportStart, TileUse, plan_import
from studio.interop.tiled.importer import refusal_text
from studio.model import TerrainSet
from studio.rulesets import default_ruleset_file

from ..editors.terrain_swatch import terrain_swatch
from .change_terrain_set import ERROR_STYLE, describe
from ..screen_fit import fit_to_screen

TILE_ICON = QSize(40, 36)
SWATCH_RADIUS = 10.0
NOT_CHOSEN = "— choose a terrain —"
EMPTY_ROW = "no tile"
COL_TILE, COL_HEXES, COL_FIRST, COL_BECOMES = range(4)
AXES = {"x": "flat-top hexes (stagger axis x)", "y": "pointy-top hexes (stagger axis y)"}


class TileImages:
    """Each tile's picture, cut from its tileset's image once that image is read."""

    def __init__(self) -> None:
        self._sheets: dict[str, QImage] = {}

    def icon(self, use: TileUse) -> QIcon:
        own = use.tile.image
        if own is not None:
            image = QImage(str(own))
        else:
            ts = use.tileset
            rect = ts.image_rect(use.tile.local_id)
            if rect is None:
                return QIcon()
            key = str(ts.image)
            if key not in self._sheets:
                self._sheets[key] = QImage(key)
            sheet = self._sheets[key]
            image = sheet.copy(QRect(*rect)) if not sheet.isNull() else QImage()
        if image.isNull():
            return QIcon()
        return QIcon(QPixmap.fromImage(image.scaled(TILE_ICON, Qt.KeepAspectRatio,
                                                    Qt.SmoothTransformation)))


def guess_terrain(use: TileUse, terrain_set: TerrainSet, prop: str = "terrain") -> str | None:
    """The terrain a tile most likely is: its own property when valid, else a type whose id
    or name is the tile's class (`wood` finds `woods`), else nothing."""
    ids = {t.id for t in terrain_set.terrain}
    named = use.tile.properties.get(prop)
    if named is not None and str(named) in ids:
        return str(named)
    hint = (use.tile.type or str(use.tile.properties.get("name") or "")).strip().lower()
    if not hint:
        return None
    for t in terrain_set.terrain:
        if hint in (t.id.lower(), t.name.lower()):
            return t.id
    for t in terrain_set.terrain:
        if t.id.lower().startswith(hint) or t.name.lower().startswith(hint):
            return t.id
    return None


class TiledMappingDialog(QDialog):
    """Asks what each tile of `start`'s map becomes; `choices()` is the answer."""

    def __init__(self, start: ImportStart, library, build=None, parent=None) -> None:
        """`build(choices)` is tried on OK; a TiledImportError it raises is shown here and
        the dialog stays open for another choice."""
        super().__init__(parent)
        self.build = build
        self.result_value = None
        self.setObjectName("tiled-mapping-dialog")
        self.setWindowTitle(f"Import Tiled map — {start.tmap.path.name}")
        self.start = start
        self.library = library
        self.terrain_set: TerrainSet | None = None
        self.plan = plan = start.plan
        tmap = start.tmap
        self._orientation = plan.geometry.orientation
        self._images = TileImages()

        layout = QVBoxLayout(self)
        named = start.named_set
        why = ("Its tiles do not all say which terrain they are" if named else
               "The map does not name a terrain set of the library")
        if len(start.layers) > 1:
            why = f"It has {len(start.layers)} tile layers and none is called “terrain”"
        intro = QLabel(f"<b>{tmap.path.name}</b>: {tmap.width} × {tmap.height} "
                       f"{AXES[tmap.stagger_axis]}, stagger index {tmap.stagger_index}. "
                       f"{why}: choose the terrain set and what each tile becomes. The "
                       "scenario opens unsaved.")
        intro.setWordWrap(True)
        layout.addWidget(intro)
        form = QFormLayout()
        self.set_combo = QComboBox()
        for ident, ts in (library.items("terrain-set") if library is not None else []):
            self.set_combo.addItem(ts.name, ident)
            self.set_combo.setItemData(self.set_combo.count() - 1,
                                       f"{ident}: {len(ts.terrain)} terrain types",
                                       Qt.ToolTipRole)
        form.addRow("Terrain set", self.set_combo)
        self.layer_combo = QComboBox()
        self.layer_combo.addItems(start.layers or [plan.terrain_layer.name])
        self.layer_combo.setCurrentText(plan.terrain_layer.name)
        self.layer_combo.setToolTip("The tile layer whose tiles give each hex its terrain")
        self.layer_combo.setEnabled(len(start.layers) > 1)
        form.addRow("Terrain layer", self.layer_combo)
        layout.addLayout(form)

        self.table = QTableWidget(0, 4)
        self.table.setObjectName("tiled-mapping-table")
        self.table.setHorizontalHeaderLabels(["Tile", "Hexes", "First at", "Becomes"])
        self.table.verticalHeader().hide()
        self.table.setEditTriggers(QAbstractItemView.NoEditTriggers)
        self.table.setSelectionMode(QAbstractItemView.NoSelection)
        self.table.setIconSize(TILE_ICON)
        self.table.verticalHeader().setDefaultSectionSize(TILE_ICON.height() + 8)
        header = self.table.horizontalHeader()
        for col in (COL_TILE, COL_HEXES, COL_FIRST):
            header.setSectionResizeMode(col, QHeaderView.ResizeToContents)
        header.setSectionResizeMode(COL_BECOMES, QHeaderView.Stretch)
        self.combos: dict[str, QComboBox] = {}
        layout.addWidget(self.table, 1)

        self.problem = QLabel()
        self.problem.setObjectName("tiled-mapping-problem")
        self.problem.setWordWrap(True)
        self.problem.setStyleSheet(ERROR_STYLE)
        self.problem.hide()
        layout.addWidget(self.problem)
        self.buttons = QDialogButtonBox(QDialogButtonBox.Ok | QDialogButtonBox.Cancel)
        self.buttons.button(QDialogButtonBox.Ok).setText("Import")
        self.buttons.accepted.connect(self.accept)
        self.buttons.rejected.connect(self.reject)
        layout.addWidget(self.buttons)

        # Without a named set, offer the one most army lists are drawn for: the first in
        # id order is often a set for a single ruleset's table.
        usual = (usual_terrain_set(library, default_ruleset_file(library) or "")
                 if library is not None else None)
        first = named or (usual if self.set_combo.findData(usual) >= 0 else None) or \
            (self.set_combo.itemData(0) if self.set_combo.count() else None)
        self.set_combo.setCurrentIndex(max(0, self.set_combo.findData(first)))
        self.set_combo.currentIndexChanged.connect(lambda _i: self._fill_choices())
        self.layer_combo.currentTextChanged.connect(self._layer_chosen)
        self._fill_rows()
        rows = self.table.rowCount()
        fit_to_screen(self, 720, min(640, 250 + rows * (TILE_ICON.height() + 8)))

    def _layer_chosen(self, name: str) -> None:
        """Plan the map again with the terrain from layer `name`, and list its tiles."""
        choices = ImportChoices(terrain_set=self.set_combo.currentData(), terrain_layer=name)
        self.plan = plan_import(self.start.tmap, self.library, choices)
        self._fill_rows()

    def _fill_rows(self) -> None:
        plan = self.plan
        self.uses = sorted(plan.uses, key=lambda u: (u.tileset.firstgid, u.tile.local_id))
        rows = len(self.uses) + (1 if plan.empty else 0)
        self.table.clearContents()
        self.table.setRowCount(rows)
        self.combos = {}
        for row, use in enumerate(self.uses):
            kind = f" · {use.tile.type}" if use.tile.type else ""
            item = QTableWidgetItem(self._images.icon(use),
                                    f"{use.tileset.name} #{use.tile.local_id}{kind}")
            item.setToolTip(use.describe())
            self.table.setItem(row, COL_TILE, item)
            self._add_row(row, use.count, plan.hex_text(*use.first), use.key)
        if plan.empty:
            item = QTableWidgetItem("Hexes with no tile")
            item.setToolTip("Cells of the terrain layer left empty in Tiled")
            self.table.setItem(rows - 1, COL_TILE, item)
            self._add_row(rows - 1, len(plan.empty), plan.hex_text(*plan.empty[0]), EMPTY_ROW)
        self._fill_choices()

    def _add_row(self, row: int, count: int, first: str, key: str) -> None:
        hexes = QTableWidgetItem(str(count))
        hexes.setTextAlignment(Qt.AlignRight | Qt.AlignVCenter)
        self.table.setItem(row, COL_HEXES, hexes)
        self.table.setItem(row, COL_FIRST, QTableWidgetItem(first))
        combo = QComboBox()
        combo.setIconSize(QSize(22, 20))
        combo.currentIndexChanged.connect(lambda _i: self._update_ok())
        self.table.setCellWidget(row, COL_BECOMES, combo)
        self.combos[key] = combo

    def _fill_choices(self) -> None:
        set_id = self.set_combo.currentData()
        ts = self.library.terrain_set(set_id) if set_id and self.library is not None else None
        self.terrain_set = ts if ts is not None and ts.terrain else None
        guesses = {u.key: guess_terrain(u, ts) for u in self.uses} if self.terrain_set else {}
        for key, combo in self.combos.items():
            combo.blockSignals(True)
            combo.clear()
            combo.addItem(NOT_CHOSEN, None)
            for t in (self.terrain_set.terrain if self.terrain_set else []):
                combo.addItem(QIcon(terrain_swatch(t, SWATCH_RADIUS, 0, self._orientation)),
                              f"{t.name}  ({t.id})", t.id)
                combo.setItemData(combo.count() - 1, describe(t), Qt.ToolTipRole)
            combo.setCurrentIndex(max(0, combo.findData(guesses.get(key))))
            combo.blockSignals(False)
        self._update_ok()

    # -- reading and setting the choices ---------------------------------------------------

    def set_terrain(self, key: str, terrain_id: str) -> None:
        """Choose `terrain_id` for the tile `key` ("TILESET:ID", or "no tile" for empty
        hexes), as picking it in the list would."""
        combo = self.combos[key]
        index = combo.findData(terrain_id)
        if index < 0:
            raise ValueError(f"{terrain_id!r} is not a terrain of the chosen set")
        combo.setCurrentIndex(index)

    def set_terrain_set(self, set_id: str) -> None:
        self.set_combo.setCurrentIndex(self.set_combo.findData(set_id))

    def missing(self) -> list[str]:
        return [key for key, combo in self.combos.items() if combo.currentData() is None]

    def choices(self) -> ImportChoices:
        tiles = {k: c.currentData() for k, c in self.combos.items()
                 if k != EMPTY_ROW and c.currentData() is not None}
        fill = self.combos[EMPTY_ROW].currentData() if EMPTY_ROW in self.combos else None
        return ImportChoices(terrain_set=self.set_combo.currentData(), tiles=tiles, fill=fill,
                             terrain_layer=self.layer_combo.currentText() or None)

    def _update_ok(self) -> None:
        missing = self.missing()
        blocked = self.plan.problems
        self.show_problem(refusal_text(self.start.tmap.path, blocked) if blocked else "")
        ok = self.terrain_set is not None and not missing and not blocked
        self.buttons.button(QDialogButtonBox.Ok).setEnabled(ok)
        self.buttons.button(QDialogButtonBox.Ok).setToolTip(
            "" if ok else f"{len(missing)} row(s) still need a terrain")

    def accept(self) -> None:
        if self.build is not None:
            try:
                self.result_value = self.build(self.choices())
            except ValueError as err:
                self.show_problem(str(err))
                return
        super().accept()

    def show_problem(self, text: str) -> None:
        """A reason the import failed with these choices (the dialog stays open)."""
        self.problem.setText(text)
        self.problem.setVisible(bool(text))

"""The Tiled map tab: `studio export tmx`'s options (hex size in pixels, the hidden layer of
hex labels). The map, its tileset and the tileset's image are written side by side."""
from __future__ import annotations

from PySide6.QtWidgets import QCheckBox, QFormLayout, QLabel, QSpinBox, QWidget

from studio.interop.tiled import TmxOptions
from studio.interop.tiled.geometry import MAX_HEX_SIZE, MIN_HEX_SIZE

from .files_request import FilesRequest
from .options_tab import OptionsTab


class TiledTab(OptionsTab):
    kind = "tiled"
    title = "Tiled map"

    def __init__(self, parent: QWidget | None = None) -> None:
        super().__init__(parent)
        self.hex_size = QSpinBox()
        self.hex_size.setRange(MIN_HEX_SIZE, MAX_HEX_SIZE)
        self.hex_size.setValue(TmxOptions().hex_size)
        self.hex_size.setSuffix(" px")
        self.hex_size.setKeyboardTracking(False)
        self.hex_size.setToolTip("Hex size in Tiled, centre to corner; even sizes stay exact")
        self.labels = QCheckBox("A hidden layer of hex labels (show it in Tiled's Layers view)")
        self.labels.setChecked(True)
        about = QLabel("Writes NAME.tmx with its tileset NAME.tsx and the tile image "
                       "NAME-tiles.png beside it: a terrain layer, an elevation layer, and "
                       "object layers for each side's set-up zone and units and for the "
                       "objectives. Tiled's tile x, y is our hex column x + 1, row y + 1.")
        about.setWordWrap(True)
        form = QFormLayout(self)
        form.addRow("Hex size", self.hex_size)
        form.addRow("", self.labels)
        form.addRow(about)
        self.watch(self.hex_size.valueChanged, self.labels.toggled)

    def request(self) -> FilesRequest:
        return FilesRequest(self.kind, TmxOptions.parse(self.hex_size.value(),
                                                        self.labels.isChecked()))

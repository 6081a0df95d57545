"""The Overview panel: the whole map small, with the view's rectangle to click or drag."""
from __future__ import annotations

from PySide6.QtWidgets import QDockWidget

from ..mapview.overview import MapOverview


class OverviewDock(QDockWidget):
    def __init__(self, view, parent=None) -> None:
        super().__init__("Overview", parent)
        self.setObjectName("overview-dock")
        self.overview = MapOverview(view, self)
        self.setWidget(self.overview)

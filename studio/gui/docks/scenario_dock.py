"""The Scenario dock: the scenario's fields, its sides, objectives, victory conditions and
events, one tab each."""
from __future__ import annotations

from PySide6.QtCore import Qt
from PySide6.QtWidgets import QDockWidget, QScrollArea, QTabWidget, QWidget

from .events_panel import EventsPanel
from .objectives_panel import ObjectivesPanel
from .problem_targets import Target
from .scenario_fields import ScenarioFieldsPanel
from .sides_panel import SidesPanel
from .victory_panel import VictoryPanel


def _scrolled(widget: QWidget) -> QScrollArea:
    area = QScrollArea()
    area.setWidget(widget)
    area.setWidgetResizable(True)
    area.setFrameShape(QScrollArea.NoFrame)
    area.setHorizontalScrollBarPolicy(Qt.ScrollBarAlwaysOff)
    return area


class ScenarioDock(QDockWidget):
    def __init__(self, tools, view, parent=None) -> None:
        super().__init__("Scenario", parent)
        self.setObjectName("scenario-dock")
        self.tabs = QTabWidget()
        self.fields = ScenarioFieldsPanel()
        self.sides = SidesPanel()
        self.objectives = ObjectivesPanel(tools, view)
        self.victory = VictoryPanel()
        self.events = EventsPanel()
        self.tabs.addTab(_scrolled(self.fields), "Scenario")
        self.tabs.addTab(_scrolled(self.sides), "Sides")
        self.tabs.addTab(self.objectives, "Objectives")
        self.tabs.addTab(_scrolled(self.victory), "Victory")
        self.tabs.addTab(self.events, "Events")
        self.setWidget(self.tabs)
        self.panels = (self.fields, self.sides, self.objectives, self.victory, self.events)

    def set_document(self, doc) -> None:
        for panel in self.panels:
            panel.set_document(doc)

    def _show_tab(self, panel: QWidget) -> None:
        for i in range(self.tabs.count()):
            page = self.tabs.widget(i)
            if page is panel or (isinstance(page, QScrollArea) and page.widget() is panel):
                self.tabs.setCurrentIndex(i)
        self.show()
        self.raise_()

    def focus_target(self, target: Target) -> bool:
        """Show the field, side, objective or condition a problem points at."""
        if target.kind == "field":
            self._show_tab(self.fields)
            return self.fields.focus_field(target.field)
        if target.kind == "side":
            self._show_tab(self.sides)
            self.sides.focus_field(target.side, target.field)
            return True
        if target.kind == "victory":
            self._show_tab(self.victory)
            self.victory.select(target.index)
            return True
        if target.kind == "objective":
            self._show_tab(self.objectives)
            self.objectives.select(target.index)
            return True
        return False

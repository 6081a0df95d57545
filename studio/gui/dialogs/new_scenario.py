"""File > New: start from a bundled template scenario, or from a blank map of a chosen game
(ruleset), size, terrain set and hex orientation."""
from __future__ import annotations

from pathlib import Path

from PySide6.QtCore import Qt
from PySide6.QtWidgets import (QButtonGroup, QComboBox, QDialog, QDialogButtonBox, QFormLayout,
                               QGroupBox, QLabel, QLineEdit, QListWidget, QListWidgetItem,
                               QRadioButton, QSpinBox, QVBoxLayout)

from studio.edit.blank_scenario import (MAX_MAP_SIDE, NewScenarioChoice, blank_scenario,
                                    usual_terrain_set)
from studio.io import load_file
from studio.io.samples import scenario_templates
from studio.rulesets import default_id, default_ruleset_file, rules_named

__all__ = ["NewScenarioChoice", "NewScenarioDialog", "ask_new_scenario", "blank_scenario"]


def template_title(path: Path) -> str:
    doc = load_file(path)
    name = getattr(doc.model, "name", None) or path.stem
    return f"{name}  ({path.name})"


class NewScenarioDialog(QDialog):
    def __init__(self, library=None, parent=None) -> None:
        super().__init__(parent)
        self.setWindowTitle("New scenario")
        self.library = library
        layout = QVBoxLayout(self)
        self.from_template = QRadioButton("From a template")
        self.from_blank = QRadioButton("Blank map")
        group = QButtonGroup(self)
        group.addButton(self.from_template)
        group.addButton(self.from_blank)

        layout.addWidget(self.from_template)
        self.templates = QListWidget()
        for path in scenario_templates():
            item = QListWidgetItem(template_title(path))
            item.setData(Qt.UserRole, str(path))
            self.templates.addItem(item)
        self.templates.setCurrentRow(0)
        self.templates.itemDoubleClicked.connect(lambda _i: self.accept())
        layout.addWidget(self.templates)

        layout.addWidget(self.from_blank)
        self.blank_box = QGroupBox()
        form = QFormLayout(self.blank_box)
        self.name = QLineEdit("New scenario")
        form.addRow("Name", self.name)
        self.ruleset = QComboBox()
        self.ruleset.setToolTip("The game the scenario is played by: its rules, its army lists "
                                "and what the engine simulates")
        if library is not None:
            for ident, rs in library.items("ruleset"):
                self.ruleset.addItem(rs.name if rs.name != ident else ident, ident)
            default = default_ruleset_file(library)
            self.ruleset.setCurrentIndex(max(0, self.ruleset.findData(default)))
        if self.ruleset.count() == 0:          # no library: the default game's file
            self.ruleset.addItem(rules_named(None).name, default_id())
        form.addRow("Rules", self.ruleset)
        self.columns = QSpinBox()
        self.columns.setRange(1, MAX_MAP_SIDE)
        self.columns.setValue(30)
        form.addRow("Columns", self.columns)
        self.rows = QSpinBox()
        self.rows.setRange(1, MAX_MAP_SIDE)
        self.rows.setValue(20)
        form.addRow("Rows", self.rows)
        self.terrain_set = QComboBox()
        if library is not None:
            for ident, ts in library.items("terrain-set"):
                self.terrain_set.addItem(ts.name, ident)
        if self.terrain_set.count() == 0:
            self.terrain_set.addItem("basic-ground", "basic-ground")
        form.addRow("Terrain set", self.terrain_set)
        self.ruleset.currentIndexChanged.connect(self._ruleset_chosen)
        self.orientation = QComboBox()
        self.orientation.addItem("Flat top (columns shifted)", "flat")
        self.orientation.addItem("Pointy top (rows shifted)", "pointy")
        form.addRow("Hexes", self.orientation)
        self.offset = QComboBox()
        self.offset.addItem("Even columns/rows sit half a hex over", "even")
        self.offset.addItem("Odd columns/rows sit half a hex over", "odd")
        form.addRow("Offset", self.offset)
        layout.addWidget(self.blank_box)
        note = QLabel("A blank scenario gets two sides with set-up zones on the west and east "
                      "edges; add units and victory conditions in the panels.")
        note.setWordWrap(True)
        layout.addWidget(note)
        buttons = QDialogButtonBox(QDialogButtonBox.Ok | QDialogButtonBox.Cancel)
        buttons.accepted.connect(self.accept)
        buttons.rejected.connect(self.reject)
        layout.addWidget(buttons)
        self.from_template.toggled.connect(self._mode)
        (self.from_template if self.templates.count() else self.from_blank).setChecked(True)
        self._mode()

    def _ruleset_chosen(self, _index: int) -> None:
        """A new game brings the terrain set its army lists are drawn for."""
        if self.library is None:
            return
        usual = usual_terrain_set(self.library, self.ruleset.currentData())
        found = self.terrain_set.findData(usual) if usual else -1
        if found >= 0:
            self.terrain_set.setCurrentIndex(found)

    def _mode(self, *_args) -> None:
        template = self.from_template.isChecked()
        self.templates.setEnabled(template)
        self.blank_box.setEnabled(not template)

    def choice(self) -> NewScenarioChoice:
        if self.from_template.isChecked() and self.templates.currentItem() is not None:
            return NewScenarioChoice(template=Path(self.templates.currentItem().data(Qt.UserRole)))
        return NewScenarioChoice(None, self.name.text().strip() or "New scenario",
                                 self.columns.value(), self.rows.value(),
                                 self.terrain_set.currentData(), self.orientation.currentData(),
                                 self.offset.currentData(), self.ruleset.currentData())


def ask_new_scenario(parent, library) -> NewScenarioChoice | None:
    """Show the dialog; None when cancelled. Tests replace this function."""
    dialog = NewScenarioDialog(library, parent)
    if dialog.exec() != QDialog.Accepted:
        return None
    return dialog.choice()

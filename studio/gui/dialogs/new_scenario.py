"""File > New: start from a bundled template scenario, or from a blank map of a chosen game
(ruleset), size, terrain set and hex orientation."""
from __future__ import annotations

from dataclasses import dataclass
from pathlib import Path

from PySide6.QtCore import Qt
from PySide6.QtWidgets import (QButtonGroup, QComboBox, QDialog, QDialogButtonBox, QFormLayout,
                               QGroupBox, QLabel, QLineEdit, QListWidget, QListWidgetItem,
                               QRadioButton, QSpinBox, QVBoxLayout)

from studio.hexgrid import MapGeometry
from studio.io import load_file
from studio.model import Army, HexMap, Scenario, Side
from studio.samples import scenario_templates

from ..docks.commands_sides import SIDE_COLOURS


@dataclass(slots=True)
class NewScenarioChoice:
    """What the dialog asked for: a template file, or a blank map's settings."""
    template: Path | None = None
    name: str = "New scenario"
    columns: int = 30
    rows: int = 20
    terrain_set: str = "basic-ground"
    orientation: str = "flat"
    offset: str = "even"
    ruleset: str = "rules-of-war"


def blank_scenario(choice: NewScenarioChoice, library=None) -> Scenario:
    """A scenario with a map of open ground, two sides facing each other across it with
    set-up zones on their edges, and no units or victory conditions yet."""
    ts = library.terrain_set(choice.terrain_set) if library is not None else None
    fill = ts.terrain[0].symbol if ts is not None and ts.terrain else "."
    for t in (ts.terrain if ts is not None else []):
        if t.id in ("open", "clear", "space"):
            fill = t.symbol
            break
    hexmap = HexMap.blank(choice.columns, choice.rows, fill, choice.orientation, choice.offset)
    ruleset = choice.ruleset
    if library is not None and library.ids("ruleset") and ruleset not in library.ids("ruleset"):
        ruleset = library.ids("ruleset")[0]
    lists = _army_lists_for(choice.terrain_set, ruleset, library)
    g = MapGeometry(choice.columns, choice.rows, choice.orientation, choice.offset)
    depth = max(1, min(3, choice.columns // 6))
    west = f"{g.label(g.to_hex(1, 1))}-{g.label(g.to_hex(depth, choice.rows))}"
    east = (f"{g.label(g.to_hex(choice.columns - depth + 1, 1))}-"
            f"{g.label(g.to_hex(choice.columns, choice.rows))}")
    sides = [
        Side("blue", "Blue", SIDE_COLOURS[0], Army(lists[0]), "west", [west]),
        Side("red", "Red", SIDE_COLOURS[1], Army(lists[1 % len(lists)]), "east", [east]),
    ]
    return Scenario(id=_slug(choice.name) or "new-scenario", name=choice.name or "New scenario",
                    ruleset=ruleset, terrain_set=choice.terrain_set, map=hexmap, sides=sides)


def system_of_ruleset(library, ruleset_id: str) -> str:
    ruleset = library.ruleset(ruleset_id) if library is not None else None
    return ruleset.system if ruleset is not None else "rules-of-war"


def _army_lists_for(terrain_set: str, ruleset: str, library) -> list[str]:
    """Army lists of the ruleset's game, those drawn for the terrain set first."""
    if library is None:
        return ["army-list"]
    system = system_of_ruleset(library, ruleset)
    same_game = [(ident, lst) for ident, lst in library.items("army-list")
                 if system_of_ruleset(library, lst.ruleset) == system]
    fitting = [ident for ident, lst in same_game if lst.terrain_set == terrain_set]
    return fitting or [ident for ident, _ in same_game] or library.ids("army-list") or \
        ["army-list"]


def usual_terrain_set(library, ruleset: str) -> str | None:
    """The terrain set most army lists of the ruleset's game are drawn for."""
    system = system_of_ruleset(library, ruleset)
    counts: dict[str, int] = {}
    for _ident, lst in library.items("army-list"):
        if system_of_ruleset(library, lst.ruleset) == system:
            counts[lst.terrain_set] = counts.get(lst.terrain_set, 0) + 1
    return max(counts, key=counts.get) if counts else None


def _slug(text: str) -> str:
    out, dash = [], False
    for ch in text.lower():
        if ch.isascii() and ch.isalnum():
            out.append(ch)
            dash = False
        elif out and not dash:
            out.append("-")
            dash = True
    return "".join(out).strip("-")


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
        if self.ruleset.count() == 0:
            self.ruleset.addItem("Rules of War", "rules-of-war")
        form.addRow("Rules", self.ruleset)
        self.columns = QSpinBox()
        self.columns.setRange(1, 999)
        self.columns.setValue(30)
        form.addRow("Columns", self.columns)
        self.rows = QSpinBox()
        self.rows.setRange(1, 999)
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

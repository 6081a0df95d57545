"""Before a test game: who plays each side (a person or an AI, with its seed) and the dice
seed. The same seed with the same players gives the same game, event for event."""
from __future__ import annotations

from PySide6.QtGui import QIntValidator
from PySide6.QtWidgets import (QComboBox, QDialog, QDialogButtonBox, QFormLayout, QGridLayout,
                               QGroupBox, QLabel, QLineEdit, QSpinBox, QVBoxLayout)

from studio.ai.search import DEFAULT_PLAYOUTS
from studio.playtest.players import PLAYER_KINDS, PlaySetup, SideChoice

MAX_SEED = 2_147_483_647


class PlaySetupDialog(QDialog):
    def __init__(self, scenario, parent=None, initial: PlaySetup | None = None) -> None:
        super().__init__(parent)
        self.setWindowTitle(f"Play {scenario.name or scenario.id}")
        self.scenario = scenario
        initial = initial or PlaySetup.default([s.id for s in scenario.sides])
        layout = QVBoxLayout(self)
        intro = QLabel("Play mode works on a copy of the scenario: the editor's scenario "
                       "and its undo history are left as they are.")
        intro.setWordWrap(True)
        layout.addWidget(intro)
        form = QFormLayout()
        self.seed = QSpinBox()
        self.seed.setRange(0, MAX_SEED)
        self.seed.setValue(int(initial.dice_seed) % (MAX_SEED + 1))
        self.seed.setToolTip("Dice seed: the same seed, players and decisions replay the "
                             "same game (as `studio play --seed`)")
        form.addRow("Dice seed:", self.seed)
        layout.addLayout(form)
        box = QGroupBox("Players")
        grid = QGridLayout(box)
        grid.addWidget(QLabel("<b>Side</b>"), 0, 0)
        grid.addWidget(QLabel("<b>Played by</b>"), 0, 1)
        grid.addWidget(QLabel("<b>AI seed</b>"), 0, 2)
        grid.addWidget(QLabel("<b>Playouts</b>"), 0, 3)
        self.kinds: dict[str, QComboBox] = {}
        self.seeds: dict[str, QLineEdit] = {}
        self.playouts: dict[str, QSpinBox] = {}
        for row, side in enumerate(scenario.sides, start=1):
            grid.addWidget(QLabel(side.name or side.id), row, 0)
            combo = QComboBox()
            for key, text in PLAYER_KINDS.items():
                combo.addItem(text, key)
            choice = initial.sides.get(side.id, SideChoice())
            combo.setCurrentIndex(max(0, combo.findData(choice.kind)))
            grid.addWidget(combo, row, 1)
            seed = QLineEdit("" if choice.seed is None else str(choice.seed))
            seed.setPlaceholderText("from the dice seed")
            seed.setValidator(QIntValidator(0, MAX_SEED, seed))
            seed.setToolTip("Leave empty to derive it from the dice seed as `studio play` does")
            grid.addWidget(seed, row, 2)
            playouts = QSpinBox()
            playouts.setRange(1, 100_000)
            playouts.setValue(choice.playouts or DEFAULT_PLAYOUTS)
            playouts.setToolTip("The search AI's playouts a decision: more plays better and "
                                "thinks longer; the same number replays the same game")
            grid.addWidget(playouts, row, 3)
            combo.currentIndexChanged.connect(
                lambda _i, c=combo, s=seed, p=playouts: (s.setEnabled(c.currentData() != "human"),
                                                         p.setEnabled(c.currentData() == "search")))
            seed.setEnabled(choice.kind != "human")
            playouts.setEnabled(choice.kind == "search")
            self.kinds[side.id] = combo
            self.seeds[side.id] = seed
            self.playouts[side.id] = playouts
        layout.addWidget(box)
        buttons = QDialogButtonBox(QDialogButtonBox.Ok | QDialogButtonBox.Cancel)
        buttons.button(QDialogButtonBox.Ok).setText("Play")
        buttons.accepted.connect(self.accept)
        buttons.rejected.connect(self.reject)
        layout.addWidget(buttons)

    def set_kind(self, side_id: str, kind: str) -> None:
        self.kinds[side_id].setCurrentIndex(self.kinds[side_id].findData(kind))

    def setup(self) -> PlaySetup:
        sides = {}
        for sid, combo in self.kinds.items():
            text = self.seeds[sid].text().strip()
            kind = combo.currentData()
            sides[sid] = SideChoice(kind, int(text) if text else None,
                                    self.playouts[sid].value() if kind == "search" else None)
        return PlaySetup(self.seed.value(), sides)


def ask_play_setup(parent, scenario, initial: PlaySetup | None = None) -> PlaySetup | None:
    dialog = PlaySetupDialog(scenario, parent, initial)
    return dialog.setup() if dialog.exec() == QDialog.Accepted else None

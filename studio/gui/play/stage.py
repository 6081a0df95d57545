"""The centre of the window in play mode: the banner saying editing is paused, the turn
line (round, phase, who must act and on what), and the play map."""
from __future__ import annotations

from PySide6.QtCore import QSize, Qt
from PySide6.QtGui import QFont
from PySide6.QtWidgets import QFrame, QHBoxLayout, QLabel, QPushButton, QVBoxLayout, QWidget

from studio.playtest.turn_text import turn_text

BANNER = "Play mode — editing is paused; leave play mode to edit"


class PlayStage(QWidget):
    def __init__(self, session, view, parent=None) -> None:
        super().__init__(parent)
        self.session = session
        self.view = view
        layout = QVBoxLayout(self)
        layout.setContentsMargins(0, 0, 0, 0)
        layout.setSpacing(0)

        bar = QFrame()
        bar.setObjectName("play-banner")
        bar.setStyleSheet("#play-banner { background: #f6d365; border-bottom: 1px solid #b08a20; }"
                          "#play-banner QLabel { color: #3a2a00; }")
        row = QHBoxLayout(bar)
        row.setContentsMargins(10, 4, 6, 4)
        self.banner = QLabel(BANNER)
        bold = QFont(self.banner.font())
        bold.setBold(True)
        self.banner.setFont(bold)
        row.addWidget(self.banner, 1)
        self.leave_button = QPushButton("Leave play mode")
        row.addWidget(self.leave_button)
        layout.addWidget(bar)

        turn = QFrame()
        turn.setObjectName("play-turn")
        turn.setStyleSheet("#play-turn { background: #27313d; }"
                           "#play-turn QLabel { color: #f2f2f2; }")
        col = QVBoxLayout(turn)
        col.setContentsMargins(10, 4, 10, 5)
        col.setSpacing(1)
        self.headline = QLabel()
        big = QFont(self.headline.font())
        big.setPointSizeF(big.pointSizeF() * 1.3)
        big.setBold(True)
        self.headline.setFont(big)
        self.task = QLabel()
        self.task.setWordWrap(True)
        col.addWidget(self.headline)
        col.addWidget(self.task)
        layout.addWidget(turn)
        layout.addWidget(view, 1)
        session.changed.connect(self.refresh)
        self.refresh()

    def sizeHint(self) -> QSize:  # noqa: N802 (Qt's name)
        return QSize(900, 700)         # the map is the point: docks get what is left

    def refresh(self) -> None:
        s = self.session
        players = {sid: s.player_name(sid) for sid in s.setup.sides}
        head, task = turn_text(s.state, s.names, players)
        if not s.timeline.at_end:
            head += f"  ·  replaying: action {s.position} of {s.timeline.length}"
        self.headline.setText(head)
        self.task.setText(task)
        self.task.setAlignment(Qt.AlignLeft)

"""Hotseat's hand-over: in a game that hides units, when another person is to act the
window is covered (map, log, panels) by a curtain saying whom to pass the screen to, until
that person says they have it. Then the map and the log show that side's view."""
from __future__ import annotations

from PySide6.QtCore import QEvent, Qt
from PySide6.QtGui import QFont
from PySide6.QtWidgets import QLabel, QPushButton, QVBoxLayout, QWidget


class HandOver(QWidget):
    def __init__(self, session, window) -> None:
        super().__init__(window)
        self.setObjectName("hand-over")
        self.session = session
        self.window_ = window
        self.pending: str | None = None
        self.setAttribute(Qt.WA_StyledBackground, True)
        self.setStyleSheet("#hand-over { background: #27313d; }"
                           "#hand-over QLabel { color: #f2f2f2; }")
        layout = QVBoxLayout(self)
        layout.addStretch(2)
        self.title = QLabel()
        big = QFont(self.title.font())
        big.setPointSizeF(big.pointSizeF() * 2.0)
        big.setBold(True)
        self.title.setFont(big)
        self.title.setAlignment(Qt.AlignCenter)
        self.note = QLabel()
        self.note.setWordWrap(True)
        self.note.setAlignment(Qt.AlignCenter)
        self.button = QPushButton()
        self.button.setDefault(True)
        self.button.clicked.connect(self.confirm)
        self.note.setFixedWidth(560)
        layout.addWidget(self.title)
        layout.addWidget(self.note, 0, Qt.AlignHCenter)
        layout.addSpacing(12)
        layout.addWidget(self.button, 0, Qt.AlignHCenter)
        layout.addStretch(3)
        self.hide()
        session.changed.connect(self.refresh)
        window.installEventFilter(self)

    @property
    def covering(self) -> bool:
        return self.pending is not None

    def refresh(self) -> None:
        side = self.session.hand_over_to()
        self.pending = side
        if side is None:
            self.hide()
            return
        name = self.session.names.side(side)
        self.title.setText(f"Pass to {name}")
        self.note.setText(f"{name} is to act. The map, the game log and the panels stay "
                          f"hidden until the person playing {name} has the screen: only "
                          "they may see what their side sees.")
        self.note.setMinimumHeight(self.note.heightForWidth(self.note.width()))
        self.button.setText(f"I play {name}: show my side")
        self._cover()
        self.show()
        self.raise_()
        self.button.setFocus()

    def confirm(self) -> None:
        side = self.pending
        if side is None:
            return
        self.pending = None
        self.hide()
        self.session.take_over(side)

    def _cover(self) -> None:
        w = self.window_
        bar = w.menuBar()
        top = bar.height() if bar is not None and bar.isVisible() else 0
        self.setGeometry(0, top, w.width(), w.height() - top)

    def eventFilter(self, obj, event) -> bool:  # noqa: N802 (Qt's name)
        if obj is self.window_ and event.type() == QEvent.Resize and self.isVisible():
            self._cover()
        return False

    def close_down(self) -> None:
        self.session.changed.disconnect(self.refresh)
        self.window_.removeEventFilter(self)
        self.hide()
        self.deleteLater()

"""The Play panel for any ruleset: whose turn it is, the selected unit with its state, its
actions (double-click or Enter to play one; those with a hex are marked on the map too),
and the actions of the side as a whole (ending the turn...)."""
from __future__ import annotations

from PySide6.QtCore import Qt, Signal
from PySide6.QtWidgets import (QDockWidget, QGroupBox, QLabel, QListWidget, QListWidgetItem,
                               QPushButton, QScrollArea, QVBoxLayout, QWidget)

from studio.playtest.result_words import result_words


class RulesDock(QDockWidget):
    statusMessage = Signal(str)

    def __init__(self, session, handler, parent=None) -> None:
        super().__init__("Play", parent)
        self.setObjectName("play-dock")
        self.session = session
        self.handler = handler
        body = QWidget()
        layout = QVBoxLayout(body)
        self.turn_label = QLabel()
        self.turn_label.setWordWrap(True)
        layout.addWidget(self.turn_label)

        self.unit_box = QGroupBox("Selected unit")
        ub = QVBoxLayout(self.unit_box)
        self.unit_label = QLabel()
        self.unit_label.setWordWrap(True)
        ub.addWidget(self.unit_label)
        self.unit_actions = QListWidget()
        self.unit_actions.setToolTip("Double-click (or Enter) to play; actions that lead to a "
                                     "hex are marked on the map: click the hex")
        self.unit_actions.setWordWrap(True)
        ub.addWidget(self.unit_actions)
        self.do_button = QPushButton("Play this action")
        ub.addWidget(self.do_button)
        layout.addWidget(self.unit_box)

        self.side_box = QGroupBox("Side")
        sb = QVBoxLayout(self.side_box)
        self.side_actions = QListWidget()
        self.side_actions.setWordWrap(True)
        self.side_actions.setMaximumHeight(120)
        sb.addWidget(self.side_actions)
        self.next_button = QPushButton("Next unit (N)")
        sb.addWidget(self.next_button)
        layout.addWidget(self.side_box)
        layout.addStretch(1)
        body.setMinimumWidth(280)
        scroll = QScrollArea()
        scroll.setWidgetResizable(True)
        scroll.setWidget(body)
        self.setWidget(scroll)

        self.unit_actions.itemActivated.connect(self._play_item)
        self.side_actions.itemActivated.connect(self._play_item)
        self.do_button.clicked.connect(self._play_current)
        self.next_button.clicked.connect(lambda _=False: handler.next_unit())
        handler.selectionChanged.connect(self.refresh)
        handler.statusMessage.connect(self.statusMessage)
        session.changed.connect(self.refresh)
        self.refresh()

    def refresh(self) -> None:
        s = self.session
        state = s.state
        rules = state.game.rules
        if state.over:
            r = state.result
            why = "; ".join(result_words(r, s.names, s.names.objectives))
            self.turn_label.setText(f"Game over in round {r.round}: "
                                    + (f"{s.names.side(r.winner)} wins" if r.winner else r.outcome)
                                    + (f" ({why})" if why else ""))
        else:
            side = state.to_act
            who = s.player_name(side) if side is not None else ""
            self.turn_label.setText(f"{rules.name}, round {state.round}: "
                                    f"{s.names.side(side) if side else '—'} to act ({who})")
        h = self.handler
        uid = h.selected
        self.unit_label.setText(
            "Click a unit on the map (N: next unit that can act)" if uid is None else
            f"{s.names.unit(uid)}: {h.notes.get(uid, '')}")
        self._fill(self.unit_actions, h.actions)
        self._fill(self.side_actions, h.side_actions)
        self.do_button.setEnabled(bool(h.actions))
        self.side_box.setEnabled(s.human_to_act())

    def _fill(self, widget: QListWidget, actions: list) -> None:
        widget.clear()
        state = self.session.state
        for a in actions:
            item = QListWidgetItem(self.session.names.in_text(state.game.rules.action_text(state, a)))
            item.setData(Qt.UserRole, a)
            widget.addItem(item)

    def _play_item(self, item: QListWidgetItem) -> None:
        self.handler.play(item.data(Qt.UserRole))

    def _play_current(self) -> None:
        item = self.unit_actions.currentItem() or self.unit_actions.item(0)
        if item is not None:
            self._play_item(item)

    def end_phase(self) -> None:
        """Ctrl+Enter: the side's one action of no unit (ending its turn), when there is
        exactly one; else say where to choose."""
        actions = self.handler.side_actions
        if len(actions) == 1:
            self.handler.play(actions[0])
        elif actions:
            self.statusMessage.emit("Choose the side's action in the Play panel")

"""The Play panel: the selected unit, its move (destination, facing, confirm), its targets
with the engine's odds, other actions it may take, the decisions a window asks for
(who moves first, reactions, answers to an attack, free advances), and End phase."""
from __future__ import annotations

from PySide6.QtCore import Qt, Signal
from PySide6.QtWidgets import (QAbstractItemView, QCheckBox, QDockWidget, QGroupBox,
                               QHBoxLayout, QHeaderView, QLabel, QListWidget, QListWidgetItem,
                               QPushButton, QScrollArea, QTableWidget, QTableWidgetItem,
                               QVBoxLayout, QWidget)

from studio.rulesets.rules_of_war import (Advance, Attack, Cast, ChooseOrder, EndPhase, Exit, Form, Jump,
                           Move, Pass, Strike, Volley, legal_actions)
from studio.rulesets.rules_of_war.odds import state_odds

from studio.rulesets.rules_of_war.action_words import action_words
from ..turn_keys import ANTICLOCKWISE, ANTICLOCKWISE_ARROW, CLOCKWISE, CLOCKWISE_ARROW
from .handler import format_mp, odds_text

TARGET_COLUMNS = ("Target", "Hex", "Range", "Needs", "Hit", "Damage", "Kill")


def _pct(x: float) -> str:
    return f"{100 * x:.0f}%"


class PlayDock(QDockWidget):
    statusMessage = Signal(str)

    def __init__(self, session, handler, parent=None) -> None:
        super().__init__("Play", parent)
        self.setObjectName("play-dock")
        self.session = session
        self.handler = handler
        self._legal_key = None
        self._legal: list = []
        self._decision_actions: list = []
        self._other_actions: list = []
        body = QWidget()
        layout = QVBoxLayout(body)

        self.unit_box = QGroupBox("Selected unit")
        ub = QVBoxLayout(self.unit_box)
        self.unit_label = QLabel("Click a unit on the map (N: next unit that can act)")
        self.unit_label.setWordWrap(True)
        ub.addWidget(self.unit_label)
        layout.addWidget(self.unit_box)

        self.move_box = QGroupBox("Move")
        mb = QVBoxLayout(self.move_box)
        self.move_label = QLabel()
        self.move_label.setWordWrap(True)
        mb.addWidget(self.move_label)
        row = QHBoxLayout()
        self.left_button = QPushButton(f"{ANTICLOCKWISE_ARROW} Turn (Q)")
        self.right_button = QPushButton(f"Turn (E) {CLOCKWISE_ARROW}")
        row.addWidget(self.left_button)
        row.addWidget(self.right_button)
        mb.addLayout(row)
        row = QHBoxLayout()
        self.confirm_button = QPushButton("Move (Enter)")
        self.cancel_button = QPushButton("Cancel (Esc)")
        row.addWidget(self.confirm_button)
        row.addWidget(self.cancel_button)
        mb.addLayout(row)
        self.charge_box = QCheckBox("Charge")
        self.charge_box.setToolTip("The charge ability's extra move: it must end next to an "
                                   "enemy in the front arc")
        mb.addWidget(self.charge_box)
        layout.addWidget(self.move_box)

        self.attack_box = QGroupBox("Attack")
        ab = QVBoxLayout(self.attack_box)
        self.targets = QTableWidget(0, len(TARGET_COLUMNS))
        self.targets.setHorizontalHeaderLabels(TARGET_COLUMNS)
        self.targets.setEditTriggers(QAbstractItemView.NoEditTriggers)
        self.targets.setSelectionBehavior(QAbstractItemView.SelectRows)
        self.targets.setSelectionMode(QAbstractItemView.SingleSelection)
        self.targets.verticalHeader().hide()
        self.targets.verticalHeader().setDefaultSectionSize(22)
        self.targets.horizontalHeader().setSectionResizeMode(0, QHeaderView.Stretch)
        for c in range(1, len(TARGET_COLUMNS)):
            self.targets.horizontalHeader().setSectionResizeMode(c, QHeaderView.ResizeToContents)
        self.targets.setToolTip("The engine's exact odds: Hit = the attack roll succeeds; "
                                "Damage = the target takes a hit after its saves; Kill = "
                                "the target is destroyed. Double-click to attack.")
        self.targets.setMaximumHeight(150)
        ab.addWidget(self.targets)
        self.attack_button = QPushButton("Attack")
        ab.addWidget(self.attack_button)
        layout.addWidget(self.attack_box)

        self.decision_box = QGroupBox("Decision")
        db = QVBoxLayout(self.decision_box)
        self.decision_label = QLabel()
        self.decision_label.setWordWrap(True)
        db.addWidget(self.decision_label)
        self.decision_list = QListWidget()
        self.decision_list.setToolTip("Tick the attacks to declare; several ticked are "
                                      "declared together and rolled at the same time")
        self.decision_list.setMaximumHeight(160)
        self.decision_list.setWordWrap(True)
        self.decision_list.setHorizontalScrollBarPolicy(Qt.ScrollBarAlwaysOff)
        db.addWidget(self.decision_list)
        row = QHBoxLayout()
        self.declare_button = QPushButton("Declare")
        self.first_button = QPushButton("Move first")
        self.second_button = QPushButton("Move second")
        self.advance_button = QPushButton("Advance")
        self.pass_button = QPushButton("Pass")
        for b in (self.declare_button, self.first_button, self.second_button,
                  self.advance_button, self.pass_button):
            row.addWidget(b)
        db.addLayout(row)
        body.setMinimumWidth(300)
        layout.addWidget(self.decision_box)

        self.other_box = QGroupBox("Other actions")
        ob = QVBoxLayout(self.other_box)
        self.other_list = QListWidget()
        self.other_list.setMaximumHeight(110)
        ob.addWidget(self.other_list)
        self.other_button = QPushButton("Do it")
        ob.addWidget(self.other_button)
        layout.addWidget(self.other_box)

        self.end_phase_button = QPushButton("End phase")
        self.end_phase_button.setToolTip("End this side's movement phase (Ctrl+Enter)")
        layout.addWidget(self.end_phase_button)
        layout.addStretch(1)

        scroll = QScrollArea()
        scroll.setWidgetResizable(True)
        scroll.setHorizontalScrollBarPolicy(Qt.ScrollBarAlwaysOff)
        scroll.setWidget(body)
        self.setWidget(scroll)

        self.left_button.clicked.connect(lambda: handler.rotate(ANTICLOCKWISE))
        self.right_button.clicked.connect(lambda: handler.rotate(CLOCKWISE))
        self.confirm_button.clicked.connect(handler.confirm)
        self.cancel_button.clicked.connect(handler.cancel)
        self.charge_box.toggled.connect(handler.set_charge)
        self.attack_button.clicked.connect(self.attack_selected)
        self.targets.cellDoubleClicked.connect(lambda row, _c: self._attack_row(row))
        self.declare_button.clicked.connect(self.declare)
        self.pass_button.clicked.connect(self.pass_window)
        self.first_button.clicked.connect(lambda: self._order(True))
        self.second_button.clicked.connect(lambda: self._order(False))
        self.advance_button.clicked.connect(self._advance)
        self.other_button.clicked.connect(self.do_other)
        self.other_list.itemDoubleClicked.connect(lambda _i: self.do_other())
        self.end_phase_button.clicked.connect(self.end_phase)
        handler.selectionChanged.connect(self.refresh)
        session.changed.connect(self.refresh)
        self.refresh()

    # -- the engine's list of legal actions, once per state ---------------------------------

    def legal(self) -> list:
        state = self.session.state
        key = (id(state), state.version)
        if key != self._legal_key:
            self._legal = legal_actions(state) if self.session.human_to_act() else []
            self._legal_key = key
        return self._legal

    # -- refreshing ------------------------------------------------------------------------

    def refresh(self) -> None:
        s = self.session
        state = s.state
        human = s.human_to_act() and not s.thinking
        window = state.window if human else None
        h = self.handler
        self._show_unit()
        own_phase = human and window is None and state.phase == "movement"

        p = h.pending
        self.move_box.setVisible(own_phase)
        if p is not None:
            self.move_label.setText(f"To {p.label} facing {p.facing}: {format_mp(p.mp)} MP "
                                    f"({len(p.facings)} facing(s) possible there)")
        elif h.reach:
            self.move_label.setText(f"{len(h.reach)} hexes in reach: click one, then "
                                    "confirm")
        elif h.selected is not None and h.commandable(h.selected):
            self.move_label.setText("This unit cannot move now")
        else:
            self.move_label.setText("Select a unit of the side to act")
        for b in (self.left_button, self.right_button, self.confirm_button, self.cancel_button):
            b.setEnabled(p is not None)
        self.charge_box.blockSignals(True)
        self.charge_box.setChecked(h.charge)
        self.charge_box.setEnabled(h.can_charge)
        self.charge_box.blockSignals(False)
        self.charge_box.setVisible(h.can_charge or h.charge)

        self.attack_box.setVisible(human and window in (None, "react", "respond"))
        self.targets.setRowCount(len(h.targets))
        for row, t in enumerate(h.targets):
            o = t.odds
            cells = (s.names.unit(t.uid), t.label, str(t.distance),
                     "—" if o.needed is None else str(o.needed), _pct(o.p_hit),
                     _pct(o.p_unsaved), _pct(o.p_destroyed))
            for col, text in enumerate(cells):
                item = QTableWidgetItem(text)
                item.setToolTip(f"{s.names.unit(t.uid)} in {t.label}: needs {cells[3]}; hit "
                                f"{cells[4]}, damage {cells[5]}, kill {cells[6]}")
                if col:
                    item.setTextAlignment(Qt.AlignCenter)
                self.targets.setItem(row, col, item)
        if h.targets:
            self.targets.selectRow(0)
        self.attack_button.setEnabled(bool(h.targets))

        self._show_decision(human, window)
        self._show_others(human)
        self.end_phase_button.setEnabled(own_phase and any(isinstance(a, EndPhase)
                                                           for a in self.legal()))

    def _show_unit(self) -> None:
        s = self.session
        uid = self.handler.selected
        if uid is None:
            self.unit_label.setText("Click a unit on the map (N: next unit that can act)")
            return
        state = s.state
        u = state.unit(uid)
        p = u.profile
        bits = [f"<b>{s.names.unit(uid)}</b> — {s.names.side(state.side_id(u.side))}",
                f"{state.hex_label(u)} facing {state.facing_name(u)}; move {format_mp(p.move)}, "
                f"range {p.range}, defence {p.defense if p.defense is not None else '—'}, "
                f"morale {p.morale if p.morale is not None else '—'}",
                f"hits taken {u.hits} of {p.hits}"]
        if u.routed:
            bits.append("<span style='color:#b00'>routed</span>")
        if u.formation != "line":
            bits.append(f"in {u.formation}")
        if u.moved_phase == state.phase_serial and state.phase == "movement":
            bits.append("has moved this phase")
        if u.attacked_round == state.round:
            bits.append("has attacked this round")
        if not self.handler.commandable(uid):
            bits.append("<i>not yours to command now</i>")
        self.unit_label.setText("<br>".join(bits))

    def _show_decision(self, human: bool, window: str | None) -> None:
        from studio.playtest.turn_text import turn_text
        visible = human and window is not None
        self.decision_box.setVisible(visible)
        if not visible:
            return
        s = self.session
        _head, task = turn_text(s.state, s.names)
        self.decision_label.setText(task)
        attacks = window in ("react", "respond")
        self.decision_list.setVisible(attacks)
        self.declare_button.setVisible(attacks)
        self.first_button.setVisible(window == "order")
        self.second_button.setVisible(window == "order")
        self.advance_button.setVisible(window == "advance")
        self.pass_button.setVisible(window in ("react", "respond", "advance"))
        self.decision_list.clear()
        self._decision_actions = []
        if attacks:
            state = s.state
            for a in self.legal():
                if not isinstance(a, Attack):
                    continue
                o = state_odds(state, a.unit, a.target)
                item = QListWidgetItem(f"{s.names.unit(a.unit)} → {s.names.unit(a.target)}: "
                                       f"{odds_text(o)}")
                item.setToolTip(f"{action_words(a, s.names)}: needs {o.needed}; "
                                f"{odds_text(o)}, damage {o.p_unsaved:.0%}")
                item.setFlags(item.flags() | Qt.ItemIsUserCheckable)
                item.setCheckState(Qt.Unchecked)
                item.setData(Qt.UserRole, len(self._decision_actions))
                self._decision_actions.append(a)
                self.decision_list.addItem(item)
            self.declare_button.setEnabled(self.decision_list.count() > 0)

    def _show_others(self, human: bool) -> None:
        self.other_list.clear()
        self._other_actions = []
        uid = self.handler.selected
        if human:
            for a in self.legal():
                mine = getattr(a, "unit", None) == uid
                if isinstance(a, Strike) or (mine and (isinstance(a, (Exit, Jump, Form, Cast)) or
                                                       (isinstance(a, Move) and a.embark))):
                    item = QListWidgetItem(action_words(a, self.session.names))
                    item.setData(Qt.UserRole, len(self._other_actions))
                    self._other_actions.append(a)
                    self.other_list.addItem(item)
        self.other_box.setVisible(self.other_list.count() > 0)
        if self.other_list.count():
            self.other_list.setCurrentRow(0)

    # -- doing -------------------------------------------------------------------------------

    def attack_selected(self) -> bool:
        row = self.targets.currentRow()
        return self._attack_row(row)

    def _attack_row(self, row: int) -> bool:
        if not 0 <= row < len(self.handler.targets):
            return False
        return self.handler.attack(self.handler.targets[row].uid)

    def checked_attacks(self) -> list:
        out = []
        for i in range(self.decision_list.count()):
            item = self.decision_list.item(i)
            if item.checkState() == Qt.Checked:
                out.append(self._decision_actions[item.data(Qt.UserRole)])
        return out

    def declare(self) -> bool:
        attacks = self.checked_attacks()
        if not attacks:
            self.statusMessage.emit("Tick the attacks to declare first (or Pass)")
            return False
        action = attacks[0] if len(attacks) == 1 else Volley(tuple(attacks))
        return self.session.try_act(action)

    def pass_window(self) -> bool:
        side = self.session.state.to_act
        return side is not None and self.session.try_act(Pass(side))

    def _order(self, first: bool) -> bool:
        side = self.session.state.to_act
        return side is not None and self.session.try_act(ChooseOrder(side, first))

    def _advance(self) -> bool:
        adv = next((a for a in self.legal() if isinstance(a, Advance)), None)
        return adv is not None and self.session.try_act(adv)

    def do_other(self) -> bool:
        item = self.other_list.currentItem()
        if item is None:
            return False
        return self.session.try_act(self._other_actions[item.data(Qt.UserRole)])

    def end_phase(self) -> bool:
        side = self.session.state.to_act
        if side is None or not self.session.human_to_act():
            return False
        return self.session.try_act(EndPhase(side))

"""The map in play mode: select a unit, see where it can go and whom it can attack (with
the engine's exact odds), pick a destination and a facing, confirm; attack by clicking a
target. Installed as the play view's tool handler.

Mouse: left click selects a unit of the side to act, picks a reachable hex as the
destination (click it again, or Enter, to move), or attacks a ringed target; right click
or Esc drops the destination, then the selection. Q/E, the arrow keys or the wheel turn
the unit at its destination. N (or Tab) selects the next unit that can still act.
"""
from __future__ import annotations

import time
from dataclasses import dataclass
from fractions import Fraction

from PySide6.QtCore import Qt, QTimer
from PySide6.QtGui import QKeyEvent

from studio.hexgrid import Hex, parse_facing
from studio.rulesets.rules_of_war import Attack, Move, attack_targets, can_act, charge_options, \
    legal_actions, move_options
from studio.rulesets.rules_of_war.odds import Odds, state_odds

from ..turn_keys import TURN_KEYS, wheel_turn
from ..wording import hex_count
from . import overlay
from .map_handler import MapHandler
from .overlay import FloatLabel

LABEL_SECONDS = 3.0
MAX_LABELS = 16


@dataclass(frozen=True)
class Target:
    uid: str
    hex: Hex
    label: str
    distance: int
    odds: Odds


@dataclass
class PendingMove:
    hex: Hex
    label: str
    facings: list[tuple[str, Fraction]]      # (facing name, MP) it may end in there
    chosen: int                              # index into facings

    @property
    def facing(self) -> str:
        return self.facings[self.chosen][0]

    @property
    def mp(self) -> Fraction:
        return self.facings[self.chosen][1]


def format_mp(mp: Fraction) -> str:
    """MP for people: whole numbers and the usual fractions.

    >>> format_mp(Fraction(5, 2)), format_mp(Fraction(2)), format_mp(Fraction(1, 3))
    ('2½', '2', '⅓')
    """
    whole, rest = divmod(Fraction(mp), 1)
    frac = {Fraction(1, 2): "½", Fraction(1, 3): "⅓", Fraction(2, 3): "⅔",
            Fraction(1, 4): "¼", Fraction(3, 4): "¾"}.get(rest)
    if rest == 0:
        return str(whole)
    if frac is None:
        return str(Fraction(mp))
    return f"{whole or ''}{frac}"


def odds_text(o: Odds) -> str:
    return f"hit {o.p_hit:.0%} · kill {o.p_destroyed:.0%}"


class PlayHandler(MapHandler):
    def __init__(self, session, view, scenario) -> None:
        super().__init__(view)
        self.session = session
        self.view = view
        self.scenario = scenario
        self.geometry = view.doc.geometry
        self.selected: str | None = None
        self.charge = False
        self.options: dict = {}
        self.reach: dict[Hex, Fraction] = {}
        self.targets: list[Target] = []
        self.can_charge = False
        self.pending: PendingMove | None = None
        self.hover: Hex | None = None
        self.labels: list[FloatLabel] = []
        self.last_path: list[Hex] = []
        self.units = []
        self._label_timer = QTimer(self)
        self._label_timer.setInterval(150)
        self._label_timer.timeout.connect(self._fade)
        session.changed.connect(self._state_changed)
        session.logAdded.connect(self._show_dice)
        view.set_tool_handler(self)
        self._state_changed()

    # -- reading -------------------------------------------------------------------------

    def hex_of(self, label: str) -> Hex:
        return self.geometry.parse_label(label)

    def reach_labels(self) -> dict[str, Fraction]:
        """Hex label -> the least MP to end there (any facing)."""
        return {self.geometry.label(h): mp for h, mp in self.reach.items()}

    def target_odds(self) -> dict[str, Odds]:
        return {t.uid: t.odds for t in self.targets}

    def commandable(self, uid: str) -> bool:
        """Whether a person may give `uid` orders now."""
        s = self.session
        if not s.human_to_act() or s.thinking:
            return False
        state = s.state
        try:
            u = state.unit(uid)
        except KeyError:
            return False
        return u.status == "on" and state.side_id(u.side) == state.to_act

    # -- selection -----------------------------------------------------------------------

    def select(self, uid: str | None) -> None:
        """Select a unit (any unit on the map; orders only for the side to act)."""
        if uid is not None:
            state = self.session.state
            try:
                u = state.unit(uid)
            except KeyError:
                raise ValueError(f"no unit {uid!r} in this game") from None
            if u.status != "on":
                uid = None
        if uid != self.selected:
            self.charge = False
        self.selected = uid
        self.pending = None
        self._compute()
        self.view.viewport().update()
        self.selectionChanged.emit()

    def set_charge(self, on: bool) -> None:
        if on and not self.can_charge:
            on = False
        if on != self.charge:
            self.charge = on
            self.pending = None
            self._compute()
            self.view.viewport().update()
            self.selectionChanged.emit()

    def _compute(self) -> None:
        self.options, self.reach, self.targets, self.can_charge = {}, {}, [], False
        uid = self.selected
        if uid is None or not self.commandable(uid):
            return
        state = self.session.state
        window = state.window
        if window is None and state.phase == "movement":
            charges = charge_options(state, uid)
            self.can_charge = bool(charges)
            if self.charge and not charges:
                self.charge = False
            self.options = charges if self.charge else move_options(state, uid)
            reach: dict[Hex, Fraction] = {}
            for (label, _facing), mp in self.options.items():
                h = self.hex_of(label)
                if h not in reach or mp < reach[h]:
                    reach[h] = mp
            self.reach = reach
        if window in (None, "react", "respond"):
            allowed = None
            if window is not None:
                allowed = {a.target for a in legal_actions(state)
                           if isinstance(a, Attack) and a.unit == uid}
            me = state.unit(uid)
            board = state.board
            for t in attack_targets(state, uid):
                if allowed is not None and t not in allowed:
                    continue
                tu = state.unit(t)
                label = state.hex_label(tu)
                self.targets.append(Target(t, self.hex_of(label), label,
                                           board.distance(me.hex, tu.hex),
                                           state_odds(state, uid, t)))

    def _state_changed(self) -> None:
        state = self.session.state
        self.units = overlay.game_units(state, self.geometry, self.scenario)
        self.view.show_game_markers([g.marker for g in self.units])     # for the overview
        self.last_path = self._last_path()
        if self.selected is not None:
            try:
                if state.unit(self.selected).status != "on":
                    self.selected = None
            except KeyError:
                self.selected = None
        self.pending = None
        self._compute()
        self.view.viewport().update()
        self.selectionChanged.emit()

    def _last_path(self) -> list[Hex]:
        t = self.session.timeline
        n = t.position
        if n == 0:
            return []
        for e in t.chunks[n - 1]:
            if e.kind == "moved" and e["path"]:
                idx = t.initial.game.unit_index.get(e["unit"])
                start = t.before[n - 1][idx] if idx is not None else None
                labels = ([start] if start else []) + list(e["path"])
                return [self.hex_of(x) for x in labels]
        return []

    def units_in(self, h: Hex) -> list[str]:
        return [g.uid for g in self.units if g.marker.hex == h]

    def next_unit(self) -> None:
        """Select the next unit of the side to act that can still do something."""
        if not self.session.human_to_act():
            return
        state = self.session.state
        side = state.to_act
        uids = [u.uid for u in state.units if u.status == "on" and state.side_id(u.side) == side
                and can_act(state, u.uid)]
        if not uids:
            self.statusMessage.emit(f"No unit of {self.session.names.side(side)} can act "
                                    "now: end the phase")
            return
        i = uids.index(self.selected) + 1 if self.selected in uids else 0
        self.select(uids[i % len(uids)])
        self.view.center_on_hex(self.units_hex(uids[i % len(uids)]))

    def units_hex(self, uid: str) -> Hex:
        state = self.session.state
        return self.hex_of(state.hex_label(state.unit(uid)))

    # -- moving --------------------------------------------------------------------------

    def set_destination(self, where, facing: str | None = None) -> bool:
        """Make `where` (a Hex or label) the pending destination; the facing defaults to
        the unit's own if it may end that way, else the cheapest. False if unreachable."""
        h = self.hex_of(where) if isinstance(where, str) else where
        if h not in self.reach:
            return False
        label = self.geometry.label(h)
        names = self.session.state.board.facing_names
        facings = sorted(((f, mp) for (lab, f), mp in self.options.items() if lab == label),
                         key=lambda x: names.index(x[0]))
        current = self.session.state.facing_name(self.session.state.unit(self.selected))
        pick = facing if facing is not None else current
        chosen = next((i for i, (f, _) in enumerate(facings) if f == pick), None)
        if chosen is None:
            if facing is not None:
                return False
            chosen = min(range(len(facings)), key=lambda i: (facings[i][1], i))
        self.pending = PendingMove(h, label, facings, chosen)
        self._status_pending()
        self.view.viewport().update()
        self.selectionChanged.emit()
        return True

    def rotate(self, steps: int) -> None:
        p = self.pending
        if p is None or len(p.facings) < 2:
            return
        p.chosen = (p.chosen + steps) % len(p.facings)
        self._status_pending()
        self.view.viewport().update()
        self.selectionChanged.emit()

    def choose_facing(self, facing: str) -> bool:
        p = self.pending
        if p is None:
            return False
        for i, (f, _) in enumerate(p.facings):
            if f == facing:
                p.chosen = i
                self._status_pending()
                self.view.viewport().update()
                self.selectionChanged.emit()
                return True
        return False

    def _status_pending(self) -> None:
        p = self.pending
        self.statusMessage.emit(
            f"Move to {p.label} facing {p.facing} ({format_mp(p.mp)} MP): Enter or click "
            "again to confirm; Q/E or the wheel turn; Esc cancels")

    def confirm(self) -> bool:
        p = self.pending
        if p is None or self.selected is None:
            return False
        action = Move(self.selected, p.label, p.facing, self.charge)
        self.pending = None
        return self.session.try_act(action)

    def attack(self, target_uid: str) -> bool:
        if self.selected is None:
            return False
        return self.session.try_act(Attack(self.selected, target_uid))

    def cancel(self) -> None:
        if self.pending is not None:
            self.pending = None
            self.view.viewport().update()
            self.selectionChanged.emit()
            self._status_selected()
        elif self.selected is not None:
            self.select(None)
            self.statusMessage.emit("")

    # -- events from the view ------------------------------------------------------------

    def mouse_press(self, ev) -> bool:
        if ev.button == Qt.RightButton:
            self.cancel()
            return True
        if ev.button != Qt.LeftButton or ev.hex is None:
            return False
        h = ev.hex
        if self.pending is not None and h == self.pending.hex:
            self.confirm()
            return True
        target = next((t for t in self.targets if t.hex == h), None)
        if target is not None:
            self.attack(target.uid)
            return True
        if h in self.reach:
            self.set_destination(h)
            return True
        self.select_in(h)
        return True

    def _status_selected(self) -> None:
        uid = self.selected
        if uid is None:
            return
        name = self.session.names.unit(uid)
        if self.commandable(uid):
            parts = []
            if self.reach:
                parts.append(f"{hex_count(len(self.reach))} in reach")
            if self.targets:
                parts.append(f"{len(self.targets)} target(s)")
            self.statusMessage.emit(f"{name}: " + (", ".join(parts) or "nothing to do now"))
        else:
            self.statusMessage.emit(f"{name} (not yours to command now)")

    def hover_text(self, h: Hex | None) -> str:
        """What the tooltip says over `h`: MP to get there, or the odds on a target."""
        if h is None:
            return ""
        lines = []
        for t in self.targets:
            if t.hex == h:
                o = t.odds
                lines.append(f"{self.session.names.unit(t.uid)}: {odds_text(o)} (needs "
                             f"{o.needed}, damage {o.p_unsaved:.0%}); click to attack")
        if h in self.reach:
            label = self.geometry.label(h)
            per = sorted(((f, mp) for (lab, f), mp in self.options.items() if lab == label),
                         key=lambda x: x[1])
            lines.append(f"{label}: {format_mp(self.reach[h])} MP (" +
                         ", ".join(f"{f} {format_mp(mp)}" for f, mp in per) + ")")
        return "\n".join(lines)

    def wheel(self, ev) -> bool:
        if self.pending is None:
            return False
        self.rotate(wheel_turn(ev.steps))
        return True

    def key_press(self, event: QKeyEvent) -> bool:
        key = event.key()
        if key in (Qt.Key_Return, Qt.Key_Enter) and not event.modifiers() & Qt.ControlModifier:
            return self.confirm() or self.pending is None
        turn = TURN_KEYS.get({Qt.Key_Left: Qt.Key_Q, Qt.Key_Right: Qt.Key_E}.get(key, key))
        if turn is not None:
            self.rotate(turn)
            return True
        if key == Qt.Key_Escape:
            self.cancel()
            return True
        if key in (Qt.Key_N, Qt.Key_Tab):
            self.next_unit()
            return True
        return False

    # -- dice on the map -----------------------------------------------------------------

    def _show_dice(self, entries) -> None:
        now = time.monotonic()
        for e in entries:
            text, good = _dice_label(e.event)
            if text is None or not e.hexes:
                continue
            try:
                h = self.hex_of(e.hexes[0])
            except ValueError:
                continue
            slot = sum(1 for lab in self.labels if lab.hex == h and lab.expires > now)
            self.labels.append(FloatLabel(h, text, good, now + LABEL_SECONDS, slot))
        self.labels = self.labels[-MAX_LABELS:]
        if self.labels and not self._label_timer.isActive():
            self._label_timer.start()
        self.view.viewport().update()

    def _fade(self) -> None:
        now = time.monotonic()
        self.labels = [lab for lab in self.labels if lab.expires > now]
        if not self.labels:
            self._label_timer.stop()
        self.view.viewport().update()

    # -- painting ------------------------------------------------------------------------

    def paint_overlay(self, painter, view) -> None:
        if self.last_path:
            overlay.paint_path(painter, view, self.last_path)
        if self.reach:
            overlay.paint_reach(painter, view, self.reach.keys(), self.charge)
        overlay.paint_game_units(painter, view, self.units, self.selected)
        if self.targets:
            overlay.paint_targets(painter, view, [(t.hex, t.odds.p_hit, t.odds.p_destroyed)
                                                  for t in self.targets])
        p = self.pending
        if p is not None:
            orientation = self.geometry.orientation
            legal = [parse_facing(orientation, f) for f, _ in p.facings]
            colour = next((g.marker.colour for g in self.units if g.uid == self.selected),
                          overlay.PENDING_COLOUR)
            overlay.paint_facings(painter, view, p.hex, legal,
                                  parse_facing(orientation, p.facing), colour)
        if self.hover is not None and self.hover in self.reach and \
                (p is None or self.hover != p.hex):
            overlay.paint_hover_cost(painter, view, self.hover,
                                     f"{format_mp(self.reach[self.hover])} MP")
        if self.labels:
            overlay.paint_float_labels(painter, view, self.labels, time.monotonic())


def _dice_label(e) -> tuple[str | None, bool | None]:
    """Short text for a dice result on the map, and whether it went well for the unit
    it happened to (None: neither)."""
    d = e.data
    if e.kind == "attack":
        if not d["hit"]:
            return f"{d['roll']}: miss", None
        if d.get("destroyed"):
            return f"{d['roll']}: hit, destroyed", False
        if d.get("damage"):
            save = f", save {d['save_roll']} failed" if d.get("save_roll") is not None else ""
            return f"{d['roll']}: hit{save}", False
        return f"{d['roll']}: hit, saved", True
    if e.kind == "morale":
        return f"morale {d['roll']}: {'holds' if d['passed'] else 'fails'}", d["passed"]
    if e.kind == "routed":
        return "routs", False
    if e.kind == "rallied":
        return "rallies", True
    if e.kind == "roll":
        return f"{d['why']} {d['value']}", d.get("success")
    return None, None

"""Play mode's map for any ruleset, through the ruleset protocol alone: the game's units as
the side to act may see them (`Rules.view`), the hexes where the selected unit's actions
lead (`Rules.action_hex`), a click to play one (a menu when several share a hex), and the
odds of an attack on hover (`Ruleset.odds`).

Rules of War has a richer panel of its own (`handler.PlayHandler`); every other ruleset is
played with this one.
"""
from __future__ import annotations

from PySide6.QtCore import QPoint, QPointF, Qt
from PySide6.QtGui import QColor, QKeyEvent
from PySide6.QtWidgets import QMenu

from studio.engine.odds_words import outcome_phrases
from studio.hexgrid import Hex, parse_facing

from ..mapview.overlays import UnitMarker, abbreviation, device_text, paint_units, side_colour
from ..mapview.style import LOD_UNIT_TEXT
from . import overlay
from .map_handler import MapHandler



def odds_summary(odds: dict) -> str:
    """A line of an odds dict: its outcomes with their chances, leaving out those that would
    read "0%" (a long tail of many dice); the dict itself keeps its whole distribution."""
    return ", ".join(outcome_phrases(odds))


class RulesHandler(MapHandler):
    def __init__(self, session, view, scenario) -> None:
        super().__init__(view)
        self.session = session
        self.view = view
        self.scenario = scenario
        self.geometry = view.doc.geometry
        self.selected: str | None = None
        self.actions: list = []                 # the selected unit's legal actions
        self.by_hex: dict[Hex, list] = {}       # where they lead
        self.side_actions: list = []            # actions of no single unit (end of turn...)
        self.hover: Hex | None = None
        self.markers: list[UnitMarker] = []
        self.notes: dict[str, str] = {}
        session.changed.connect(self._state_changed)
        view.set_tool_handler(self)
        self._state_changed()

    # -- reading -------------------------------------------------------------------------

    @property
    def rules(self):
        return self.session.state.game.rules

    def shown_state(self):
        """The state a person sees: the view of the side at the screen (`viewer`); the
        whole game when nothing is hidden from anyone watching."""
        state = self.session.state
        side = self.session.viewer()
        return self.rules.view(state, side) if side is not None else state

    def commandable(self, uid: str) -> bool:
        s = self.session
        if not s.human_to_act() or s.thinking:
            return False
        try:
            u = s.state.unit(uid)
        except KeyError:
            return False
        return s.state.side_id(u.side) == s.state.to_act

    def hex_of_index(self, i: int) -> Hex:
        return self.session.state.game.board.hex_of(i)

    def units_in(self, h: Hex) -> list[str]:
        return [m.name for m in self.markers if m.hex == h]

    # -- selection -----------------------------------------------------------------------

    def select(self, uid: str | None) -> None:
        self.selected = uid
        self._compute()
        self.selectionChanged.emit()
        self.view.viewport().update()

    def _compute(self) -> None:
        self.actions, self.by_hex, self.side_actions = [], {}, []
        s = self.session
        if not s.human_to_act() or s.thinking or s.state.over:
            return
        rules, state = self.rules, s.state
        for a in rules.legal_actions(state):
            uid = rules.action_unit(a)
            if uid is None:
                self.side_actions.append(a)
            elif uid == self.selected:
                self.actions.append(a)
                where = rules.action_hex(state, a)
                if where is not None:
                    self.by_hex.setdefault(self.hex_of_index(where), []).append(a)

    def _state_changed(self) -> None:
        state = self.shown_state()
        colours = {side.id: side_colour(side.colour) for side in self.scenario.sides}
        stacks: dict[Hex, list] = {}
        for u in state.units:
            if u.status == "on" and u.hex is not None and u.hex >= 0:
                stacks.setdefault(self.hex_of_index(u.hex), []).append(u)
        self.markers, self.notes = [], {}
        orientation = self.geometry.orientation
        for h, stack in stacks.items():
            for pos, u in enumerate(stack):
                side_id = state.side_id(u.side)
                try:
                    facing = parse_facing(orientation, state.facing_name(u)) \
                        if u.facing is not None else None
                except (ValueError, IndexError, TypeError):
                    facing = None
                self.markers.append(UnitMarker(side_id, u.i, h, colours.get(side_id, QColor(128, 128, 128)),
                                               abbreviation(u.profile.name), u.uid, facing,
                                               bool(u.leader), pos, len(stack),
                                               self.view.unit_faces.front(
                                                   side_id, getattr(u.profile, "id", ""),
                                                   bool(u.leader))))
                self.notes[u.uid] = self.rules.unit_text(state, u)
        self.view.show_game_markers(self.markers)                       # for the overview
        if self.selected is not None and self.selected not in self.notes:
            self.selected = None
        self._compute()
        self.selectionChanged.emit()
        self.view.viewport().update()

    def next_unit(self) -> None:
        """Select the next unit of the side to act that has something to do."""
        rules, state = self.rules, self.session.state
        ready = []
        for a in rules.legal_actions(state) if self.session.human_to_act() else []:
            uid = rules.action_unit(a)
            if uid is not None and uid not in ready:
                ready.append(uid)
        if not ready:
            self.statusMessage.emit("No unit has anything left to do: end the turn")
            return
        pick = ready[(ready.index(self.selected) + 1) % len(ready)] \
            if self.selected in ready else ready[0]
        self.select(pick)
        self._status_selected()

    # -- acting --------------------------------------------------------------------------

    def play(self, action) -> bool:
        done = self.session.try_act(action)
        if done and self.session.state.over:
            self.statusMessage.emit("The game is over")
        elif done:
            words = self.rules.action_text(self.session.state, action)
            self.statusMessage.emit(self.session.names.in_text(words))
        return done

    def play_at(self, h: Hex, where: QPoint | None = None) -> bool:
        options = self.by_hex.get(h, [])
        if not options:
            return False
        if len(options) == 1:
            return self.play(options[0])
        chosen = self.choose(options, where or self.view.mapToGlobal(self.view.rect().center()))
        return self.play(chosen) if chosen is not None else False

    def choose(self, options: list, where: QPoint):
        """The action a person picks from a menu of those that lead to one hex (a move and
        its facings), None when they close it."""
        menu = QMenu(self.view)
        state = self.session.state
        for a in options:
            menu.addAction(self.session.names.in_text(self.rules.action_text(state, a))).setData(a)
        chosen = menu.exec(where)
        return chosen.data() if chosen is not None else None

    def cancel(self) -> None:
        self.select(None)

    # -- events from the map view ---------------------------------------------------------

    def mouse_press(self, ev) -> bool:
        if ev.button == Qt.RightButton:
            self.cancel()
            return True
        if ev.button != Qt.LeftButton or ev.hex is None:
            return False
        h = ev.hex
        if h in self.by_hex:
            self.play_at(h, self.view.viewport().mapToGlobal(ev.pos.toPoint()))
            return True
        self.select_in(h)
        return True

    def _status_selected(self) -> None:
        uid = self.selected
        if uid is None:
            return
        name = self.session.names.unit(uid)
        note = self.notes.get(uid, "")
        if self.commandable(uid):
            self.statusMessage.emit(f"{name} ({note}): {len(self.actions)} action(s), "
                                    f"{len(self.by_hex)} hex(es) marked on the map")
        else:
            self.statusMessage.emit(f"{name} ({note}): not yours to command now")

    def hover_text(self, h: Hex | None) -> str:
        """The units in `h` with their state, and what clicking there would do: an attack
        with its odds in the game's words, one outcome a line (the map's tooltip)."""
        if h is None:
            return ""
        names = self.session.names
        lines = [f"{names.unit(uid)}: {self.notes.get(uid, '')}" for uid in self.units_in(h)]
        state = self.session.state
        for a in self.by_hex.get(h, []):
            lines.append(f"click: {names.in_text(self.rules.action_text(state, a))}")
            target = next((uid for uid in self.units_in(h) if uid != self.selected), None)
            if target is not None and self.selected is not None:
                try:
                    odds = self._odds(state, a, target)
                except (ValueError, KeyError):
                    continue
                lines += [f"    {phrase}" for phrase in self.rules.odds.words(odds)]
        return "\n".join(lines)

    def status_text(self, tip: str) -> str:
        """The status bar's share of a tooltip: what is there and what a click does,
        without the odds, which only the tooltip has room for."""
        lines = [line for line in tip.splitlines() if not line.startswith("    ")]
        odds = len(lines) < len(tip.splitlines())
        return "; ".join(lines) + (" (odds in the tooltip)" if odds else "")

    def _odds(self, state, action, target: str) -> dict:
        """The odds of `action` itself where the game tells its attacks apart (a vehicle
        that can both drive into and shoot at a unit), else of the attack on `target`."""
        if self.rules.odds is None:
            raise ValueError(f"{self.rules.name} tells no odds")
        return self.rules.odds.action_odds(state, action, self.selected, target)

    def wheel(self, ev) -> bool:
        return False

    def key_press(self, event: QKeyEvent) -> bool:
        key = event.key()
        if key == Qt.Key_Escape:
            self.cancel()
            return True
        if key in (Qt.Key_N, Qt.Key_Tab):
            self.next_unit()
            return True
        return False

    # -- painting ------------------------------------------------------------------------

    def paint_overlay(self, painter, view) -> None:
        if self.by_hex:
            overlay.paint_reach(painter, view, self.by_hex.keys())
        chosen = next(((m.side_id, m.index) for m in self.markers if m.name == self.selected),
                      None)
        metrics = view.metrics
        paint_units(painter, self.markers, metrics, view.zoom(), chosen, None,
                    view.counter_pictures, view.shown_elevation())
        radius_px = metrics.size * view.zoom()
        if radius_px < LOD_UNIT_TEXT:
            return
        size = metrics.size
        px = max(7, round(radius_px * 0.2))
        # Only the selected unit's note: every unit's would cover the map (hover tells the rest).
        for m in self.markers:
            note = self.notes.get(m.name) if m.name == self.selected else None
            if not note:
                continue
            cx, cy = metrics.hex_centre(m.hex)
            shift = size * 0.14 * m.stack_position
            device_text(painter, QPointF(cx + shift, cy + size * 0.55 - shift),
                        note[:18], px, QColor(0, 0, 0), QColor(255, 255, 255, 210))

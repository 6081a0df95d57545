"""What every play-mode map handler shares: its signals, the tooltip and status line that
follow the pointer over the hexes (each handler says what `hover_text` is), and the events
it leaves to the view."""
from __future__ import annotations

from PySide6.QtCore import QObject, Signal
from PySide6.QtWidgets import QToolTip

from studio.hexgrid import Hex


class MapHandler(QObject):
    selectionChanged = Signal()
    statusMessage = Signal(str)

    # The map view asks its handler for these (editing selections): none in play mode.
    selected_unit = None
    selected_objective = None
    hover: Hex | None = None

    def hover_text(self, h: Hex | None) -> str:
        return ""

    def status_text(self, tip: str) -> str:
        """What the status bar says of the tooltip `tip` (all of it, on one line)."""
        return tip.replace("\n", "; ")

    def mouse_move(self, ev) -> bool:
        if ev.hex != self.hover:
            self.hover = ev.hex
            self.view.viewport().update()
            tip = self.hover_text(ev.hex)
            if tip:
                QToolTip.showText(self.view.viewport().mapToGlobal(ev.pos.toPoint()), tip,
                                  self.view.viewport())
                self.statusMessage.emit(self.status_text(tip))
            else:
                QToolTip.hideText()
        return False

    def select_in(self, h: Hex) -> None:
        """A click on a hex with no action there: select a unit in it, the next one of the
        stack on each click, the side to act's own first (none in an empty hex)."""
        here = self.units_in(h)
        if not here:
            self.select(None)
            return
        mine = [u for u in here if self.commandable(u)] or here
        pick = mine[(mine.index(self.selected) + 1) % len(mine)] if self.selected in mine \
            else mine[0]
        self.select(pick)
        self._status_selected()

    def mouse_release(self, ev) -> bool:
        return False

    def key_release(self, event) -> bool:
        return False

    def leave(self) -> None:
        if self.hover is not None:
            self.hover = None
            self.view.viewport().update()

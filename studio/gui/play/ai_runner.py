"""AI decisions off the GUI thread: one request at a time, in a private thread pool.

An AI's `choose` usually takes milliseconds, but a large scenario's first plan of a phase
can take longer; running it in a worker keeps the window responsive either way. The AI
reads the live game state (its plans are keyed to the state object, as in `studio play`),
so the session must not change that state until the answer comes: it either waits for
`done` or detaches (plays on from a copy) and ignores the stale answer by its token.
"""
from __future__ import annotations

from PySide6.QtCore import QObject, QRunnable, QThreadPool, Signal


class _Relay(QObject):
    done = Signal(int, object, object)      # token, action or None, error or None


class _Job(QRunnable):
    def __init__(self, relay: _Relay, token: int, player, state) -> None:
        super().__init__()
        self.relay, self.token, self.player, self.state = relay, token, player, state

    def run(self) -> None:
        try:
            action = self.player.choose(self.state)
        except Exception as err:  # noqa: BLE001 - reported to the person, not swallowed
            self.relay.done.emit(self.token, None, err)
            return
        self.relay.done.emit(self.token, action, None)


class AiRunner(QObject):
    """`ask(player, state) -> token`; `done(token, action, error)` arrives on the GUI
    thread. `forget()` makes every answer still on its way stale."""
    done = Signal(int, object, object)

    def __init__(self, parent: QObject | None = None) -> None:
        super().__init__(parent)
        self.pool = QThreadPool(self)
        self.pool.setMaxThreadCount(1)
        self.token = 0
        self.busy = False
        self._relays: dict[int, _Relay] = {}

    def ask(self, player, state) -> int:
        self.token += 1
        relay = _Relay()
        relay.done.connect(self._finished)
        self._relays[self.token] = relay
        self.busy = True
        self.pool.start(_Job(relay, self.token, player, state))
        return self.token

    def forget(self) -> None:
        self.token += 1
        self.busy = False

    def _finished(self, token: int, action, error) -> None:
        self._relays.pop(token, None)
        if token != self.token:
            return
        self.busy = False
        self.done.emit(token, action, error)

    def shutdown(self, msecs: int = 10000) -> None:
        self.forget()
        self.pool.clear()
        self.pool.waitForDone(msecs)

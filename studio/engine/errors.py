"""What the engine raises: an illegal action, an unplayable scenario, a replay that diverged."""
from __future__ import annotations


class IllegalAction(ValueError):
    """An action the rules forbid now. The message quotes the action and the reason;
    the state it was applied to is unchanged."""

    def __init__(self, action: object, reason: str) -> None:
        self.action = action
        self.reason = reason
        super().__init__(f"illegal action {action!r}: {reason}")


class SetupError(ValueError):
    """The scenario cannot be played as given (the message says what to fix and where)."""


class ReplayMismatch(ValueError):
    """Replaying a log produced different events than the ones it recorded."""

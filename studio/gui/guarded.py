"""Menu actions and other slots whose failures reach the user.

Qt prints an exception raised in a slot to stderr and carries on, so a designer who is not
watching a terminal sees a menu entry that "does nothing". Every menu action goes through
`guarded`: an exception becomes a message box naming what was being done and what went
wrong (the traceback still goes to stderr for a bug report).
"""
from __future__ import annotations

import sys
import traceback
from typing import Any, Callable

from PySide6.QtGui import QAction
from PySide6.QtWidgets import QMessageBox, QWidget


def report_failure(parent: QWidget | None, what: str, err: BaseException) -> None:
    """Tell the user that `what` failed and why."""
    traceback.print_exception(type(err), err, err.__traceback__, file=sys.stderr)
    detail = str(err) or type(err).__name__
    QMessageBox.warning(parent, "Something went wrong",
                        f"{what} failed: {detail}\n\nNothing else was changed; if this keeps "
                        "happening, report it with the details printed on the terminal.")


def guarded(parent: QWidget | None, what: str, slot: Callable[[], Any]) -> Callable[..., Any]:
    """`slot` wrapped so that an exception is reported by `report_failure`; the wrapper
    ignores the arguments Qt passes (`checked` and the like)."""
    def run(*_args: Any) -> Any:
        try:
            return slot()
        except Exception as err:  # noqa: BLE001 (every failure must reach the user)
            report_failure(parent, what, err)
            return None
    return run


def guarded_action(parent: QWidget, text: str, slot: Callable[[], Any]) -> QAction:
    """A QAction whose `triggered` runs `slot` under `guarded` (named after its menu text)."""
    action = QAction(text, parent)
    action.triggered.connect(guarded(parent, text.replace("&", "").rstrip("…. "), slot))
    return action

"""PySide6 6.12.0 under-counts references to None/True/False on Python 3.11 and aborts the
interpreter after a few thousand Qt calls (one paint of a big map). pyproject.toml pins a
release without the bug; this test catches a binding that brings it back."""
import sys

from PySide6.QtCore import QObject, Signal
from PySide6.QtWidgets import QWidget


class _Emitter(QObject):
    fired = Signal(bool)


def test_qt_calls_do_not_leak_references_to_singletons(qtbot):
    w = QWidget()
    qtbot.addWidget(w)
    e = _Emitter()
    before = sys.getrefcount(None), sys.getrefcount(True)
    for _ in range(2000):
        w.setWindowTitle("x")
        e.fired.emit(True)
    after = sys.getrefcount(None), sys.getrefcount(True)
    assert abs(after[0] - before[0]) < 50 and abs(after[1] - before[1]) < 50

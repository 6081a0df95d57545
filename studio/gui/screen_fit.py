"""Windows sized to the screen they open on.

A fixed size (the main window's 1400×900, say) leaves the status bar and the Problems panel
below a 1366×768 screen until the window is maximised; every window asks here for its size
instead: what it would like, never more than the screen's available area (less the taskbar)
less room for the window frame, and centred on that area.
"""
from __future__ import annotations

from PySide6.QtCore import QRect, QSize
from PySide6.QtGui import QGuiApplication
from PySide6.QtWidgets import QWidget

# The title bar and borders the window manager adds round the client area (unknown until the
# window is shown; these are generous figures for the common desktops).
FRAME = QSize(16, 40)


def available_area(widget: QWidget) -> QRect:
    """The usable area of the screen `widget` is (or will be) on: the screen less its taskbar
    and docks."""
    screen = widget.screen() if widget is not None else None
    screen = screen or QGuiApplication.primaryScreen()
    return screen.availableGeometry() if screen is not None else QRect(0, 0, 1366, 728)


def room(widget: QWidget) -> QSize:
    """The client size a window on `widget`'s screen can have with its frame on screen."""
    area = available_area(widget)
    return QSize(max(320, area.width() - FRAME.width()), max(240, area.height() - FRAME.height()))


def screen_size_for(widget: QWidget, width: int, height: int) -> QSize:
    """(`width`, `height`) cut down to the room on `widget`'s screen, and never below what the
    widget's layout needs when the screen has room for that."""
    space = room(widget)
    need = widget.minimumSizeHint()
    w = min(width, space.width())
    h = min(height, space.height())
    if need.isValid():
        w = max(w, min(need.width(), space.width()))
        h = max(h, min(need.height(), space.height()))
    return QSize(w, h)


def fit_to_screen(widget: QWidget, width: int, height: int, *, centre: bool = True) -> QSize:
    """Resize the top-level `widget` to (`width`, `height`), cut to its screen, and centre it
    on the screen's available area (a dialog: on its parent window). Returns the size given."""
    size = screen_size_for(widget, width, height)
    widget.resize(size)
    if centre:
        area = available_area(widget)
        parent = widget.parentWidget()
        anchor = parent.window().frameGeometry().center() if parent is not None else area.center()
        x = anchor.x() - size.width() // 2
        y = anchor.y() - (size.height() + FRAME.height()) // 2
        x = max(area.left(), min(x, area.right() + 1 - size.width() - FRAME.width()))
        y = max(area.top(), min(y, area.bottom() + 1 - size.height() - FRAME.height()))
        widget.move(x, y)
    return size


def fill_screen(widget: QWidget, share: float = 1.0) -> QSize:
    """A main window: the whole available screen (or `share` of each side)."""
    space = room(widget)
    return fit_to_screen(widget, round(space.width() * share), round(space.height() * share))


def keep_on_screen(widget: QWidget) -> None:
    """A window whose saved geometry (another, larger monitor) no longer fits: cut it to this
    screen and bring it back onto it."""
    space = room(widget)
    if widget.width() > space.width() or widget.height() > space.height():
        fit_to_screen(widget, widget.width(), widget.height())
        return
    area = available_area(widget)
    frame = widget.frameGeometry()
    if not area.contains(frame.topLeft()) or not area.contains(frame.bottomRight()):
        x = max(area.left(), min(frame.left(), area.right() + 1 - frame.width()))
        y = max(area.top(), min(frame.top(), area.bottom() + 1 - frame.height()))
        widget.move(x, y)

"""The panels are usable on a 1366x768 screen and above (issue 15 item 3): with the window
at each size, the Victory tab's Add button, every field of the Sides tab and at least six
rows of the army builder's table are on screen, whole."""
import pytest
from PySide6.QtCore import QRect

SIZES = [(1366, 768), (1600, 1000), (1920, 1080)]


def wholly_visible(widget) -> bool:
    """On screen and not clipped by a scroll area, a splitter or the window."""
    if not widget.isVisible():
        return False
    visible = widget.visibleRegion().boundingRect()
    window = widget.window()
    top_left = widget.mapTo(window, visible.topLeft())
    on_window = QRect(top_left, visible.size())
    return visible == widget.rect() and window.rect().contains(on_window)


@pytest.fixture(params=SIZES, ids=lambda s: f"{s[0]}x{s[1]}")
def window(request, make_window, sample_copy, qtbot):
    w = make_window(sample_copy, size=request.param, exposed=True)
    qtbot.waitUntil(lambda: w.size().width() == request.param[0])
    return w


def _show_tab(window, qtbot, page):
    dock = window.scenario_dock
    dock.raise_()
    dock._show_tab(page)
    qtbot.wait(20)


def test_victory_add_button_is_on_screen(window, qtbot):
    victory = window.scenario_dock.victory
    _show_tab(window, qtbot, victory)
    assert wholly_visible(victory.add_button)
    assert wholly_visible(victory.list) and victory.list.height() >= 80


def test_every_sides_field_is_on_screen(window, qtbot):
    sides = window.scenario_dock.sides
    _show_tab(window, qtbot, sides)
    for name, field in sides.fields.items():
        assert wholly_visible(field), name


def test_the_army_builder_shows_six_rows(window, qtbot):
    builder = window.army_builder_dock
    builder.raise_()
    qtbot.wait(20)
    table = builder.count_table
    assert wholly_visible(table)
    rows = table.viewport().height() // table.verticalHeader().defaultSectionSize()
    assert rows >= 6, rows


def test_every_panel_can_be_reached(window):
    for dock in (window.tools_dock, window.units_dock, window.scenario_dock,
                 window.problems_dock, window.army_builder_dock):
        dock.raise_()
        assert dock.isVisible() and dock.width() >= 200, dock.windowTitle()

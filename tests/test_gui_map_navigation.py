"""Getting around a large map (issue 15 item 10): the Overview shows the whole map with the
visible part outlined and moves the view where it is clicked; the keyboard moves a cursor
hex (arrows), acts there (Enter), pans (Ctrl+arrows) and zooms (+ and -)."""
import pytest
from PySide6.QtCore import QPointF, Qt

from studio.gui.document import ScenarioDocument
from studio.edit.sample import sample_scenario


@pytest.fixture
def window(make_window, qtbot):
    def big(w):
        sc = sample_scenario(200, 200, seed=3)
        sc.terrain_set = "basic-ground"
        w.set_document(ScenarioDocument(sc, None, library=w.library))
    w = make_window(load=big, size=(1600, 1000), exposed=True)
    w.activateWindow()
    qtbot.waitActive(w)
    return w


def centre_scene(view):
    return view.viewport_to_scene(QPointF(view.viewport().rect().center()))


def test_the_overview_outlines_the_view_and_moves_it(window, qtbot):
    view, overview = window.view, window.overview
    assert window.overview_dock.isVisible() and not overview.image.isNull()
    overview.redraw()
    overview.repaint()
    view.zoom_to_radius(24)
    qtbot.wait(10)
    frame = overview.frame()
    image = overview.image.rect().translated(overview._origin.toPoint())
    assert frame.width() < image.width() / 3              # a small part of a large map
    target = QPointF(image.left() + image.width() * 0.8, image.top() + image.height() * 0.8)
    qtbot.mouseClick(overview, Qt.LeftButton, pos=target.toPoint())
    moved = overview.frame().center()
    assert abs(moved.x() - target.x()) < 3 and abs(moved.y() - target.y()) < 3
    wanted = overview.widget_to_scene(target)
    centre = centre_scene(view)
    assert abs(centre.x() - wanted.x()) < 40 and abs(centre.y() - wanted.y()) < 40


def test_the_overview_follows_edits(window, qtbot):
    doc, overview = window.doc, window.overview
    before = overview.image.copy()
    water = next(t.symbol for t in doc.terrain_set.terrain if t.id == "water")
    doc.paint([doc.geometry.to_hex(c, r) for c in range(90, 111) for r in range(90, 111)], water)
    qtbot.waitUntil(lambda: overview.image != before, timeout=3000)


def test_arrows_move_a_cursor_hex_and_enter_acts_there(window, qtbot):
    doc, view, tools = window.doc, window.view, window.tools
    view.zoom_to_radius(24)
    view.center_on_hex(doc.geometry.to_hex(100, 100))
    view.setFocus()
    qtbot.waitUntil(view.hasFocus)
    qtbot.keyClick(view, Qt.Key_Right)
    start = view.key_cursor.hex
    assert start is not None
    col, row = doc.geometry.to_offset(start)
    qtbot.keyClick(view, Qt.Key_Right)
    qtbot.keyClick(view, Qt.Key_Down)
    qtbot.keyClick(view, Qt.Key_Down)
    here = view.key_cursor.hex
    assert doc.geometry.to_offset(here) == (col + 1, row + 2)
    assert window.hover_label.text().startswith(doc.label(here))   # the readout follows
    tools.set_tool("brush")
    tools.set_brush_radius(0)
    water = next(t.symbol for t in doc.terrain_set.terrain if t.id == "water")
    tools.set_symbol(water)
    qtbot.keyClick(view, Qt.Key_Return)
    assert doc.symbol_at(here) == water
    window.undo_action.trigger()
    assert doc.symbol_at(here) != water

    # the view follows the cursor to the map's edge
    for _ in range(80):
        qtbot.keyClick(view, Qt.Key_Left)
    assert doc.geometry.to_offset(view.key_cursor.hex)[0] == max(1, col + 1 - 80)
    p = view.hex_to_viewport(view.key_cursor.hex)
    assert view.viewport().rect().contains(p.toPoint())


def test_ctrl_arrows_pan_and_plus_minus_zoom(window, qtbot):
    view = window.view
    view.zoom_to_radius(24)
    view.center_on_hex(window.doc.geometry.to_hex(100, 100))
    view.setFocus()
    qtbot.waitUntil(view.hasFocus)
    before = centre_scene(view)
    qtbot.keyClick(view, Qt.Key_Right, Qt.ControlModifier)
    after = centre_scene(view)
    assert after.x() > before.x() + 100 and abs(after.y() - before.y()) < 1
    assert view.key_cursor.hex is None                     # panning leaves the cursor alone
    zoom = view.zoom()
    qtbot.keyClick(view, Qt.Key_Plus)
    assert view.zoom() > zoom
    qtbot.keyClick(view, Qt.Key_Minus)
    qtbot.keyClick(view, Qt.Key_Minus)
    assert view.zoom() < zoom

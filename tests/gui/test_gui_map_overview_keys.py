"""The overview dock moves the map view; the map's keys move a hex cursor, pan, zoom and
fit, and never fire while a text field has the focus."""
import os

os.environ.setdefault("QT_QPA_PLATFORM", "offscreen")

from PySide6.QtCore import QEvent, QPointF, Qt
from PySide6.QtGui import QMouseEvent

from studio.gui.mapview.overview import MapOverview


def centre_of_view(view) -> QPointF:
    x0, y0, x1, y1 = view.visible_scene_rect()
    return QPointF((x0 + x1) / 2, (y0 + y1) / 2)


def focused_view(make_window, qtbot, radius):
    """A window at 1366x768 whose map view, zoomed to `radius` px a hex, has the focus."""
    window = make_window(size=(1366, 768), exposed=True)
    window.view.zoom_to_radius(radius)
    window.view.setFocus()
    qtbot.waitUntil(window.view.hasFocus)
    return window, window.view


def test_clicking_the_overview_moves_the_view(make_window, qtbot):
    window = make_window(size=(1366, 768), exposed=True)
    view = window.view
    overview = window.overview_dock.overview
    assert isinstance(overview, MapOverview) and overview.isVisible()
    view.zoom_to_radius(40)
    overview.rebuild()
    mx, my, mw, mh = view.metrics.map_rect
    for fx, fy in ((0.2, 0.3), (0.8, 0.7)):
        target = overview.from_scene(mx + mw * fx, my + mh * fy)
        qtbot.mouseClick(overview, Qt.LeftButton, pos=target.toPoint())
        c = centre_of_view(view)
        assert abs(c.x() - (mx + mw * fx)) < view.metrics.size * 1.5
        assert abs(c.y() - (my + mh * fy)) < view.metrics.size * 1.5
        # the overview's rectangle is the view's, drawn round the clicked point
        r = overview.view_rect()
        assert abs(r.center().x() - target.x()) < 3 and abs(r.center().y() - target.y()) < 3
    # dragging drags the view along
    start = overview.from_scene(mx + mw * 0.3, my + mh * 0.5).toPoint()
    end = overview.from_scene(mx + mw * 0.6, my + mh * 0.5).toPoint()
    qtbot.mousePress(overview, Qt.LeftButton, pos=start)
    move = QMouseEvent(QEvent.MouseMove, QPointF(end), QPointF(overview.mapToGlobal(end)),
                       Qt.NoButton, Qt.LeftButton, Qt.NoModifier)
    overview.mouseMoveEvent(move)
    qtbot.mouseRelease(overview, Qt.LeftButton, pos=end)
    assert abs(centre_of_view(view).x() - (mx + mw * 0.6)) < view.metrics.size * 1.5


def test_the_overview_redraws_after_an_edit(make_window, qtbot):
    window = make_window(size=(1366, 768), exposed=True)
    overview = window.overview_dock.overview
    overview.rebuild()
    before = overview._image.copy()
    doc = window.view.doc
    doc.paint(doc.geometry.hexes()[:300], "~")
    qtbot.waitUntil(lambda: overview._image is not None and overview._image != before, timeout=3000)


def test_arrow_keys_move_a_hex_cursor_and_report_it(make_window, qtbot):
    window, view = focused_view(make_window, qtbot, 40)
    geometry = view.doc.geometry
    hovered = []
    view.hexHovered.connect(hovered.append)
    qtbot.keyClick(view, Qt.Key_Right)           # the first press puts it on the centre hex
    first = view.cursor_hex
    assert first is not None and hovered[-1] == first
    c, r = geometry.to_offset(first)
    qtbot.keyClick(view, Qt.Key_Right)
    qtbot.keyClick(view, Qt.Key_Down)
    assert geometry.to_offset(view.cursor_hex) == (c + 1, r + 1)
    assert hovered[-1] == view.cursor_hex
    # walking off the visible area scrolls the view along
    for _ in range(40):
        qtbot.keyClick(view, Qt.Key_Right)
    p = view.hex_to_viewport(view.cursor_hex)
    assert view.viewport().rect().contains(p.toPoint())
    # Return clicks the current tool on the cursor's hex: the brush paints it
    window.tools.set_tool("brush")
    window.tools.set_symbol("f")
    target = view.cursor_hex
    qtbot.keyClick(view, Qt.Key_Return)
    assert view.doc.symbol_at(target) == "f"


def test_keys_pan_zoom_and_fit(make_window, qtbot):
    window, view = focused_view(make_window, qtbot, 30)
    zoom = view.zoom()
    qtbot.keyClick(view, Qt.Key_Plus)
    assert view.zoom() > zoom
    qtbot.keyClick(view, Qt.Key_Minus)
    qtbot.keyClick(view, Qt.Key_Minus)
    assert view.zoom() < zoom
    h = view.horizontalScrollBar().value()
    qtbot.keyClick(view, Qt.Key_Right, Qt.ControlModifier)
    assert view.horizontalScrollBar().value() > h
    v = view.verticalScrollBar().value()
    qtbot.keyClick(view, Qt.Key_Up, Qt.ControlModifier)
    assert view.verticalScrollBar().value() <= v
    assert view.cursor_hex is None               # panning leaves the cursor alone
    qtbot.keyClick(view, Qt.Key_Home)
    x0, y0, x1, y1 = view.visible_scene_rect()
    mx, my, mw, mh = view.metrics.map_rect
    assert x0 <= mx and y0 <= my and x1 >= mx + mw and y1 >= my + mh


def test_map_keys_do_not_fire_in_a_text_field(make_window, qtbot):
    window = make_window(size=(1366, 768), exposed=True)
    view = window.view
    view.zoom_to_radius(30)
    field = window.scenario_dock.fields.name
    field.setFocus()
    qtbot.waitUntil(field.hasFocus)
    zoom, scroll = view.zoom(), view.horizontalScrollBar().value()
    field.selectAll()
    qtbot.keyClicks(field, "+-")
    for key in (Qt.Key_Home, Qt.Key_Right, Qt.Key_Left, Qt.Key_Down, Qt.Key_Plus):
        qtbot.keyClick(field, key)
    assert view.zoom() == zoom and view.horizontalScrollBar().value() == scroll
    assert view.cursor_hex is None
    assert "+" in field.text() and "-" in field.text()


def test_in_play_mode_the_overview_moves_the_games_map(make_window, qtbot, monkeypatch):
    from studio.gui.play import menu as play_menu_module
    from studio.playtest.players import PlaySetup

    window = make_window(size=(1366, 768), exposed=True)
    overview = window.overview_dock.overview
    monkeypatch.setattr(play_menu_module, "ask_play_setup",
                        lambda *a: PlaySetup.default(["athenians", "persians"], 3))
    window.play_menu.play_action.trigger()
    mode = window.play_menu.mode
    try:
        assert overview.view is mode.view
        mode.view.zoom_to_radius(40)
        mx, my, mw, mh = mode.view.metrics.map_rect
        qtbot.mouseClick(overview, Qt.LeftButton,
                         pos=overview.from_scene(mx + mw * 0.8, my + mh * 0.5).toPoint())
        assert abs(centre_of_view(mode.view).x() - (mx + mw * 0.8)) < mode.view.metrics.size * 1.5
    finally:
        window.play_menu.leave()
    assert overview.view is window.view

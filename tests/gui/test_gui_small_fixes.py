"""Issue 15 item 6, the small list: the hover readout follows edits, "1 hex", points limits
without ".0", a pause sign the font can show, the Shift line previewed, and no seam line
across a 200x200 map at fit zoom. (Pick on map: test_gui_docks_victory.py; army lists on
the Sides tab: test_gui_docks_panels.py; results by name: test_gui_play_replay.py; fill
speed: benchmarks/bench_gui_fill.py.)"""
import pytest
from PySide6.QtCore import QEvent, QPoint, QPointF, Qt
from PySide6.QtGui import QFontMetrics, QMouseEvent
from PySide6.QtWidgets import QApplication

from studio.gui.dialogs.new_scenario import NewScenarioChoice, blank_scenario
from studio.gui.document import ScenarioDocument
from studio.playtest.players import PlaySetup


@pytest.fixture
def window(make_window, sample_copy):
    return make_window(sample_copy, exposed=True, size=(1400, 900))


def test_hover_readout_follows_an_edit_under_the_pointer(window):
    doc = window.doc
    h = doc.geometry.to_hex(3, 3)
    window.view.hexHovered.emit(h)
    before = window.hover_label.text()
    other = next(t for t in doc.terrain_set.terrain if t.symbol != doc.symbol_at(h))
    doc.paint([h], other.symbol)
    assert window.hover_label.text() != before and other.name in window.hover_label.text()
    doc.set_elevation([h], "set", 7)
    assert "elevation 7" in window.hover_label.text()
    window.undo_action.trigger()
    window.undo_action.trigger()
    assert window.hover_label.text() == before


def test_one_hex_is_not_hexes(window):
    messages = []
    window.tools.statusMessage.connect(messages.append)
    window.tools.set_brush_radius(1)
    window.tools.set_brush_radius(0)
    assert messages[-2:] == ["Brush: 7 hexes", "Brush: 1 hex"]
    window.tools.set_selection({window.doc.geometry.to_hex(2, 2)})
    window.tools.copy()
    assert messages[-1].startswith("Copied 1 hex ")


def test_a_whole_points_limit_shows_without_decimals(window):
    panel = window.scenario_dock.sides
    panel.select_side("persians")
    window.doc.set_side_field("persians", "points_limit", 100.0)
    assert panel.points_limit.text() == "100"
    window.doc.set_side_field("persians", "points_limit", 112.5)
    assert panel.points_limit.text() == "112.5"


def test_the_run_and_pause_buttons_show_drawn_icons(window):
    mode = window.play_menu.play(PlaySetup.default([s.id for s in window.doc.model.sides],
                                                   dice_seed=1))
    try:
        bar = mode.toolbar
        metrics = QFontMetrics(bar.font())
        for running in (False, True):
            mode.session.running = running
            bar.refresh()
            action = bar.run_action
            assert not action.icon().isNull()
            assert action.text() == ("Pause" if running else "Run AI")
        for action in bar.actions():
            assert all(metrics.inFontUcs4(ord(ch)) for ch in action.text()), action.text()
    finally:
        window.play_menu.leave()


def test_a_shift_line_is_previewed_before_the_click(window, qtbot):
    doc, view, tools = window.doc, window.view, window.tools
    tools.set_tool("brush")
    tools.set_brush_radius(0)
    start, end = doc.geometry.to_hex(4, 4), doc.geometry.to_hex(9, 4)
    view.center_on_hex(start)

    def at(h):
        p = view.hex_to_viewport(h)
        return QPoint(round(p.x()), round(p.y()))
    qtbot.mouseClick(view.viewport(), Qt.LeftButton, pos=at(start))
    # a move with no button held (QTest's mouseMove sends none offscreen)
    p = QPointF(at(end))
    QApplication.sendEvent(view.viewport(), QMouseEvent(
        QEvent.MouseMove, p, view.viewport().mapToGlobal(p), Qt.NoButton, Qt.NoButton,
        Qt.NoModifier))
    assert tools._preview == [end]
    qtbot.keyPress(view, Qt.Key_Shift)
    line = list(tools._preview)
    assert line[0] == start and line[-1] == end and len(line) == 6
    qtbot.keyRelease(view, Qt.Key_Shift)
    assert tools._preview == [end]


def test_no_seam_line_at_fit_zoom_on_a_200_by_200_map(make_window, qtbot):
    def blank(w):
        w.set_document(ScenarioDocument(
            blank_scenario(NewScenarioChoice(columns=200, rows=200), w.library), None,
            library=w.library))
    window = make_window(load=blank, size=(1600, 1000), exposed=True)
    view = window.view
    view.fit_map()
    view.flush()
    image = view.viewport().grab().toImage()
    # sample the middle third of the map, where nothing but open ground is drawn
    w, h = image.width(), image.height()
    ground = image.pixel(w // 2, h // 2)
    odd = [(x, y) for y in range(h // 3, 2 * h // 3, 7) for x in range(w // 3, 2 * w // 3)
           if image.pixel(x, y) != ground]
    assert odd == [], odd[:10]


def test_a_whole_map_fill_swaps_rows_and_undoes_exactly(make_window):
    def blank(w):
        w.set_document(ScenarioDocument(
            blank_scenario(NewScenarioChoice(columns=200, rows=200), w.library), None,
            library=w.library))
    window = make_window(load=blank, show=False)
    doc = window.doc
    before = list(doc.model.map.terrain)
    seen = []
    doc.changed.connect(seen.append)
    other = next(t.symbol for t in doc.terrain_set.terrain
                 if not t.impassable and t.symbol != before[0][0])
    command = doc.fill(doc.geometry.to_hex(1, 1), other)
    assert command.count == 200 * 200 and command.text().endswith("(40000 hexes)")
    assert doc.model.map.terrain == [other * 200] * 200
    assert seen == [None]                    # "the whole map", not 40,000 hexes one by one
    window.undo_action.trigger()
    assert doc.model.map.terrain == before and seen == [None, None]

"""The map view on real widgets: hex picking, zoom and pan, tiles patched per edited hex,
and the headless renderer sharing its painting code."""
import os

os.environ.setdefault("QT_QPA_PLATFORM", "offscreen")

import pytest
from PySide6.QtCore import QPoint, QPointF, Qt
from PySide6.QtGui import QColor, QImage, QWheelEvent
from PySide6.QtWidgets import QApplication

from studio.edit.sample import sample_scenario
from studio.gui.document import ScenarioDocument
from studio.gui.mapview import MapMetrics, MapView
from studio.gui.render import image_size, render_image, render_png
from studio.hexgrid import MapGeometry
from studio.model import TerrainSet, TerrainType

TS = TerrainSet("basic-ground", "Basic", [
    TerrainType("open", "Open", ".", "#e3edc1"),
    TerrainType("forest", "Forest", "f", "#5e9a4a", pattern="trees", blocks_los=True),
    TerrainType("water", "Water", "~", "#5b8fd0", mp=None, pattern="waves"),
    TerrainType("shallow-water", "Shallow", "w", "#a9cdeb"),
    TerrainType("mountainous", "Mountains", "^", "#9a8a78", mp=None, pattern="rocks"),
    TerrainType("marsh", "Marsh", "m", "#9fb98a", pattern="marsh"),
    TerrainType("buildings", "Buildings", "B", "#c07a5a", pattern="hatch"),
    TerrainType("bridge", "Bridge", "=", "#d04040"),
])


def make_view(qtbot, orientation="flat", columns=30, rows=20):
    doc = ScenarioDocument(sample_scenario(columns, rows, TS, seed=2, orientation=orientation),
                           terrain_set=TS)
    view = MapView(doc)
    qtbot.addWidget(view)
    view.resize(800, 600)
    view.show()
    qtbot.waitExposed(view)
    return doc, view


def pixel(view, h) -> QColor:
    image = view.viewport().grab().toImage()
    p = view.hex_to_viewport(h).toPoint()
    return QColor(image.pixel(p))


@pytest.mark.parametrize("orientation", ["flat", "pointy"])
def test_hex_under_the_cursor_round_trips(qtbot, orientation):
    doc, view = make_view(qtbot, orientation)
    for zoom in (0.3, 1.0, 2.5):
        view.set_zoom(zoom)
        for label in ("0101", "1510", "0920"):
            h = doc.geometry.parse_label(label)
            view.center_on_hex(h)
            assert view.hex_at(view.hex_to_viewport(h)) == h
    assert view.hex_at(QPointF(-5000, -5000)) is None


def test_opening_fits_the_whole_map_without_scroll_bars(qtbot):
    doc, view = make_view(qtbot)
    # Scroll bars are laid out after the resize events: wait for both to settle.
    qtbot.waitUntil(lambda: not (view.horizontalScrollBar().isVisible()
                                 or view.verticalScrollBar().isVisible()), timeout=5000)
    mx, my, mw, mh = view.metrics.map_rect
    corners = [view.mapFromScene(QPointF(x, y)) for x, y in ((mx, my), (mx + mw, my + mh))]
    assert all(view.viewport().rect().contains(c) for c in corners)


def test_wheel_zooms_around_the_cursor(qtbot):
    doc, view = make_view(qtbot)
    view.set_zoom(0.5)
    pos = QPointF(300, 200)
    before = view.viewport_to_scene(pos)
    for _ in range(3):
        ev = QWheelEvent(pos, view.viewport().mapToGlobal(pos), QPoint(0, 0), QPoint(0, 120),
                         Qt.NoButton, Qt.NoModifier, Qt.NoScrollPhase, False)
        QApplication.sendEvent(view.viewport(), ev)
    assert view.zoom() == pytest.approx(0.5 * 2 ** 0.75)
    after = view.viewport_to_scene(pos)
    assert abs(after.x() - before.x()) * view.zoom() < 1.5
    assert abs(after.y() - before.y()) * view.zoom() < 1.5


def test_zoom_is_limited_from_whole_map_to_a_few_hexes(qtbot):
    doc, view = make_view(qtbot)
    view.set_zoom(1000)
    assert view.hex_radius_px() == pytest.approx(220)
    view.set_zoom(1e-6)
    assert view.zoom() == pytest.approx(view.zoom_limits()[0])


def test_middle_drag_pans(qtbot):
    doc, view = make_view(qtbot)
    view.set_zoom(1.5)
    bar = view.horizontalScrollBar()
    bar.setValue(bar.maximum() // 2)
    start = bar.value()
    vp = view.viewport()
    qtbot.mousePress(vp, Qt.MiddleButton, pos=QPoint(400, 300))
    qtbot.mouseMove(vp, QPoint(300, 300))
    qtbot.mouseRelease(vp, Qt.MiddleButton, pos=QPoint(300, 300))
    assert bar.value() == start + 100


def test_an_edit_patches_the_tile_instead_of_rerendering_it(qtbot):
    doc, view = make_view(qtbot)
    view.set_zoom(1.0)
    h = doc.geometry.parse_label("1010")
    view.center_on_hex(h)
    view.flush()
    painted = view.tiles.hexes_painted
    doc.paint([h], "=")
    view.flush()
    assert 0 < view.tiles.hexes_painted - painted < 40
    assert pixel(view, h) == QColor("#d04040")
    doc.undo_stack.undo()
    view.flush()
    assert pixel(view, h) != QColor("#d04040")


def test_whole_map_changes_mark_tiles_stale(qtbot):
    doc, view = make_view(qtbot)
    view.set_zoom(1.0)
    h = doc.geometry.parse_label("1205")
    view.center_on_hex(h)
    view.flush()
    doc.fill(h, "=")
    doc.change_terrain_set(TS, {})
    view.flush()
    assert pixel(view, h) == QColor("#d04040")


def test_tiles_render_progressively_within_a_frame_budget(qtbot):
    doc, view = make_view(qtbot, columns=80, rows=60)
    view.set_zoom(0.9)
    view.tiles.clear()
    view.frame_budget = 0.0
    view.viewport().repaint()
    level = view.current_level()
    visible = view.tiles.tiles_in(level, view.visible_scene_rect())
    assert sum(view.tiles.peek(level, *t) is not None for t in visible) < len(visible)
    qtbot.waitUntil(lambda: all(view.tiles.peek(level, *t) is not None for t in visible), timeout=5000)


def test_resize_of_the_map_rebuilds_the_view(qtbot):
    doc, view = make_view(qtbot)
    doc.resize(east=5, north=2)
    assert view.metrics.geometry == doc.geometry
    view.flush()
    assert view.hex_at(view.hex_to_viewport(doc.geometry.parse_label("3522"))) is not None


def test_display_options(qtbot):
    doc, view = make_view(qtbot)
    view.set_zoom(2.0)
    view.flush()
    for name in ("show_labels", "show_elevation", "show_grid"):
        view.set_option(name, not view.option(name))
        view.flush()
    with pytest.raises(ValueError, match="unknown"):
        view.set_option("show_everything", True)


@pytest.mark.parametrize("orientation", ["flat", "pointy"])
def test_cells_in_rect_finds_every_hex_whose_box_meets_the_rect(orientation):
    g = MapGeometry(17, 13, orientation, "odd")
    m = MapMetrics(g)
    rect = (300.0, 200.0, 520.0, 410.0)
    found = {(c, r) for c, r, _, _ in m.cells_in_rect(*rect)}
    expected = set()
    for h in g.hexes():
        x0, y0, x1, y1 = m.hex_bounds(h)
        if x1 >= rect[0] and x0 <= rect[2] and y1 >= rect[1] and y0 <= rect[3]:
            expected.add(g.to_offset(h))
    assert found == expected
    for c, r, cx, cy in m.cells_in_rect(*rect):
        assert m.layout.hex_to_pixel(g.to_hex(c, r)) == pytest.approx((cx, cy))


def test_render_png_has_the_map_size_and_colours(qtbot, tmp_path):
    s = sample_scenario(20, 12, TS, seed=5)
    size = render_png(s, tmp_path / "map.png", TS, hex_size=16)
    image = QImage(str(tmp_path / "map.png"))
    assert (image.width(), image.height()) == size == image_size(s, 16)
    g = MapGeometry(20, 12)
    m = MapMetrics(g, size=16.0, margin=4.0)
    checked = 0
    for c in range(6, 15):        # between the two setup zones
        for r in range(2, 12):
            if s.map.symbol_at(c, r) == "." and s.map.elevation_at(c, r) == 0 and (c, r) != (10, 6):
                x, y = m.hex_centre(g.to_hex(c, r))
                assert QColor(image.pixel(round(x), round(y + 5))) == QColor("#e3edc1")
                checked += 1
    assert checked > 10


def test_render_refuses_absurd_sizes(qtbot):
    with pytest.raises(ValueError, match="smaller --hex-size"):
        render_image(sample_scenario(200, 200, TS), TS, hex_size=1000)

"""Counters on the map show what the printed counter shows, drawn by the print export's own
artwork code through a QPainter adapter (issue 15 item 8); elevation digits stay visible
beside a counter; labels and elevation are on from the start."""
import pytest
from PySide6.QtCore import QPointF, QRectF
from PySide6.QtGui import QColor

from studio.export import counter_art
from studio.export.counter_faces import unit_counter
from studio.gui.mapview.style import COUNTER_REACH, LOD_COUNTER_ART
from studio.playtest.players import PlaySetup


@pytest.fixture
def window(make_window):
    return make_window(size=(1366, 768), exposed=True)


def placed_on_height(doc):
    """(side id, index, hex) of a placed unit standing on a hex above 0."""
    for side in doc.model.sides:
        for i, u in enumerate(side.army.units):
            if u.hex is not None:
                h = doc.geometry.parse_label(u.hex)
                if doc.elevation_at(h) > 0:
                    return side.id, i, h
    raise AssertionError("no unit on high ground in the sample")


def test_new_maps_show_labels_and_elevation(window):
    for name in ("show_labels", "show_elevation"):
        assert window.view.option(name) and window.view_actions[name].isChecked()


def test_faces_are_the_printed_ones(window):
    doc = window.doc
    for m in window.view._units:
        side = doc.model.side(m.side_id)
        entry = side.army.units[m.index]
        army_list = doc.army_list(m.side_id)
        front, _ = unit_counter(army_list, army_list.unit(entry.type), side.colour,
                                leader=entry.leader)
        assert m.face == front
    assert any("leader" in m.face.symbols for m in window.view._units)    # the Archon


def test_up_close_the_export_artwork_draws_each_counter(window, monkeypatch, qtbot):
    view, doc = window.view, window.doc
    drawn = []
    original = counter_art.CounterArt.draw_face

    def spy(self, face):
        drawn.append(face)
        return original(self, face)
    monkeypatch.setattr(counter_art.CounterArt, "draw_face", spy)
    side_id, index, h = placed_on_height(doc)
    view.fit_map()
    view.viewport().repaint()
    assert drawn == []                               # far out: small markers
    view.zoom_to_radius(LOD_COUNTER_ART * 1.6)
    view.center_on_hex(h)
    view.flush()
    image = view.viewport().grab().toImage()
    marker = next(m for m in view._units if (m.side_id, m.index) == (side_id, index))
    assert marker.face in drawn

    # the counter is drawn in the side's colour, with light text on it
    centre = view.hex_to_viewport(h)
    r = view.hex_radius_px()
    side_colour = QColor(doc.model.side(side_id).colour)
    box = QRectF(centre.x() - 0.3 * r, centre.y() - 0.3 * r, 0.6 * r, 0.6 * r).toRect()
    pixels = [QColor(image.pixel(x, y)) for x in range(box.left(), box.right())
              for y in range(box.top(), box.bottom())]
    assert sum(1 for p in pixels if abs(p.red() - side_colour.red()) < 12 and
               abs(p.blue() - side_colour.blue()) < 12) > len(pixels) * 0.2
    assert any(p.lightness() > 235 for p in pixels)

    # the elevation digit, beside the counter, is not covered by it
    metrics = view.metrics
    dx = (COUNTER_REACH * metrics.size + metrics.half_w) / 2 * view.zoom()
    # (clear of the hex's sides, where contour lines run)
    digit = QRectF(centre.x() - dx - 0.08 * r, centre.y() - 0.12 * r, 0.18 * r, 0.24 * r).toRect()
    ink = [QColor(image.pixel(x, y)) for x in range(digit.left(), digit.right())
           for y in range(digit.top(), digit.bottom())]
    assert sum(1 for p in ink if p.lightness() < 120) > 12        # the digit's dark ink


def test_in_play_a_hit_unit_shows_its_back(window):
    mode = window.play_menu.play(PlaySetup.default([s.id for s in window.doc.model.sides],
                                                   dice_seed=1))
    try:
        handler = mode.handler
        unit = next(u for u in mode.session.state.units if u.status == "on")
        side_id = mode.session.state.side_id(unit.side)
        front = handler._faces(side_id, unit.profile.id, bool(unit.leader), False, 0)
        assert front is not None and front.kind == "unit"
        routed = handler._faces(side_id, unit.profile.id, bool(unit.leader), True, 1)
        assert routed.kind in ("routed", "damaged") and routed.band
        assert all(g.marker.face is not None for g in handler.units)
    finally:
        window.play_menu.leave()

"""Counters on the map at readable zoom are the printed counter, drawn by the print export's
artwork through the Qt art surface; below that zoom the compact counter stays; a raised
hex's digit stays visible beside its counters; labels and elevation are on by default."""
import os

os.environ.setdefault("QT_QPA_PLATFORM", "offscreen")

import pytest
from PySide6.QtCore import QPointF
from PySide6.QtGui import QColor

from studio.export.counter_art import CounterPainter
from studio.gui.document import ScenarioDocument
from studio.gui.mapview import MapView
from studio.gui.mapview.counter_pictures import CounterPictures, face_for_state
from studio.gui.mapview.overlays import COUNTER_SIZE
from studio.gui.mapview.style import LOD_COUNTER_ART
from studio.io import default_library
from studio.io.samples import sample_scenario_path


class RecordingSurface:
    """An art surface that keeps the text it is asked to set (and ignores the shapes)."""

    def __init__(self):
        self.texts = []

    def drawCentredString(self, x, y, text):  # noqa: N802
        self.texts.append(text)

    def beginPath(self):  # noqa: N802
        return RecordingSurface()

    def __getattr__(self, name):
        return lambda *a, **k: None


@pytest.fixture
def marathon(qtbot):
    doc = ScenarioDocument.open(sample_scenario_path(), default_library())
    view = MapView(doc)
    qtbot.addWidget(view)
    view.resize(900, 700)
    view.show()
    qtbot.waitExposed(view)
    return doc, view


def archon(doc):
    side = doc.model.sides[0]
    unit = next(u for u in side.army.units if u.type == "greek-archon")
    return side, unit, doc.geometry.parse_label(unit.hex)


def look_at(view, h, radius):
    """Zoom to `radius` px a hex on `h` and paint everything now."""
    view.zoom_to_radius(radius)
    view.center_on_hex(h)
    view.flush()


class Spy(CounterPictures):
    def __init__(self):
        super().__init__()
        self.asked = []

    def get(self, face, pixels):
        self.asked.append((face, pixels))
        return super().get(face, pixels)


def test_a_zoomed_counter_is_the_printed_counter_with_its_stats(marathon):
    doc, view = marathon
    side, unit, h = archon(doc)
    view.counter_pictures = spy = Spy()
    look_at(view, h, 110)
    faces = {face.name: face for face, _ in spy.asked}
    face = faces["Greek Archon"]
    # The same face the counter sheet prints: stats, symbols with the leader mark.
    assert face.stats == ("8", "7", "4")
    assert "leader" in face.symbols
    recorder = RecordingSurface()
    CounterPainter(recorder, 45, use_forms=False).draw(face, 0, 0)
    assert {"8", "7", "4", "R1", "M10", "H1", "Greek Archon"} <= set(recorder.texts)

    # On screen: the counter's picture, sized as the view shows it.
    pixels = {p for f, p in spy.asked if f == face}
    expected = round(view.metrics.size * COUNTER_SIZE * view.zoom())
    assert pixels == {expected}
    image = view.viewport().grab().toImage()
    picture = view.counter_pictures.get(face, expected).toImage()
    centre = view.hex_to_viewport(h)
    left, top = round(centre.x() - expected / 2), round(centre.y() - expected / 2)
    # (the middle: the facing wedge and the elevation digit overlap the counter's edges)
    inner = range(expected // 5, expected * 4 // 5, 5)
    same = sum(QColor(image.pixel(left + x, top + y)) == QColor(picture.pixel(x, y))
               for x in inner for y in inner)
    assert same == len(inner) ** 2
    # the stats row (white type on the side's blue) has plenty of type in it
    white = sum(QColor(image.pixel(left + x, top + round(expected * 0.7))).lightness() > 230
                for x in range(expected))
    assert white > expected * 0.08


def test_small_zoom_keeps_the_compact_counter(marathon):
    doc, view = marathon
    _side, _unit, h = archon(doc)
    view.counter_pictures = spy = Spy()
    look_at(view, h, LOD_COUNTER_ART * 0.6)
    assert spy.asked == []
    look_at(view, h, LOD_COUNTER_ART * 1.6)
    assert spy.asked


def test_pictures_are_drawn_once_per_face_and_size(marathon):
    doc, view = marathon
    _side, _unit, h = archon(doc)
    look_at(view, h, 80)
    drawn = view.counter_pictures.rendered
    assert 0 < drawn < 10            # hoplites share one picture
    for _ in range(3):
        view.viewport().repaint()
    assert view.counter_pictures.rendered == drawn


def test_a_hit_or_routed_counter_shows_its_back(marathon):
    doc, view = marathon
    side = doc.model.sides[0]
    pair = view.unit_faces.faces(side.id, "greek-archon", True)
    assert face_for_state(pair, 0, False) is pair[0]
    assert face_for_state(pair, 0, True).band == "ROUTED"


def test_elevation_digit_stays_visible_beside_a_counter(marathon):
    doc, view = marathon
    side, unit, h = archon(doc)
    c, r = doc.geometry.to_offset(h)
    digit = doc.model.map.elevation[r - 1][c - 1]
    assert digit != "0", "the sample's archon stands on raised ground"
    look_at(view, h, 110)
    size = view.metrics.size
    cx, cy = view.metrics.hex_centre(h)
    spot = view.mapFromScene(QPointF(cx - size * COUNTER_SIZE / 2 - size * 0.1, cy + size * 0.2))
    image = view.viewport().grab().toImage()
    around = [QColor(image.pixel(spot.x() + dx, spot.y() + dy))
              for dx in range(-12, 13, 3) for dy in range(-12, 13, 3)]
    # the digit's cream backdrop and its dark brown type
    assert any(q.red() > 245 and q.green() > 235 and q.blue() > 200 for q in around)
    assert any(q.lightness() < 110 for q in around)
    view.set_option("show_elevation", False)
    view.flush()
    image = view.viewport().grab().toImage()
    after = [QColor(image.pixel(spot.x() + dx, spot.y() + dy))
             for dx in range(-12, 13, 3) for dy in range(-12, 13, 3)]
    assert after != around


def test_labels_and_elevation_are_on_for_a_new_map(make_window):
    window = make_window()
    assert window.view.option("show_labels") and window.view.option("show_elevation")
    assert window.view_actions["show_labels"].isChecked()


def test_far_out_units_are_dots_of_their_side_colour(marathon):
    doc, view = marathon
    side, _unit, h = archon(doc)
    look_at(view, h, 4)
    p = view.hex_to_viewport(h).toPoint()
    assert QColor(view.viewport().grab().toImage().pixel(p)) == QColor(side.colour)

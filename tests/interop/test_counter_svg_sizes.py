"""SVG counter images measure exactly the counter size at any length, millimetres included:
the viewBox and the flip are the drawing's exact size in points (reportlab rounds both to
whole points, which scaled a 16 mm face 0.8 % up and clipped its top and right edges), and
a renderer fills the picture to its last row and column."""
from __future__ import annotations

import re

import pytest
from PySide6.QtCore import QByteArray, QRectF
from PySide6.QtGui import QColor, QImage, QPainter
from PySide6.QtSvg import QSvgRenderer

from studio.export import sources_from_scenario
from studio.export.lengths import parse_length
from studio.interop.counter_images import CounterImageOptions, unit_faces
from studio.interop.counter_images.vector import svg_images
from studio.io import default_library, load_file
from studio.io.samples import scenarios_dir

MM = 72 / 25.4


@pytest.fixture(scope="module")
def face():
    library = default_library()
    scenario = load_file(scenarios_dir() / "marathon.yaml").model
    first = next(iter(unit_faces(sources_from_scenario(scenario, library), backs=False)))
    return first.front.face


@pytest.mark.parametrize("size", ["1/2in", "12mm", "16mm", "5/8in"])
@pytest.mark.parametrize("bleed", ["0mm", "1mm"])
def test_svg_face_is_exactly_the_counter_size_and_unclipped(face, size, bleed):
    options = CounterImageOptions(counter_size=parse_length(size), image_format="svg",
                                  bleed=parse_length(bleed, default_unit="mm"))
    (svg,) = svg_images([face], options)
    text = svg.decode()
    points = options.face_size
    width_mm = float(re.search(r'<svg width="([\d.]+)mm"', text).group(1))
    assert width_mm == pytest.approx(points / MM, abs=1e-4)
    box = [float(v) for v in re.search(r'viewBox="([^"]*)"', text).group(1).split()]
    assert box[2] == pytest.approx(points, abs=1e-5) and box[3] == pytest.approx(points, abs=1e-5)
    flip = float(re.search(r'translate\(0,-([\d.]+)\)', text).group(1))
    assert flip == pytest.approx(points, abs=1e-5)

    # Drawn by Qt's SVG renderer at 40 pixels a millimetre: the face's background reaches
    # every edge, the top row and the right column included.
    renderer = QSvgRenderer(QByteArray(svg))
    assert renderer.isValid()
    pixels = round(width_mm * 40)
    image = QImage(pixels, pixels, QImage.Format_ARGB32)
    image.fill(QColor(0, 0, 0, 0))
    painter = QPainter(image)
    renderer.render(painter, QRectF(0, 0, pixels, pixels))
    painter.end()
    for i in range(0, pixels, 7):
        for x, y in ((i, 0), (pixels - 1, i), (i, pixels - 1), (0, i)):
            assert image.pixelColor(x, y).alpha() > 250, (size, bleed, x, y)

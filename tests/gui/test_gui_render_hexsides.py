"""`studio render` draws hexside features: the stream of the Hedgerows sample in its colour
on the PNG, and its path in the SVG."""
import os

os.environ.setdefault("QT_QPA_PLATFORM", "offscreen")

from PySide6.QtGui import QColor

from repo_paths import REPO_ROOT
from studio.gui.render import ensure_gui_application, render_image, render_svg
from studio.io import default_library, load_file

SAMPLE = REPO_ROOT / "templates" / "scenarios" / "qnd-hedgerows.yaml"
STREAM = QColor("#6fa3e0")


def _stream_pixels(image) -> int:
    n = 0
    for y in range(0, image.height(), 2):
        for x in range(0, image.width(), 2):
            c = QColor(image.pixel(x, y))
            if (abs(c.red() - STREAM.red()) < 20 and abs(c.green() - STREAM.green()) < 20
                    and abs(c.blue() - STREAM.blue()) < 20):
                n += 1
    return n


def test_the_png_and_svg_show_the_stream(tmp_path):
    ensure_gui_application()
    scenario = load_file(SAMPLE).model
    terrain_set = default_library().terrain_set(scenario.terrain_set)
    drawn = _stream_pixels(render_image(scenario, terrain_set, hex_size=16))
    render_svg(scenario, tmp_path / "map.svg", terrain_set, hex_size=16)
    svg = (tmp_path / "map.svg").read_text(encoding="utf-8")
    scenario.map.hexsides = {}
    bare = _stream_pixels(render_image(scenario, terrain_set, hex_size=16))
    assert drawn > bare + 50
    assert "#6fa3e0" in svg.lower()

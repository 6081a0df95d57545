"""`studio render` to SVG (the same picture as the PNG, optionally at true scale) and the
PNG writer's compression levels (same pixels at every level, read back by two readers)."""
from __future__ import annotations
from repo_paths import REPO_ROOT

import doctest
import math
import os
import re

os.environ.setdefault("QT_QPA_PLATFORM", "offscreen")

from pathlib import Path

import pytest
from PIL import Image, ImageChops, ImageFilter, ImageStat
from PySide6.QtCore import Qt
from PySide6.QtGui import QImage, QImageReader, QPainter
from PySide6.QtSvg import QSvgRenderer

import studio.export.png
from studio.cli import main
from studio.gui.render import ensure_gui_application, image_size
from studio.io import load_file

MARATHON = REPO_ROOT / "templates" / "scenarios" / "marathon.yaml"


def svg_as_image(path: Path, width: int, height: int, out: Path) -> Image.Image:
    ensure_gui_application()
    image = QImage(width, height, QImage.Format_RGB32)
    image.fill(Qt.white)
    painter = QPainter(image)
    QSvgRenderer(str(path)).render(painter)
    painter.end()
    image.save(str(out))
    return Image.open(out).convert("RGB")


def difference(a: Image.Image, b: Image.Image) -> float:
    a, b = (im.convert("RGB").filter(ImageFilter.GaussianBlur(1)) for im in (a, b))
    return sum(ImageStat.Stat(ImageChops.difference(a, b)).mean) / 3


def test_png_writer_examples():
    assert doctest.testmod(studio.export.png).failed == 0


def test_svg_is_the_png_picture(tmp_path, capsys):
    png, svg = tmp_path / "map.png", tmp_path / "map.svg"
    assert main(["render", str(MARATHON), "-o", str(png), "--hex-size", "20"]) == 0
    assert main(["render", str(MARATHON), "-o", str(svg), "--hex-size", "20"]) == 0
    assert "mm)" in capsys.readouterr().out
    width, height = image_size(load_file(MARATHON).model, 20)
    text = svg.read_text(encoding="utf-8")
    assert f'viewBox="0 0 {width} {height}"' in text
    assert "<polygon" in text and "<text" in text        # vector hexes, real text
    drawn = svg_as_image(svg, width, height, tmp_path / "drawn.png")
    picture = Image.open(png)
    assert difference(picture, drawn) < 2
    # The comparison notices a map without its units and objectives.
    assert main(["render", str(MARATHON), "-o", str(tmp_path / "bare.png"), "--hex-size", "20",
                 "--no-units"]) == 0
    assert difference(Image.open(tmp_path / "bare.png"), drawn) > difference(picture, drawn)


@pytest.mark.parametrize("length, mm", [(None, 5 / 8 * 1.25 * 25.4), ("19mm", 19.0)])
def test_true_scale_svg_prints_hexes_at_their_size(tmp_path, length, mm):
    out = tmp_path / "map.svg"
    args = ["render", str(MARATHON), "-o", str(out), "--hex-size", "30", "--true-scale"]
    assert main(args + ([length] if length else [])) == 0
    text = out.read_text(encoding="utf-8")
    w_mm, h_mm = (float(v) for v in re.search(r'<svg width="([\d.]+)mm" height="([\d.]+)mm"',
                                              text).groups())
    width, height = image_size(load_file(MARATHON).model, 30)
    across_flats_px = math.sqrt(3) * 30
    assert w_mm == pytest.approx(width / across_flats_px * mm, abs=0.01)
    assert h_mm == pytest.approx(height / across_flats_px * mm, abs=0.01)


def test_compression_levels_keep_every_pixel(tmp_path):
    sizes = {}
    pictures = {}
    for level in (0, 3, 9):
        out = tmp_path / f"map{level}.png"
        assert main(["render", str(MARATHON), "-o", str(out), "--hex-size", "14",
                     "--compression", str(level), "--quiet"]) == 0
        sizes[level] = out.stat().st_size
        pictures[level] = Image.open(out).convert("RGB")
        qt = QImageReader(str(out)).read()
        assert not qt.isNull() and qt.width() == pictures[level].width
    assert sizes[0] > sizes[3] >= sizes[9]
    assert ImageChops.difference(pictures[0], pictures[9]).getbbox() is None
    assert ImageChops.difference(pictures[0], pictures[3]).getbbox() is None


def test_refusals_leave_nothing_behind(tmp_path, capsys):
    assert main(["render", str(MARATHON), "-o", str(tmp_path / "x.png"), "--compression", "10"]) == 2
    assert "0 (fastest" in capsys.readouterr().err
    assert main(["render", str(MARATHON), "-o", str(tmp_path / "x.png"), "--true-scale"]) == 2
    assert "sizes an SVG" in capsys.readouterr().err
    missing = tmp_path / "no" / "such" / "folder"
    assert main(["render", str(MARATHON), "-o", str(missing / "x.png")]) == 2
    assert main(["render", str(MARATHON), "-o", str(missing / "x.svg")]) == 2
    assert "does not exist; create it first" in capsys.readouterr().err
    assert sorted(p.name for p in tmp_path.iterdir()) == []


def test_png_progress_follows_strips_and_a_cancel_keeps_the_earlier_file(tmp_path):
    import threading

    from studio.export import ExportCancelled
    from studio.gui.render import STRIPS, render_png
    from studio.io import default_library
    scenario = load_file(MARATHON).model
    ts = default_library().terrain_set(scenario.terrain_set)
    target = tmp_path / "map.png"
    seen = []
    render_png(scenario, target, ts, 8, progress=lambda d, t, m: seen.append((d, t, m)))
    assert [d for d, _, _ in seen] == list(range(1, 2 * STRIPS + 1))
    assert seen[0][2] == f"drawing the map, strip 1 of {STRIPS}"
    assert seen[-1][2].startswith("writing the PNG")
    before = target.read_bytes()
    for stop_at in (3, STRIPS + 3, 2 * STRIPS - 1):     # painting, writing, the last strip
        cancel = threading.Event()

        def progress(done, total, message, stop_at=stop_at, cancel=cancel):
            if done == stop_at:
                cancel.set()
        with pytest.raises(ExportCancelled):
            render_png(scenario, target, ts, 12, progress=progress, cancel=cancel)
        assert target.read_bytes() == before
        assert sorted(p.name for p in tmp_path.iterdir()) == ["map.png"]


def test_svg_cancel_before_it_is_in_place_leaves_nothing_and_after_is_too_late(tmp_path):
    from studio.export import ExportCancelled
    from studio.gui.render import render_svg
    scenario = load_file(MARATHON).model
    target = tmp_path / "map.svg"
    with pytest.raises(ExportCancelled):
        render_svg(scenario, target, None, 8, cancel=lambda: True)
    assert list(tmp_path.iterdir()) == []
    render_svg(scenario, target, None, 8, cancel=lambda: target.exists())
    assert target.exists()

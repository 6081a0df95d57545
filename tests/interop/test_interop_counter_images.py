"""`studio export counter-images`: one file per face, true size, the printed artwork.

The PNGs are compared with the printed counter sheet rasterised by poppler (pdftoppm), the
SVGs with the PNGs after Qt's SVG renderer (an independent reader) has drawn them.
"""
from __future__ import annotations
from repo_paths import REPO_ROOT

import doctest
import importlib
import os
import re
import shutil
import subprocess
import threading
from pathlib import Path

import pytest
from PIL import Image, ImageChops, ImageFilter, ImageStat

from studio import cli
from studio.export import CounterOptions, export_counters
from studio.export.counter_sheet import SheetGrid
from studio.export.progress import ExportCancelled
from studio.export.rosters import sources_from_scenario
from studio.interop.counter_images import CounterImageOptions, export_counter_images
from studio.io import default_library, load_file

ROOT = REPO_ROOT
MARATHON = ROOT / "templates" / "scenarios" / "marathon.yaml"


@pytest.fixture(scope="module")
def sources():
    return sources_from_scenario(load_file(MARATHON).model, default_library())


def mean_difference(a: Image.Image, b: Image.Image) -> float:
    """Mean absolute difference per channel, 0-255, after a blur of one pixel: two
    rasterisers anti-alias edges differently; a missing or moved element still shows."""
    a, b = (im.convert("RGB").filter(ImageFilter.GaussianBlur(1)) for im in (a, b))
    diff = ImageChops.difference(a, b)
    return sum(ImageStat.Stat(diff).mean) / 3


@pytest.mark.parametrize("name", ["shape_canvas", "options", "catalogue"])
def test_docstring_examples(name):
    module = importlib.import_module(f"studio.interop.counter_images.{name}")
    assert doctest.testmod(module, optionflags=doctest.ELLIPSIS).failed == 0


def test_cli_writes_a_front_and_a_back_per_unit_and_marker(tmp_path, capsys, sources):
    out = tmp_path / "images"
    code = cli.main(["export", "counter-images", str(MARATHON), "-o", str(out), "--dpi", "200",
                     "--counter-size", "16mm"])
    assert code == 0, capsys.readouterr().err
    files = sorted(p.name for p in out.iterdir())
    units = [(s.side_id, e) for s in sources for e in s.army.expanded()]
    assert len(files) == 2 * len(units) + 2 * 8
    assert "athenians_miltiades_front.png" in files and "athenians_miltiades_back.png" in files
    assert "marker_routed_front.png" in files
    # Units the roster leaves unnamed are called after their type, one number each.
    assert "athenians_athenian-hoplites-1_front.png" in files
    side_ids = {s.side_id for s in sources}
    assert all(f.split("_")[0] in side_ids | {"marker"} for f in files)
    image = Image.open(out / "athenians_miltiades_front.png")
    assert image.size == (round(16 / 25.4 * 200), round(16 / 25.4 * 200))
    assert image.info["dpi"][0] == pytest.approx(200, abs=0.05)
    assert "wrote 116 PNG files" in capsys.readouterr().out
    assert not any(p.name.endswith(".part") for p in tmp_path.iterdir())


def test_png_is_the_printed_counter(tmp_path, sources):
    """The first counter of the printed sheet, cut out of poppler's rendering of the PDF,
    is the same picture as that unit's PNG."""
    if shutil.which("pdftoppm") is None:
        pytest.skip("pdftoppm (poppler-utils) is not installed")
    # 288 dpi is 4 pixels a point: the centred grid's corners (on half points) fall on
    # whole pixels, so the cut-out and the image are not a fraction of a pixel apart.
    dpi = 288
    pdf = tmp_path / "sheet.pdf"
    sheet_options = CounterOptions.parse(counter_size="5/8in", crop_marks=False)
    export_counters(sources, pdf, sheet_options)
    subprocess.run(["pdftoppm", "-r", str(dpi), "-f", "1", "-l", "1", "-png", str(pdf),
                    str(tmp_path / "page")], check=True)
    page = Image.open(next(tmp_path.glob("page*.png")))
    grid = SheetGrid.for_options(sheet_options)
    x, y = grid.front(0, 0)
    scale = dpi / 72
    left, top = round(x * scale), round((sheet_options.page[1] - y - grid.size) * scale)
    names = export_counter_images(sources, tmp_path / "img", CounterImageOptions(dpi=dpi))
    assert names[0] == "athenians_miltiades_front.png"
    image = Image.open(tmp_path / "img" / names[0])
    printed = page.crop((left, top, left + image.width, top + image.height))
    assert mean_difference(image, printed) < 5     # up to half a pixel apart
    other = Image.open(tmp_path / "img" / "athenians_miltiades_back.png")
    assert mean_difference(other, printed) > 20       # the comparison can tell faces apart


@pytest.mark.parametrize("scenario", ["marathon", "belt-skirmish"])
def test_svg_shows_what_the_png_shows(tmp_path, scenario):
    pytest.importorskip("PySide6.QtSvg")
    os.environ.setdefault("QT_QPA_PLATFORM", "offscreen")
    from PySide6.QtCore import Qt
    from PySide6.QtGui import QGuiApplication, QImage, QPainter
    from PySide6.QtSvg import QSvgRenderer
    QGuiApplication.instance() or QGuiApplication([])

    sources = sources_from_scenario(
        load_file(ROOT / "templates" / "scenarios" / f"{scenario}.yaml").model, default_library())
    dpi = 300
    pngs = export_counter_images(sources, tmp_path / "png", CounterImageOptions(dpi=dpi))
    svgs = export_counter_images(sources, tmp_path / "svg",
                                 CounterImageOptions(image_format="svg"))
    assert [Path(n).stem for n in pngs] == [Path(n).stem for n in svgs]
    seen = set()
    for name in svgs:
        text = (tmp_path / "svg" / name).read_text(encoding="utf-8")
        assert re.search(r'<svg width="15.8750mm" height="15.8750mm"', text)
        assert "<text" not in text                      # letters are outlines
        if text in seen:
            continue
        seen.add(text)
        png = Image.open(tmp_path / "png" / (Path(name).stem + ".png")).convert("RGB")
        canvas = QImage(png.width, png.height, QImage.Format_RGB32)
        canvas.fill(Qt.white)
        painter = QPainter(canvas)
        QSvgRenderer(str(tmp_path / "svg" / name)).render(painter)
        painter.end()
        drawn = tmp_path / "drawn.png"
        canvas.save(str(drawn))
        # Only the anti-aliased edges differ between the two rasterisers.
        assert mean_difference(png, Image.open(drawn)) < 2.5, name
        if name == pngs[0].replace(".png", ".svg"):
            other = Image.open(tmp_path / "png" / pngs[1])       # its back
            assert mean_difference(other, Image.open(drawn)) > 6
    assert len(seen) >= 10


def test_bleed_grows_the_image_and_paints_past_the_cut(tmp_path, sources):
    options = CounterImageOptions.parse(bleed="2mm", dpi=144, marker_kinds=())
    names = export_counter_images(sources[:1], tmp_path / "b", options)
    image = Image.open(tmp_path / "b" / names[0]).convert("RGB")
    assert image.width == round((5 / 8 + 4 / 25.4) * 144)
    side = sources[0].colour.lstrip("#")
    assert image.getpixel((1, 1)) == tuple(int(side[i:i + 2], 16) for i in (0, 2, 4))


def test_cancel_leaves_the_folder_as_it_was(tmp_path, sources):
    target = tmp_path / "images"
    target.mkdir()
    (target / "keep.txt").write_text("mine")
    stop = threading.Event()
    calls = []

    def progress(done, total, message):
        calls.append(done)
        if done == 3:
            stop.set()

    with pytest.raises(ExportCancelled):
        export_counter_images(sources, target, CounterImageOptions(), progress, stop)
    assert [p.name for p in target.iterdir()] == ["keep.txt"]
    assert [p.name for p in tmp_path.iterdir()] == ["images"]
    with pytest.raises(ExportCancelled):
        export_counter_images(sources, tmp_path / "new", CounterImageOptions(), None, lambda: True)
    assert not (tmp_path / "new").exists()


def test_refusals(tmp_path, capsys):
    file = tmp_path / "taken"
    file.write_text("x")
    assert cli.main(["export", "counter-images", str(MARATHON), "-o", str(file)]) == 2
    assert "is a file" in capsys.readouterr().err
    assert cli.main(["export", "counter-images", str(MARATHON), "-o", str(tmp_path / "d"),
                     "--dpi", "lots"]) == 2
    assert "whole number" in capsys.readouterr().err
    assert cli.main(["export", "counter-images", str(MARATHON), "-o", str(tmp_path / "d"),
                     "--side", "spartans"]) == 2
    assert "no side 'spartans'" in capsys.readouterr().err
    assert cli.main(["export", "counter-images", str(tmp_path / "none.yaml"), "-o",
                     str(tmp_path / "d")]) == 2
    assert not (tmp_path / "d").exists()

"""File ▸ Export…'s tabs for other tools: Tiled map, counter images, map image. Each writes
what its `studio` command writes, shows progress, and leaves nothing half-written (and an
earlier export untouched) when cancelled or when it fails."""
from __future__ import annotations

import threading
from pathlib import Path
from xml.etree import ElementTree

import pytest
from PySide6.QtGui import QImage

from studio.cli import main
from studio.gui.export_dialog import ExportDialog
from studio.gui.export_dialog import files_request
from studio.io import default_library, load_file
from studio.io.samples import scenarios_dir

MARATHON = scenarios_dir() / "marathon.yaml"


@pytest.fixture(scope="module")
def library():
    return default_library()


def make_dialog(qtbot, folder: Path, library, kind: str) -> ExportDialog:
    d = ExportDialog(load_file(MARATHON).model, library, folder / "marathon.yaml",
                     preview_delay_ms=10)
    qtbot.addWidget(d)
    d.show()
    d.set_kind(kind)
    return d


def export(qtbot, d, expect="done"):
    with qtbot.waitSignal(d.exportFinished, timeout=60000) as blocker:
        assert d.export()
    assert blocker.args == [expect], d.status.text()


def snapshot(folder: Path) -> dict[str, bytes]:
    """Every file under `folder` (hidden ones too) with its bytes."""
    return {str(p.relative_to(folder)): p.read_bytes() for p in sorted(folder.rglob("*"))
            if p.is_file()}


def held_at_first_step(monkeypatch, name: str, d: ExportDialog) -> None:
    """Make `files_request.<name>` wait at its first progress step until the dialog's
    Cancel has been clicked (from the GUI thread, on that step's progress signal)."""
    gate = threading.Event()
    real = getattr(files_request, name)

    def held(*args, progress=None, cancel=None, **kwargs):
        if progress is None:            # export_tmx / export_counter_images: positional
            *args, progress, cancel = args
        exporting = cancel is d.runner.running.get(d._export_job)    # not a preview

        def step(done, total, message):
            progress(done, total, message)
            if exporting:
                gate.wait(10)
        return real(*args, progress=step, cancel=cancel, **kwargs)
    qtbot_wait_idle(d)
    monkeypatch.setattr(files_request, name, held)

    def clicked(job_id, *_args):
        if job_id == d._export_job and not gate.is_set():
            d.cancel_button.click()
            gate.set()
    d.runner.progress.connect(clicked)


def qtbot_wait_idle(d: ExportDialog) -> None:
    """Let the preview jobs finish (they share the worker with the export)."""
    from PySide6.QtCore import QCoreApplication
    import time
    end = time.monotonic() + 30
    while not (d.preview_idle() and d.runner.idle()) and time.monotonic() < end:
        QCoreApplication.processEvents()
        time.sleep(0.01)


def test_tiled_tab_writes_what_studio_export_tmx_writes(qtbot, tmp_path, library):
    d = make_dialog(qtbot, tmp_path, library, "tiled")
    assert d.output_path() == tmp_path / "marathon.tmx"
    d.tiled_tab.hex_size.setValue(20)
    d.tiled_tab.labels.setChecked(False)
    export(qtbot, d)
    assert sorted(p.name for p in tmp_path.iterdir()) == [
        "marathon-tiles.png", "marathon.tmx", "marathon.tsx"]
    assert "Saved marathon.tmx with marathon.tsx and marathon-tiles.png (32×22 hexes)" in \
        d.status.text()
    assert d.progress.text() == "3 files written"
    cli = tmp_path / "cli"
    cli.mkdir()
    assert main(["export", "tmx", str(MARATHON), "-o", str(cli / "marathon.tmx"),
                 "--hex-size", "20", "--no-labels", "--quiet"]) == 0
    for name in ("marathon.tmx", "marathon.tsx", "marathon-tiles.png"):
        assert (cli / name).read_bytes() == (tmp_path / name).read_bytes(), name
    root = ElementTree.parse(tmp_path / "marathon.tmx").getroot()
    assert root.get("hexsidelength") == "20"


def test_tiled_preview_is_drawn_by_tmxrasterizer(qtbot, tmp_path, library):
    d = make_dialog(qtbot, tmp_path, library, "tiled")
    qtbot.waitUntil(d.preview_idle, timeout=30000)
    assert not d.preview.pixmap().isNull(), d.preview.info.text()
    assert "Tiled map (TMX) of 32 × 22 hexes" in d.preview.info.text()
    assert list(tmp_path.iterdir()) == []          # the preview wrote nothing here


def test_cancelled_tiled_export_keeps_the_earlier_files(qtbot, tmp_path, library, monkeypatch):
    d = make_dialog(qtbot, tmp_path, library, "tiled")
    export(qtbot, d)
    before = snapshot(tmp_path)
    d.tiled_tab.hex_size.setValue(40)
    held_at_first_step(monkeypatch, "export_tmx", d)
    export(qtbot, d, "cancelled")
    assert "Cancelled: marathon.tmx was not written (what was there is unchanged)" in \
        d.status.text()
    assert snapshot(tmp_path) == before

    d.set_output_path(tmp_path / "missing" / "map.tmx")
    export(qtbot, d, "failed")
    assert "does not exist" in d.status.text()
    assert snapshot(tmp_path) == before and not (tmp_path / "missing").exists()


def test_counter_images_tab_writes_one_file_per_face(qtbot, tmp_path, library):
    d = make_dialog(qtbot, tmp_path, library, "counter-images")
    target = tmp_path / "marathon-counter-images"
    assert d.output_path() == target
    tab = d.counter_images_tab
    tab.dpi.setValue(100)
    tab.markers.setChecked(False)
    export(qtbot, d)
    names = sorted(p.name for p in target.iterdir())
    cli = tmp_path / "cli"
    assert main(["export", "counter-images", str(MARATHON), "-o", str(cli), "--dpi", "100",
                 "--no-markers", "--quiet"]) == 0
    assert names == sorted(p.name for p in cli.iterdir())
    assert any(n.endswith("_front.png") for n in names) and any(n.endswith("_back.png")
                                                                for n in names)
    image = QImage(str(target / names[0]))
    side = round(5 / 8 * 100)           # 5/8 in at 100 dpi, to the nearest pixel
    assert abs(image.width() - side) <= 1 and image.width() == image.height()
    assert (f"Saved {len(names)} PNG files ({image.width()}×{image.width()} px at 100 dpi) "
            f"in {target}") == d.status.text()

    tab.image_format.setCurrentIndex(tab.image_format.findData("svg"))
    assert not tab.dpi.isEnabled()
    svg_target = tmp_path / "svg"
    d.set_output_path(svg_target)
    export(qtbot, d)
    root = ElementTree.parse(svg_target / names[0].replace(".png", ".svg")).getroot()
    assert (float(root.get("width").removesuffix("mm")),
            float(root.get("height").removesuffix("mm"))) == (15.875, 15.875)   # 5/8 in


def test_counter_images_cancel_and_failure_leave_the_folder_alone(qtbot, tmp_path, library,
                                                                  monkeypatch):
    d = make_dialog(qtbot, tmp_path, library, "counter-images")
    d.counter_images_tab.dpi.setValue(60)
    export(qtbot, d)
    folder = tmp_path / "marathon-counter-images"
    before = snapshot(tmp_path)
    held_at_first_step(monkeypatch, "export_counter_images", d)
    d.counter_images_tab.dpi.setValue(72)
    export(qtbot, d, "cancelled")
    assert snapshot(tmp_path) == before and folder.is_dir()

    a_file = tmp_path / "not-a-folder"
    a_file.write_text("keep me")
    d.set_output_path(a_file)
    export(qtbot, d, "failed")
    assert "is a file: give a folder for the counter images" in d.status.text()
    assert a_file.read_text() == "keep me"


def test_map_image_png_is_studio_renders_picture_with_its_compression(qtbot, tmp_path,
                                                                       library):
    d = make_dialog(qtbot, tmp_path, library, "map-image")
    assert d.output_path() == tmp_path / "marathon-map.png"
    tab = d.map_image_tab
    tab.hex_size.setValue(12)
    tab.compression.setValue(0)
    export(qtbot, d)
    raw = (tmp_path / "marathon-map.png").stat().st_size
    assert main(["render", str(MARATHON), "-o", str(tmp_path / "cli.png"), "--hex-size", "12",
                 "--compression", "0", "--quiet"]) == 0
    ours, cli = QImage(str(tmp_path / "marathon-map.png")), QImage(str(tmp_path / "cli.png"))
    assert ours == cli and not ours.isNull()
    assert "Saved" in d.status.text() and f"({ours.width()} × {ours.height()} pixels)" in \
        d.status.text()
    tab.compression.setValue(9)
    export(qtbot, d)
    assert (tmp_path / "marathon-map.png").stat().st_size < raw / 5
    assert QImage(str(tmp_path / "marathon-map.png")) == cli


def test_map_image_svg_at_true_scale(qtbot, tmp_path, library):
    d = make_dialog(qtbot, tmp_path, library, "map-image")
    tab = d.map_image_tab
    assert not tab.true_scale.isEnabled()
    tab.image_format.setCurrentIndex(tab.image_format.findData("svg"))
    assert d.path_edit.text().endswith("marathon-map.svg")      # follows the format
    assert not tab.compression.isEnabled()
    tab.true_scale.setChecked(True)
    tab.across.setValue(20.0)
    export(qtbot, d)
    root = ElementTree.parse(tmp_path / "marathon-map.svg").getroot()
    width_mm = float(root.get("width").removesuffix("mm"))
    # 32 flat-top columns: 1.5 × 31 + 2 hex radii across, radius = 20 / sqrt(3) mm.
    radius = 20 / 3 ** 0.5
    assert width_mm == pytest.approx((31 * 1.5 + 2) * radius, rel=0.03)
    assert "at true scale" in d.status.text()


def test_map_image_cancel_and_missing_folder(qtbot, tmp_path, library, monkeypatch):
    d = make_dialog(qtbot, tmp_path, library, "map-image")
    d.map_image_tab.hex_size.setValue(10)
    export(qtbot, d)
    before = snapshot(tmp_path)
    held_at_first_step(monkeypatch, "render_png", d)
    d.map_image_tab.hex_size.setValue(14)
    export(qtbot, d, "cancelled")
    assert snapshot(tmp_path) == before

    d.set_output_path(tmp_path / "missing" / "map.png")
    export(qtbot, d, "failed")
    assert "does not exist" in d.status.text()
    assert not (tmp_path / "missing").exists()


SHOTS = ("tiled", "counter-images", "map-image")


@pytest.mark.parametrize("kind", SHOTS)
def test_export_dialog_screenshot_at_1366x768(kind, qtbot, tmp_path, library):
    """`STUDIO_SCREENSHOTS=docs/images` keeps the pictures for the guide."""
    import os
    from PySide6.QtGui import QColor
    out = Path(os.environ.get("STUDIO_SCREENSHOTS") or tmp_path)
    out.mkdir(parents=True, exist_ok=True)
    shown_path = Path("/home/designer/scenarios/marathon.yaml")     # not this machine's home
    d = ExportDialog(load_file(MARATHON).model, library, shown_path, preview_delay_ms=0)
    qtbot.addWidget(d)
    d.set_kind(kind)
    d.resize(1366, 768)
    d.show()
    qtbot.waitExposed(d)
    qtbot.waitUntil(d.preview_idle, timeout=30000)
    qtbot.wait(50)
    image = d.grab().toImage()
    assert (image.width(), image.height()) == (1366, 768)
    assert image.save(str(out / f"export-dialog-{kind}.png"))
    assert not d.preview.pixmap().isNull(), d.preview.info.text()
    page = d.preview.page
    row = page.mapTo(d, page.rect().center()).y()
    left, right = page.mapTo(d, page.rect().topLeft()).x(), page.mapTo(d, page.rect().topRight()).x()
    colours = {QColor(image.pixel(x, row)).name() for x in range(left, right)}
    assert colours - {"#6f747b"}                        # a picture, not the empty desk

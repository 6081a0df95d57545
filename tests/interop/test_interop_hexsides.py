"""Hexside features in other tools' files. The Tiled export: one object layer of polylines
per kind, which Tiled's own tmxrasterizer draws in the kind's colour along the river, and
which `studio import tmx` reads back to the same edges (also from a polyline drawn in Tiled
without its `hexes`). The VASSAL module's board image shows them."""
from __future__ import annotations

import os
import re
import shutil
import subprocess
import sys

from PySide6.QtGui import QImage

from repo_paths import REPO_ROOT
from studio.interop.tiled import export_tmx
from studio.io import default_library, load_file
from studio.model.hexsides import edges_of

SAMPLE = REPO_ROOT / "templates" / "scenarios" / "river-crossing.yaml"


def edge_sets(hexsides):
    return {kind: edges_of(entries) for kind, entries in hexsides.items()}


def import_tmx(tmx, out):
    return subprocess.run([sys.executable, "-m", "studio", "import", "tmx", str(tmx), "-o",
                           str(out)], capture_output=True, text=True, timeout=300,
                          cwd=REPO_ROOT, env=dict(os.environ, PYTHONPATH=str(REPO_ROOT)))


def test_export_draws_in_tiled_and_imports_back(tmp_path):
    scenario = load_file(SAMPLE).model
    tmx = tmp_path / "rc.tmx"
    export_tmx(scenario, default_library(), tmx)
    text = tmx.read_text(encoding="utf-8")
    assert 'name="Hexsides: River" color="#3f76c4"' in text and "<polyline points=" in text

    tool = shutil.which("tmxrasterizer")
    assert tool, "Tiled's tmxrasterizer is missing: apt-get install tiled (scripts/setup.sh)"
    png = tmp_path / "rc.png"
    done = subprocess.run([tool, "--show-layer", "Hexsides: River", str(tmx), str(png)],
                          capture_output=True, text=True, timeout=120,
                          env=dict(os.environ, QT_QPA_PLATFORM="offscreen"))
    assert done.returncode == 0, done.stderr
    image = QImage(str(png))
    blue = sum(1 for y in range(0, image.height(), 2) for x in range(0, image.width(), 2)
               if _near(image.pixelColor(x, y), (0x3F, 0x76, 0xC4)))
    assert blue > 100

    done = import_tmx(tmx, tmp_path / "back.yaml")
    assert done.returncode == 0, done.stderr
    back = load_file(tmp_path / "back.yaml").model
    assert edge_sets(back.map.hexsides) == edge_sets(scenario.map.hexsides)


def test_a_polyline_drawn_in_tiled_is_read_by_where_it_lies(tmp_path):
    scenario = load_file(SAMPLE).model
    tmx = tmp_path / "rc.tmx"
    export_tmx(scenario, default_library(), tmx)
    text = re.sub(r'\s*<property name="hexes" value="[^"]*"/>', "", tmx.read_text("utf-8"))
    tmx.write_text(text, encoding="utf-8")
    done = import_tmx(tmx, tmp_path / "back.yaml")
    assert done.returncode == 0, done.stderr
    back = load_file(tmp_path / "back.yaml").model
    assert edge_sets(back.map.hexsides) == edge_sets(scenario.map.hexsides)


def test_a_kind_the_terrain_set_lacks_is_refused_naming_the_object(tmp_path):
    tmx = tmp_path / "rc.tmx"
    export_tmx(load_file(SAMPLE).model, default_library(), tmx)
    text = tmx.read_text("utf-8").replace('name="kind" value="hedge"', 'name="kind" value="moat"')
    tmx.write_text(text, encoding="utf-8")
    done = import_tmx(tmx, tmp_path / "back.yaml")
    assert done.returncode != 0
    assert "kind 'moat' is not a hexside kind of terrain set basic-ground" in done.stderr


def _near(c, want, tolerance=30) -> bool:
    return all(abs(a - b) <= tolerance for a, b in zip((c.red(), c.green(), c.blue()), want))


def test_the_vassal_board_image_shows_the_river(tmp_path):
    import zipfile
    from io import BytesIO

    from PIL import Image

    from studio.interop.vassal.export import export_vassal

    def river_pixels(scenario, name):
        path = tmp_path / f"{name}.vmod"
        export_vassal(scenario, default_library(), path)
        with zipfile.ZipFile(path) as z:
            board = next(n for n in z.namelist() if n.endswith("-board.png"))
            image = Image.open(BytesIO(z.read(board))).convert("RGB")
        return sum(1 for y in range(0, image.height, 2) for x in range(0, image.width, 2)
                   if all(abs(a - b) <= 24 for a, b in zip(image.getpixel((x, y)),
                                                          (0x3F, 0x76, 0xC4))))
    scenario = load_file(SAMPLE).model
    drawn = river_pixels(scenario, "with")
    scenario.map.hexsides = {}
    assert drawn > river_pixels(scenario, "without") + 100

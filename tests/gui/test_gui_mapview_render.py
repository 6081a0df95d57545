"""`studio render`: the command line around the headless renderer."""
from repo_paths import REPO_ROOT
import os

os.environ.setdefault("QT_QPA_PLATFORM", "offscreen")

from pathlib import Path

from PySide6.QtGui import QImageReader

from studio.cli import main
from studio.gui.render import image_size
from studio.io import load_file

MARATHON = REPO_ROOT / "templates" / "scenarios" / "marathon.yaml"


def test_render_writes_a_png_of_the_map(tmp_path, capsys):
    out = tmp_path / "map.png"
    assert main(["render", str(MARATHON), "-o", str(out), "--hex-size", "12"]) == 0
    size = QImageReader(str(out)).size()
    assert (size.width(), size.height()) == image_size(load_file(MARATHON).model, 12)
    assert "wrote" in capsys.readouterr().out


def test_render_reports_unusable_input(tmp_path, capsys):
    assert main(["render", str(tmp_path / "missing.yaml"), "-o", str(tmp_path / "x.png")]) == 2
    assert "no such file" in capsys.readouterr().err
    terrain = REPO_ROOT / "libraries" / "terrain-sets" / "basic-ground.yaml"
    assert main(["render", str(terrain), "-o", str(tmp_path / "x.png")]) == 2
    assert "not a scenario" in capsys.readouterr().err
    assert main(["render", str(MARATHON), "-o", str(tmp_path / "x.png"), "--hex-size", "0"]) == 2

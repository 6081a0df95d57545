"""What `studio` with no command does: open the studio, or run headless without a display."""
from __future__ import annotations

import os
import sys
from pathlib import Path

from .io.samples import sample_scenario_path

HEADLESS_OUT = Path("out") / "sample"


def display_available() -> bool:
    platform = os.environ.get("QT_QPA_PLATFORM", "")
    if platform in ("offscreen", "minimal"):
        return False
    if sys.platform.startswith("linux"):
        return bool(os.environ.get("DISPLAY") or os.environ.get("WAYLAND_DISPLAY"))
    return True


def launch(argv: list[str]) -> int:
    """`studio [FILE]`: the studio on FILE, or on the bundled sample."""
    path = Path(argv[0]) if argv else sample_scenario_path()
    if not display_available():
        print("No display found (DISPLAY and WAYLAND_DISPLAY are unset), so the studio "
              "cannot open a window.\nRunning the headless pipeline on "
              f"{path} instead: validate, simulate, export PDFs to {HEADLESS_OUT.resolve()}.\n"
              "(To see the studio on a machine without a screen: "
              "xvfb-run -a .venv/bin/studio)\n"
              "The other bundled samples: `studio samples` lists them and `studio samples "
              "copy NAME -o FOLDER` copies one (or all) to a folder of yours.\n", flush=True)
        from .commands.pipeline import run_pipeline
        return run_pipeline(path, HEADLESS_OUT)
    from .gui.app import run_studio
    return run_studio(path if path.exists() else None)

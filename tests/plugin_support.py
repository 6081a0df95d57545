"""Installing a game of another distribution for a test, without pip and without touching
the environment: `installed_distribution(source)` writes a `*.dist-info` (METADATA and
`entry_points.txt` from the distribution's own pyproject) into a temporary folder, puts that
folder and the distribution's source on `sys.path` (and on PYTHONPATH, for the worker
processes a test starts), and makes the ruleset registry look again. On exit everything is
taken back, so the next test sees only the studio's own games.

    from plugin_support import PLUGIN_GAME, installed_distribution
    with installed_distribution(PLUGIN_GAME):
        rules_named("tiny-game")

The same folder layout is what `pip install --no-deps --target DIR path/to/game` makes.
"""
from __future__ import annotations

import contextlib
import importlib
import os
import sys
import tempfile
import tomllib
from pathlib import Path

from studio.engine.contract import registry

PLUGIN_GAME = Path(__file__).resolve().parent / "data" / "plugin_game"


def _dist_info(source: Path, into: Path) -> tuple[str, list[str]]:
    project = tomllib.loads((source / "pyproject.toml").read_text("utf-8"))["project"]
    name, version = project["name"], project["version"]
    info = into / f"{name.replace('-', '_')}-{version}.dist-info"
    info.mkdir()
    (info / "METADATA").write_text(f"Metadata-Version: 2.1\nName: {name}\nVersion: {version}\n",
                                   "utf-8")
    lines = []
    for group, points in project.get("entry-points", {}).items():
        lines.append(f"[{group}]")
        lines += [f"{key} = {value}" for key, value in points.items()]
    (info / "entry_points.txt").write_text("\n".join(lines) + "\n", "utf-8")
    packages = [p.name for p in source.iterdir() if (p / "__init__.py").exists()]
    return name, packages


@contextlib.contextmanager
def installed_distribution(source: Path):
    with tempfile.TemporaryDirectory() as tmp:
        _, packages = _dist_info(source, Path(tmp))
        added = [str(source), tmp]
        old_path = os.environ.get("PYTHONPATH")
        sys.path[:0] = added
        os.environ["PYTHONPATH"] = os.pathsep.join(added + ([old_path] if old_path else []))
        importlib.invalidate_caches()
        registry.reset()
        try:
            yield source
        finally:
            for entry in added:
                sys.path.remove(entry)
            if old_path is None:
                os.environ.pop("PYTHONPATH", None)
            else:
                os.environ["PYTHONPATH"] = old_path
            for module in [m for m in sys.modules
                           if m.split(".")[0] in packages]:
                del sys.modules[module]
            importlib.invalidate_caches()
            registry.reset()

"""The wheel build copies the top-level data folders into the package.

`schemas/`, `libraries/` and `templates/` stay at the repository's top level, where
designers browse them; a wheel carries them as `studio/_data/<name>`, where
studio.io.bundled_data finds them through importlib.resources. Everything else about the
package is in pyproject.toml.
"""
from pathlib import Path

from setuptools import setup
from setuptools.command.build_py import build_py

HERE = Path(__file__).resolve().parent
FOLDERS = ("schemas", "libraries", "templates")
DATA_EXTENSIONS = (".yaml", ".json")


class BuildWithData(build_py):
    def run(self):
        super().run()
        # An editable install reads the folders in place (studio.io.bundled_data falls back to
        # the checkout), so only real builds copy them.
        if getattr(self, "editable_mode", False):
            return
        for name in FOLDERS:
            for source in sorted((HERE / name).rglob("*")):
                if source.is_file() and source.suffix in DATA_EXTENSIONS:
                    relative = source.relative_to(HERE)
                    target = Path(self.build_lib) / "studio" / "_data" / relative
                    self.mkpath(str(target.parent))
                    self.copy_file(str(source), str(target))


setup(cmdclass={"build_py": BuildWithData})

"""The source distribution runs its own tests: it carries conftest.py, the helpers the tests
import and tests/data, as well as the tests (built here through setuptools' own PEP 517
hook, as `python -m build --sdist` builds it)."""
import shutil
import subprocess
import sys
import tarfile
from pathlib import Path

ROOT = Path(__file__).resolve().parents[2]


def test_sdist_carries_conftest_helpers_and_test_data(tmp_path):
    # A copy of the checkout, so the build's egg-info never lands in the working tree.
    source = tmp_path / "src"
    shutil.copytree(ROOT, source, ignore=shutil.ignore_patterns(
        ".git", ".venv", "__pycache__", "*.egg-info", "out", "build", "dist"))
    subprocess.run([sys.executable, "-c", "import sys; from setuptools import build_meta; "
                    "build_meta.build_sdist(sys.argv[1])", str(tmp_path / "dist")],
                   cwd=source, check=True, capture_output=True)
    (archive,) = (tmp_path / "dist").glob("*.tar.gz")
    with tarfile.open(archive) as tar:
        names = {name.split("/", 1)[1] for name in tar.getnames() if "/" in name}
    assert "tests/conftest.py" in names
    helpers = {p.relative_to(ROOT).as_posix() for p in (ROOT / "tests").glob("*.py")
               if not p.name.startswith("test_")}
    assert helpers and helpers <= names, helpers - names
    data = {p.relative_to(ROOT).as_posix() for p in (ROOT / "tests" / "data").rglob("*")
            if p.is_file() and "__pycache__" not in p.parts}
    assert data and data <= names, sorted(data - names)[:5]
    assert f"tests/cli/{Path(__file__).name}" in names        # tests in package folders too
    assert not any("__pycache__" in n or n.endswith(".pyc") for n in names)

"""The built wheel works on its own: built from a copy of the project, installed into a
fresh virtual environment, the copy deleted, and `studio` run from there finds its schemas,
libraries and templates inside the installed package.

The new environment borrows the running one's dependencies through a .pth file (no
download); the build runs without isolation, so it needs setuptools>=77 here (the test
extra brings it).
"""
from __future__ import annotations
from repo_paths import REPO_ROOT

import os
import shutil
import subprocess
import sys
import sysconfig
import venv
from pathlib import Path

import pytest
from pypdf import PdfReader

import studio

ROOT = REPO_ROOT
PROJECT_FILES = ("pyproject.toml", "setup.py", "MANIFEST.in", "README.md", "LICENSE")
PROJECT_FOLDERS = ("studio", "schemas", "libraries", "templates")


def _copy_project(target: Path) -> None:
    ignore = shutil.ignore_patterns("__pycache__", "*.pyc", "_data")
    for name in PROJECT_FOLDERS:
        shutil.copytree(ROOT / name, target / name, ignore=ignore)
    for name in PROJECT_FILES:
        shutil.copy2(ROOT / name, target / name)


def _run(args, cwd, env, check=True):
    done = subprocess.run(args, cwd=cwd, env=env, capture_output=True, text=True, timeout=300)
    if check and done.returncode != 0:
        raise AssertionError(f"{args} exited {done.returncode}:\n{done.stdout}\n{done.stderr}")
    return done


@pytest.fixture(scope="module")
def installed(tmp_path_factory):
    """(venv bin folder, environment) of a venv holding only the built wheel."""
    work = tmp_path_factory.mktemp("wheel")
    source, dist, env_dir = work / "source", work / "dist", work / "venv"
    _copy_project(source)
    env = {k: v for k, v in os.environ.items() if k not in ("PYTHONPATH", "PYTHONHOME")}
    _run([sys.executable, "-m", "pip", "wheel", "--no-deps", "--no-build-isolation",
          "--no-index", "-q", "-w", str(dist), str(source)], cwd=work, env=env)
    wheels = list(dist.glob("wargame_studio-*.whl"))
    assert len(wheels) == 1, wheels

    venv.create(env_dir, with_pip=False)
    python = env_dir / "bin" / "python"
    _run([sys.executable, "-m", "pip", "--python", str(python), "install", "--no-deps",
          "--no-index", "-q", str(wheels[0])], cwd=work, env=env)
    purelib = Path(_run([str(python), "-c", "import sysconfig; "
                         "print(sysconfig.get_paths()['purelib'])"],
                        cwd=work, env=env).stdout.strip())
    # The dependencies come from the running environment, after the venv's own packages.
    borrowed = {sysconfig.get_paths()["purelib"], sysconfig.get_paths()["platlib"]}
    (purelib / "borrowed_dependencies.pth").write_text("\n".join(sorted(borrowed)) + "\n")

    shutil.rmtree(source)      # nothing may lean on the copy the wheel was built from
    run_dir = work / "elsewhere"
    run_dir.mkdir()
    env.update(WARGAME_STUDIO_HOME=str(work / "home"), QT_QPA_PLATFORM="offscreen")
    return env_dir / "bin", env, run_dir, purelib


def test_the_installed_package_is_the_wheels(installed):
    bin_dir, env, run_dir, purelib = installed
    found = _run([str(bin_dir / "python"), "-c",
                  "import studio, studio.io.samples as s; print(studio.__file__); "
                  "print(s.sample_scenario_path())"], cwd=run_dir, env=env).stdout.split()
    assert Path(found[0]).is_relative_to(purelib)
    sample = Path(found[1])
    assert sample.is_relative_to(purelib / "studio" / "_data" / "templates") and sample.is_file()


def test_version(installed):
    bin_dir, env, run_dir, _ = installed
    out = _run([str(bin_dir / "studio"), "--version"], cwd=run_dir, env=env).stdout
    assert out.strip() == f"studio {studio.__version__}"


def test_validate_library_and_templates(installed):
    bin_dir, env, run_dir, purelib = installed
    data = purelib / "studio" / "_data"
    done = _run([str(bin_dir / "studio"), "validate", str(data / "libraries"),
                 str(data / "templates")], cwd=run_dir, env=env, check=False)
    assert done.returncode == 0, done.stdout + done.stderr
    listing = _run([str(bin_dir / "studio"), "library", "list"], cwd=run_dir, env=env).stdout
    assert "rules-of-war" in listing and "basic-ground" in listing


def test_simulate_and_export_from_the_install(installed):
    bin_dir, env, run_dir, purelib = installed
    sample = purelib / "studio" / "_data" / "templates" / "scenarios" / "marathon.yaml"
    shutil.copy(sample, run_dir / "marathon.yaml")
    sim = _run([str(bin_dir / "studio"), "simulate", "marathon.yaml", "--games", "4",
                "--seed", "5", "--workers", "1", "--format", "json"], cwd=run_dir, env=env)
    assert '"games": 4' in sim.stdout
    _run([str(bin_dir / "studio"), "export", "counters", "marathon.yaml", "-o", "counters.pdf"],
         cwd=run_dir, env=env)
    reader = PdfReader(run_dir / "counters.pdf")
    assert len(reader.pages) >= 1
    text = "".join(page.extract_text() for page in reader.pages)
    # the fonts and the library came from the install: the sides' names and a unit's
    # (abbreviated to fit a 5/8 in counter) are printed
    assert "Athenians and Plataeans" in text and "Hoplit" in text

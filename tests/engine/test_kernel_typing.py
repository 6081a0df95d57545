"""The ruleset contract and the kernel pass `mypy --strict` (configured in pyproject.toml,
`[tool.mypy]`), every module of studio/engine with none excused."""
from __future__ import annotations

import subprocess
import sys
import tomllib
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parents[2]

pytest.importorskip("mypy")


def _mypy(*args: str) -> subprocess.CompletedProcess[str]:
    return subprocess.run([sys.executable, "-m", "mypy", *args], cwd=ROOT,
                          capture_output=True, text=True, timeout=600)


def test_the_contract_and_the_kernel_pass_mypy_strict():
    config = tomllib.loads((ROOT / "pyproject.toml").read_text("utf-8"))["tool"]["mypy"]
    assert config["strict"] is True and "studio/engine" in config["files"]
    loosened = {m for o in config.get("overrides", [])
                if o.get("ignore_errors") or o.get("disallow_untyped_defs") is False
                for m in ([o["module"]] if isinstance(o["module"], str) else o["module"])}
    assert not any(m.startswith("studio.engine") for m in loosened), \
        f"kernel modules excused from mypy --strict: {sorted(loosened)}"
    done = _mypy()
    assert done.returncode == 0, done.stdout + done.stderr


def test_no_kernel_module_silences_mypy_wholesale():
    # An excuse can also hide in the module itself.
    for path in sorted((ROOT / "studio" / "engine").rglob("*.py")):
        text = path.read_text("utf-8")
        assert "# mypy: ignore-errors" not in text and "# type: ignore\n" not in text, path

"""The layering contracts of pyproject.toml ([tool.importlinter]) hold: the kernel names no
ruleset and has no import cycle, only the GUI imports Qt, rulesets stay independent."""
from repo_paths import REPO_ROOT
import shutil
import subprocess
import sys
from pathlib import Path

ROOT = REPO_ROOT


def test_import_contracts_are_kept():
    exe = shutil.which("lint-imports", path=str(Path(sys.executable).parent)) or "lint-imports"
    done = subprocess.run([exe, "--no-cache"], cwd=ROOT, capture_output=True, text=True,
                          timeout=300)
    assert done.returncode == 0, done.stdout[-4000:] + done.stderr[-2000:]
    assert "BROKEN" not in done.stdout

"""One user data folder for the command line and the studio."""
import sys
from pathlib import Path

import pytest

from studio.gui.autosave import recovery_dir
from studio.io import user_library_dir
from studio.io.user_data import studio_home


def test_the_environment_variable_wins(tmp_path, monkeypatch):
    monkeypatch.setenv("WARGAME_STUDIO_HOME", str(tmp_path / "portable"))
    assert studio_home() == tmp_path / "portable"
    assert user_library_dir() == tmp_path / "portable" / "libraries"
    assert recovery_dir() == tmp_path / "portable" / "recovery"


@pytest.mark.skipif(not sys.platform.startswith("linux"), reason="the XDG layout is Linux's")
def test_linux_uses_the_xdg_data_folder(tmp_path, monkeypatch):
    monkeypatch.delenv("WARGAME_STUDIO_HOME", raising=False)
    monkeypatch.delenv("XDG_DATA_HOME", raising=False)
    assert studio_home() == Path.home() / ".local" / "share" / "wargame-studio"
    monkeypatch.setenv("XDG_DATA_HOME", str(tmp_path / "data"))
    assert studio_home() == tmp_path / "data" / "wargame-studio"
    assert user_library_dir() == tmp_path / "data" / "wargame-studio" / "libraries"
    assert recovery_dir() == tmp_path / "data" / "wargame-studio" / "recovery"

"""The user's data folder, shared by the command line and the studio.

`$WARGAME_STUDIO_HOME` when set (tests, portable installs), else the platform's per-user data
folder: ~/.local/share/wargame-studio on Linux (or under `$XDG_DATA_HOME`),
~/Library/Application Support/wargame-studio on macOS, %LOCALAPPDATA%\\wargame-studio on
Windows. It holds the user library (`libraries/`) and crash-recovery copies (`recovery/`).
"""
from __future__ import annotations

import os
from pathlib import Path

import platformdirs

APP_NAME = "wargame-studio"


def studio_home() -> Path:
    home = os.environ.get("WARGAME_STUDIO_HOME")
    if home:
        return Path(home)
    return platformdirs.user_data_path(APP_NAME, appauthor=False)

#!/usr/bin/env bash
# Sets up everything Wargame Studio needs on a Debian machine with Python 3.11+:
# the system libraries Qt and the PDF checks use, then a virtual environment in .venv
# with the project installed (editable) and its test tools. Safe to run again.
set -euo pipefail
cd "$(dirname "$0")/.."

# Qt (PySide6) needs these even offscreen; poppler-utils draws the export dialog's PDF
# previews and reads PDFs in the tests; xvfb lets the studio open a real window on a machine
# with no screen; tiled gives the export dialog's Tiled preview, and the tests and benchmarks,
# Tiled's own tmxrasterizer and map converter; libgs-common holds the free CMYK ICC profile
# (Ghostscript's SWOP) that `studio export --cmyk` converts colours through (README.md says
# why each is here).
SYSTEM_PACKAGES=(python3-venv python3-pip libegl1 libgl1 libfontconfig1 libxkbcommon0
  libxkbcommon-x11-0 libdbus-1-3 libglib2.0-0 libxcb-cursor0 libxcb-icccm4 libxcb-keysyms1
  libxcb-shape0 libxcb-xinerama0 libxcb-randr0 libxcb-render-util0 libxcb-image0
  poppler-utils xvfb tiled libgs-common)

missing=()
if command -v dpkg-query >/dev/null 2>&1; then
  for p in "${SYSTEM_PACKAGES[@]}"; do
    dpkg-query -W -f='${Status}' "$p" 2>/dev/null | grep -q "install ok installed" || missing+=("$p")
  done
fi
if [ ${#missing[@]} -gt 0 ]; then
  if [ "$(id -u)" = 0 ] && command -v apt-get >/dev/null 2>&1; then
    echo "setup: installing system packages: ${missing[*]}"
    apt-get update -qq
    DEBIAN_FRONTEND=noninteractive apt-get install -y -qq "${missing[@]}" >/dev/null
  else
    echo "setup: these Debian packages are missing; install them as root:" >&2
    echo "  apt-get install ${missing[*]}" >&2
    exit 1
  fi
fi

PY=${PYTHON:-python3}
"$PY" -c 'import sys; sys.exit(0 if sys.version_info >= (3, 11) else 1)' || {
  echo "setup: Python 3.11 or newer is needed ($("$PY" --version 2>&1) found)" >&2; exit 1; }

if [ ! -x .venv/bin/python ]; then
  "$PY" -m venv .venv
fi
stamp=.venv/.installed-$(sha1sum pyproject.toml | cut -c1-12)
if [ ! -f "$stamp" ]; then
  .venv/bin/python -m pip install -q --upgrade pip >/dev/null
  .venv/bin/python -m pip install -q -e '.[test,cluster]'
  rm -f .venv/.installed-* && touch "$stamp"
fi

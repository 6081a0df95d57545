"""Pages of a PDF as PNGs, through poppler's ``pdftoppm`` (installed by scripts/setup.sh).
Without it the preview shows the page count and size only."""
from __future__ import annotations

import shutil
import subprocess
from pathlib import Path

PREVIEW_PIXELS = 1100       # the longer side of the picture; the pane scales it down
TIMEOUT_SECONDS = 60


def pdftoppm() -> str | None:
    return shutil.which("pdftoppm")


def first_page_png(pdf: str | Path, stem: str | Path, pixels: int = PREVIEW_PIXELS) -> Path | None:
    """Writes ``<stem>.png`` and returns its path; None when pdftoppm is not installed.
    Raises RuntimeError with pdftoppm's complaint when it cannot read the PDF."""
    exe = pdftoppm()
    if exe is None:
        return None
    try:
        done = subprocess.run([exe, "-png", "-f", "1", "-l", "1", "-singlefile",
                               "-scale-to", str(pixels), str(pdf), str(stem)],
                              capture_output=True, text=True, timeout=TIMEOUT_SECONDS)
    except (OSError, subprocess.TimeoutExpired) as err:
        raise RuntimeError(f"pdftoppm could not draw the preview ({err})") from None
    png = Path(f"{stem}.png")
    if done.returncode != 0 or not png.is_file():
        raise RuntimeError(f"pdftoppm could not draw the preview: "
                           f"{done.stderr.strip() or f'exit code {done.returncode}'}")
    return png


def page_pngs(pdf: str | Path, stem: str | Path, pixels: int = PREVIEW_PIXELS) -> list[Path] | None:
    """Every page of the PDF as ``<stem>-<n>.png``, in page order; None when pdftoppm is
    not installed. Raises RuntimeError with pdftoppm's complaint when it cannot read the PDF."""
    exe = pdftoppm()
    if exe is None:
        return None
    stem = Path(stem)
    try:
        done = subprocess.run([exe, "-png", "-scale-to", str(pixels), str(pdf), str(stem)],
                              capture_output=True, text=True, timeout=TIMEOUT_SECONDS)
    except (OSError, subprocess.TimeoutExpired) as err:
        raise RuntimeError(f"pdftoppm could not draw the preview ({err})") from None
    # pdftoppm pads the page number to the width of the last one: stem-01.png ... stem-12.png
    pngs = sorted(stem.parent.glob(f"{stem.name}-*.png"),
                  key=lambda p: int(p.stem.rsplit("-", 1)[1]))
    if done.returncode != 0 or not pngs:
        raise RuntimeError(f"pdftoppm could not draw the preview: "
                           f"{done.stderr.strip() or f'exit code {done.returncode}'}")
    return pngs

"""Redraws the printed pages docs/print.md shows (docs/images/counters-front.png,
counters-back.png, playsheet.png, map-tile.png, map-legend.png) from the Marathon sample.

    .venv/bin/python scripts/docs_pdf_images.py [--out docs/images]

The PDFs are made by the same `studio export` commands a user runs, then drawn by poppler's
pdftoppm at 100 dpi, so the pictures are what a printer would get."""
from __future__ import annotations

import argparse
import shutil
import subprocess
import sys
import tempfile
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
SAMPLE = ROOT / "templates" / "scenarios" / "marathon.yaml"
DPI = 100

# (PDF, export arguments, {picture name: page number, -1 for the last page})
PDFS = (
    ("counters.pdf", ["counters", "--duplex"], {"counters-front": 1, "counters-back": 2}),
    ("playsheet.pdf", ["playsheet"], {"playsheet": 1}),
    ("map.pdf", ["map", "--with-units"], {"map-tile": 1, "map-legend": -1}),
)


def page_count(pdf: Path) -> int:
    info = subprocess.run(["pdfinfo", str(pdf)], capture_output=True, text=True, check=True)
    return next(int(line.split()[-1]) for line in info.stdout.splitlines()
                if line.startswith("Pages:"))


def draw_page(pdf: Path, page: int, target: Path) -> None:
    stem = target.with_suffix("")
    subprocess.run(["pdftoppm", "-r", str(DPI), "-f", str(page), "-l", str(page), "-png",
                    "-singlefile", str(pdf), str(stem)], check=True)


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--out", type=Path, default=ROOT / "docs" / "images")
    args = parser.parse_args()
    if shutil.which("pdftoppm") is None:
        print("pdftoppm is missing: apt-get install poppler-utils", file=sys.stderr)
        return 2
    args.out.mkdir(parents=True, exist_ok=True)
    with tempfile.TemporaryDirectory() as work:
        for name, command, pictures in PDFS:
            pdf = Path(work) / name
            subprocess.run([sys.executable, "-m", "studio", "export", command[0], str(SAMPLE),
                            "-o", str(pdf), "--quiet", *command[1:]], check=True, cwd=ROOT)
            last = page_count(pdf)
            for picture, page in pictures.items():
                target = args.out / f"{picture}.png"
                draw_page(pdf, last if page == -1 else page, target)
                print(f"{target} (page {last if page == -1 else page} of {name})")
    return 0


if __name__ == "__main__":
    sys.exit(main())

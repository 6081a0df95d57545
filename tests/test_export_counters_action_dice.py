"""Action Dice counters print a unit's dice whole: ordnance rolls its weapon's dice (2d10),
wider than a Rules of War attack number, and must not be cut to "2d." on a 5/8in counter."""
from __future__ import annotations

import subprocess

from studio.cli import main

OUTPOST = "tests/data/ad-outpost.yaml"     # colonial marines (gun team 2d10) and xeno raiders


def test_ordnance_dice_are_printed_whole(tmp_path):
    out = tmp_path / "c.pdf"
    assert main(["export", "counters", OUTPOST, "-o", str(out)]) == 0
    text = subprocess.run(["pdftotext", "-f", "1", "-l", "1", str(out), "-"],
                          capture_output=True, text=True, check=True).stdout
    words = text.split()
    assert words.count("2d10") == 2          # the gun team and the spore gun
    assert not any(w.startswith("2d.") or w.endswith("…") for w in words)

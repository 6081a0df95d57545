"""The playsheet of a game that counts figures (Action Dice) fills its odds tables with the
figures one attack removes on average, hand to hand and shooting; the Rules of War wording
("chance to destroy") left those cells blank and dropped the shooting table."""
from __future__ import annotations

import re
import subprocess

from studio.cli import main

OUTPOST = "tests/data/ad-outpost.yaml"


def _page_text(path, page) -> list[str]:
    return subprocess.run(["pdftotext", "-layout", "-f", str(page), "-l", str(page), str(path),
                           "-"], capture_output=True, text=True, check=True).stdout.splitlines()


def test_the_odds_tables_give_figures_removed(tmp_path):
    out = tmp_path / "sheet.pdf"
    assert main(["export", "playsheet", OUTPOST, "-o", str(out)]) == 0
    lines = _page_text(out, 1) + _page_text(out, 2)
    text = "\n".join(lines)
    assert "Figures removed" in text and "Hit and kill chances" not in text
    assert "Shooting at 2 hexes" in text
    cell = re.compile(r"^[0-9.·–]+$")
    rifles = [ln.split() for ln in lines if ln.split()[:2] == ["Rifle", "Squad"]
              and len(ln.split()) > 2 and all(cell.match(c) for c in ln.split()[2:])]
    melee, shooting = rifles[0][2:], rifles[1][2:]
    # hand to hand both lose figures: target·attacker
    assert len(melee) == 5 and all("·" in c for c in melee if c != "0.9")
    # eight rifles (+3 each) against raiders' Defense 7: 6.99 on average
    assert shooting[0] == "7.0" and len(shooting) == 5


def test_the_roster_names_the_weapon_whole(tmp_path):
    out = tmp_path / "sheet.pdf"
    assert main(["export", "playsheet", OUTPOST, "-o", str(out)]) == 0
    text = " ".join(" ".join(_page_text(out, 1)).split())
    assert "assault rifle" in text and "assault rifl " not in text


def test_figure_cells_keep_apart(tmp_path):
    out = tmp_path / "sheet.pdf"
    assert main(["export", "playsheet", "tests/data/ad-ford-close.yaml", "-o", str(out)]) == 0
    # every page: a table is kept whole in a column, so it may start on page 2
    html = subprocess.run(["pdftotext", "-bbox", str(out), "-"],
                          capture_output=True, text=True, check=True).stdout
    words = [(float(m[0]), float(m[1]), float(m[2]), m[3]) for m in re.findall(
        r'<word xMin="([\d.]+)" yMin="([\d.]+)" xMax="([\d.]+)" yMax="[\d.]+">([^<]*)</word>',
        html)]
    cells = sorted((w for w in words if re.match(r"^\d\.\d·\d\.\d$", w[3])),
                   key=lambda w: (round(w[1]), w[0]))
    rows: dict[int, list] = {}
    for w in cells:
        rows.setdefault(round(w[1]), []).append(w)
    gaps = [b[0] - a[2] for row in rows.values() for a, b in zip(row, row[1:])]
    assert gaps and min(gaps) >= 6          # points of white between two cells


def test_the_header_names_a_side_called_as_its_list_once(tmp_path):
    # the side "Colonial Marines" plays the list "Colonial Marines (Action Dice)"
    out = tmp_path / "sheet.pdf"
    assert main(["export", "playsheet", OUTPOST, "-o", str(out)]) == 0
    text = " ".join(" ".join(_page_text(out, 1)).split())
    assert "Playsheet for the Colonial Marines (Action Dice) ·" in text
    assert "Colonial Marines (Colonial Marines" not in text

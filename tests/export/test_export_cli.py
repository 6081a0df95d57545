"""`studio export ...` end to end on the bundled scenarios and library."""
from __future__ import annotations
from repo_paths import REPO_ROOT

from pathlib import Path

import pytest
from pypdf import PdfReader

cli = pytest.importorskip("studio.cli")

ROOT = REPO_ROOT
MARATHON = ROOT / "templates" / "scenarios" / "marathon.yaml"

pytestmark = pytest.mark.skipif(not MARATHON.exists(), reason="bundled scenario not present")


def test_counters_from_a_scenario(tmp_path, capsys):
    out = tmp_path / "c.pdf"
    code = cli.main(["export", "counters", str(MARATHON), "-o", str(out), "--counter-size",
                     "16mm", "--page", "a4", "--markers", "2", "--duplex", "--gutter", "2mm",
                     "--bleed", "1mm", "--back-offset", "0.5mm,-0.5mm"])
    assert code == 0, capsys.readouterr().err
    reader = PdfReader(str(out))
    assert len(reader.pages) % 2 == 0
    assert float(reader.pages[0].mediabox.width) == pytest.approx(595.28, abs=0.01)
    assert "wrote" in capsys.readouterr().out


def test_counters_from_an_army_file(tmp_path, capsys):
    army = tmp_path / "raid.yaml"
    army.write_text("kind: army\nformat: 1\nid: raid\nname: Raid\narmy_list: persian-wars-greek\n"
                    "units:\n  - {type: cretan-bowmen, count: 3}\n", encoding="utf-8")
    out = tmp_path / "a.pdf"
    code = cli.main(["export", "counters", str(army), "-o", str(out), "--no-backs",
                     "--colour", "#336699"])
    assert code == 0, capsys.readouterr().err
    text = PdfReader(str(out)).pages[0].extract_text()
    assert text.count("Cretan Bowmen") == 3


def test_playsheet_and_map(tmp_path, capsys):
    sheet, hexmap = tmp_path / "s.pdf", tmp_path / "m.pdf"
    assert cli.main(["export", "playsheet", str(MARATHON), "-o", str(sheet), "--page", "a4"]) == 0
    assert cli.main(["export", "map", str(MARATHON), "-o", str(hexmap), "--page", "a3",
                     "--hex-size", "19mm", "--with-units", "--overlap", "12mm"]) == 0
    assert len(PdfReader(str(sheet)).pages) >= 2
    assert len(PdfReader(str(hexmap)).pages) >= 2


def test_bad_options_and_missing_files(tmp_path, capsys):
    out = tmp_path / "x.pdf"
    assert cli.main(["export", "counters", str(MARATHON), "-o", str(out),
                     "--counter-size", "16"]) == 2      # an option is wrong: unusable input
    assert "has no unit" in capsys.readouterr().err
    assert cli.main(["export", "map", str(tmp_path / "nope.yaml"), "-o", str(out)]) == 2
    broken = tmp_path / "broken.yaml"
    broken.write_text("kind: scenario\nformat: 1\nid: Bad Id\n", encoding="utf-8")
    assert cli.main(["export", "playsheet", str(broken), "-o", str(out)]) == 1
    assert not out.exists()

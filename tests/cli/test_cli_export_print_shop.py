"""`studio export counters` for a print shop: --die-cut and --die-cut-corner write the
CutContour line, a radius too large is refused with the flag to change, and --cmyk says so
when no ICC profile can be had."""
import os
import subprocess
import sys
from pathlib import Path

from pypdf import PdfReader

ROOT = Path(__file__).resolve().parents[2]
MARATHON = ROOT / "templates" / "scenarios" / "marathon.yaml"


def studio(*args, env=None):
    return subprocess.run([sys.executable, "-m", "studio", *map(str, args)], cwd=ROOT,
                          capture_output=True, text=True, env=env or os.environ.copy())


def test_die_cut_flags(tmp_path):
    out = tmp_path / "c.pdf"
    done = studio("export", "counters", MARATHON, "-o", out, "--die-cut",
                  "--die-cut-corner", "1mm", "--no-backs")
    assert done.returncode == 0, done.stderr
    data = PdfReader(str(out)).pages[0].get_contents().get_data()
    assert b"/CutContour CS 1 SCN" in data and b" c\n" in data     # rounded corners
    refused = studio("export", "counters", MARATHON, "-o", tmp_path / "x.pdf", "--die-cut",
                     "--die-cut-corner", "9mm", "--counter-size", "1/2in")
    assert refused.returncode == 2
    assert "--die-cut-corner" in refused.stderr and not (tmp_path / "x.pdf").exists()


def test_cmyk_without_a_profile_says_how_to_get_one(tmp_path):
    # A run whose system profile folders hold nothing: the pattern list points elsewhere.
    script = ("import sys, studio.export.cmyk_profile as m; "
              f"m.SYSTEM_PROFILES = ({str(tmp_path / '*.icc')!r},); "
              "from studio.cli import main; sys.exit(main(sys.argv[1:]))")
    out = tmp_path / "c.pdf"
    done = subprocess.run([sys.executable, "-c", script, "export", "counters", str(MARATHON),
                           "-o", str(out), "--cmyk"], cwd=ROOT, capture_output=True, text=True)
    assert done.returncode == 0, done.stderr
    assert "no CMYK ICC profile was found" in done.stderr and "libgs-common" in done.stderr
    assert out.exists()

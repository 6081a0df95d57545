"""A map legend has no empty headings: a flat map gets no Elevation section, a map without
set-up zones or objectives no "Sides and objectives"; a Quick and Dirty hill is named as
clear ground with height, not as plain clear ground."""
from __future__ import annotations

import subprocess

import pytest

from studio.cli import main


def _legend_text(tmp_path, sample: str) -> str:
    out = tmp_path / "m.pdf"
    assert main(["export", "map", f"templates/scenarios/{sample}.yaml", "-o", str(out),
                 "--quiet"]) == 0
    info = subprocess.run(["pdfinfo", str(out)], capture_output=True, text=True,
                          check=True).stdout
    pages = next(line.split()[-1] for line in info.splitlines() if line.startswith("Pages:"))
    text = subprocess.run(["pdftotext", "-f", pages, "-l", pages, str(out), "-"],
                          capture_output=True, text=True, check=True).stdout
    return " ".join(text.split())


@pytest.mark.parametrize("sample, elevation, sides", [
    ("ad-border-skirmish", False, False),        # flat, units placed, no objectives
    ("qnd-battle-of-three-armies", True, False),  # a hill, units placed, no objectives
    ("marathon", True, True)])
def test_the_legend_shows_only_sections_with_content(tmp_path, sample, elevation, sides):
    legend = _legend_text(tmp_path, sample)
    assert "map legend" in legend and "Assembly" in legend
    assert ("Elevation" in legend) is elevation
    assert ("Sides and objectives" in legend) is sides


def test_a_quick_and_dirty_hill_is_clear_ground_with_height(tmp_path):
    legend = _legend_text(tmp_path, "qnd-battle-of-three-armies")
    assert "clear ground with height (see Elevation): no other effect" in legend
    # the plain clear type keeps its own words, once
    assert legend.count("clear: no effect on movement or combat") == 1

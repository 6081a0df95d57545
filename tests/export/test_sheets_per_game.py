"""Playsheets and map legends say the rules of their own game: the Quick and Dirty sheet
covers set-up and spotting, zones of control, front, flank and rear, combined attacks,
missiles and mobs as its options set them; a map legend states only what its game's
terrain does (no "Uphill +1 MP" where no engine charges for climbing)."""
from __future__ import annotations

import subprocess

import pytest

from studio.cli import main

QND = "templates/scenarios/qnd-battle-of-three-armies.yaml"


def _text(pdf, *args) -> str:
    return subprocess.run(["pdftotext", *args, str(pdf), "-"], capture_output=True,
                          text=True, check=True).stdout


def _flat(text: str) -> str:
    return " ".join(text.split())


def test_the_quick_and_dirty_playsheet_is_complete(tmp_path):
    out = tmp_path / "p.pdf"
    assert main(["export", "playsheet", QND, "-o", str(out), "--quiet"]) == 0
    text = _flat(_text(out))
    for title in ("Set-up and spotting", "Movement and zones of control",
                  "Front, flank and rear", "Attacks", "Missiles", "Mobs", "Combat chart",
                  "Results", "Terrain"):
        assert title in text, title
    # the sample is a hidden set-up with the default sight range and bonuses
    assert "Hidden set-up" in text and "within 3 hexes" in text
    assert "Zone of control: the one hex straight ahead" in text
    assert "the four hexes to its sides" in text
    assert "the hex straight behind" in text
    assert "Combined attacks" in text and "strengths are added" in text
    assert "Saving throw" in text and "1-5 it retreats" in text
    assert "A mob (discipline mob) has no zone of control" in text
    assert "become one mob" in text


def test_the_quick_and_dirty_sheet_follows_its_options():
    from studio.io import default_library
    from dataclasses import replace
    from studio.rulesets.quick_and_dirty.sheet import playsheet
    library = default_library()
    base = library.ruleset("quick-and-dirty")
    options = dict(base.options)
    options.update(setup="all-clear", zone_of_control=False, missile_save=False,
                   missile_loss_is_retreat=True, mob_merge=False, elite_loss_retreats=True)
    variant = replace(base, options=options)
    sections = dict(playsheet(variant, None, library))
    words = " ".join(p for parts in sections.values() for p in parts if isinstance(p, str))
    assert "All-clear set-up" in words and "spots" not in words
    assert "Zones of control are off" in words
    assert "is a retreat instead" in words and "Saving throw" not in words
    assert "become one mob" not in words
    assert "elite or veteran unit that takes a Loss retreats" in words


@pytest.mark.parametrize("sample, uphill", [
    ("qnd-battle-of-three-armies", False), ("ad-border-skirmish", False), ("marathon", True)])
def test_a_map_legend_has_only_its_games_rules(tmp_path, sample, uphill):
    out = tmp_path / "m.pdf"
    assert main(["export", "map", f"templates/scenarios/{sample}.yaml", "-o", str(out),
                 "--quiet"]) == 0
    pages = int(next(line.split()[-1] for line in subprocess.run(
        ["pdfinfo", str(out)], capture_output=True, text=True, check=True).stdout.splitlines()
        if line.startswith("Pages:")))
    legend = _flat(_text(out, "-f", str(pages), "-l", str(pages)))
    assert "map legend" in legend
    assert ("Uphill +" in legend) is uphill
    if sample.startswith("qnd"):
        assert "rough: a hex costs 2 hexes of movement (flyers 1), -1 to attacks into it" \
            in legend
        assert "Height costs no movement" in legend
    if sample.startswith("ad"):
        assert "broken ground: entering it disorders the unit" in legend

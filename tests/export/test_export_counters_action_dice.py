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


def _front_text(path) -> str:
    return subprocess.run(["pdftotext", "-f", "1", "-l", "1", str(path), "-"],
                          capture_output=True, text=True, check=True).stdout


def test_the_markers_are_those_the_game_uses(tmp_path):
    """No Initiative ("PLAYER A") or Out of ammo markers for Action Dice, which rolls the
    order each round; one Disrupted (disorder) marker a unit, a Round marker."""
    from studio.io import default_library, load_file
    from studio.export.rosters import sources_from_scenario
    scenario = load_file(OUTPOST).model
    units = sum(len(s.army.expanded()) for s in sources_from_scenario(scenario,
                                                                     default_library()))
    out = tmp_path / "c.pdf"
    assert main(["export", "counters", OUTPOST, "-o", str(out)]) == 0
    text = _front_text(out)                  # the backs repeat the markers
    assert "PLAYER A" not in text and "OUT OF AMMO" not in text and "HITS" not in text
    assert text.count("DISRUPTED") == units and "ROUND" in text


def test_the_export_dialog_offers_the_game_s_marker_kinds(qtbot, tmp_path):
    from studio.gui.export_dialog import ExportDialog
    from studio.io import default_library, load_file
    lib = default_library()
    kinds = {}
    for name, path in (("ad", OUTPOST), ("row", "templates/scenarios/marathon.yaml")):
        d = ExportDialog(load_file(path).model, lib, tmp_path / f"{name}.yaml",
                         preview_delay_ms=100000)
        qtbot.addWidget(d)
        kinds[name] = {k: box.text() for k, box in d.counters_tab.marker_kinds.items()}
        tip = d.counters_tab.marker_mode.toolTip()
        assert ("Initiative" in tip) == (name == "row")
    assert set(kinds["ad"]) == {"disrupted", "objective", "round"}
    assert "initiative" in kinds["row"] and "out-of-ammo" in kinds["row"]


def test_vassal_and_counter_images_carry_only_the_game_s_markers():
    from studio.export.rosters import sources_from_scenario
    from studio.interop.counter_images import CounterImageOptions
    from studio.interop.counter_images.catalogue import face_images
    from studio.interop.vassal.options import VassalOptions
    from studio.interop.vassal.plan import plan_module
    from studio.io import default_library, load_file
    lib = default_library()
    scenario = load_file(OUTPOST).model
    images = face_images(sources_from_scenario(scenario, lib), CounterImageOptions())
    assert {f.marker for f in images if f.marker} == {"disrupted", "objective", "round"}
    plan = plan_module(scenario, lib, VassalOptions())
    markers = next(p for p in plan.spec.palettes if p.name == "Markers")
    assert {p.name for p in markers.pieces} == {"Disrupted", "Objective", "Round"}

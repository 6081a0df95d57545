"""The playsheet as a player first reads it: tables whole, only the terrain and rules of
this battle, no note said twice, swatches patterned as on the map, the hit and kill
chances from the game's exact odds, and the facing arcs drawn."""
from __future__ import annotations

import re
import shutil
import subprocess

import pytest
from PIL import Image, ImageStat
from pypdf import PdfReader

from studio.engine.rules import rules_named
from studio.export import PlaysheetOptions, export_playsheet
from studio.io import default_library, load_file

from export_support import Library, poppler_words, ruleset, scenario


def _template(name):
    return load_file(f"templates/scenarios/{name}.yaml").model


def _pages(path) -> list[str]:
    return [" ".join(p.extract_text().split()) for p in PdfReader(str(path)).pages]


@pytest.fixture(scope="module")
def trench(tmp_path_factory):
    path = tmp_path_factory.mktemp("trench") / "sheet.pdf"
    by_side: dict = {}
    export_playsheet(_template("trench-assault"), default_library(), path,
                     PlaysheetOptions.parse(), pages_by_side=by_side)
    return path, by_side


def _side_text(path, pages) -> str:
    texts = _pages(path)
    return " ".join(texts[p - 1] for p in pages)


def test_the_modifier_tables_are_never_split_with_an_empty_header(tmp_path):
    path = tmp_path / "belt.pdf"
    by_side: dict = {}
    export_playsheet(_template("belt-skirmish"), default_library(), path,
                     PlaysheetOptions.parse(), pages_by_side=by_side)
    for pages in by_side.values():
        text = _side_text(path, pages)
        assert text.count("Attack modifiers") == 1 and text.count("Defense modifiers") == 1


def test_only_the_battles_terrain_and_rules_without_notes_said_twice(trench):
    path, by_side = trench
    sc = _template("trench-assault")
    ts = default_library().terrain_set(sc.terrain_set)
    on_map = {ts.by_symbol(ch).name for row in sc.map.terrain for ch in row}
    for pages in by_side.values():
        text = _side_text(path, pages)
        chart = text.split("Terrain: ")[1].split("Elevation:")[0]
        for t in ts.terrain:
            assert (t.name in chart) == (t.name in on_map), t.name
        # no gas and no airplanes in this battle: their list rules and abilities stay off
        assert "Airplanes must land" not in text and "Mustard gas" not in text
        assert "against gas" not in text and "defense 5 against gas" not in text.lower()
        # the mine field's entry attack once, from its number, not again from its note
        assert "attack 5 on every unit entering" in chart
        assert "suffers an attack of strength 5" not in chart
        assert "closed to cavalry" in chart and "Cavalry may not enter" not in chart


def _render(path, page, tmp_path, dpi=150) -> Image.Image:
    if shutil.which("pdftoppm") is None:
        pytest.skip("pdftoppm (poppler-utils) is not installed")
    subprocess.run(["pdftoppm", "-r", str(dpi), "-f", str(page), "-l", str(page), "-png",
                    str(path), str(tmp_path / "r")], check=True)
    return Image.open(next(tmp_path.glob("r*.png"))).convert("RGB")


def test_swatches_carry_the_maps_patterns(tmp_path):
    path = tmp_path / "sheet.pdf"
    export_playsheet(scenario(), Library(), path, PlaysheetOptions.parse(sides="greeks"))
    words = poppler_words(path)
    if words is None:
        pytest.skip("pdftotext (poppler-utils) is not installed")
    dpi = 150
    s = dpi / 72

    def swatch(name: str, page: Image.Image, page_words) -> int:
        # the terrain's row: the swatch sits left of its name in the chart
        hit = [w for w in page_words if w[0] == name]
        text, x0, y0, x1, y1 = hit[-1]
        box = (round((x0 - 13) * s), round(y0 * s), round((x0 - 4) * s), round(y1 * s))
        colours = page.crop(box).getcolors(maxcolors=4096) or []
        return len([c for n, c in colours if n > 2])

    for number, page_words in enumerate(words, 1):
        if any(w[0] == "Forest" for w in page_words):
            page = _render(path, number, tmp_path)
            # trees on forest green, bricks on the fortress: more than its fill colour
            assert swatch("Forest", page, page_words) > 3
            assert swatch("Fortress", page, page_words) > 3
            break
    else:
        pytest.fail("no terrain chart found")


def test_hit_and_kill_chances_are_the_games_exact_odds(tmp_path):
    lib = Library()
    path = tmp_path / "sheet.pdf"
    export_playsheet(scenario(), lib, path, PlaysheetOptions.parse(sides="greeks"))
    text = " ".join(_pages(path))
    assert "Hit and kill chances" in text
    rules = rules_named("rules-of-war")
    greek, rohan = lib.army_list("persian-wars-greek"), lib.army_list("middle-earth-forces-of-light")
    situation = {"distance": 1, "rear": False, "elevation": "level", "prior_attackers": 0,
                 "hits_taken": 0}
    def outcomes(target):
        return rules.odds.unit_odds(lib, (greek, greek.unit("spartan-warband")),
                               (rohan, rohan.unit(target)), situation)["outcomes"]
    # a one-hit target: hit·destroy; against a target of several hits one attack never
    # destroys, and the cell is the chance of a hit that counts
    assert rohan.stat(rohan.unit("horsemen-of-rohan"), "hits") == 1
    horse = outcomes("horsemen-of-rohan")
    cells = {f"{100 * horse['hit']:.0f}·{100 * horse['destroyed']:.0f}"}
    several = next(u for u in ("ents", "eagles", "war-elephant", "theoden", "eowyn")
                   if rohan.stat(rohan.unit(u), "hits") > 1)
    cells.add(f"{100 * outcomes(several)['damage']:.0f}")
    assert f"({rohan.stat(rohan.unit(several), 'hits')} hits)" in text
    # the Spartans' row of the table holds those cells (rows are the side's types in
    # roster order; their roster row holds plain numbers, no "·")
    rows = [m.group(1).split() for m in
            re.finditer(r"Spartan Warband ((?:[\d<]+·[\d<]+ |[\d<]+ |– )+)", text + " ")]
    row = next((r for r in rows if any("·" in c for c in r)), None)
    assert row and cells <= set(row), (cells, rows)


def test_the_facing_diagram_states_the_rulesets_numbers(tmp_path):
    lib = Library(ruleset(front_arc_degrees=180, rear_attack_bonus=3))
    path = tmp_path / "sheet.pdf"
    export_playsheet(scenario(), lib, path, PlaysheetOptions.parse(sides="greeks"))
    text = " ".join(_pages(path))
    assert "Front arc (180°, shaded)" in text
    assert "hand-to-hand: attack +3, defense −3" in text


def test_the_second_page_is_used(tmp_path):
    path = tmp_path / "sheet.pdf"
    by_side: dict = {}
    export_playsheet(_template("marathon"), default_library(), path, PlaysheetOptions.parse(),
                     pages_by_side=by_side)
    words = poppler_words(path)
    if words is None:
        pytest.skip("pdftotext (poppler-utils) is not installed")
    height = float(PdfReader(str(path)).pages[0].mediabox.height)
    for pages in by_side.values():
        if len(pages) < 2:
            continue
        last = words[pages[-1] - 1]
        lowest = max(y1 for text, x0, y0, x1, y1 in last if "Wargame Studio" not in text)
        assert lowest > height * 0.6        # the text reaches past three fifths down

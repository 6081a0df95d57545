"""Counters fit their era (a rifle, not a bow, on a WWI machine gun; a starship, not a
sailboat), show attack modifiers against a target type and a box round the move of units
that move or attack, and print a unit's designation."""
from __future__ import annotations

import shutil
import subprocess
from collections import Counter as Tally

import pytest
from PIL import Image, ImageChops, ImageStat

from studio.export import CounterOptions, export_counters, sources_from_scenario
from studio.export.counter_faces import CounterFace, Counter, unit_counter
from studio.export.counter_sheet import SheetGrid, write_counter_sheets
from studio.diagnostics import has_errors
from studio.io import default_library, load_file, save_file
from studio.model import RosterUnit

from export_support import Library, pdf_words, scenario


def _template(name):
    return load_file(f"templates/scenarios/{name}.yaml").model


def test_wwi_missile_troops_carry_rifles_and_tanks_no_bow():
    lib = default_library()
    ww1 = lib.army_list("world-war-1")
    faces = {u.id: unit_counter(ww1, u, "#556b2f")[0] for u in ww1.units}
    assert all("missile" not in f.symbols for f in faces.values())
    guns = [f for f in faces.values() if "firearm" in f.symbols]
    assert guns, "the list's missile troops show a rifle"
    tanks = [f for u, f in faces.items() if "vehicle" in ww1.unit(u).tags]
    assert tanks and all(f.symbols == ("vehicle",) for f in tanks)


def test_starships_are_not_sailboats():
    lib = default_library()
    for list_id in ("space-fleet", "star-wars-empire-fleet"):
        fleet = lib.army_list(list_id)
        ships = [unit_counter(fleet, u, "#225577")[0] for u in fleet.units
                 if {"ship", "corvette"} & set(u.tags)]
        assert ships and all(f.symbols[0] == "starship" and "ship" not in f.symbols
                             for f in ships)
    # ancient ships keep their sail
    from studio.export.symbols import symbols_for
    assert symbols_for(["ship"], era="ancients") == ("ship",)


def test_target_modifiers_are_printed_on_the_counters(tmp_path):
    path = tmp_path / "belt.pdf"
    export_counters(sources_from_scenario(_template("belt-skirmish"), default_library()),
                    path, CounterOptions.parse(markers=0))
    front = Tally(w.text for w in pdf_words(path)[0])
    # Interceptor fighters: attack +5 against fighters; battle ships +1 against ships and
    # +2 against corvettes
    assert front["+5F"] >= 1 and front["+1S"] >= 1 and front["+2C"] >= 1
    trench = tmp_path / "trench.pdf"
    export_counters(sources_from_scenario(_template("trench-assault"), default_library()),
                    trench, CounterOptions.parse(markers=0, counter_size="1/2in"))
    assert "+5P" in {w.text for w in pdf_words(trench)[0]}     # flame throwers v pill boxes


def test_move_or_attack_units_have_their_move_boxed(tmp_path):
    lib = Library()
    greek = lib.army_list("persian-wars-greek")
    # Bowmen may not shoot after moving (a list rule for missile troops); Spartans may
    bowmen = unit_counter(greek, greek.unit("cretan-bowmen"), "#2b5fa8")[0]
    spartans = unit_counter(greek, greek.unit("spartan-warband"), "#2b5fa8")[0]
    assert bowmen.boxed_move and not spartans.boxed_move
    if shutil.which("pdftoppm") is None:
        pytest.skip("pdftoppm (poppler-utils) is not installed")
    import dataclasses
    plain = dataclasses.replace(bowmen, boxed_move=False)
    options = CounterOptions.parse(counter_size="1in", markers=0, backs=False,
                                   crop_marks=False)
    path = tmp_path / "box.pdf"
    write_counter_sheets([Counter(bowmen, None), Counter(plain, None)], path, options)
    subprocess.run(["pdftoppm", "-r", "144", "-gray", "-png", str(path), str(tmp_path / "p")],
                   check=True)
    page = Image.open(next(tmp_path.glob("p*.png"))).convert("L")
    grid = SheetGrid.for_options(options)
    s, scale = options.counter_size, 2
    def cell(col):  # noqa: E306 - the move corner: right third, bottom half
        x, y = grid.front(col, 0)
        top = page.height - (y + s / 2) * scale
        return page.crop((round((x + s * 2 / 3) * scale), round(top),
                          round((x + s) * scale), round(top + s / 2 * scale)))
    diff = ImageChops.difference(cell(0), cell(1)).point(lambda v: 255 if v > 60 else 0)
    changed = ImageStat.Stat(diff).sum[0] / 255
    assert changed > 40          # a frame's worth of pixels round the move number
    # and nothing else of the face differs
    whole = lambda col: page.crop((round(grid.front(col, 0)[0] * scale), 0,  # noqa: E731
                                   round((grid.front(col, 0)[0] + s) * scale), page.height))
    all_diff = ImageChops.difference(whole(0), whole(1)).point(lambda v: 255 if v > 60 else 0)
    assert ImageStat.Stat(all_diff).sum[0] / 255 == pytest.approx(changed, abs=2)


def test_a_designation_is_printed_on_the_counter_and_kept_by_the_file(tmp_path):
    sc = scenario()
    sc.sides[0].army.units[0].name = "Miltiades"
    sc.sides[1].army.units.append(RosterUnit("horsemen-of-rohan", hex="1006", facing="S",
                                             name="Éomer's riders"))
    path = tmp_path / "c.pdf"
    export_counters(sources_from_scenario(sc, Library()), path, CounterOptions.parse(markers=0))
    texts = [w.text for w in pdf_words(path)[0]]
    assert "Miltiades" in texts and "Greek Archon" not in texts
    assert any(t.startswith("Éomer") for t in texts)
    # the scenario file keeps it (schema-valid, saved and loaded back)
    real = _template("marathon")
    real.sides[0].army.units[0].name = "Miltiades"
    saved = tmp_path / "named.yaml"
    save_file(real, saved)
    assert "name: Miltiades" in saved.read_text()
    doc = load_file(str(saved))
    assert not has_errors(doc.diagnostics), doc.diagnostics
    assert doc.model.sides[0].army.units[0].name == "Miltiades"

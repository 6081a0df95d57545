"""Playsheets as a player reads them: every unit and terrain, the ruleset's numbers, only
the abilities in play, briefing, round track, one or two pages per side."""
from __future__ import annotations
from repo_paths import REPO_ROOT

from pathlib import Path

import pytest
from pypdf import PdfReader

from studio.export import ExportCancelled, PlaysheetOptions, export_playsheet

from export_support import (Library, greek_list, page_words, rohan_list, ruleset,
                                 scenario, terrain_set)

ROOT = REPO_ROOT


def _sheet(tmp_path, library=None, **opts):
    path = tmp_path / "sheet.pdf"
    by_side: dict = {}
    pages = export_playsheet(scenario(), library or Library(), path, PlaysheetOptions.parse(**opts),
                             pages_by_side=by_side)
    reader = PdfReader(str(path))
    assert len(reader.pages) == pages
    return reader, by_side


def _side_text(reader, pages) -> str:
    # words joined by single spaces: table cells and paragraphs wrap lines anywhere
    return " ".join(" ".join(reader.pages[p - 1].extract_text().split()) for p in pages)


def test_one_or_two_pages_per_side(tmp_path):
    reader, by_side = _sheet(tmp_path)
    assert set(by_side) == {"greeks", "rohan"}
    assert all(1 <= len(p) <= 2 for p in by_side.values())
    assert not set(by_side["greeks"]) & set(by_side["rohan"])
    for p in by_side["rohan"]:
        head = " ".join(w.text for w in page_words(reader.pages[p - 1]))
        assert "Rohirrim playsheet" in head


def test_every_unit_of_the_side_and_every_terrain_is_on_its_sheet(tmp_path):
    reader, by_side = _sheet(tmp_path)
    greek = _side_text(reader, by_side["greeks"])
    rohan = _side_text(reader, by_side["rohan"])
    for unit in greek_list().units:
        assert unit.name in greek
        # (the hit and kill chances name the enemy's units as targets)
        assert unit.name not in rohan.split("Briefing")[-1].split("Roster")[-1].split(
            "Hit and kill chances")[0]
    for unit in rohan_list().units:
        assert unit.name in rohan
    for t in terrain_set().terrain:
        assert t.name in greek and t.name in rohan
    assert "Éowyn" in rohan and "King Théoden" in rohan


def test_a_changed_rules_option_shows_its_number(tmp_path):
    def rear_bonus(library):
        reader, by_side = _sheet(tmp_path, library)
        words = page_words(reader.pages[by_side["greeks"][0] - 1])
        label = next(w for w in words if w.text.startswith("Hand-to-hand from outside the target"))
        column = (reader.pages[0].mediabox.width - 2 * 28) / 2
        return [w.text for w in words if abs(w.y - label.y) < 1 and label.x < w.x < label.x + column]

    assert rear_bonus(Library()) == ["+2"]
    assert rear_bonus(Library(ruleset(rear_attack_bonus=3))) == ["+3"]
    reader, by_side = _sheet(tmp_path, Library(ruleset(rally_divisor=3, die_sides=12,
                                                       auto_hit=[1], auto_miss=[12])))
    text = _side_text(reader, by_side["greeks"])
    assert "its morale divided by 3, rounded up" in text
    assert "Roll d12" in text and "A natural 12 always misses" in text
    assert "A natural 1 always hits" in text


def test_only_abilities_in_play_with_their_text(tmp_path):
    reader, by_side = _sheet(tmp_path)
    greek = _side_text(reader, by_side["greeks"])
    rohan = _side_text(reader, by_side["rohan"])
    assert "Charge (" in greek and "Army leader (" in greek and "No ranged after move (" in greek
    assert "Set spears" not in greek and "Legion (" not in greek.split("List rules")[0]
    assert "Set spears (" in rohan and "Hero (" in rohan and "Legion (" in rohan
    assert "Charge (" not in rohan
    # the Mûmak's own number in the rule, the catalogue's tags for the rest
    assert "Set spears (Mûmak): Defense +2 against charging shock cavalry or cavalry" in rohan
    assert "Bowmen may not shoot in a round in which they moved." in greek   # list rule


def test_briefing_victory_and_round_track(tmp_path):
    reader, by_side = _sheet(tmp_path)
    greek = _side_text(reader, by_side["greeks"])
    assert "A strange meeting at the river crossing." in greek
    assert "Greeks: hold The Ford (0604) at the end of round 10." in greek
    assert "Rohirrim: destroy the Army Leader of the enemy (wins at once)." in greek
    assert "The river may be crossed only at the ford." in greek
    assert "sets up in 0101-0308" in greek
    words = page_words(reader.pages[by_side["greeks"][-1] - 1])
    track = [w for w in words if w.text in {str(n) for n in range(1, 11)} and w.size > 8]
    assert sorted({int(w.text) for w in track}) == list(range(1, 11))


def test_terrain_chart_and_elevation_rule(tmp_path):
    reader, by_side = _sheet(tmp_path)
    text = _side_text(reader, by_side["greeks"])
    assert "+2 / +3" in text                   # fortress: melee / ranged
    assert "½" in text                         # road
    assert "entering a higher hex costs 1 MP more" in text


def test_a_side_alone_and_cancel(tmp_path):
    reader, by_side = _sheet(tmp_path, sides="rohan")
    assert list(by_side) == ["rohan"]
    import threading
    stop = threading.Event()
    stop.set()
    out = tmp_path / "x.pdf"
    with pytest.raises(ExportCancelled):
        export_playsheet(scenario(), Library(), out, cancel=stop)
    assert not out.exists()
    with pytest.raises(ValueError, match="has no side 'elves'"):
        export_playsheet(scenario(), Library(), out, PlaysheetOptions.parse(sides="elves"))


def test_bundled_scenarios_print_with_the_real_library(tmp_path):
    io = pytest.importorskip("studio.io")
    library = io.default_library()
    for path in sorted((ROOT / "templates" / "scenarios").glob("*.yaml")):
        doc = io.load_file(str(path))
        if doc.kind != "scenario" or not doc.ok:
            continue
        out = tmp_path / f"{path.stem}.pdf"
        by_side: dict = {}
        export_playsheet(doc.model, library, out, pages_by_side=by_side)
        reader = PdfReader(str(out))
        # Middle Earth's sheet carries the booklet's charts (weapon factors, casualties,
        # reactions, magic): three pages a side
        most = 3 if path.name.startswith("me-") else 2
        for side in doc.model.sides:
            assert 1 <= len(by_side[side.id]) <= most, (path.name, side.id)
            text = _side_text(reader, by_side[side.id])
            army_list = library.army_list(side.army.army_list)
            for entry in side.army.units:
                assert army_list.unit(entry.type).name in text, (path.name, entry.type)

"""The Rules of War hit tables as a player reads them: "–" where a unit cannot reach (not
0·0), hits rather than kills against targets of several hits (a battle ship of 5: one attack
never destroys it, and every cell read "·0"), figures apart from their neighbours, no table
split leaving a row or two alone, and no playsheet page with an empty right column."""
from __future__ import annotations

import re
import subprocess

import pytest
from reportlab.lib.styles import ParagraphStyle

from studio.export import PlaysheetOptions, export_playsheet
from studio.export.fonts import FONT
from studio.export.odds_table import KEPT_ROWS, odds_rows, odds_tables
from studio.io import default_library, load_file
from studio.io.samples import scenarios_dir
from studio.rulesets import rules_named, system_of

SAMPLES = ["marathon", "belt-skirmish", "trench-assault"]


@pytest.fixture(scope="module")
def library():
    return default_library()


def _rows(library, name, side=0, distance=1):
    scenario = load_file(scenarios_dir() / f"{name}.yaml").model
    lists = {s.army.army_list: library.army_list(s.army.army_list) for s in scenario.sides}
    rules = rules_named(system_of(library.ruleset(scenario.ruleset)))
    own = scenario.sides[side]
    return odds_rows(rules, library, own, lists[own.army.army_list], scenario, lists, distance)


def test_units_that_cannot_reach_read_a_dash_and_leave_the_shooting_table(library):
    names, rows, _ = _rows(library, "marathon", distance=2)
    shooters = {name for name, _ in rows}
    assert "Athenian Hoplites" not in shooters and "Greek Archon" not in shooters
    assert {"Ionian Peltasts", "Cretan Bowmen"} <= shooters
    assert not any(cell == "0·0" for _, cells in rows for cell in cells)


def test_against_several_hits_the_cell_is_the_chance_of_a_hit(library):
    names, rows, what = _rows(library, "belt-skirmish")
    assert what == "hit·destroy"
    assert "Battle Ship (5 hits)" in names and "Light Fighter" in names
    column = names.index("Battle Ship (5 hits)")
    fighters = names.index("Light Fighter")
    for _, cells in rows:
        assert re.fullmatch(r"\d+|<1|–", cells[column]), cells[column]     # one figure
        assert re.fullmatch(r"[\d<]+·[\d<]+|–", cells[fighters])            # hit·destroy
    assert not any(c.endswith("·0") for _, cells in rows for c in cells[:column + 1])


def _words(pdf, page):
    out = subprocess.run(["pdftotext", "-f", str(page), "-l", str(page), "-bbox", str(pdf), "-"],
                         check=True, capture_output=True, text=True).stdout
    return [(m[5], float(m[1]), float(m[2]), float(m[3]), float(m[4])) for m in re.finditer(
        r'<word xMin="([\d.]+)" yMin="([\d.]+)" xMax="([\d.]+)" yMax="([\d.]+)">([^<]*)</word>',
        out)]


@pytest.fixture(scope="module")
def sheets(library, tmp_path_factory):
    folder = tmp_path_factory.mktemp("sheets")
    out = {}
    for name in SAMPLES:
        scenario = load_file(scenarios_dir() / f"{name}.yaml").model
        pages: dict = {}
        path = folder / f"{name}.pdf"
        count = export_playsheet(scenario, library, path, PlaysheetOptions(), pages_by_side=pages)
        out[name] = (path, count)
    return out


def test_figures_never_run_together(sheets):
    cell = re.compile(r"^(?:[\d<]+·[\d<]+|\d+|<1|–)$")
    seen = 0
    for name, (path, count) in sheets.items():
        for page in range(1, count + 1):
            words = _words(path, page)
            # a cell is one word; two cells run together would read "100·91100·73"
            assert not [w for w in words if re.fullmatch(r"\d+·\d{3,}.*|\d+·\d+·\d+", w[0])], name
            figures = sorted((w for w in words if cell.match(w[0])), key=lambda w: (w[2], w[1]))
            for a, b in zip(figures, figures[1:]):
                if abs(a[2] - b[2]) < 0.5 and b[1] > a[1]:          # neighbours on one row
                    seen += 1
                    assert b[1] - a[3] >= 2.0, (name, page, a[0], b[0], b[1] - a[3])
    assert seen > 100


def test_a_split_table_keeps_three_rows_each_side(library):
    names, rows, _ = _rows(library, "belt-skirmish")
    style = ParagraphStyle("cell", fontName=FONT, fontSize=6.5, leading=7.5)
    (table, *_) = odds_tables(names, rows, style, 270, 7.5)
    width, height = table.wrap(270, 2000)
    body = len(rows)
    assert body > 2 * KEPT_ROWS
    for avail in range(20, int(height), 4):
        parts = table.split(270, avail)
        if not parts:
            continue                      # moved whole to the next column
        first, second = parts
        kept = len(first._cellvalues) - 1, len(second._cellvalues) - 1    # less the header
        assert min(kept) >= KEPT_ROWS, (avail, kept)


def test_no_page_leaves_its_right_column_empty(sheets):
    for name, (path, count) in sheets.items():
        for page in range(1, count + 1):
            words = _words(path, page)
            width = 612.0
            right = [w for w in words if w[1] > width / 2 + 10 and w[2] > 60 and w[4] < 760]
            assert len(right) > 10, (name, page, "the right column is empty")

"""The transcription: every table of the bundled ruleset is complete and each cell says
whether it was legible, reconstructed or chosen; the lookups read the right cells."""
import pytest
import yaml

from me_helpers import RULESET, bundled_options, tables
from studio.engine.errors import SetupError
from studio.rulesets.middle_earth.options import read_tables
from studio.rulesets.middle_earth.tables import NoCell


def test_every_chart_cell_has_a_status_letter_and_the_charts_are_rectangular():
    o = bundled_options()
    for key in ("chart_1", "chart_2", "chart_3", "chart_4"):
        width = len(o[key]["columns"])
        for name, row in o[key]["rows"].items():
            assert len(row["values"]) == width, (key, name)
            assert set(row.get("status", "L" * width)) <= set("LRC"), (key, name)
            assert len(row.get("status", "L" * width)) == width
            if "read" in row:
                assert len(row["read"]) == width
    for row in o["casualty_chart"]["rows"]:
        assert len(row["casualties"]) == 25 and len(row["status"]) == 25


def test_casualty_chart_rises_with_figures_and_factor_and_lists_every_unclear_cell():
    o = bundled_options()
    rows = {r["factor"]: r for r in o["casualty_chart"]["rows"]}
    assert sorted(rows) == list(range(-7, 28))
    for f, r in rows.items():
        c = r["casualties"]
        assert c == sorted(c), f
        if f > -7:
            assert all(a >= b for a, b in zip(c, rows[f - 1]["casualties"])), f
    unclear = {(x["factor"], x["figures"]) for x in o["casualty_chart"]["readings"]}
    marked = {(f, i + 1) for f, r in rows.items() for i, s in enumerate(r["status"]) if s != "L"}
    assert unclear == marked


def test_casualty_lookup_reads_the_chart_and_blocks_of_25():
    t = tables()
    assert t.casualties(10, 5) == 2          # legible cell
    assert t.casualties(20, 0) == 6
    assert t.casualties(1, 27) == 5
    assert t.casualties(10, 40) == t.casualties(10, 27)     # off the chart: nearest row
    assert t.casualties(30, 4) == t.casualties(25, 4) + t.casualties(5, 4)
    assert t.casualties(0, 10) == 0


def test_weapon_factor_reads_chart_one_then_chart_two():
    t = tables()
    assert t.weapon_factor("hill-troll", "hobbit") == (20, 1.0)     # Chart I, legible
    assert t.weapon_factor("cavalry-lance", "medium-cavalry") == (9, 2.0)
    assert t.weapon_factor("large-ent", "goblin") == (20, 1.0)      # Chart II
    assert t.weapon_factor("man-long-spear", "uruk") == (6, 2.0)
    with pytest.raises(NoCell, match="goblin"):
        t.weapon_factor("goblin", "goblin")


def test_a_designer_may_edit_a_table_and_a_missing_one_is_named():
    o = dict(bundled_options())
    o["impetus"] = dict(o["impetus"], **{"heavy-cavalry": 2})
    assert read_tables(o, "x")["impetus"]["heavy-cavalry"] == 2
    del o["impetus"]
    with pytest.raises(SetupError, match="impetus"):
        read_tables(o, "ruleset 'mine'")
    with pytest.raises(SetupError, match="unknown option"):
        read_tables(dict(bundled_options(), impetsu=1), "x")


def test_the_bundled_file_names_its_system():
    data = yaml.safe_load(RULESET.read_text())
    assert data["system"] == "middle-earth" and data["id"] == "middle-earth"

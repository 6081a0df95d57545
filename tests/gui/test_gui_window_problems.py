"""Live validation in the main window: break a rule, see the problem listed, click it and see
the unit, hex or field it concerns."""
import pytest
from PySide6.QtCore import QPointF, Qt

from studio.gui.docks.problem_targets import Problem, Target, locate
from studio.gui.validation_worker import find_problems
from studio.io import dump_model, load_text
from studio.io.samples import sample_scenario_path


@pytest.fixture
def window(make_window, sample_copy, qtbot):
    w = make_window(sample_copy, validation_delay_ms=10)
    qtbot.waitUntil(w.validation.idle)
    return w


def wait_for(qtbot, window, code):
    qtbot.waitUntil(lambda: window.validation.idle() and any(
        p.diagnostic.code == code for p in window.problems_dock.problems), timeout=5000)
    return next(p for p in window.problems_dock.problems if p.diagnostic.code == code)


def row_of(window, problem):
    return window.problems_dock.problems.index(problem)


def impassable_hex(doc):
    """The impassable hex nearest the middle of the map (the view can centre on it)."""
    g = doc.geometry
    middle = g.to_hex(g.columns // 2, g.rows // 2)
    from studio.hexgrid import distance
    return min((h for h in g.hexes() if doc.terrain_at(h).impassable),
               key=lambda h: (distance(h, middle), h))


def test_the_sample_starts_without_problems(window):
    assert window.problems_dock.problems == []
    assert window.problems_dock.tree.topLevelItemCount() == 0
    assert window.problems_dock.summary == "No problems found"
    assert window.problems_dock.windowTitle() == "Problems: none"


def test_a_unit_on_impassable_terrain_is_listed_and_a_click_selects_it(window, qtbot):
    doc = window.doc
    water = impassable_hex(doc)
    doc.set_unit_field("athenians", 2, "hex", doc.label(water))   # the API, not the tool
    problem = wait_for(qtbot, window, "impassable-terrain")
    assert problem.diagnostic.severity == "error"
    unit_id = doc.unit("athenians", 2).id or "athenian-hoplites-2"
    assert problem.target == Target("unit", hex=doc.label(water), side="athenians", index=2,
                                    name=unit_id)
    item = window.problems_dock.tree.topLevelItem(row_of(window, problem))
    assert [item.text(0), item.text(1)] == ["error", "impassable-terrain"]
    assert doc.label(water) in item.text(3)
    assert water in window.map_handler.errors           # flagged on the map

    window.view.set_zoom(2.0)
    window.view.center_on_hex(doc.geometry.parse_label("0101"))
    rect = window.problems_dock.tree.visualItemRect(item)
    qtbot.mouseClick(window.problems_dock.tree.viewport(), Qt.LeftButton, pos=rect.center())
    assert window.tools.selected_unit == ("athenians", 2)
    assert window.units_dock.selected_entry() == ("athenians", 2)
    centre = window.view.viewport_to_scene(QPointF(window.view.viewport().rect().center()))
    target = window.view.hex_to_scene(water)
    assert abs(centre.x() - target.x()) < 40 and abs(centre.y() - target.y()) < 40


def test_a_points_limit_too_low_points_at_the_side_field(window, qtbot):
    sides = window.scenario_dock.sides
    sides.select_side("persians")
    sides.points_limit.setValue(20)                     # typed into the Sides panel
    assert window.doc.model.side("persians").army.points_limit == 20
    problem = wait_for(qtbot, window, "points-over-limit")
    assert problem.target == Target("side", side="persians", field="points_limit")
    # The line is the one of the file the user would save.
    lines = dump_model(window.doc.model).splitlines()
    assert "points_limit: 20" in lines[problem.diagnostic.line - 1]
    sides.select_side("athenians")
    window.scenario_dock.tabs.setCurrentIndex(0)
    window.problems_dock.activate_row(row_of(window, problem))
    assert window.scenario_dock.tabs.currentIndex() == 1          # the Sides tab
    assert sides.current_side_id() == "persians"
    assert "#fff3a0" in sides.points_limit.styleSheet()           # flashed


def test_fixing_the_problem_clears_the_list(window, qtbot):
    doc = window.doc
    doc.set_side_field("persians", "points_limit", 20)
    wait_for(qtbot, window, "points-over-limit")
    window.undo_action.trigger()
    qtbot.waitUntil(lambda: window.validation.idle() and not window.problems_dock.problems)
    assert window.map_handler.errors == set()


def test_a_problem_about_a_hex_centres_the_map_on_it(window):
    doc = window.doc
    h = doc.geometry.parse_label("1510")
    window.view.set_zoom(2.0)         # zoomed in: the view has room to scroll
    window.show_problem(Problem(_diag("hex:1510"), Target("hex", hex="1510")))
    centre = window.view.viewport_to_scene(QPointF(window.view.viewport().rect().center()))
    target = window.view.hex_to_scene(h)
    assert abs(centre.x() - target.x()) < 40 and abs(centre.y() - target.y()) < 40


def test_stale_results_are_dropped(window):
    scheduler = window.validation
    before = list(scheduler.problems)
    stale = scheduler.generation - 1
    scheduler._finished(stale, [Problem(_diag("hex:0101"), None)])
    assert scheduler.problems == before


def test_problems_are_found_off_the_gui_thread(window, qtbot, monkeypatch):
    import threading
    seen = []
    original = find_problems

    def spy(*args, **kwargs):
        seen.append(threading.current_thread() is threading.main_thread())
        return original(*args, **kwargs)
    monkeypatch.setattr("studio.gui.validation_worker.find_problems", spy)
    window.doc.set_field("round_limit", 5)
    qtbot.waitUntil(lambda: bool(seen) and window.validation.idle())
    assert seen == [False]


def test_edits_in_a_burst_are_validated_once(window, qtbot, monkeypatch):
    runs = []
    original = window.validation.run_now
    monkeypatch.setattr(window.validation, "run_now", lambda: (runs.append(1), original()))
    window.validation.timer.timeout.disconnect()
    window.validation.timer.timeout.connect(window.validation.run_now)
    window.validation.timer.setInterval(200)
    for n in range(5):
        window.doc.set_field("round_limit", 5 + n)
    qtbot.waitUntil(window.validation.idle)
    assert runs == [1]


def test_locate_finds_fields_by_line():
    from studio.io import load_file
    loaded = load_file(sample_scenario_path())
    text = dump_model(loaded.model)
    doc = load_text(text, "x.yaml")
    line = next(i for i, l in enumerate(text.splitlines(), 1) if l.startswith("round_limit"))
    target = locate(_diag(None, line), doc.model, doc.positions)
    assert target == Target("field", field="round_limit")
    victory_line = next(i for i, l in enumerate(text.splitlines(), 1) if "kind: destroy-leader" in l)
    assert locate(_diag(None, victory_line), doc.model, doc.positions) == Target("victory", index=0)


def test_locate_finds_a_roster_unit_by_line():
    # A finding with only a line inside a side's unit list goes to that unit, named as the
    # loader numbers it.
    from studio.io import load_file
    loaded = load_file(sample_scenario_path())
    text = dump_model(loaded.model)
    doc = load_text(text, "x.yaml")
    lines = text.splitlines()
    units_line = next(i for i, l in enumerate(lines, 1) if l.strip() == "units:")
    unit_line = units_line + 1
    target = locate(_diag(None, unit_line), doc.model, doc.positions)
    side = doc.model.sides[0]
    first = side.army.units[0]
    assert target is not None and target.kind == "unit"
    assert (target.side, target.index, target.hex) == (side.id, 0, first.hex)
    assert target.name == (first.id or f"{first.type}-1")


def _diag(subject, line=None):
    from studio.diagnostics import Diagnostic
    return Diagnostic("error", "test", "a test finding", line=line, subject=subject)


"""Issue 18 items 2 and 10: an output that names an input is refused, bad paths exit 2."""

import shutil
from pathlib import Path

from studio.cli import main

TEMPLATE = Path(__file__).resolve().parent.parent / "templates" / "scenarios" / "belt-skirmish.yaml"


def _copy(tmp_path):
    target = tmp_path / "s.yaml"
    shutil.copy(TEMPLATE, target)
    return target


def test_simulate_output_equal_to_scenario_is_refused(tmp_path):
    scenario = _copy(tmp_path)
    before = scenario.read_bytes()
    assert main(["simulate", str(scenario), "-o", str(scenario)]) == 2
    assert scenario.read_bytes() == before


def test_validate_empty_path_is_refused():
    assert main(["validate", ""]) == 2


def test_simulate_empty_scenario_exits_2(tmp_path):
    empty = tmp_path / "empty.yaml"
    empty.write_text("")
    assert main(["simulate", str(empty)]) == 2

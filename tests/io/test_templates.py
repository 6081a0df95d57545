"""The bundled templates: three playable samples and blank starts, all valid."""
import pytest

from studio.io import default_library, load_file
from studio.io.samples import sample_scenario_path, scenario_templates
from studio.validate import validate_document

SAMPLES = {"marathon": "basic-ground", "trench-assault": "ww1-ground",
           "belt-skirmish": "basic-space"}


def _load(path):
    doc = load_file(path)
    return doc, validate_document(doc, default_library())


@pytest.mark.parametrize("path", scenario_templates(), ids=lambda p: p.stem)
def test_every_template_is_valid(path):
    doc, findings = _load(path)
    serious = [d.format() for d in findings if d.severity in ("error", "warning")]
    assert serious == []
    assert doc.model.id == path.stem


@pytest.mark.parametrize("scenario_id,terrain_set", SAMPLES.items())
def test_samples_field_15_to_30_units_a_side(scenario_id, terrain_set):
    doc, _ = _load(sample_scenario_path().with_name(f"{scenario_id}.yaml"))
    scenario = doc.model
    assert scenario.terrain_set == terrain_set
    assert len(scenario.sides) == 2
    for side in scenario.sides:
        placed = [u for u in side.army.expanded() if u.hex is not None]
        assert 15 <= len(placed) <= 30, side.id
        assert len(placed) == len(side.army.expanded()), "samples place every unit"


def test_marathon_has_hills_and_a_river():
    doc, _ = _load(sample_scenario_path())
    m = doc.model.map
    assert any(ch in "123456789" for row in m.elevation for ch in row)
    assert sum(row.count("~") + row.count("w") for row in m.terrain) >= m.rows
    assert any("=" in row for row in m.terrain)


def test_blank_starts_only_say_the_sides_are_empty():
    blanks = [p for p in scenario_templates() if p.stem.startswith("blank-")]
    assert {p.stem for p in blanks} >= {"blank-20x15-flat", "blank-32x22-flat",
                                         "blank-32x22-pointy", "blank-48x32-flat"}
    for path in blanks:
        doc, findings = _load(path)
        assert {d.code for d in findings} == {"side-empty"}
        assert all(d.severity == "info" for d in findings)
        assert set("".join(doc.model.map.terrain)) == {"."}

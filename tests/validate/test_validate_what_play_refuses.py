"""Issue 29 items 3 and 5: what play or simulate would refuse (or crash on) is a validation
error at file:line, never a clean file and never an `error[internal]`."""
import shutil

from fuzz_cases import ROOT, _cli

TEMPLATES = ROOT / "templates" / "scenarios"


def _library_copy(tmp_path, name: str, old: str, new: str):
    """A library folder holding one bundled file with `old` replaced by `new`."""
    path = tmp_path / "lib" / name
    path.parent.mkdir(parents=True)
    text = (ROOT / "libraries" / name).read_text()
    assert old in text
    path.write_text(text.replace(old, new, 1))
    return path


def test_two_sides_with_one_id_are_an_error_at_the_second(tmp_path):
    path = tmp_path / "twins.yaml"
    text = (TEMPLATES / "blank-20x15-flat.yaml").read_text()
    path.write_text(text.replace("id: east", "id: west").replace("side: east", "side: west"))
    code, said = _cli(["validate", str(path)])
    assert code == 1
    line = text.splitlines().index("  - id: east") + 1
    assert f"twins.yaml:{line}:9: error[duplicate-side-id]: side 2 has the id 'west' " \
           "of side 1" in said


def test_a_ruleset_file_for_an_unknown_system_is_an_error_at_its_line(tmp_path):
    path = _library_copy(tmp_path, "rulesets/quick-and-dirty.yaml",
                         "system: quick-and-dirty", "system: quick-and-dirt")
    code, said = _cli(["validate", str(path), str(TEMPLATES / "qnd-mirror.yaml"),
                       "--library", str(tmp_path / "lib")])
    assert code == 1
    assert "quick-and-dirty.yaml:5:9: error[unknown-system]: ruleset 'quick-and-dirty' is " \
           "for the game system 'quick-and-dirt'" in said
    assert "did you mean 'quick-and-dirty'?" in said


def test_a_special_of_the_wrong_shape_is_reported_not_a_crash(tmp_path):
    path = _library_copy(tmp_path, "army-lists/ad-kingdom-of-men.yaml",
                         "specials: [command]", "specials: [{k: 1}]")
    code, said = _cli(["validate", str(path), str(TEMPLATES / "ad-mirror.yaml"),
                       "--library", str(tmp_path / "lib")])
    assert code == 1
    assert "error[internal]" not in said
    assert "ad-kingdom-of-men.yaml:38:142: error[unit-stats]: unit type 'captain': " \
           "specials is a list of special ability ids" in said

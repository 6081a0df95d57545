"""Issue 29 item 12: validation of any file it accepts stays quick, so the sizes that made it
slow are refused: more than 64 sides, more than 1,000 objectives, more than 40,000 lines.
Past a size limit the other checks are not run at all (they would take seconds on a file
that cannot be used), which the tests count rather than time."""
import copy

import pytest
import yaml

from fuzz_cases import ROOT, _cli
import studio.validate as validate

BLANK = ROOT / "templates" / "scenarios" / "blank-20x15-flat.yaml"


@pytest.fixture
def counted_checks(monkeypatch):
    """How many times the checks after the limits ran."""
    calls = []
    monkeypatch.setattr(validate, "CHECKS", [
        (lambda check: lambda doc, lib: (calls.append(check.__name__), check(doc, lib))[1])(c)
        for c in validate.CHECKS])
    return calls


def _write(tmp_path, data) -> str:
    path = tmp_path / "big.yaml"
    path.write_text(yaml.safe_dump(data, sort_keys=False, allow_unicode=True))
    return str(path)


def test_more_than_64_sides_is_refused_without_the_slow_checks(tmp_path, counted_checks):
    data = yaml.safe_load(BLANK.read_text())
    for k in range(2, 1000):
        data["sides"].append(copy.deepcopy(dict(data["sides"][1], id=f"s{k}", name=f"S {k}")))
    code, said = _cli(["validate", _write(tmp_path, data)])
    assert code == 1
    assert "error[too-many-sides]: the scenario has 1,000 sides, more than the 64 the " \
           "studio can check and play" in said
    assert counted_checks == []


def test_64_sides_are_checked_in_full(tmp_path, counted_checks):
    data = yaml.safe_load(BLANK.read_text())
    for k in range(2, 64):
        data["sides"].append(copy.deepcopy(dict(data["sides"][1], id=f"s{k}", name=f"S {k}")))
    code, said = _cli(["validate", _write(tmp_path, data)])
    assert code == 0, said
    assert len(counted_checks) == len(validate.CHECKS)


def test_more_than_1000_objectives_is_refused(tmp_path, counted_checks):
    data = yaml.safe_load(BLANK.read_text())
    data["objectives"] = [{"hex": f"{k % 20 + 1:02d}{k // 20 % 15 + 1:02d}",
                           "name": f"o{k}", "points": 1} for k in range(1001)]
    code, said = _cli(["validate", _write(tmp_path, data)])
    assert code == 1 and "error[too-many-objectives]: the scenario has 1,001 objectives" in said
    assert counted_checks == []


def test_a_file_of_over_40000_lines_is_refused_unread(tmp_path):
    path = tmp_path / "long.yaml"
    path.write_text(BLANK.read_text() + "".join(f"# {k}\n" for k in range(98_000)))
    code, said = _cli(["validate", str(path)])
    assert code != 0
    assert "long.yaml:40001:1: error[file-too-long]" in said

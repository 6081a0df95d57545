"""validate_paths / run_validation: files and folders, files that reference each other,
army files, unreadable input, and a faulty check that must not hide the others."""
from __future__ import annotations

from pathlib import Path

import studio.validate as validate
from studio.io import default_library, load_text
from studio.validate import run_validation, validate_document, validate_paths

ARMY = """\
kind: army
format: 1
id: spartan-expedition
name: Spartan expedition
army_list: ancient-greek
composition: greek-army
points_limit: 100
units:
  - {type: general, count: 1}
  - {type: hoplites-spartan-theban, count: 8}
  - {type: peltasts, count: 2}
  - {type: psiloi-sling, count: 2}
  - {type: medium-cavalry, count: 2}
  - {type: light-cavalry-javelin, count: 1}
"""


def line_of(text: str, fragment: str) -> int:
    [n] = [n for n, line in enumerate(text.splitlines(), 1) if fragment in line]
    return n


def write(folder: Path, name: str, text: str) -> Path:
    path = folder / name
    path.write_text(text, encoding="utf-8")
    return path


def test_an_army_file_is_checked_like_a_side(tmp_path):
    path = write(tmp_path, "army.yaml", ARMY)
    assert validate_paths([path]) == []
    text = ARMY.replace("points_limit: 100", "points_limit: 90").replace(
        "{type: general, count: 1}", "{type: general, count: 2}")
    path = write(tmp_path, "army.yaml", text)
    found = {d.code: d for d in validate_paths([path])}
    assert set(found) == {"points-over-limit", "several-army-leaders", "composition-rule-failed"}
    assert "army 'spartan-expedition' spends" in found["points-over-limit"].message
    assert found["points-over-limit"].line == line_of(text, "points_limit: 90")
    assert "1 General: 2 units, needs exactly 1" in found["composition-rule-failed"].message
    assert found["several-army-leaders"].subject == "side:spartan-expedition"


def test_a_folder_validates_each_file_and_files_resolve_each_other(tmp_path):
    own_list = Path(default_library().document("army-list", "ancient-greek").path).read_text(
        encoding="utf-8").replace("id: ancient-greek", "id: my-greeks", 1)
    write(tmp_path, "list.yaml", own_list)
    write(tmp_path, "army.yaml", ARMY.replace("army_list: ancient-greek", "army_list: my-greeks"))
    run = run_validation([tmp_path])
    assert run.diagnostics == [] and len(run.files) == 2 and run.usable


def test_a_file_may_shadow_an_installed_one_but_given_files_may_not_share_ids(tmp_path):
    own = Path(default_library().document("army-list", "ancient-greek").path).read_text(
        encoding="utf-8")
    first = write(tmp_path, "a.yaml", own)
    assert validate_paths([first]) == []
    second = write(tmp_path, "b.yaml", own)
    found = validate_paths([first, second])
    assert [d.code for d in found] == ["duplicate-id"]


def test_missing_paths_empty_folders_and_unreadable_files(tmp_path):
    run = run_validation([tmp_path / "nope.yaml"])
    assert [d.code for d in run.diagnostics] == ["path-missing"] and not run.usable
    (tmp_path / "empty").mkdir()
    run = run_validation([tmp_path / "empty"])
    assert [d.code for d in run.diagnostics] == ["no-files"] and not run.usable
    bad = write(tmp_path, "bad.yaml", "kind: army\nunits: [\n")
    run = run_validation([bad])
    assert run.unreadable == [str(bad)] and not run.usable
    assert run.diagnostics and all(d.file == str(bad) for d in run.diagnostics)
    good = write(tmp_path, "army.yaml", ARMY)
    assert run_validation([bad, good]).usable


def test_validate_document_returns_load_findings_when_no_model():
    doc = load_text("kind: army\nformat: 1\n", "broken.yaml")
    found = validate_document(doc, default_library())
    assert found and found == sorted(doc.diagnostics, key=lambda d: (d.line or 0, d.column or 0, d.code))


def test_a_failing_check_is_reported_and_the_others_still_run(tmp_path, monkeypatch):
    def broken(doc, library):
        raise RuntimeError("boom")

    monkeypatch.setattr(validate, "CHECKS", [broken, *validate.CHECKS])
    text = ARMY.replace("points_limit: 100", "points_limit: 10")
    found = validate_paths([write(tmp_path, "army.yaml", text)])
    codes = [d.code for d in found]
    assert "internal" in codes and "points-over-limit" in codes
    assert "the broken check failed (RuntimeError('boom'))" in found[codes.index("internal")].message

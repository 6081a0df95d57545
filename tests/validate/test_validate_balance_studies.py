"""Issue 29 item 4: a balance study that validates is one `studio balance` runs. Validate
builds and checks the variants as balance does, and a target of 0 or 1 (which the
sequential tests cannot weigh: log 0) is refused by both."""
import shutil

import pytest

from fuzz_cases import ROOT, _cli

STUDY = "marathon-balance.yaml"


@pytest.fixture
def study_copy(tmp_path):
    """The bundled study and scenario copied to tmp_path; a function that edits the study."""
    shutil.copytree(ROOT / "templates", tmp_path / "templates")
    path = tmp_path / "templates" / "studies" / STUDY

    def edited(old: str, new: str):
        text = path.read_text()
        assert old in text
        path.write_text(text.replace(old, new, 1))
        return path
    return edited


def _line(path, text: str) -> int:
    return next(n for n, line in enumerate(path.read_text().splitlines(), 1) if text in line)


@pytest.mark.parametrize("old, new, code, found", [
    ("type: cretan-bowmen", "type: cretan-bowman", "bad-variant",
     "variant 2: athenians's army list 'persian-wars-greek' has no unit type 'cretan-bowman'"),
    ("side: athenians\n", "side: spartans\n", "unknown-side", "the scenario has no side "
     "'spartans'"),
    ("scenario: ../scenarios/marathon.yaml", "scenario: ../scenarios/marathn.yaml",
     "no-scenario", "the scenario file '../scenarios/marathn.yaml' does not exist"),
    ("limit: 110}", "limit: 1}", "variant-invalid", "variant 4 (Athenians and Plataeans: points "
     "limit 100 to 1 (army 75 to 75 pts)) breaks the scenario: side 'athenians' spends 75"),
])
def test_what_balance_refuses_validate_reports_at_the_study_line(study_copy, old, new, code,
                                                                  found):
    path = study_copy(old, new)
    balance, refusal = _cli(["balance", str(path)])
    assert balance == 1, refusal
    line = _line(path, new.strip())
    checked, said = _cli(["validate", str(path)])
    assert checked == 1
    assert f"{STUDY}:{line}:" in said and f"error[{code}]: {found}" in said
    # the same words as balance's own refusal
    assert f"error[{code}]: {found}" in refusal


def test_the_bundled_study_still_validates():
    code, said = _cli(["validate", str(ROOT / "templates" / "studies" / STUDY)])
    assert code == 0, said


@pytest.mark.parametrize("target", ["0", "1", "0.0", "1.0"])
def test_a_target_of_0_or_1_is_refused_by_validate_and_balance(study_copy, target):
    path = study_copy("target: 0.5", f"target: {target}")
    code, said = _cli(["validate", str(path)])
    assert code == 1 and f"{STUDY}:{_line(path, 'target:')}:9: error[schema]: `target`" in said
    code, said = _cli(["balance", str(path)])
    assert code == 1 and "math domain error" not in said


@pytest.mark.parametrize("target", ["0", "1"])
def test_a_target_of_0_or_1_on_the_command_line_is_a_usage_error(target):
    code, said = _cli(["balance", str(ROOT / "templates" / "studies" / STUDY),
                       "--target", target])
    assert code == 2
    assert f"'{target}': give a number above 0 and below 1" in said

"""Balance studies: bad input refused at the study file's lines before any game; adaptive
batches that stop decided variants; the same report on a rerun and with worker processes;
a cancel keeps the games played; the suggestion; `studio balance` and its PDF."""
from __future__ import annotations
from repo_paths import REPO_ROOT

import json
import subprocess
import threading
from pathlib import Path

import pytest

from studio.balance import (StudyRefused, StudyReport, VariantResult, format_study, load_study,
                            prepare_study, run_study)
from studio.cli import main
from studio.io import default_library
from studio.model import BalanceStudy, StudyVariant
from studio.simulate.mirror import mirror_scenario

ROOT = REPO_ROOT
MARATHON = ROOT / "templates" / "scenarios" / "marathon.yaml"


@pytest.fixture(scope="module")
def library():
    return default_library()


def write_study(tmp_path, variants: str, name="study.yaml") -> Path:
    path = tmp_path / name
    path.write_text("kind: balance-study\nformat: 1\nid: check\nname: Check\n"
                    f"scenario: {MARATHON}\nside: athenians\nvariants:\n{variants}",
                    encoding="utf-8")
    return path


def line_of(path: Path, text: str) -> int:
    return next(i for i, line in enumerate(path.read_text().splitlines(), 1) if text in line)


def test_every_bad_variant_is_named_at_its_line(tmp_path, library):
    path = write_study(tmp_path,
                       "  - add: {side: persians, type: hoplite-ghosts, count: 1}\n"
                       "  - add: {side: persians, type: immortals, count: 20}\n"
                       "  - remove: {side: athenians, type: cretan-bowmen, count: 9}\n"
                       "  - objective_points: {objective: Acropolis, points: 4}\n"
                       "  - option: {name: no_such_option, value: 3}\n"
                       "  - round_limit: 10\n")
    with pytest.raises(StudyRefused) as caught:
        load_study(path, library)
    found = {d.line: d for d in caught.value.diagnostics}
    ghost = found[line_of(path, "hoplite-ghosts")]
    assert "has no unit type 'hoplite-ghosts'" in ghost.message
    assert ghost.format().startswith(f"{path}:{ghost.line}:")
    over = found[line_of(path, "count: 20")].message
    assert "breaks the scenario" in over and "points" in over
    assert "cannot remove 9" in found[line_of(path, "count: 9")].message
    assert "no objective 'Acropolis'" in found[line_of(path, "Acropolis")].message
    assert "no option 'no_such_option'" in found[line_of(path, "no_such_option")].message
    assert line_of(path, "round_limit") not in found       # the good variant is not blamed


def test_cli_refuses_a_bad_study_before_any_game(tmp_path, capsys):
    path = write_study(tmp_path, "  - add: {side: persians, type: hoplite-ghosts}\n")
    assert main(["balance", str(path)]) == 1
    err = capsys.readouterr().err
    assert f"{path}:{line_of(path, 'hoplite-ghosts')}:" in err
    assert main(["balance", str(tmp_path / "missing.yaml")]) == 2
    schema_bad = write_study(tmp_path, "  - {round_limit: 3, add: {side: persians, type: x}}\n",
                             "two.yaml")
    assert main(["balance", str(schema_bad)]) == 1
    assert "too many properties" in capsys.readouterr().err


def test_the_shipped_study_builds_and_validates(library):
    prepared = load_study(ROOT / "templates" / "studies" / "marathon-balance.yaml", library)
    assert len(prepared.variants) == 7
    filled = prepared.variants[4]
    assert "points limit 100 to 110" in filled.label and filled.details.startswith("filled")
    athenians = filled.scenario.side("athenians")
    assert len(athenians.army.units) > 25 and all(u.hex for u in athenians.army.units)


# -- running ---------------------------------------------------------------------------------

def mirror_study(library, max_games=150):
    lst = library.army_list("persian-wars-greek")
    sc = mirror_scenario(lst, "greek-archon", ["spartan-warband", "athenian-hoplites",
                                               "ionian-peltasts"], columns=11, rows=8)
    study = BalanceStudy("mirror", "Mirror", "mirror.yaml", "west", [
        StudyVariant("remove", {"side": "west", "type": "spartan-warband", "count": 1}),
        StudyVariant("add", {"side": "west", "type": "athenian-hoplites", "count": 2})],
        band=0.1, max_games=max_games)
    return prepare_study(study, library, scenario=sc)


def test_adaptive_batches_stop_decided_variants_and_rerun_identically(library):
    prepared = mirror_study(library)
    report = run_study(prepared, library)
    base, weaker, stronger = report.variants
    assert (weaker.verdict, weaker.direction, weaker.games) == ("misses", "low", 100)
    assert (stronger.verdict, stronger.direction, stronger.games) == ("misses", "high", 100)
    assert base.games == 150                   # still open after 100: played to the cap
    assert report.to_json() == run_study(prepared, library).to_json()
    text = format_study(report)
    assert text.index(base.label) < text.index(weaker.label)      # ranked by distance


def test_worker_processes_give_the_same_study(library):
    prepared = mirror_study(library, max_games=100)
    assert run_study(prepared, library, workers=2).to_json() == \
        run_study(prepared, library).to_json()


def test_cancel_keeps_the_games_played(library):
    prepared = mirror_study(library)
    stop = threading.Event()
    seen = []

    def progress(done, planned):
        seen.append(done)
        if done >= 30:
            stop.set()
    report = run_study(prepared, library, progress=progress, cancel=stop)
    assert report.cancelled and report.games == 30
    assert "Cancelled" in format_study(report)


def test_suggestion_is_the_smallest_change_that_reaches():
    def result(n, size, verdict, wins):
        return VariantResult(n, f"v{n}", size, games=100, wins=wins, verdict=verdict)
    report = StudyReport("s", "S", "sc", "Sc", "a", "A", 0.5, 0.03, 0.05, 1, 100, [
        result(0, 0.0, "misses", 40), result(1, 0.2, "reaches", 50),
        result(2, 0.1, "reaches", 52), result(3, 0.05, "open", 50)])
    assert report.suggestion().number == 2
    assert "Smallest change" in report.suggestion_text() and "v2" in report.suggestion_text()
    assert [v.number for v in report.ranked()] == [1, 3, 2, 0]
    for v in report.variants[1:3]:
        v.verdict = "misses"
    assert report.suggestion() is None
    assert report.suggestion_text().startswith("None of the variants")
    assert json.loads(report.to_json())["suggestion"] is None


def test_cli_json_and_pdf(tmp_path, capsys):
    path = write_study(tmp_path, "  - round_limit: 10\n")
    text = path.read_text().replace("variants:", "max_games: 10\nvariants:")
    path.write_text(text)
    pdf = tmp_path / "study.pdf"
    assert main(["balance", str(path), "--target", "0.4", "--band", "0.05", "--format", "json",
                 "--workers", "2", "--pdf", str(pdf)]) == 0
    data = json.loads(capsys.readouterr().out)
    assert data["target"] == 0.4 and data["band"] == 0.05
    assert [v["games"] for v in data["variants"]] == [10, 10]
    words = subprocess.run(["pdftotext", str(pdf), "-"], capture_output=True,
                           text=True).stdout
    assert "Balance study" in words and "round limit 12 to 10" in words
    assert "Win rate of each variant" in words and "Suggestion" in words


@pytest.mark.parametrize("module", ["studio.balance.sequential", "studio.balance.report"])
def test_docstring_examples(module):
    import doctest
    import importlib
    result = doctest.testmod(importlib.import_module(module))
    assert result.failed == 0 and result.attempted > 0


def simulated_verdicts(p, runs=600, alpha=0.05, cap=2000, seed=11):
    """Verdicts of the lab's tests and round schedule on simulated games of win rate p."""
    import random
    from studio.balance.sequential import SprtPair, next_total
    rng = random.Random(seed)
    out = {"reaches": 0, "misses": 0, "open": 0}
    for _ in range(runs):
        test = SprtPair(0.5, 0.03, alpha, alpha / 2)
        wins = played = 0
        while test.verdict == "open" and played < cap:
            total = next_total(played, 100, cap)
            wins += sum(rng.random() < p for _ in range(total - played))
            played = total
            test.update(wins, played)
        out[test.verdict] += 1
    return {k: v / runs for k, v in out.items()}


def test_the_sequential_tests_keep_their_error_rates():
    # At a band edge, "reaches" at most alpha (5%); on target, "misses" at most 2 beta (5%).
    assert simulated_verdicts(0.47)["reaches"] <= 0.05
    assert simulated_verdicts(0.5)["misses"] <= 0.05
    far = simulated_verdicts(0.35, runs=200)
    assert far["misses"] == 1.0

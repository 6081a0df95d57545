"""Balance study reports (issue 28 items 25 and 26): the interval the verdict uses and the
games that would decide an open variant; a study resumed from its saved state gives the
report of an uninterrupted run; a variant the games never meet is reported "no effect on
these games", with why, and every variant names the deciding conditions it can act on."""
from __future__ import annotations

import json
import threading

import pytest

from studio.balance import prepare_study, run_study, format_study
from studio.balance.resume import ResumeRefused, load_state, save_state, state_path
from studio.balance.sequential import SprtPair
from studio.io import default_library
from studio.model import BalanceStudy, StudyVariant
from studio.simulate.mirror import mirror_scenario


@pytest.fixture(scope="module")
def library():
    return default_library()


def mirror(library, max_games=100, variants=None):
    lst = library.army_list("persian-wars-greek")
    sc = mirror_scenario(lst, "greek-archon", ["spartan-warband", "athenian-hoplites",
                                               "ionian-peltasts"], columns=11, rows=8)
    study = BalanceStudy("mirror", "Mirror", "mirror.yaml", "west", variants or [
        StudyVariant("round_limit", sc.round_limit + 6),
        StudyVariant("remove", {"side": "west", "type": "spartan-warband", "count": 1})],
        band=0.1, max_games=max_games)
    return prepare_study(study, library, scenario=sc)


@pytest.fixture(scope="module")
def finished(library):
    prepared = mirror(library, max_games=160)
    return prepared, run_study(prepared, library)


def test_report_shows_the_verdict_interval_and_games_to_decide(finished):
    _prepared, report = finished
    base = report.variants[0]
    assert base.verdict == "open" and base.games == 160
    low, high = report.verdict_interval(base)
    c_low, c_high = base.ci95
    assert low < c_low and c_high < high                  # wider than the 95% interval
    # The verdict is exactly "the interval inside the band": still open, an edge inside it.
    assert low < report.target - report.band or high > report.target + report.band
    more = report.more_games(base)
    assert more is not None and more > 0
    # Playing `more` games more at the same win rate decides it (and a tenth as many do not).
    def verdict_after(extra):
        games = base.games + extra
        t = SprtPair(report.target, report.band, report.alpha, report.alpha / 2)
        return t.update(round(base.win_rate * games), games).verdict
    assert verdict_after(more + 2) != "open"
    assert verdict_after(more // 10) == "open"
    text = format_study(report)
    assert "verdict interval" in text and f"{100 * low:.1f}%" in text
    assert f"about {more} more games would decide it" in text
    row = json.loads(report.to_json())["variants"][0]
    assert row["verdict_interval"] == [low, high] and row["more_games"] == more


def test_a_change_the_games_never_meet_has_no_effect(finished):
    _prepared, report = finished
    base, longer, weaker = report.variants
    assert (longer.wins, longer.games) == (base.wins, base.games)
    assert longer.no_effect.startswith("no game reached round 12 (the longest lasted ")
    assert "no effect on these games: no game reached round 12" in format_study(report)
    assert "games still going at the round limit" in longer.touches
    assert weaker.no_effect == "" and weaker.touches == "every condition: it changes an army"
    assert base.no_effect == "" and base.touches == ""
    row = json.loads(report.to_json())["variants"][1]
    assert row["no_effect"] == longer.no_effect


def test_a_study_resumes_where_it_stopped(finished, library, tmp_path):
    prepared, whole = finished
    path = state_path(tmp_path / "report.json")
    assert path.name == "report.state.json"
    stop = threading.Event()

    def progress(done, _planned):
        if done >= 130:                           # in the middle of the second round
            stop.set()
    cut = run_study(prepared, library, progress=progress, cancel=stop,
                    on_round=lambda state: save_state(path, prepared, state))
    assert cut.cancelled and cut.games < whole.games
    state = load_state(path, prepared)
    assert 0 < state.games <= cut.games
    resumed = run_study(prepared, library, resume=state)
    assert resumed.to_json() == whole.to_json()           # as if never stopped
    # A larger cap goes on from the finished study's games.
    save_state(path, prepared, state)
    more = mirror(library, max_games=240)
    again = run_study(more, library, resume=load_state(path, more))
    assert again.to_json() == run_study(more, library).to_json()


def test_a_state_of_another_study_is_refused(library, tmp_path):
    prepared = mirror(library, max_games=10)
    path = tmp_path / "s.state.json"
    run_study(prepared, library, on_round=lambda state: save_state(path, prepared, state))
    other = mirror(library, max_games=10, variants=[StudyVariant("round_limit", 5)])
    with pytest.raises(ResumeRefused, match="another study, or for this one before"):
        load_state(path, other)
    with pytest.raises(ResumeRefused, match="no saved study at"):
        load_state(tmp_path / "none.state.json", prepared)


def test_cli_saves_the_state_beside_the_output_and_resumes(tmp_path, capsys):
    from studio.cli import main
    from test_balance_study import write_study
    path = write_study(tmp_path, "  - round_limit: 16\n")
    path.write_text(path.read_text().replace("variants:", "max_games: 10\nvariants:"))
    out = tmp_path / "report.json"
    assert main(["balance", str(path), "-o", str(out), "--format", "json"]) == 0
    first = json.loads(capsys.readouterr().out)
    saved = tmp_path / "report.state.json"
    assert saved.is_file()
    assert main(["balance", str(path), "-o", str(out), "--format", "json", "--resume"]) == 0
    captured = capsys.readouterr()
    assert f"resuming from {saved}: 20 game(s) already played" in captured.err
    assert json.loads(captured.out) == first
    path.write_text(path.read_text().replace("round_limit: 16", "round_limit: 14"))
    assert main(["balance", str(path), "-o", str(out), "--resume"]) == 2
    assert "run the study without --resume to start over" in capsys.readouterr().err


def test_a_study_without_a_target_aims_at_an_even_share(library):
    from studio.io import load_text
    from studio.io.samples import scenarios_dir
    three = scenarios_dir() / "qnd-battle-of-three-armies.yaml"
    sc = load_text(three.read_text(), str(three)).model
    study = BalanceStudy("t", "T", str(three), sc.sides[0].id,
                         [StudyVariant("round_limit", (sc.round_limit or 10) + 2)])
    assert study.target is None
    assert prepare_study(study, library, scenario=sc).study.target == pytest.approx(1 / 3,
                                                                                    abs=1e-4)
    text = "kind: balance-study\nformat: 1\nid: t\nname: T\nscenario: x.yaml\nside: a\n" \
           "variants:\n  - round_limit: 4\n"
    assert load_text(text, "t.yaml").model.target is None

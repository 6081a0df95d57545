"""Issue 29 item 9: a game log ends with a closing record (the result and a digest of the
lines before it), so a log cut at an action boundary is told from a whole one; an
unfinished game says so in words and in its exit code; a bad line is quoted in a short
excerpt only; a log over the size limit is told its size."""
import json

import pytest

from fuzz_cases import ROOT, _cli
from studio.playtest import log_check

SCENARIO = ROOT / "templates" / "scenarios" / "qnd-mirror.yaml"


@pytest.fixture(scope="module")
def whole_log(tmp_path_factory):
    path = tmp_path_factory.mktemp("log") / "game.jsonl"
    code, said = _cli(["play", str(SCENARIO), "--seed", "2", "--quiet", "--log", str(path)])
    assert code == 0, said
    return path.read_text()


def _replay(tmp_path, text: str) -> tuple[int, str]:
    path = tmp_path / "game.jsonl"
    path.write_text(text)
    return _cli(["replay", str(path)])


def _won(whole_log) -> str:
    """The result as replay words it ("west wins in round 4"), from the closing record."""
    result = json.loads(whole_log.splitlines()[-1])["result"]
    return f"{result['winner']} wins in round {result['round']}"


def test_a_finished_game_log_ends_with_its_result_and_digest(whole_log, tmp_path):
    closing = json.loads(whole_log.splitlines()[-1])
    assert closing["type"] == "end" and closing["finished"] is True
    assert closing["result"]["outcome"] == "win" and closing["result"]["winner"] in {"west", "east"}
    assert closing["lines"] == len(whole_log.splitlines()) - 1
    assert len(closing["sha256"]) == 64
    code, said = _replay(tmp_path, whole_log)
    assert code == 0 and said.startswith("OK: ") and f"({_won(whole_log)})" in said


def test_a_log_cut_at_an_action_boundary_is_unfinished_with_exit_1(whole_log, tmp_path):
    lines = whole_log.splitlines()
    last_action = max(n for n, line in enumerate(lines) if '"type": "action"' in line)
    code, said = _replay(tmp_path, "\n".join(lines[:last_action]) + "\n")
    assert code == 1
    assert said.startswith("UNFINISHED: ") and "the log has no closing record: it was cut " \
        "short, or the game was stopped before its end" in said


def test_a_log_cut_but_keeping_its_closing_record_is_a_mismatch(whole_log, tmp_path):
    lines = whole_log.splitlines()
    # cut just before an action, so every line kept replays and only the digest can tell
    cut = max(n for n, line in enumerate(lines[:70]) if '"type": "action"' in line)
    code, said = _replay(tmp_path, "\n".join(lines[:cut] + lines[-1:]) + "\n")
    assert code == 1
    assert "MISMATCH: " in said and f"the closing record (line {cut + 1}) does not match the " \
        f"{cut} lines before it" in said


def test_an_old_log_without_a_closing_record_still_replays_and_says_so(whole_log, tmp_path):
    code, said = _replay(tmp_path, "\n".join(whole_log.splitlines()[:-1]) + "\n")
    assert code == 0
    assert f"({_won(whole_log)}); no closing record" in said


def test_a_closing_record_with_another_result_is_a_mismatch(whole_log, tmp_path):
    lines = whole_log.splitlines()
    closing = json.loads(lines[-1])
    closing["result"]["winner"] = {"west": "east", "east": "west"}[closing["result"]["winner"]]
    code, said = _replay(tmp_path, "\n".join(lines[:-1] + [json.dumps(closing)]) + "\n")
    assert code == 1 and "the closing record gives the result" in said


def test_a_huge_bad_line_is_quoted_in_a_short_excerpt(whole_log, tmp_path):
    lines = whole_log.splitlines()
    header = json.loads(lines[0])
    header["seed"] = "7" * 3_000_000
    code, said = _replay(tmp_path, "\n".join([json.dumps(header)] + lines[1:]) + "\n")
    assert code == 2
    assert "the seed is '777" in said and "(3,000,002 characters)" in said
    assert len(said) < 500


def test_the_size_limit_message_gives_the_file_size(tmp_path, monkeypatch):
    monkeypatch.setattr(log_check, "MAX_LOG_BYTES", 2 << 20)
    code, said = _replay(tmp_path, "x" * (3 << 20))
    assert code == 2
    assert "the game log is 3,145,728 bytes (3.0 MiB), over the limit of 2 MiB" in said

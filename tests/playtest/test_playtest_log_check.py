"""A game log handed to `studio replay` or the studio is checked line by line, for any
ruleset: what `studio play` writes passes; a broken line is refused with its number."""
import json

import pytest

from studio.ai import HeuristicAI, game_seeds, run_game
from studio.engine import record, to_jsonl
from studio.io import default_library, load_file
from studio.playtest.log_check import checked_log
from studio.rulesets import new_game

LIBRARY = default_library()


def _log(path: str) -> str:
    scenario = load_file(path).model
    dice, ai = game_seeds(5, 0, [s.id for s in scenario.sides])
    state = new_game(scenario, LIBRARY, dice)
    run_game(state, {s.id: HeuristicAI(ai[s.id]) for s in scenario.sides})
    return to_jsonl(record(state))


@pytest.fixture(scope="module", params=["templates/scenarios/marathon.yaml",
                                        "templates/scenarios/qnd-mirror.yaml"])
def log_text(request):
    return _log(request.param)


def _with_line(text: str, index: int, change) -> str:
    lines = text.splitlines()
    d = json.loads(lines[index])
    change(d)
    lines[index] = json.dumps(d)
    return "\n".join(lines) + "\n"


def _first_action(text: str) -> int:
    return next(i for i, line in enumerate(text.splitlines()) if '"type": "action"' in line)


def test_a_played_log_passes(log_text):
    log = checked_log(log_text)
    assert log.actions


def test_an_unknown_action_type_is_refused_at_its_line(log_text):
    i = _first_action(log_text)
    bad = _with_line(log_text, i, lambda d: d["action"].update(type="Teleport"))
    with pytest.raises(ValueError, match=rf"line {i + 1}: .*Teleport"):
        checked_log(bad)


def test_an_action_field_of_the_wrong_kind_is_refused(log_text):
    i = _first_action(log_text)

    def change(d):
        key = next(k for k in d["action"] if k != "type")
        d["action"][key] = {"nested": True}
    with pytest.raises(ValueError, match=rf"line {i + 1}:"):
        checked_log(_with_line(log_text, i, change))


def test_an_option_the_ruleset_does_not_have_is_refused(log_text):
    bad = _with_line(log_text, 0, lambda d: d.update(options_override={"warp_speed": 9}))
    with pytest.raises(ValueError, match="line 1: .*unknown option 'warp_speed'"):
        checked_log(bad)


def test_an_unknown_ruleset_is_refused():
    with pytest.raises(ValueError, match="line 1: no ruleset 'chess'"):
        checked_log('{"type": "game", "format": 1, "seed": 3, "rules": "chess"}\n')


def test_a_seed_that_is_not_a_number_is_refused():
    with pytest.raises(ValueError, match="line 1: the seed is 'abc'"):
        checked_log('{"type": "game", "format": 1, "seed": "abc"}\n')

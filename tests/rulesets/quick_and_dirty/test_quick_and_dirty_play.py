"""Quick and Dirty as a whole: exact odds against sampled games, hidden units never in the
AI's view, a logged game replays, the AI's strength and balance, bad input at file:line."""
from __future__ import annotations

from collections import Counter

import pytest

from qnd_helpers import build, uid
from studio.ai import HeuristicAI, RandomPlayer, run_game
from studio.engine import from_jsonl, record, replay, to_jsonl
from studio.engine.dice import Dice
from studio.io import default_library, load_file
from studio.rulesets import new_game
from studio.rulesets.quick_and_dirty import RULES
from studio.rulesets.quick_and_dirty.state import EndPhase
from studio.validate import validate_paths

LIBRARY = default_library()
THREE = load_file("templates/scenarios/qnd-battle-of-three-armies.yaml").model
MIRROR = load_file("templates/scenarios/qnd-mirror.yaml").model


def test_state_odds_match_sampled_attacks():
    units = [(0, "knights", "0505", "N"), (1, "hill-orcs", "0504", "NE")]
    st = build(units, dice=[9, 1])
    RULES.apply(st, EndPhase("move"))
    exact = RULES.odds.state_odds(st, uid(st, "knights"), uid(st, "hill-orcs"))["outcomes"]
    assert abs(sum(exact[r] for r in ("attacker-loss", "attacker-retreat", "locked",
                                      "defender-retreat", "defender-loss")) - 1) < 1e-9
    counts = Counter()
    n = 4000
    for seed in range(n):
        trial = st.copy()
        trial.dice = Dice(seed)
        ev = RULES.apply(trial, RULES.legal_actions(trial)[0])
        counts[ev[0]["result"]] += 1
    for result, p in exact.items():
        if result in counts or p > 0:
            if result.startswith("defender-") and result not in ("defender-retreat",
                                                                 "defender-loss"):
                continue
            assert abs(counts[result] / n - p) < 0.03, result


def test_unit_odds_from_the_cli_situation():
    lists = LIBRARY.army_list("qnd-free-companies"), LIBRARY.army_list("qnd-orc-hordes")
    knights = (lists[0], lists[0].unit("knights"))
    orcs = (lists[1], lists[1].unit("hill-orcs"))
    front = RULES.odds.unit_odds(LIBRARY, knights, orcs, {})
    rear = RULES.odds.unit_odds(LIBRARY, knights, orcs, {"aspect": "rear"})
    assert front["difference"] == 3 and rear["modifier"] == 2
    assert rear["outcomes"]["defender-loss"] > front["outcomes"]["defender-loss"]
    with pytest.raises(ValueError, match="missile"):
        RULES.odds.unit_odds(LIBRARY, knights, orcs, {"distance": 3})


def test_the_ai_never_sees_unspotted_enemies():
    seen_hidden = []

    class Watch:
        def __init__(self, side, seed):
            self.side, self.ai = side, RULES.ai.player(seed)

        def choose(self, state):
            view = RULES.view(state, self.side)
            me = state.game.side_index[self.side]
            for u in state.units:
                secret = u.side != me and u.i in state.hidden and me not in state.hidden[u.i]
                if secret and view.units[u.i].hex != -1:
                    seen_hidden.append(u.uid)
            return self.ai.choose(view)

    for seed in range(6):
        st = new_game(THREE, LIBRARY, seed)
        assert st.hidden, "the sample starts hidden"
        run_game(st, {s.id: Watch(s.id, seed) for s in THREE.sides})
    assert seen_hidden == []


def test_a_logged_game_replays():
    st = new_game(THREE, LIBRARY, 5)
    run_game(st, {s.id: HeuristicAI(k + 5) for k, s in enumerate(THREE.sides)})
    text = to_jsonl(record(st))
    again = replay(THREE, LIBRARY, from_jsonl(text))
    assert to_jsonl(record(again)) == text and again.result == st.result


@pytest.mark.slow
def test_the_ai_beats_a_random_player():
    wins, n = 0, 100
    for seed in range(n):
        for k, s in enumerate(MIRROR.sides):
            if (seed + k) % 2:
                continue
            ai_side = s.id
        players = {s.id: HeuristicAI(seed) if s.id == ai_side else RandomPlayer(seed)
                   for s in MIRROR.sides}
        st = run_game(new_game(MIRROR, LIBRARY, seed), players)
        wins += st.result.winner == ai_side
    assert wins >= 95


@pytest.mark.slow
def test_the_mirror_is_balanced():
    # the seeded batch path, both cores: the same games whatever the number of workers
    from studio.simulate import run_batch
    report = run_batch(MIRROR, LIBRARY, 2000, seed=7, workers=2)
    assert report.games == 2000
    assert max(s.wins for s in report.sides) <= 0.54 * 2000


def test_batch_statistics_credit_kills_and_the_first_mover():
    from studio.simulate import run_batch
    report = run_batch(THREE, LIBRARY, 30, seed=3, workers=1)
    lost = sum(s.units_lost_per_game for s in report.sides)
    kills = sum(u.kills_per_game for s in report.sides for u in s.unit_types)
    assert kills > 0
    # every kill is a loss of someone else's (a loss may also come from an army breaking)
    assert kills <= lost + 1e-9
    from studio.simulate.worker import BatchSetup, make_resolver
    setup = BatchSetup(THREE, make_resolver(THREE, LIBRARY), {})
    assert all(setup.play(3, i).first_mover is not None for i in range(5))


def test_kill_credits_follow_the_combat_result():
    from studio.engine.events import Event
    events = [Event("combat", {"units": ["a1", "a2"], "target": "d1"}),
              Event("eliminated", {"unit": "d1"}),
              Event("combat", {"units": ["a3"], "target": "d2"}),
              Event("eliminated", {"unit": "a3"}),
              Event("phase", {"side": "x", "phase": "move"}),
              Event("eliminated", {"unit": "d2"})]
    assert list(RULES.kill_credits(events)) == [("d1", ("a1", "a2")), ("a3", ("d2",))]


def _bad_copy(tmp_path, name, old, new):
    src = {"list": "libraries/army-lists/qnd-orc-hordes.yaml",
           "ruleset": "libraries/rulesets/quick-and-dirty.yaml"}[name]
    text = open(src, encoding="utf-8").read()
    assert old in text
    path = tmp_path / src.split("/")[-1]
    path.write_text(text.replace(old, new, 1), encoding="utf-8")
    return path


def test_a_unit_whose_stats_do_not_fit_is_reported_at_its_line(tmp_path):
    path = _bad_copy(tmp_path, "list", "discipline: regular, discipline_value: 1,",
                     "discipline: regular, discipline_value: many,")
    found = [d for d in validate_paths([path]) if d.code == "unit-stats"]
    assert found and found[0].line is not None and "discipline_value" in found[0].message
    assert "hill-orcs" in found[0].message


def test_a_chart_with_a_gap_is_reported_at_its_line(tmp_path):
    path = _bad_copy(tmp_path, "ruleset", "{from: 0, to: 0,", "{from: 1, to: 0,")
    found = [d for d in validate_paths([path]) if d.severity == "error"]
    assert found and all(d.line is not None for d in found)
    path = _bad_copy(tmp_path, "ruleset", '"3-5": locked', '"2-5": locked')
    found = [d for d in validate_paths([path]) if d.code == "ruleset-option"]
    assert found and "overlap" in found[0].message and found[0].line is not None


def test_a_scenario_with_a_list_of_another_ruleset(tmp_path):
    text = open("templates/scenarios/qnd-mirror.yaml", encoding="utf-8").read()
    path = tmp_path / "mixed.yaml"
    path.write_text(text.replace("army_list: qnd-free-companies", "army_list: medieval", 1),
                    encoding="utf-8")
    found = [d for d in validate_paths([path]) if d.code == "mixed-rulesets"]
    assert found and found[0].line is not None

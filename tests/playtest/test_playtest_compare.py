"""Comparing two balance runs, the runs kept, and who plays each side."""
import copy
from types import SimpleNamespace

import pytest

from studio.ai import HeuristicAI, RandomPlayer, derive_seed
from studio.rulesets.rules_of_war.sample import line_battle
from studio.playtest.balance_runs import RunHistory
from studio.playtest.players import PlaySetup, SideChoice
from studio.playtest.report_compare import (compare_reports, digest_changes, format_delta,
                                            format_value, scenario_digest)
from studio.simulate import SideReport, UnitTypeReport, run_batch


class Report(SimpleNamespace):
    """The fields of studio.simulate.BatchReport the comparison reads."""

    def side(self, side_id):
        return next((s for s in self.sides if s.side == side_id), None)


def report(wins_a, games=100, ci_a=(0.3, 0.5), ci_b=(0.5, 0.7), kinds=None, types=None):
    a = SideReport(side="a", name="Alpha", army_list="la", wins=wins_a,
                   win_rate=wins_a / games, win_rate_ci95=ci_a,
                   victory_conditions=kinds or {"eliminate": wins_a}, units_lost_per_game=2.0,
                   unit_types=types or [UnitTypeReport("hop", "Hoplites", 4, 5.0, 1.0, 0.25,
                                                       0.8, 0.04, 0.2)])
    b = SideReport(side="b", name="Beta", army_list="lb", wins=games - wins_a,
                   win_rate=1 - wins_a / games, win_rate_ci95=ci_b, victory_conditions={},
                   units_lost_per_game=1.0, unit_types=[])
    return Report(scenario="s", scenario_name="S", seed=1, games_requested=games, games=games,
                  cancelled=False, draws=0, undecided=0, draw_rate=0.0,
                  rounds={"mean": 5.0, "min": 3, "max": 7, "distribution": {}}, sides=[a, b],
                  not_simulated=[])


def test_real_reports_compare_to_themselves_with_no_difference():
    sc, lib = line_battle(units_per_side=3, columns=10, rows=13, seed=1)
    r = run_batch(sc, lib, 6, seed=2)
    rows = compare_reports(r, r)
    assert rows and all(x.delta in (0, None) for x in rows)
    assert {x.group for x in rows} >= {"Games", "Win rates", "Length", "Losses"}


def test_rows_and_differences():
    rows = compare_reports(report(40), report(55, ci_a=(0.45, 0.65)))
    by = {r.label: r for r in rows}
    assert by["Games played"].delta == 0
    assert by["Alpha: win rate"].delta == pytest.approx(0.15)
    # The two runs' 95% intervals overlap, yet the difference is clear at the 5% level.
    assert by["Alpha: win rate"].notable
    assert by["Alpha: win rate"].interval == pytest.approx((0.0117, 0.2804), abs=1e-4)
    assert by["Alpha: eliminate"].a == 0.4 and by["Alpha: eliminate"].b == 0.55
    assert by["Hoplites: lost"].kind == "percent"
    assert format_delta(by["Alpha: win rate"]) == "+15.0 pts (+1.2 to +28.0)"
    assert not by["Draws"].notable


def test_a_small_difference_is_not_notable():
    rows = compare_reports(report(45), report(52))
    row = next(r for r in rows if r.label == "Alpha: win rate")
    assert not row.notable and row.interval[0] < 0 < row.interval[1]


@pytest.mark.parametrize("a, b, expected", [
    # Newcombe (1998), Table II, method 10: B - A for his examples (a) to (h).
    ((48, 80), (56, 70), (0.0524, 0.3339)),
    ((3, 10), (9, 10), (0.1705, 0.8090)),
    ((2, 7), (6, 7), (0.0582, 0.8062)),
    ((0, 29), (5, 56), (-0.0381, 0.1926)),
    ((0, 20), (0, 10), (-0.1611, 0.2775)),
    ((0, 10), (0, 10), (-0.2775, 0.2775)),
    ((0, 20), (10, 10), (0.6791, 1.0)),
    ((0, 10), (10, 10), (0.6075, 1.0)),
])
def test_newcombe_interval_matches_the_published_values(a, b, expected):
    from studio.simulate.stats import newcombe_interval
    assert newcombe_interval(*a, *b) == pytest.approx(expected, abs=5e-5)


def test_a_difference_beyond_chance_is_notable():
    rows = compare_reports(report(30, ci_a=(0.2, 0.4)), report(70, ci_a=(0.6, 0.8)))
    assert next(r for r in rows if r.label == "Alpha: win rate").notable


def test_figures_only_in_one_run_show_as_missing():
    other = report(50, types=[UnitTypeReport("cav", "Cavalry", 2, 6.0, 0.5, 0.25, 1.0, 0.08,
                                             0.4)])
    rows = compare_reports(report(50), other)
    cav = next(r for r in rows if r.label == "Cavalry: lost")
    assert cav.a is None and cav.b == 0.25 and cav.delta is None
    assert format_value(cav.a, cav.kind) == "—" and format_delta(cav) == "—"


def test_scenario_changes_between_runs():
    sc, _lib = line_battle(units_per_side=3, columns=10, rows=13, seed=1)
    before = scenario_digest(sc)
    changed = copy.deepcopy(sc)
    changed.sides[0].army.points_limit = 80
    changed.victory.pop()
    after = scenario_digest(changed)
    lines = digest_changes(before, after)
    assert "Red: points limit: none → 80" in lines
    assert any(line.startswith("Victory condition 4: ") and line.endswith("→ (none)")
               for line in lines)
    assert digest_changes(before, before) == []


def test_history_keeps_the_last_runs_numbered():
    sc, lib = line_battle(units_per_side=3, columns=10, rows=13, seed=1)
    history = RunHistory(limit=2)
    r = run_batch(sc, lib, 3, 1)
    for _ in range(3):
        history.add(r, scenario_digest(sc))
    assert [x.number for x in history.runs] == [2, 3]
    assert history.find(1) is None and history.find(3).label() == "Run 3: 3 games, seed 1"
    rows, changes = history.compare(history.runs[0], history.runs[1])
    assert changes == [] and all(x.delta in (0, None) for x in rows)


def test_players_from_a_setup():
    setup = PlaySetup.default(["red", "blue"], dice_seed=9,
                              kinds={"red": "heuristic", "blue": "random"})
    players = setup.players()
    assert isinstance(players["red"], HeuristicAI)
    assert players["red"].seed == derive_seed(9, "ai", "red")      # as `studio play --seed 9`
    assert isinstance(players["blue"], RandomPlayer)
    setup.sides["blue"] = SideChoice("human")
    assert setup.players()["blue"] is None
    data = setup.to_dict()
    assert data == {"red": {"kind": "heuristic", "seed": derive_seed(9, "ai", "red")},
                    "blue": {"kind": "human", "seed": None}}
    again = PlaySetup.from_dict(9, data, ["red", "blue", "green"])
    assert again.kind("red") == "heuristic" and again.kind("green") == "human"
    assert again.ai_seed("red") == derive_seed(9, "ai", "red")
    assert "Red side: Heuristic AI (seed" in setup.describe({"red": "Red side"})
    with pytest.raises(ValueError, match="player kind 'robot' is unknown"):
        SideChoice("robot")

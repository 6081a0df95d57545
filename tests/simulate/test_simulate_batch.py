"""Batches: reports that do not depend on the number of workers, progress and cancel,
refusing scenarios with errors, the report's shape and sums."""
from __future__ import annotations

import json
import threading

import pytest

from studio.io import default_library
from studio.model import RosterUnit
from studio.simulate import BatchReport, ScenarioRefused, format_report, run_batch
from studio.simulate.mirror import mirror_scenario


@pytest.fixture(scope="module")
def library():
    return default_library()


@pytest.fixture()
def small(library):
    lst = library.army_list("persian-wars-greek")
    return mirror_scenario(lst, "greek-archon",
                           ["athenian-hoplites", "cretan-bowmen", "war-chariots"],
                           columns=11, rows=8)


def test_one_worker_or_two_give_the_same_report(library, small):
    one = run_batch(small, library, games=6, seed=42, workers=1)
    two = run_batch(small, library, games=6, seed=42, workers=2)
    assert one.to_json() == two.to_json()
    assert one.games == 6 and not one.cancelled


def test_another_seed_gives_other_games(library, small):
    a = run_batch(small, library, games=6, seed=1, workers=1)
    b = run_batch(small, library, games=6, seed=2, workers=1)
    assert a.to_json() != b.to_json()


def test_report_shape_and_sums(library, small):
    r = run_batch(small, library, games=8, seed=3, workers=1)
    data = json.loads(r.to_json())
    assert set(data) >= {"scenario", "seed", "games", "draws", "rounds", "sides", "not_simulated",
                         "games_requested", "cancelled", "undecided", "draw_rate"}
    assert data["games"] == 8
    wins = sum(s["wins"] for s in data["sides"])
    assert wins + data["draws"] + data["undecided"] == 8
    assert sum(data["rounds"]["distribution"].values()) == 8
    for side in data["sides"]:
        low, high = side["win_rate_ci95"]
        assert 0 <= low <= side["win_rate"] <= high <= 1
        assert sum(side["victory_conditions"].values()) >= side["wins"]
        types = {u["unit_type"]: u for u in side["unit_types"]}
        assert set(types) == {"greek-archon", "athenian-hoplites", "cretan-bowmen",
                              "war-chariots"}
        for u in side["unit_types"]:
            assert u["fielded"] == 1 and u["points"] > 0
            assert 0 <= u["loss_rate"] <= 1
            assert u["kills_per_point"] == pytest.approx(u["kills_per_game"] / u["points"])
    # Every unit a side lost was killed by the other side or fled off the map.
    for me, them in ((0, 1), (1, 0)):
        lost = data["sides"][me]["units_lost_per_game"]
        kills = sum(u["kills_per_game"] for u in data["sides"][them]["unit_types"])
        assert kills <= lost + 1e-9
    text = format_report(r)
    assert "95% CI" in text and "athenian-hoplites" in text
    summary = r.summary_lines()
    assert len(summary) == 5 and summary[1].startswith("West: ") and "Draws" in summary[3]


def test_progress_is_reported_up_to_the_total(library, small):
    seen = []
    run_batch(small, library, games=5, seed=1, workers=1,
              progress=lambda done, total: seen.append((done, total)))
    assert seen[0] == (0, 5) and seen[-1] == (5, 5)
    assert [d for d, _ in seen] == sorted(d for d, _ in seen)


def test_cancel_stops_between_games(library, small):
    stop = threading.Event()

    def progress(done, total):
        if done >= 1:
            stop.set()
    r = run_batch(small, library, games=200, seed=1, workers=1, progress=progress, cancel=stop)
    assert r.cancelled
    assert 1 <= r.games < 200
    full = run_batch(small, library, games=r.games, seed=1, workers=1)
    # The games played before the cancel are the batch's first games, as a full run plays them.
    assert [s.wins for s in r.sides] == [s.wins for s in full.sides]


def test_cancel_with_workers_keeps_the_first_games(library, small):
    stop = threading.Event()

    def progress(done, total):
        if done >= 1:
            stop.set()
    r = run_batch(small, library, games=400, seed=1, workers=2, progress=progress, cancel=stop)
    assert r.cancelled and 1 <= r.games < 400
    # Finished chunks are kept in order: the report is the batch's first games.
    full = run_batch(small, library, games=r.games, seed=1, workers=1)
    assert [s.wins for s in r.sides] == [s.wins for s in full.sides]


def test_a_callable_cancels_too(library, small):
    r = run_batch(small, library, games=50, seed=1, workers=2, cancel=lambda: True)
    assert r.cancelled and r.games < 50


def test_scenario_with_errors_is_refused_before_any_game(library, small):
    small.sides[0].army.units.append(RosterUnit(type="no-such-unit", id="ghost", hex="0101",
                                                facing="N"))
    calls = []
    with pytest.raises(ScenarioRefused) as caught:
        run_batch(small, library, games=3, seed=1, workers=1,
                  progress=lambda d, t: calls.append(d))
    assert calls == []
    assert any(d.severity == "error" and "no-such-unit" in d.message
               for d in caught.value.diagnostics)


def test_abilities_not_simulated_are_listed(library):
    lst = library.army_list("world-war-1")
    sc = mirror_scenario(lst, "headquaters", ["infantry", "mustard-gas"], columns=11, rows=8)
    r = run_batch(sc, library, games=1, seed=1, workers=1)
    names = {(x["side"], x["ability"]) for x in r.not_simulated}
    assert names == {("west", "gas-attack"), ("east", "gas-attack")}
    assert isinstance(r, BatchReport)


def test_zero_games_is_an_empty_report(library, small):
    r = run_batch(small, library, games=0, seed=1, workers=2)
    assert r.games == 0 and r.sides[0].wins == 0 and r.rounds["mean"] is None


def test_abilities_the_ai_never_uses_are_listed(library):
    lst = library.army_list("star-wars-rebel-fleet")
    ships = [u.id for u in lst.units     # ships that jump, none with a gravity well
             if {a.name for a in lst.effective_abilities(u)} & {"hyper-jump", "gravity-well"}
             == {"hyper-jump"}]
    sc = mirror_scenario(lst, ships[0], ships[1:3], columns=11, rows=8)
    r = run_batch(sc, library, games=1, seed=1, workers=1)
    names = {(x["side"], x["ability"]) for x in r.not_simulated}
    assert ("west", "hyper-jump (the AI never jumps away)") in names
    assert not any(a == "hyper-jump" for _, a in names)

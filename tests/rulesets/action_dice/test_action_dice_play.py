"""Action Dice through everything generic: logged games replay, the AI beats a random
player, batches credit kills, the CLI plays, replays and simulates the sample, and the
exports print its playsheet (weapons, damage chart), counters (dice, figures, the wounded
and damaged backs) and map. The large counts (>= 95 % against random, 2,000 mirror games)
are measured by benchmarks/action_dice_ai.py."""
from __future__ import annotations
from repo_paths import REPO_ROOT

import json
import subprocess
from pathlib import Path

from studio.ai import HeuristicAI, RandomPlayer, game_seeds, run_game
from studio.cli import main
from studio.engine import from_jsonl, record, replay, to_jsonl
from studio.engine.events import Event
from studio.io import default_library, load_file
from studio.rulesets import new_game
from studio.rulesets.action_dice import RULES

ROOT = REPO_ROOT
BORDER_PATH = ROOT / "templates" / "scenarios" / "ad-border-skirmish.yaml"
BORDER = load_file(BORDER_PATH).model
LIBRARY = default_library()


def test_a_logged_game_replays():
    st = new_game(BORDER, LIBRARY, 5)
    run_game(st, {s.id: HeuristicAI(k + 5) for k, s in enumerate(BORDER.sides)})
    text = to_jsonl(record(st))
    again = replay(BORDER, LIBRARY, from_jsonl(text))
    assert to_jsonl(record(again)) == text and again.result == st.result


def test_the_ai_beats_a_random_player():
    ids = [s.id for s in BORDER.sides]
    wins = 0
    for n in range(8):
        dice, seeds = game_seeds(17, n, ids)
        ai_side = ids[n % 2]
        players = {s: HeuristicAI(seeds[s]) if s == ai_side else RandomPlayer(seeds[s])
                   for s in ids}
        st = run_game(new_game(BORDER, LIBRARY, dice), players)
        wins += st.result.winner == ai_side
    assert wins == 8


def test_batch_statistics_credit_kills_and_the_first_mover():
    from studio.simulate import run_batch
    report = run_batch(BORDER, LIBRARY, 8, seed=3, workers=1)
    kills = sum(u.kills_per_game for s in report.sides for u in s.unit_types)
    lost = sum(s.units_lost_per_game for s in report.sides)
    fielded = sum(u.fielded for s in report.sides for u in s.unit_types)
    # figures removed from units left standing count too, so kills may pass units lost
    assert 0 < kills <= fielded and lost > 0
    assert {s.side for s in report.sides} == {"men", "orcs"}


def test_kill_credits_follow_the_attack():
    events = [Event("melee", {"unit": "a", "target": "b"}), Event("eliminated", {"unit": "b"}),
              Event("shot", {"unit": "c", "target": "d"}), Event("eliminated", {"unit": "c"}),
              Event("activated", {"unit": "x"}), Event("eliminated", {"unit": "d"})]
    assert list(RULES.kill_credits(events)) == [("b", ("a",), 1.0), ("c", ("d",), 1.0)]


def test_the_cli_plays_replays_and_simulates_the_sample(tmp_path, capsys):
    log = tmp_path / "game.jsonl"
    assert main(["play", str(BORDER_PATH), "--seed", "4", "--log", str(log)]) == 0
    assert main(["replay", str(log)]) == 0
    out = capsys.readouterr().out
    assert "Game over" in out or "wins" in out or "draw" in out
    assert main(["simulate", str(BORDER_PATH), "--games", "3", "--seed", "2", "--workers", "1",
                 "--format", "json"]) == 0
    report = json.loads(capsys.readouterr().out)
    assert report["games"] == 3


def _pdf_text(path: Path) -> str:
    return subprocess.run(["pdftotext", "-layout", str(path), "-"], capture_output=True,
                          text=True, check=True).stdout


def test_the_playsheet_counters_and_map_print(tmp_path):
    sheet, counters, hexmap = tmp_path / "sheet.pdf", tmp_path / "counters.pdf", tmp_path / "map.pdf"
    assert main(["export", "playsheet", str(BORDER_PATH), "-o", str(sheet)]) == 0
    text = _pdf_text(sheet)
    for words in ("Activation", "Melee and ranged attacks", "Morale", "Vehicle damage chart",
                  "Bolt thrower", "Assault rifle", "Rear Attack Arc", "10+"):
        assert words in text, words
    assert main(["export", "counters", str(BORDER_PATH), "-o", str(counters)]) == 0
    text = _pdf_text(counters)
    assert "1d6" in text and "3d8" in text and "10 fig" in text
    assert "WOUNDED" in text and "3d6" in text            # the captain's back: one die lower
    assert main(["export", "map", str(BORDER_PATH), "-o", str(hexmap)]) == 0
    assert hexmap.stat().st_size > 1000


def test_counter_faces_of_a_vehicle_and_a_hero():
    marines = LIBRARY.army_list("ad-colonial-marines")
    tank = RULES.counters.face(marines, marines.unit("battle-tank"))
    assert tank["front"]["stats"] == ["6d6", "0/5", "12"] and tank["front"]["arrow"]
    assert tank["back"]["band"] == "DAMAGED" and tank["back"]["stats"][2] == "11"


def test_balance_kills_count_the_figures_removed_as_shares_of_a_unit():
    """Figure attrition is credited: a melee where each side loses 5 figures credits each
    attacker with the share of the enemy unit those figures were, though neither unit is
    finished (a kill used to count only the last blow)."""
    from ad_helpers import build, script
    from studio.rulesets.action_dice.state import Melee
    from studio.engine.state import ON, Result
    from studio.simulate.worker import BatchSetup

    st = build([(0, "spearmen", "0505", "N"), (1, "orc-warriors", "0504", "S")])
    spears, orcs = st.unit("spearmen-0"), st.unit("orc-warriors-1")
    start = (spears.figures, orcs.figures)
    script(st, [4] * 10 + [3] * 10 + [2, 4, 6, 1, 3] + [1, 3, 5, 2, 4])
    RULES.apply(st, Melee("spearmen-0", "orc-warriors-1"))
    assert (spears.figures, orcs.figures) == (start[0] - 5, start[1] - 5)
    assert spears.status == orcs.status == ON
    assert list(RULES.kill_credits(st.events())) == [
        ("orc-warriors-1", ("spearmen-0",), 5 / start[1]),
        ("spearmen-0", ("orc-warriors-1",), 5 / start[0])]
    setup = BatchSetup(st.game.scenario, st.game.library, {})
    st.result = Result("none", None, (), st.round)
    record = setup.record(0, st)
    assert record.kills == ((5 / start[1],), (5 / start[0],))
    assert record.lost == ((0,), (0,))


def test_a_unit_finished_after_wear_is_credited_only_its_remaining_share():
    events = [Event("shot", {"unit": "a", "target": "b"}),
              Event("figures-lost", {"unit": "b", "lost": 2, "left": 6}),
              Event("activated", {"unit": "c"}),
              Event("melee", {"unit": "c", "target": "b"}),
              Event("figures-lost", {"unit": "b", "lost": 6, "left": 0}),
              Event("eliminated", {"unit": "b"}),
              Event("rammed", {"unit": "v", "target": "h"}),
              Event("eliminated", {"unit": "h"})]
    assert list(RULES.kill_credits(events)) == [("b", ("a",), 0.25), ("b", ("c",), 0.75),
                                                ("h", ("v",), 1.0)]

"""A game of another distribution plays everywhere the bundled games do, with no edit under
studio/: Tiny Game (tests/data/plugin_game, its own pyproject declaring the entry point)
is installed for these tests only (`plugin_support`), then validated, played AI against AI
(it ships no AI: the search player stands in), replayed, balanced, printed, exported to
VASSAL and played in the studio's play mode."""
from __future__ import annotations

import json
import shutil
import subprocess
import zipfile
from pathlib import Path

import pytest
from pypdf import PdfReader

from plugin_support import PLUGIN_GAME, installed_distribution
from studio.ai import HeuristicAI, run_game
from studio.cli import main
from studio.engine import from_jsonl, record, replay, to_jsonl
from studio.engine.contract import Ruleset, known_ids, rules_named
from studio.io import Library

LIBRARY = PLUGIN_GAME / "library"
SCENARIO = LIBRARY / "scenarios" / "tiny-skirmish.yaml"
STUDIO = Path(__file__).resolve().parents[3] / "studio"


@pytest.fixture
def tiny():
    with installed_distribution(PLUGIN_GAME):
        yield Library.load(LIBRARY)


def _run(capsys, *args) -> tuple[int, str, str]:
    code = main([*map(str, args), "--library", str(LIBRARY)])
    out = capsys.readouterr()
    return code, out.out, out.err


def test_the_game_comes_from_its_entry_point_and_nothing_under_studio_names_it(tiny):
    rules = rules_named("tiny-game")
    assert isinstance(rules, Ruleset) and type(rules).__module__ == "tiny_game.rules"
    assert rules.ai is None and rules.odds is None
    named = subprocess.run(["grep", "-rIl", "-e", "tiny-game", "-e", "tiny_game", str(STUDIO)],
                           capture_output=True, text=True).stdout
    assert named == ""


def test_it_is_gone_once_uninstalled():
    with installed_distribution(PLUGIN_GAME):
        assert "tiny-game" in known_ids()
    assert "tiny-game" not in known_ids()
    assert {"rules-of-war", "quick-and-dirty", "action-dice"} <= set(known_ids())


def test_it_validates_and_its_own_options_schema_is_checked(tiny, capsys, tmp_path):
    code, out, _ = _run(capsys, "validate", LIBRARY)
    assert code == 0, out
    bad = tmp_path / "lib"
    shutil.copytree(LIBRARY, bad)
    ruleset = bad / "rulesets" / "tiny-game.yaml"
    ruleset.write_text(ruleset.read_text().replace("hit_margin: 4", "hit_margin: many"))
    code = main(["validate", str(bad), "--library", str(bad)])
    out = capsys.readouterr().out
    line = next(i for i, t in enumerate(ruleset.read_text().splitlines(), 1) if "many" in t)
    assert code == 1 and f"tiny-game.yaml:{line}:" in out and "'many'" in out


def test_ai_against_ai_plays_with_the_search_player_and_replays(tiny):
    scenario = tiny.get("scenario", "tiny-skirmish")
    rules = rules_named("tiny-game")
    finished = []
    for seed in range(6):
        players = {"red": HeuristicAI(seed), "blue": HeuristicAI(seed + 100)}
        state = run_game(rules.new_game(scenario, tiny, seed), players)
        assert state.over
        text = to_jsonl(record(state))
        assert to_jsonl(record(replay(scenario, tiny, from_jsonl(text)))) == text
        finished.append(state.result.outcome)
    assert set(finished) <= {"win", "draw"} and "win" in finished


def test_the_cli_plays_replays_simulates_and_balances_it(tiny, capsys, tmp_path):
    log = tmp_path / "game.jsonl"
    assert _run(capsys, "play", SCENARIO, "--seed", "3", "--log", log, "--quiet")[0] == 0
    code, out, _ = _run(capsys, "replay", log)
    assert code == 0 and "replayed identically" in out
    code, out, _ = _run(capsys, "simulate", SCENARIO, "--games", "8", "--format", "json")
    assert code == 0 and json.loads(out)["games"] == 8
    # the report (and the resumable state beside it) goes to the test's folder, not the data's
    code, out, _ = _run(capsys, "balance", LIBRARY / "studies" / "tiny-balance.yaml",
                        "--format", "json", "-o", tmp_path / "tiny-balance.json")
    report = json.loads((tmp_path / "tiny-balance.json").read_text())
    assert code == 0 and report["games"] > 0 and len(report["variants"]) == 2


def test_it_prints_counters_a_playsheet_and_a_vassal_module(tiny, capsys, tmp_path):
    counters, sheet, module = (tmp_path / n for n in ("c.pdf", "s.pdf", "t.vmod"))
    assert _run(capsys, "export", "counters", SCENARIO, "-o", counters)[0] == 0
    assert _run(capsys, "export", "playsheet", SCENARIO, "-o", sheet)[0] == 0
    assert _run(capsys, "export", "vassal", SCENARIO, "-o", module)[0] == 0
    text = " ".join(p.extract_text() for p in PdfReader(counters).pages)
    assert "Guard" in text or "GUARD" in text
    sheet_text = " ".join(p.extract_text() for p in PdfReader(sheet).pages)
    assert "Roll a d6" in sheet_text and "strength + 4" in sheet_text
    with zipfile.ZipFile(module) as z:
        build = z.read("buildFile.xml" if "buildFile.xml" in z.namelist() else "buildFile")
    assert b"Guard" in build


def test_the_studio_plays_it_ai_against_ai(tiny, make_window, qtbot):
    from studio.gui.play.rules_handler import RulesHandler
    from studio.playtest.players import PlaySetup
    w = make_window(str(SCENARIO), library=tiny, size=(1366, 768), exposed=True,
                    validation_delay_ms=0)
    try:
        mode = w.play_menu.play(PlaySetup.default(["red", "blue"], 4))
        assert isinstance(mode.handler, RulesHandler)
        assert "Tiny" in mode.dock.turn_label.text() or mode.session.state.round == 0
        assert mode.session.state.game.rules.id == "tiny-game"
    finally:
        w.play_menu.leave()

"""The search AI in the studio's play menu: the set-up dialog offers it with its playouts a
decision, and the game it plays is the one `studio play --player SIDE=search:N` plays."""
from __future__ import annotations

import pytest

from studio.ai import derive_seed, play_game
from studio.ai.kinds import make_player
from studio.ai.search import SearchPlayer
from studio.gui.play.setup_dialog import PlaySetupDialog
from studio.io import load_file
from studio.io.samples import sample_scenario_path
from studio.playtest.players import PlaySetup, SideChoice

SEED = 5


@pytest.fixture
def window(make_window):
    w = make_window(size=(1366, 768), exposed=True, validation_delay_ms=0)
    yield w
    w.play_menu.leave()


def test_the_setup_dialog_offers_the_search_ai_with_its_playouts(qtbot, window):
    dialog = PlaySetupDialog(window.doc.model, window)
    qtbot.addWidget(dialog)
    combo = dialog.kinds["persians"]
    assert "Search AI" in [combo.itemText(i) for i in range(combo.count())]
    assert not dialog.playouts["persians"].isEnabled()
    dialog.set_kind("persians", "search")
    assert dialog.playouts["persians"].isEnabled()
    assert not dialog.playouts["athenians"].isEnabled()
    dialog.playouts["persians"].setValue(3)
    setup = dialog.setup()
    assert setup.sides["persians"] == SideChoice("search", None, 3)
    assert isinstance(setup.players()["persians"], SearchPlayer)
    assert setup.players()["persians"].budget.playouts == 3
    again = PlaySetup.from_dict(setup.dice_seed, setup.to_dict(), ["athenians", "persians"])
    assert again.sides["persians"].spec() == "search:3"


def test_the_studio_plays_the_game_studio_play_plays_with_the_search_ai(qtbot, window):
    model = load_file(sample_scenario_path()).model
    specs = {"athenians": "search:2", "persians": "heuristic"}
    players = {s.id: make_player(specs[s.id], derive_seed(SEED, "ai", s.id))
               for s in model.sides}
    _state, log = play_game(model, window.library, SEED, players)

    setup = PlaySetup(SEED, {"athenians": SideChoice("search", None, 2),
                             "persians": SideChoice("heuristic")})
    mode = window.play_menu.play(setup)
    s = mode.session
    assert s.player_name("athenians") == "Search AI"
    s.set_speed(60)
    qtbot.waitUntil(lambda: s.position >= 30, timeout=60000)
    mode.toolbar.run_action.trigger()                  # pause
    qtbot.waitUntil(lambda: not s.thinking, timeout=10000)
    n = s.position
    assert s.timeline.actions == log.actions[:n]

"""When the AIs finish a game the run stops: the toolbar offers "Run AI" again, not "Pause"
for a game with nothing left to play."""
from studio.playtest.players import PlaySetup

SAMPLE = "templates/scenarios/ad-border-skirmish.yaml"


def test_the_run_stops_at_the_end_of_the_game(make_window, qtbot):
    w = make_window(SAMPLE, size=(1366, 768), validation_delay_ms=0)
    mode = w.play_menu.play(PlaySetup.default(["men", "orcs"], 7,
                                              {"men": "heuristic", "orcs": "heuristic"}))
    try:
        s = mode.session
        s.set_speed(60)
        qtbot.waitUntil(lambda: s.state.over, timeout=60000)
        qtbot.waitUntil(lambda: not s.running, timeout=2000)
        assert mode.toolbar.run_action.text() == "Run AI"
    finally:
        w.play_menu.leave()

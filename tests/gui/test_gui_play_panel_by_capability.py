"""Play mode chooses a game's panel by the kind its `play` capability names, never by the
game's id: the orders panel for a game that asks for it, the generic panel otherwise."""
import pytest

from studio.engine.contract import ORDERS_PANEL, PlayCapability
from studio.engine.rules import rules_named
from studio.gui.play.handler import PlayHandler
from studio.gui.play.play_dock import PlayDock
from studio.gui.play.rules_dock import RulesDock
from studio.gui.play.rules_handler import RulesHandler
from studio.playtest.players import PlaySetup

SAMPLE = "templates/scenarios/marathon.yaml"


@pytest.fixture
def window(make_window):
    w = make_window(SAMPLE, size=(1400, 900), exposed=True, validation_delay_ms=0)
    yield w
    w.play_menu.leave()


def _sides(window):
    return [s.id for s in window.doc.scenario.sides]


def test_a_game_asking_for_the_orders_panel_gets_it(window):
    assert rules_named("rules-of-war").play.panel == ORDERS_PANEL
    mode = window.play_menu.play(PlaySetup.default(_sides(window), 4))
    assert isinstance(mode.handler, PlayHandler) and isinstance(mode.dock, PlayDock)


def test_the_same_game_naming_no_panel_is_played_by_the_generic_panel(window, monkeypatch):
    monkeypatch.setattr(type(rules_named("rules-of-war")), "play", PlayCapability())
    mode = window.play_menu.play(PlaySetup.default(_sides(window), 4))
    assert isinstance(mode.handler, RulesHandler) and isinstance(mode.dock, RulesDock)

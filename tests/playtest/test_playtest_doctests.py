"""The examples in the play-test modules' docstrings run as written."""
import doctest
import importlib

import pytest

MODULES = ["studio.playtest.names", "studio.playtest.timeline",
           "studio.playtest.turn_text", "studio.playtest.players", "studio.playtest.game_file",
           "studio.playtest.report_compare", "studio.playtest.balance_runs",
           "studio.playtest.scenario_events_text",
           "studio.gui.play.handler"]


@pytest.mark.parametrize("name", MODULES)
def test_docstring_examples(name):
    result = doctest.testmod(importlib.import_module(name))
    assert result.failed == 0 and result.attempted > 0

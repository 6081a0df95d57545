"""The examples in the engine's and Rules of War's docstrings run."""
import doctest
import importlib

import pytest

MODULES = ["studio.engine.dice", "studio.rulesets.rules_of_war.action_words", "studio.rulesets.rules_of_war.log_words", "studio.engine.turn_order", "studio.engine.search",
           "studio.engine.options", "studio.rulesets.rules_of_war.event_words",
           "studio.rulesets.rules_of_war.odds", "studio.rulesets.rules_of_war.sample",
           "studio.ai.player", "studio.rulesets.quick_and_dirty.counter",
           "studio.rulesets.action_dice.counter", "studio.engine.odds_words",
           "studio.engine.contract.capabilities", "studio.armies.stat_cells",
           "studio.rulesets.quick_and_dirty.words"]


@pytest.mark.parametrize("name", MODULES)
def test_engine_docstring_examples(name):
    module = importlib.import_module(name)
    result = doctest.testmod(module)
    assert result.failed == 0 and result.attempted > 0

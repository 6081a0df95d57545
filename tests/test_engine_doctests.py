"""The examples in the engine's docstrings run."""
import doctest
import importlib

import pytest

MODULES = ["dice", "events", "odds", "sample"]


@pytest.mark.parametrize("name", MODULES)
def test_engine_docstring_examples(name):
    module = importlib.import_module(f"studio.engine.{name}")
    result = doctest.testmod(module)
    assert result.failed == 0 and result.attempted > 0

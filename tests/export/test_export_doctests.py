"""The examples in the export modules' docstrings (and the Rules of War sheet wording they
print) run as written."""
import doctest
import importlib

import pytest

MODULES = ["lengths", "fonts", "colours", "progress", "symbols", "options", "counter_faces",
           "studio.rulesets.rules_of_war.sheet_text", "briefing", "map_tiles", "font_subset"]


@pytest.mark.parametrize("name", MODULES)
def test_docstring_examples(name):
    module = importlib.import_module(name if "." in name else f"studio.export.{name}")
    result = doctest.testmod(module, optionflags=doctest.ELLIPSIS)
    assert result.failed == 0
    assert result.attempted > 0 or name in ()

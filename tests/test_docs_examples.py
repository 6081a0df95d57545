"""The complete file examples of docs/formats.md are files the studio accepts: a designer
who copies one gets no error. (The ruleset and scenario examples are excerpts: a few map
rows, one side; they are left out.)"""
import re
from pathlib import Path

import pytest

from studio.io import default_library, load_text
from studio.validate import validate_document

FORMATS = Path(__file__).resolve().parents[1] / "docs" / "formats.md"
COMPLETE = ("terrain-set", "army-list", "points-table", "army", "balance-study")


def _examples() -> dict[str, str]:
    found = {}
    for block in re.findall(r"```ya?ml\n(.*?)```", FORMATS.read_text(), re.S):
        kind = re.search(r"^kind: (\S+)", block, re.M)
        if kind:
            found.setdefault(kind.group(1), block)
    return found


@pytest.fixture(scope="module")
def library():
    return default_library()


@pytest.mark.parametrize("kind", COMPLETE)
def test_formats_example_has_no_errors(kind, library):
    block = _examples()[kind]
    doc = load_text(block, f"formats-{kind}.yaml")
    assert doc.model is not None, [d.format() for d in doc.diagnostics]
    errors = [d.format() for d in list(doc.diagnostics) + validate_document(doc, library)
              if d.severity == "error"]
    assert errors == []

"""Shared by the Middle Earth tests: the bundled tables, read once."""
from __future__ import annotations

from functools import lru_cache
from pathlib import Path

import yaml

from studio.rulesets.middle_earth.options import read_tables
from studio.rulesets.middle_earth.tables import Tables

ROOT = Path(__file__).resolve().parents[3]
RULESET = ROOT / "libraries" / "rulesets" / "middle-earth.yaml"


@lru_cache(maxsize=None)
def bundled_options() -> dict:
    return yaml.safe_load(RULESET.read_text())["options"]


def tables(**override) -> Tables:
    return Tables(read_tables(bundled_options(), "test", override))

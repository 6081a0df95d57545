"""The bundled sample scenarios and blank starts (templates/scenarios)."""
from __future__ import annotations

from pathlib import Path

from studio.io.bundled_data import bundled_dir

SAMPLE_ID = "marathon"


def templates_dir() -> Path:
    return bundled_dir("templates")


def scenarios_dir() -> Path:
    return templates_dir() / "scenarios"


def sample_scenario_path() -> Path:
    """The scenario `studio` opens when given no file."""
    return scenarios_dir() / f"{SAMPLE_ID}.yaml"


def scenario_templates() -> list[Path]:
    return sorted(scenarios_dir().glob("*.yaml"))

"""Batches of AI-against-AI games and what they say about a scenario's balance.

    from studio.simulate import run_batch, format_report, ScenarioRefused

The package holds one concept per module: `batch` (running a batch, its report), `worker`
(one game as a worker plays it), `runners` and `cluster` (where games run: this process,
local worker processes, a Dask cluster), `stats` (intervals), `mirror` (mirror-match
scenarios), `summary` (a played game's result in words). The names of `batch` (and
`ClusterUnavailable`) are re-exported here, loaded on first use, so that a command that
only reads a scenario file (`studio.commands.scenario_input`) does not pay for the engine
and the rulesets at start-up.
"""
from __future__ import annotations

import importlib

_BATCH_NAMES = ("BatchReport", "Progress", "ScenarioRefused", "SideReport", "UnitTypeReport",
                "build_report", "cancel_check", "default_workers", "format_not_simulated",
                "format_report", "not_simulated", "points_table", "refuse_invalid",
                "run_batch")
_HOME = {**{name: ".batch" for name in _BATCH_NAMES}, "ClusterUnavailable": ".cluster"}

__all__ = list(_HOME)


def __getattr__(name: str):
    if name in _HOME:
        return getattr(importlib.import_module(_HOME[name], __name__), name)
    raise AttributeError(f"module {__name__!r} has no attribute {name!r}")

"""A side's roster costs no more than its `points_limit` (costs from the list's formula)."""
from __future__ import annotations

from typing import Any

from studio.diagnostics import Diagnostic
from studio.armies.points import PointsError, unit_points

from .report import Findings, rosters


def check_points_limits(doc: Any, library: Any) -> list[Diagnostic]:
    findings = Findings(doc)
    for roster in rosters(doc, library):
        army, army_list = roster.army, roster.army_list
        if army_list is None or army.points_limit is None:
            continue
        where = f"side {roster.side_id!r}" if roster.base else f"army {roster.side_id!r}"
        total = 0.0
        problem = None
        for entry in army.expanded():
            unit_type = army_list.unit(entry.type)
            if unit_type is None:
                continue            # reported as an unknown unit type
            try:
                total += unit_points(army_list, unit_type, library)
            except PointsError as err:
                problem = err
                break
        if problem is not None:
            findings.warning(
                "points-unknown",
                f"{where}: the roster's points cannot be totalled, so its limit of "
                f"{army.points_limit:g} is not checked: {problem}",
                (*roster.base, "points_limit"), roster.subject)
            continue
        if total > army.points_limit + 1e-9:
            findings.error(
                "points-over-limit",
                f"{where} spends {total:g} points, over its limit of {army.points_limit:g} "
                f"(by {total - army.points_limit:g}); remove units or raise points_limit",
                (*roster.base, "points_limit"), roster.subject)
    return findings.items

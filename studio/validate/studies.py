"""A balance study is checked as `studio balance` checks it before its first game: the
scenario it names (beside the study file), the side it measures, and every variant built
and validated (`studio.balance.study_input.prepare_study`, the same code), so a study that
validates is one that balance runs."""
from __future__ import annotations

from dataclasses import replace
from typing import Any

from studio.diagnostics import Diagnostic
from studio.model import BalanceStudy


def check_study(doc: Any, library: Any) -> list[Diagnostic]:
    path = getattr(doc, "path", None)
    if not isinstance(getattr(doc, "model", None), BalanceStudy) or path is None:
        return []            # an unsaved study has no folder to find its scenario in
    from studio.balance.study_input import StudyRefused, prepare_study
    try:
        prepare_study(doc.model, library, path, doc.positions)
    except StudyRefused as refused:
        return [d if d.file else replace(d, file=path) for d in refused.diagnostics]
    return []

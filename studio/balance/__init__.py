"""Balance studies: variants of a scenario, adaptive batches of each, and the smallest change
that brings a side's win rate into a target band (`studio balance`, the studio's Balance lab).

    prepared = load_study("study.yaml", library)      # StudyRefused before any game
    report = run_study(prepared, library, workers=2)  # or cluster="tcp://host:8786"
    print(format_study(report)); report.to_json()
"""
from .lab import run_study
from .report import StudyReport, VariantResult, format_study
from .study_input import PreparedStudy, StudyRefused, load_study, prepare_study

__all__ = ["run_study", "StudyReport", "VariantResult", "format_study", "PreparedStudy",
           "StudyRefused", "load_study", "prepare_study"]

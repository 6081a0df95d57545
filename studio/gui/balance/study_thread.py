"""A balance study in a QThread: the study is built and checked there (a few validations),
then played (`studio.balance.run_study`); a cancel keeps the games played."""
from __future__ import annotations

from .batch_thread import BackgroundRun


class StudyThread(BackgroundRun):
    def __init__(self, study, library, path: str | None, scenario, workers: int,
                 cluster: str | None = None) -> None:
        super().__init__()
        self.study = study
        self.library = library
        self.path = path
        self.scenario = scenario          # the editor's (a copy), or None: the study's file
        self.workers = workers
        self.cluster = cluster or None

    def work(self):
        from studio.balance import prepare_study, run_study
        from studio.io import load_file
        positions = load_file(self.path).positions if self.path else None
        prepared = prepare_study(self.study, self.library, self.path, positions, self.scenario)
        return run_study(prepared, self.library, self.workers, self.emit_progress,
                         self.cancel_event, cluster=self.cluster)

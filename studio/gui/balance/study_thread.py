"""A balance study in a QThread: the study is built and checked there (a few validations),
then played (`studio.balance.run_study`); a cancel keeps the games played. The games are
kept after every round (`state`, and the state file of a study opened from a file), so a
later run can resume from them."""
from __future__ import annotations

from .batch_thread import BackgroundRun


class StudyThread(BackgroundRun):
    def __init__(self, study, library, path: str | None, scenario, workers: int,
                 cluster: str | None = None, resume=None, state_file: str | None = None
                 ) -> None:
        """`resume`: (fingerprint, StudyState) of an earlier run in the lab, or True to read
        `state_file`; `state_file`: where to save the games after every round (None: kept in
        memory only)."""
        super().__init__()
        self.resume = resume
        self.state_file = state_file
        self.state = None                 # (fingerprint, StudyState) after the last round
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
        from studio.balance.resume import (ResumeRefused, fingerprint, load_state,
                                           save_state)
        prepared = prepare_study(self.study, self.library, self.path, positions, self.scenario)
        key = fingerprint(prepared)
        resume = None
        if self.resume is True:
            resume = load_state(self.state_file, prepared)
        elif self.resume is not None:
            if self.resume[0] != key:
                raise ResumeRefused("the games kept are of the study as it was: a variant, "
                                    "the side, target, band or the scenario changed since; "
                                    "use Run study to start over")
            resume = self.resume[1]

        def kept(state) -> None:
            self.state = (key, state.copy())
            if self.state_file is not None:
                try:
                    save_state(self.state_file, prepared, state)
                except OSError:
                    self.state_file = None      # kept in memory; the lab can still resume
        return run_study(prepared, self.library, self.workers, self.emit_progress,
                         self.cancel_event, cluster=self.cluster, resume=resume,
                         on_round=kept)

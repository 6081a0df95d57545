"""Issue 18's classes kept fixed by a seeded fuzz run, bounded in time: mutated scenario and
library files through validate (and play and simulate when they validate), mutated game logs
through replay. No case may crash (exit 3, a traceback, an `error[internal]` finding) or
run longer than a few seconds. benchmarks/fuzz_campaign.py runs the same cases for longer."""
import signal
import time

import pytest

from fuzz_cases import game_log, make_case, run_case

CASES = 70            # seeds 0..69: about 5 s on a quiet machine
BUDGET_SECONDS = 25   # stop early on a loaded machine rather than slow the suite
CASE_LIMIT_SECONDS = 10


class _Hang(Exception):
    pass


def _alarm(signum, frame):
    raise _Hang()


@pytest.fixture(scope="module")
def log_text(tmp_path_factory):
    return game_log(tmp_path_factory.mktemp("log"))


def test_fuzzed_inputs_never_crash_nor_hang(tmp_path, log_text):
    old = signal.signal(signal.SIGALRM, _alarm)
    failures, kinds, played = [], {}, 0
    start = time.perf_counter()
    try:
        for seed in range(CASES):
            if time.perf_counter() - start > BUDGET_SECONDS:
                break
            case = make_case(seed, log_text)
            kinds[case.kind] = kinds.get(case.kind, 0) + 1
            folder = tmp_path / str(seed)
            folder.mkdir()
            signal.setitimer(signal.ITIMER_REAL, CASE_LIMIT_SECONDS)
            try:
                outcome = run_case(case, folder, games=1, simulate=seed % 4 == 0)
            except _Hang:
                failures.append(f"seed {seed}: over {CASE_LIMIT_SECONDS} s ({case.mutations})")
                continue
            finally:
                signal.setitimer(signal.ITIMER_REAL, 0)
            played += any(k.startswith("play") for k in outcome.codes)
            if outcome.internal:
                failures.append(f"seed {seed} {case.kind} {case.mutations}:\n"
                                f"{outcome.internal[-1500:]}")
    finally:
        signal.signal(signal.SIGALRM, old)
    assert not failures, "\n\n".join(failures)
    assert set(kinds) == {"scenario", "library", "log"}, kinds
    assert played >= 1      # some mutants validate clean and are played


def test_the_same_seed_makes_the_same_case(log_text):
    assert make_case(12, log_text) == make_case(12, log_text)
    assert make_case(12, log_text).data != make_case(13, log_text).data

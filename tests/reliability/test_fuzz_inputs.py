"""Issue 18's and 29's classes kept fixed by a seeded fuzz run over all three games (Rules of
War, Quick and Dirty, Action Dice): mutated scenario and library files through validate (and
play and simulate when they validate), mutated game logs through replay. No case may crash
(exit 3, a traceback, an `error[internal]` finding) or use more than a few CPU seconds.

The run is bounded by work, not by the clock: a fixed number of cases, in a child process
whose CPU time and memory the kernel caps (RLIMIT_CPU, RLIMIT_AS), so a case that loops or
grows without end stops the child and is named here, on a loaded machine as on an idle one.
benchmarks/fuzz_campaign.py runs the same cases for longer."""
import json
import os
import resource
import subprocess
import sys

from fuzz_cases import ROOT, make_case

CASES = 60                  # seeds 0..59: about 40 CPU seconds
CASE_CPU_SECONDS = 10       # one case (validate, play, perhaps simulate) at most
TOTAL_CPU_SECONDS = 240     # the child is stopped past this (a case that never ends)
MEMORY_BYTES = 3 << 30      # a case that grows without bound hits this, not the machine


def _limits() -> None:
    resource.setrlimit(resource.RLIMIT_CPU, (TOTAL_CPU_SECONDS, TOTAL_CPU_SECONDS + 5))
    resource.setrlimit(resource.RLIMIT_AS, (MEMORY_BYTES, MEMORY_BYTES))


def _run_cases(first: int, count: int) -> tuple[list[dict], int, int | None]:
    """Each finished case's report, the child's exit code, and the seed it was stopped in."""
    env = dict(os.environ, PYTHONPATH=os.pathsep.join(
        [str(ROOT), str(ROOT / "tests"), os.environ.get("PYTHONPATH", "")]),
        QT_QPA_PLATFORM="offscreen")
    child = subprocess.run([sys.executable, str(ROOT / "tests" / "fuzz_cases.py"), str(first),
                            str(count)], env=env, cwd=ROOT, capture_output=True, text=True,
                           preexec_fn=_limits)
    reports, started = [], None
    for line in child.stdout.splitlines():
        item = json.loads(line)
        if "start" in item:
            started = item["start"]
        else:
            reports.append(item)
            started = None
    return reports, child.returncode, started


def test_fuzzed_inputs_of_every_game_never_crash_nor_hang():
    reports, code, stopped = _run_cases(0, CASES)
    assert stopped is None and code == 0, (
        f"the cases stopped at seed {stopped} (exit {code}): it looped or grew past "
        f"{TOTAL_CPU_SECONDS} CPU s or {MEMORY_BYTES >> 30} GB")
    failures = [f"seed {r['seed']} {r['kind']} {r['scenario']} {r['mutations']}:\n"
                f"{r['internal'][-1500:]}" for r in reports if r["internal"]]
    failures += [f"seed {r['seed']}: {r['cpu']:.1f} CPU s ({r['mutations']})"
                 for r in reports if r["cpu"] > CASE_CPU_SECONDS]
    assert not failures, "\n\n".join(failures)
    assert len(reports) == CASES
    assert {r["kind"] for r in reports} == {"scenario", "library", "log"}
    played = {r["scenario"] for r in reports if any(k.startswith("play") for k in r["codes"])}
    assert len(played) >= 2, played      # mutants of several games validate and are played
    assert {r["scenario"] for r in reports if r["kind"] == "log"} == {
        "belt-skirmish.yaml", "qnd-mirror.yaml", "ad-mirror.yaml"}


def test_a_looping_case_is_stopped_by_its_cpu_limit_and_named(monkeypatch, tmp_path):
    """The bound holds: a child that spins is stopped by the kernel, not by a clock."""
    spin = tmp_path / "spin.py"
    spin.write_text("import json\nprint(json.dumps({'start': 7}), flush=True)\nwhile True:\n"
                    "    pass\n")
    monkeypatch.setattr(sys.modules[__name__], "TOTAL_CPU_SECONDS", 1)
    child = subprocess.run([sys.executable, str(spin)], capture_output=True, text=True,
                           preexec_fn=_limits)
    assert child.returncode != 0 and json.loads(child.stdout) == {"start": 7}


def test_the_same_seed_makes_the_same_case():
    assert make_case(12) == make_case(12)
    assert make_case(12).data != make_case(13).data

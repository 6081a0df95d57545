"""A long fuzz campaign for issue 18 ("never hang, never lose work"), printing its figures.

1. Input fuzzing: the seeded cases of tests/fuzz_cases.py over all three games (mutated
   scenario and library files through validate, play and simulate; mutated game logs
   through replay), run one after the other in a worker process. A case that crashes (exit 3, a traceback, `error[internal]`)
   is a traceback; one that runs over --hang seconds is a hang (the worker is killed and
   replaced). The peak memory of each case is read from the kernel (VmHWM, reset per case).
2. Kill-during-save: a child process saves a scenario over and over (and, in other rounds,
   exports a PDF over and over) and is killed with SIGKILL at a random moment. A kill is
   survived when the target is one complete version, at least as new as the last one the
   child reported done, and the next save leaves no stray temporary file beside it.

    nice python3 benchmarks/fuzz_campaign.py [--minutes 15 | --cases N] [--kills 100]
                                             [--first-seed 0]
"""
from __future__ import annotations

import argparse
import json
import os
import random
import select
import signal
import subprocess
import sys
import tempfile
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
sys.path[:0] = [str(ROOT), str(ROOT / "tests")]

ENV = dict(os.environ, PYTHONPATH=os.pathsep.join([str(ROOT), str(ROOT / "tests")]),
           QT_QPA_PLATFORM="offscreen")


# -- worker: runs cases, one JSON line per case ----------------------------------------------

def _reset_peak() -> None:
    try:
        with open("/proc/self/clear_refs", "w") as f:
            f.write("5")
    except OSError:
        pass


def _status_kib(field: str) -> int:
    with open("/proc/self/status") as f:
        for line in f:
            if line.startswith(field + ":"):
                return int(line.split()[1])
    return 0


def worker() -> None:
    from fuzz_cases import game_logs, make_case, run_case
    base = Path(tempfile.mkdtemp(prefix="fuzz-worker-"))
    logs = game_logs(base)
    print("ready", flush=True)
    for line in sys.stdin:
        seed = int(line)
        folder = base / str(seed)
        folder.mkdir()
        case = make_case(seed, logs)
        _reset_peak()
        before = _status_kib("VmRSS")
        outcome = run_case(case, folder, games=1, simulate=seed % 3 == 0)
        peak = _status_kib("VmHWM")
        print(json.dumps({"seed": seed, "kind": case.kind, "codes": outcome.codes,
                          "internal": outcome.internal, "seconds": outcome.seconds,
                          "peak_kib": peak, "extra_kib": peak - before,
                          "mutations": case.mutations, "scenario": case.scenario}),
              flush=True)
        subprocess.run(["rm", "-rf", str(folder)])


class Worker:
    def __init__(self) -> None:
        self.proc = subprocess.Popen([sys.executable, __file__, "--worker"], cwd=ROOT, env=ENV,
                                     stdin=subprocess.PIPE, stdout=subprocess.PIPE,
                                     stderr=subprocess.DEVNULL, text=True, bufsize=1)
        assert self.proc.stdout.readline().strip() == "ready"

    def run(self, seed: int, limit: float) -> dict | None:
        """The case's report, or None when it ran over `limit` seconds (worker killed)."""
        self.proc.stdin.write(f"{seed}\n")
        self.proc.stdin.flush()
        ready, _, _ = select.select([self.proc.stdout], [], [], limit)
        if not ready:
            self.kill()
            return None
        line = self.proc.stdout.readline()
        if not line:                       # the worker died (killed by the kernel?)
            self.kill()
            return {"seed": seed, "internal": "worker died", "seconds": 0, "peak_kib": 0}
        return json.loads(line)

    def kill(self) -> None:
        self.proc.kill()
        self.proc.wait()


def input_campaign(seconds: float, first_seed: int, hang: float, cases: int | None) -> dict:
    worker_proc = Worker()
    stats = {"cases": 0, "tracebacks": [], "hangs": [], "kinds": {}, "played": 0, "games": {},
             "disagreements": [],
             "worst": {"peak_kib": 0, "extra_kib": 0}, "slowest": {"seconds": 0}}
    seed = first_seed
    end = time.monotonic() + seconds
    try:
        while (time.monotonic() < end) if cases is None else stats["cases"] < cases:
            report = worker_proc.run(seed, hang)
            stats["cases"] += 1
            if report is None:
                stats["hangs"].append(seed)
                worker_proc = Worker()
            else:
                kind = report.get("kind", "?")
                stats["kinds"][kind] = stats["kinds"].get(kind, 0) + 1
                codes = report.get("codes", {})
                played = any(k.startswith("play") for k in codes)
                stats["played"] += played
                game = report.get("scenario", "?")
                stats["games"][game] = stats["games"].get(game, 0) + played
                if codes.get("validate") == 0 and any(
                        code != 0 for k, code in codes.items() if k != "validate"):
                    # validate said the file is fine, yet play or simulate refused it
                    stats["disagreements"].append((seed, codes, report.get("mutations")))
                if report.get("internal"):
                    stats["tracebacks"].append((seed, report["internal"][-600:]))
                if report.get("extra_kib", 0) > stats["worst"].get("extra_kib", 0):
                    stats["worst"] = report
                if report["seconds"] > stats["slowest"]["seconds"]:
                    stats["slowest"] = report
            seed += 1
    finally:
        worker_proc.kill()
    stats["last_seed"] = seed - 1
    return stats


# -- kill during save --------------------------------------------------------------------------

SAVER = """
import sys
from studio.io import load_file, save_file
source, target = sys.argv[1], sys.argv[2]
model = load_file(source).model
k = 0
while True:
    k += 1
    model.name = f"generation {k}"
    save_file(model, target)
    print(k, flush=True)
"""

EXPORTER = """
import sys
from studio.cli import main
source, target = sys.argv[1], sys.argv[2]
k = 0
while True:
    k += 1
    assert main(["export", "map", source, "-o", target, "--quiet"]) == 0
    print(k, flush=True)
"""


def _reported(proc: subprocess.Popen) -> int:
    out = proc.stdout.read() if proc.stdout else ""
    numbers = [int(x) for x in out.split() if x.isdigit()]
    return max(numbers, default=0)


def kill_round(rng: random.Random, folder: Path, export: bool) -> tuple[bool, str]:
    from studio.io import dump_model, load_file, save_file
    source = ROOT / "templates" / "scenarios" / "belt-skirmish.yaml"
    target = folder / ("map.pdf" if export else "scenario.yaml")
    if not export:
        save_file(load_file(source).model, target)          # generation 0
    script = EXPORTER if export else SAVER
    proc = subprocess.Popen([sys.executable, "-c", script, str(source), str(target)], cwd=ROOT,
                            env=ENV, stdout=subprocess.PIPE, stderr=subprocess.DEVNULL,
                            text=True)
    time.sleep(rng.uniform(0.8, 3.0) if export else rng.uniform(0.6, 1.6))   # past start-up
    proc.send_signal(signal.SIGKILL)
    proc.wait()
    done = _reported(proc)
    if export:
        if not target.exists():
            if done:
                return False, f"no PDF although {done} exports finished"
        else:
            from pypdf import PdfReader
            try:
                if len(PdfReader(str(target)).pages) < 1:
                    return False, "an empty PDF"
            except Exception as err:  # noqa: BLE001
                return False, f"a broken PDF: {err!r}"
        from studio.cli import main
        if main(["export", "map", str(source), "-o", str(target), "--quiet"]) != 0:
            return False, "the next export failed"
    else:
        doc = load_file(target)
        if doc.model is None:
            return False, "the scenario does not load"
        name = doc.model.name
        generation = 0 if name == load_file(source).model.name else int(name.split()[-1])
        if generation < done:
            return False, f"generation {generation} on disk, {done} reported saved"
        if doc.text != dump_model(doc.model):
            return False, "the text is not a whole save"
        save_file(doc.model, target)
    stray = sorted(p.name for p in folder.iterdir() if p != target)
    if stray:
        return False, f"left beside it: {stray}"
    return True, f"{done} done before the kill"


def kill_campaign(rounds: int, seed: int) -> dict:
    rng = random.Random(seed)
    stats = {"rounds": 0, "survived": 0, "failures": []}
    for i in range(rounds):
        with tempfile.TemporaryDirectory(prefix="fuzz-kill-") as folder:
            ok, why = kill_round(rng, Path(folder), export=i % 3 == 2)
        stats["rounds"] += 1
        stats["survived"] += ok
        if not ok:
            stats["failures"].append((i, why))
    return stats


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--minutes", type=float, default=15.0,
                        help="time for the input campaign (default 15)")
    parser.add_argument("--cases", type=int, default=None,
                        help="run this many input cases instead of --minutes")
    parser.add_argument("--kills", type=int, default=100, help="kill-during-save rounds")
    parser.add_argument("--first-seed", type=int, default=0)
    parser.add_argument("--hang", type=float, default=10.0,
                        help="seconds after which a case counts as a hang (default 10)")
    parser.add_argument("--worker", action="store_true", help=argparse.SUPPRESS)
    args = parser.parse_args()
    if args.worker:
        worker()
        return
    start = time.monotonic()
    found = input_campaign(args.minutes * 60, args.first_seed, args.hang, args.cases)
    took = time.monotonic() - start
    print(f"input fuzzing: {found['cases']} cases (seeds {args.first_seed}.."
          f"{found['last_seed']}) in {took / 60:.1f} min: {found['kinds']}, "
          f"{found['played']} validated clean and were played {found['games']}")
    print(f"  tracebacks: {len(found['tracebacks'])}")
    for seed, text in found["tracebacks"][:10]:
        print(f"    seed {seed}: {text.strip().splitlines()[-1] if text.strip() else text}")
    print(f"  hangs (> {args.hang:g} s): {len(found['hangs'])} {found['hangs'][:10]}")
    print(f"  valid files that play or simulate refused: {len(found['disagreements'])}")
    for seed, codes, mutations in found["disagreements"][:10]:
        print(f"    seed {seed}: {codes} {mutations}")
    worst, slowest = found["worst"], found["slowest"]
    print(f"  peak memory of the worst case: {worst['peak_kib'] / 1024:.0f} MiB for the process,"
          f" {worst['extra_kib'] / 1024:.0f} MiB over what it held before the case (seed "
          f"{worst.get('seed')}, {worst.get('kind')}: {worst.get('mutations')})")
    print(f"  slowest case: {slowest['seconds']:.1f} s (seed {slowest.get('seed')}, "
          f"{slowest.get('kind')}: {slowest.get('mutations')})")
    kills = kill_campaign(args.kills, args.first_seed)
    print(f"kill during save/export: {kills['survived']} of {kills['rounds']} kills survived "
          "with nothing lost")
    for i, why in kills["failures"][:10]:
        print(f"    round {i}: {why}")


if __name__ == "__main__":
    main()

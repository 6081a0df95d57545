"""The balance lab's figures on the Marathon sample with its 6 variants
(templates/studies/marathon-balance.yaml):

1. games per second of a study on the local pool (2 processes) against the same study on a
   Dask cluster of 2 workers on loopback (started here: `dask scheduler`, `dask worker`),
   the overhead ratio, and whether the two reports are identical;
2. games needed by the adaptive study against a fixed study of N games per variant
   (default 1,000) to reach the same conclusion.

    python benchmarks/bench_balance_lab.py [--fixed N] [--cluster-games M] [--workers K]

For (2) the fixed study is played once; the adaptive study then runs through the lab's own
loop (`run_study`) on a runner that serves those recorded games instead of playing them
again: game i of a variant is the same game in both (same seeds), so the adaptive study's
games are a prefix of the fixed one's and its verdicts are exactly those of a real run. A
fixed study's conclusion about a variant: its Wilson interval lies inside the band (reaches),
clear of it (misses), or neither (open); at the study's family-wise error rate (each
interval at 1 - error_rate / variants, as the adaptive study splits it) and, for
reference, at a plain 95% per variant.
"""
from __future__ import annotations

import argparse
import json
import os
import subprocess
import sys
import tempfile
import time
from dataclasses import replace
from statistics import NormalDist
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(ROOT))

from studio.balance import load_study, run_study  # noqa: E402
from studio.balance.sequential import verdict_of_interval  # noqa: E402
from studio.io import default_library  # noqa: E402
from studio.simulate.batch import points_table  # noqa: E402
from studio.simulate.runners import InlineRunner, open_runner  # noqa: E402
from studio.simulate.stats import wilson_interval  # noqa: E402
from studio.simulate.worker import BatchSetup, make_resolver  # noqa: E402

STUDY = ROOT / "templates" / "studies" / "marathon-balance.yaml"


class RecordedRunner(InlineRunner):
    """Serves games already played (a fixed study's) instead of playing them."""

    def __init__(self, records):
        super().__init__({})
        self.records = records            # key -> {index: GameRecord}
        self.served = 0

    def play(self, tasks, on_result, should_stop) -> bool:
        for key, _seed, indices in tasks:
            self.served += len(indices)
            on_result(key, [self.records[key][i] for i in indices])
        return False


def setups_of(prepared, library):
    return {str(k): BatchSetup(v.scenario, make_resolver(v.scenario, library),
                               points_table(v.scenario, library), v.options_override)
            for k, v in enumerate(prepared.variants)}


def fixed_study(prepared, library, games: int, workers: int):
    """Every variant's games 0..games-1 on the local pool: records by variant, seconds."""
    records = {}
    started = time.perf_counter()
    with open_runner(setups_of(prepared, library), workers) as runner:
        tasks = [t for k in range(len(prepared.variants))
                 for t in runner.tasks(str(k), prepared.study.seed, range(games))]
        runner.play(tasks, lambda key, part: records.setdefault(key, {}).update(
            (r.index, r) for r in part), lambda: False)
    return records, time.perf_counter() - started


def start_cluster(folder: Path):
    env = dict(os.environ, PYTHONPATH=str(ROOT))
    file = folder / "scheduler.json"
    log = open(folder / "log.txt", "wb")
    procs = [subprocess.Popen([sys.executable, "-m", "distributed.cli.dask_scheduler", "--host",
                               "127.0.0.1", "--port", "0", "--no-dashboard",
                               "--scheduler-file", str(file)], stdout=log,
                              stderr=subprocess.STDOUT, env=env)]
    while not file.exists() or not file.read_text().strip():
        time.sleep(0.1)
    address = json.loads(file.read_text())["address"]
    for _ in range(2):
        procs.append(subprocess.Popen([sys.executable, "-m", "distributed.cli.dask_worker",
                                       address, "--nthreads", "1", "--no-nanny",
                                       "--no-dashboard", "--host", "127.0.0.1"], stdout=log,
                                      stderr=subprocess.STDOUT, env=env))
    from distributed import Client
    with Client(address, timeout=60, set_as_default=False) as client:
        client.wait_for_workers(2, timeout=60)
    return address, procs


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--fixed", type=int, default=1000, help="games per variant of the "
                        "fixed study (default 1000)")
    parser.add_argument("--cluster-games", type=int, default=100,
                        help="games per variant for the pool/cluster comparison (default 100)")
    parser.add_argument("--workers", type=int, default=2)
    args = parser.parse_args()
    library = default_library()
    prepared = load_study(STUDY, library)
    study = prepared.study
    n_variants = len(prepared.variants)
    print(f"{STUDY.relative_to(ROOT)}: {n_variants - 1} variants and the scenario as "
          f"written, target {study.target} ± {study.band}, error rate {study.error_rate}")

    # 1. local pool against a loopback cluster of 2 workers
    # A band too narrow to decide anything in so few games: every variant plays them all.
    small = replace(prepared, study=replace(study, band=0.001, max_games=args.cluster_games))
    started = time.perf_counter()
    pool = run_study(small, library, args.workers)
    pool_s = time.perf_counter() - started
    with tempfile.TemporaryDirectory() as folder:
        address, procs = start_cluster(Path(folder))
        try:
            started = time.perf_counter()
            remote = run_study(small, library, cluster=address)
            cluster_s = time.perf_counter() - started
        finally:
            for p in procs:
                p.kill()
                p.wait()
    games = pool.games
    print(f"\n1. {games} games ({args.cluster_games} per variant):")
    print(f"   local pool, {args.workers} processes: {cluster_fmt(games, pool_s)}")
    print(f"   loopback cluster, 2 workers:  {cluster_fmt(games, cluster_s)}")
    print(f"   overhead ratio (cluster time / pool time): {cluster_s / pool_s:.2f}; "
          f"identical reports: {remote.to_json() == pool.to_json()}")

    # 2. adaptive against fixed
    records, fixed_s = fixed_study(prepared, library, args.fixed, args.workers)
    capped = replace(prepared, study=replace(study, max_games=args.fixed))
    replay = RecordedRunner(records)
    adaptive = run_study(capped, library, runner=replay)
    print(f"\n2. fixed study: {args.fixed} games per variant, {args.fixed * n_variants} games "
          f"in {fixed_s:.0f} s ({args.fixed * n_variants / fixed_s:.1f} games/s)")
    side = [s.id for s in prepared.variants[0].scenario.sides].index(study.side)
    # The same family-wise error rate as the adaptive study: each variant's interval at
    # 1 - error_rate / variants (Bonferroni); and the plain 95% interval of each.
    z_family = NormalDist().inv_cdf(1 - study.error_rate / (2 * n_variants))
    agree = agree95 = 0
    print(f"   {'#':>2} {'fixed: win rate':>15}  {'95% each':<9} {'family-wise':<12} "
          f"{'adaptive: games':>15}  verdict")
    for v in adaptive.variants:
        recs = list(records[str(v.number)].values())
        wins = sum(1 for r in recs if r.outcome == "win" and r.winner == side)
        each = verdict_of_interval(wilson_interval(wins, len(recs)), study.target, study.band)
        family = verdict_of_interval(wilson_interval(wins, len(recs), z_family), study.target,
                                     study.band)
        agree += family == v.verdict
        agree95 += each == v.verdict
        print(f"   {v.number:>2} {100 * wins / len(recs):14.1f}%  {each:<9} {family:<12} "
              f"{v.games:>15}  {v.verdict}{'' if family == v.verdict else '  (differs)'}")
    total = adaptive.games
    print(f"   games: adaptive {total}, fixed {args.fixed * n_variants} "
          f"({100 * total / (args.fixed * n_variants):.0f}%); same conclusion as the fixed "
          f"study for {agree} of {n_variants} variants at the same family-wise error rate "
          f"({agree95} of {n_variants} against plain 95% intervals, which do not keep it)")


def cluster_fmt(games: int, seconds: float) -> str:
    return f"{seconds:6.1f} s, {games / seconds:5.2f} games/s"


if __name__ == "__main__":
    main()

"""Batches and studies on a Dask distributed cluster: a scheduler and two workers started
here on loopback (as `dask scheduler` / `dask worker` would be on real machines). The
results equal the local run's to the last digit; progress and cancel work; a worker killed
mid-batch loses no game; an unreachable scheduler is refused before any game."""
from __future__ import annotations
from repo_paths import REPO_ROOT

import json
import os
import subprocess
import sys
import threading
import time
from pathlib import Path

import pytest

pytest.importorskip("distributed")

from studio.balance import prepare_study, run_study  # noqa: E402
from studio.io import default_library  # noqa: E402
from studio.model import BalanceStudy, StudyVariant  # noqa: E402
from studio.simulate import ClusterUnavailable, run_batch  # noqa: E402
from studio.simulate.mirror import mirror_scenario  # noqa: E402

ROOT = REPO_ROOT
START_SECONDS = 60


def _spawn(args, log):
    env = dict(os.environ, PYTHONPATH=str(ROOT) + os.pathsep + os.environ.get("PYTHONPATH", ""))
    return subprocess.Popen([sys.executable, "-m", *args], stdout=log, stderr=subprocess.STDOUT,
                            env=env, cwd=ROOT)


@pytest.fixture(scope="module")
def cluster(tmp_path_factory):
    """(scheduler address, [worker processes]); everything stopped afterwards."""
    from distributed import Client
    folder = tmp_path_factory.mktemp("dask")
    file = folder / "scheduler.json"
    log = open(folder / "log.txt", "wb")
    procs = [_spawn(["distributed.cli.dask_scheduler", "--host", "127.0.0.1", "--port", "0",
                     "--no-dashboard", "--scheduler-file", str(file)], log)]
    try:
        deadline = time.monotonic() + START_SECONDS
        while not file.exists() or not file.read_text().strip():
            assert time.monotonic() < deadline, (folder / "log.txt").read_text()
            time.sleep(0.1)
        address = json.loads(file.read_text())["address"]
        workers = [_spawn(["distributed.cli.dask_worker", address, "--nthreads", "1",
                           "--no-nanny", "--no-dashboard", "--host", "127.0.0.1"], log)
                   for _ in range(2)]
        procs += workers
        with Client(address, timeout=START_SECONDS, set_as_default=False) as client:
            client.wait_for_workers(2, timeout=START_SECONDS)
        yield address, workers
    finally:
        for p in reversed(procs):
            p.kill()
            p.wait()
        log.close()


@pytest.fixture(scope="module")
def mirror():
    library = default_library()
    lst = library.army_list("persian-wars-greek")
    sc = mirror_scenario(lst, "greek-archon", ["spartan-warband", "athenian-hoplites",
                                               "ionian-peltasts"], columns=11, rows=8)
    return sc, library


def test_a_batch_on_the_cluster_equals_the_local_one(cluster, mirror):
    address, _ = cluster
    sc, library = mirror
    seen = []
    remote = run_batch(sc, library, 40, seed=5, cluster=address,
                       progress=lambda done, total: seen.append((done, total)))
    assert remote.to_json() == run_batch(sc, library, 40, seed=5).to_json()
    assert seen[0] == (0, 40) and seen[-1] == (40, 40) and len(seen) > 3


def test_a_study_on_the_cluster_equals_the_local_one(cluster, mirror):
    address, _ = cluster
    sc, library = mirror
    study = BalanceStudy("s", "S", "s.yaml", "west", [
        StudyVariant("remove", {"side": "west", "type": "spartan-warband", "count": 1})],
        band=0.1, max_games=120)
    prepared = prepare_study(study, library, scenario=sc)
    remote = run_study(prepared, library, cluster=address)
    assert remote.to_json() == run_study(prepared, library, workers=2).to_json()
    assert [v.games for v in remote.variants] == [120, 100]


def test_cancel_on_the_cluster_keeps_the_games_played(cluster, mirror):
    address, _ = cluster
    sc, library = mirror
    stop = threading.Event()

    def progress(done, total):
        if done >= 10:
            stop.set()
    report = run_batch(sc, library, 400, seed=2, cluster=address, progress=progress,
                       cancel=stop)
    assert report.cancelled and 10 <= report.games < 400


def test_a_worker_killed_mid_batch_loses_no_game(cluster, mirror):
    address, workers = cluster
    sc, library = mirror
    killed = []

    def progress(done, total):
        if done >= 10 and not killed:
            workers[0].kill()
            killed.append(done)
    remote = run_batch(sc, library, 80, seed=9, cluster=address, progress=progress)
    assert killed and killed[0] < 80 and workers[0].wait(10) is not None
    assert remote.games == 80
    assert remote.to_json() == run_batch(sc, library, 80, seed=9).to_json()


def test_an_unreachable_scheduler_is_refused_before_any_game(mirror, monkeypatch):
    import socket
    from studio.simulate import cluster as cluster_module
    monkeypatch.setattr(cluster_module, "CONNECT_TIMEOUT_SECONDS", 1.0)
    with socket.socket() as s:                     # a port nobody listens on
        s.bind(("127.0.0.1", 0))
        port = s.getsockname()[1]
    sc, library = mirror
    played = []
    with pytest.raises(ClusterUnavailable, match=f"tcp://127.0.0.1:{port}"):
        run_batch(sc, library, 5, seed=1, cluster=f"tcp://127.0.0.1:{port}",
                  progress=lambda done, total: played.append(done))
    assert played == [0] or played == []

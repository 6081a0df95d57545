"""Issue 29 item 10: a Dask cluster that fails is an ordinary error (exit 2, a message,
no traceback): an address of another scheme or shape, a scheduler nobody runs (refused
before Dask's client tries it, so no 5-10 s wait and no finalizer traceback), a scheduler
killed mid-batch, every worker gone. Everything runs on loopback."""
from __future__ import annotations

import json
import os
import socket
import subprocess
import sys
import threading
import time
from pathlib import Path

import pytest

pytest.importorskip("distributed")

from studio.simulate import ClusterUnavailable, run_batch  # noqa: E402
from studio.simulate import cluster as cluster_module  # noqa: E402

ROOT = Path(__file__).resolve().parents[2]
SCENARIO = ROOT / "templates" / "scenarios" / "qnd-mirror.yaml"
START_SECONDS = 60


def _free_port() -> int:
    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        return s.getsockname()[1]


def _studio(*args: str) -> subprocess.CompletedProcess:
    env = dict(os.environ, PYTHONPATH=str(ROOT) + os.pathsep + os.environ.get("PYTHONPATH", ""))
    return subprocess.run([sys.executable, "-m", "studio", *args], capture_output=True,
                          text=True, env=env, cwd=ROOT)


@pytest.mark.parametrize("address, words", [
    ("tls://127.0.0.1:8786", "uses tls://; the studio connects to a Dask scheduler over "
                             "plain tcp:// only"),
    ("ucx://127.0.0.1:8786", "uses ucx://"),
    ("tcp://127.0.0.1", "is not tcp://HOST:PORT"),
    ("tcp://127.0.0.1:port", "is not tcp://HOST:PORT"),
    ("tcp://:8786", "is not tcp://HOST:PORT"),
    ("tcp://127.0.0.1:{free}", "cannot reach the Dask scheduler at tcp://127.0.0.1:{free} "
                               "(Connection refused)"),
])
def test_a_bad_address_is_refused_before_dask_tries_it(address, words, monkeypatch):
    free = _free_port()
    address, words = address.format(free=free), words.format(free=free)
    import distributed
    monkeypatch.setattr(distributed, "Client", lambda *a, **k: pytest.fail("Client made"))
    with pytest.raises(ClusterUnavailable) as refused:
        cluster_module.ClusterRunner(address, {})
    assert words in str(refused.value)


def test_the_command_says_so_with_exit_2_and_no_traceback():
    done = _studio("simulate", str(SCENARIO), "--games", "2",
                   "--cluster", f"tcp://127.0.0.1:{_free_port()}")
    assert done.returncode == 2
    assert "cannot reach the Dask scheduler" in done.stderr
    assert "Traceback" not in done.stderr and "Exception ignored" not in done.stderr
    done = _studio("simulate", str(SCENARIO), "--games", "2", "--cluster", "ucx://h:1")
    assert done.returncode == 2 and "uses ucx://" in done.stderr


@pytest.fixture
def small_cluster(tmp_path):
    """(address, scheduler process, [worker processes]) on loopback; killed afterwards."""
    from distributed import Client
    env = dict(os.environ, PYTHONPATH=str(ROOT) + os.pathsep + os.environ.get("PYTHONPATH", ""))
    log = open(tmp_path / "log.txt", "wb")
    file = tmp_path / "scheduler.json"

    def spawn(*args):
        return subprocess.Popen([sys.executable, "-m", *args], stdout=log,
                                stderr=subprocess.STDOUT, env=env, cwd=ROOT)
    scheduler = spawn("distributed.cli.dask_scheduler", "--host", "127.0.0.1", "--port", "0",
                      "--dashboard-address", "127.0.0.1:0", "--scheduler-file", str(file))
    procs = [scheduler]
    try:
        deadline = time.monotonic() + START_SECONDS
        while not file.exists() or not file.read_text().strip():
            assert time.monotonic() < deadline, (tmp_path / "log.txt").read_text()
            time.sleep(0.1)
        address = json.loads(file.read_text())["address"]
        workers = [spawn("distributed.cli.dask_worker", address, "--nthreads", "1",
                         "--no-nanny", "--no-dashboard", "--host", "127.0.0.1")]
        procs += workers
        with Client(address, timeout=START_SECONDS, set_as_default=False) as client:
            client.wait_for_workers(1, timeout=START_SECONDS)
        yield address, scheduler, workers
    finally:
        for p in reversed(procs):
            p.kill()
            p.wait()
        log.close()


def _batch_killing(address, kill, monkeypatch):
    """run_batch on the cluster, calling `kill` once the first games are in."""
    from studio.io import default_library, load_file
    monkeypatch.setattr(cluster_module, "WORKERLESS_SECONDS", 2.0)
    library = default_library()
    scenario = load_file(SCENARIO).model
    killed = threading.Event()

    def progress(done, total):
        if done >= 1 and not killed.is_set():
            kill()
            killed.set()
    with pytest.raises(ClusterUnavailable) as lost:
        run_batch(scenario, library, 400, seed=3, cluster=address, progress=progress)
    assert killed.is_set()
    return str(lost.value)


def test_a_scheduler_killed_mid_batch_is_an_error_not_a_traceback(small_cluster, monkeypatch):
    address, scheduler, _ = small_cluster
    said = _batch_killing(address, scheduler.kill, monkeypatch)
    assert f"the Dask cluster at {address} failed while playing the games" in said


def test_every_worker_gone_stops_the_batch_with_a_message(small_cluster, monkeypatch):
    address, _, workers = small_cluster
    said = _batch_killing(address, lambda: [w.kill() for w in workers], monkeypatch)
    assert (f"the Dask scheduler at {address} has had no worker for 2 s" in said
            or "failed while playing the games" in said)

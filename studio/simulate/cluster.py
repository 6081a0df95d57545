"""Batches and studies on a Dask distributed cluster (`--cluster tcp://HOST:8786`).

The client scatters the setups to every worker once (broadcast, so a worker that dies
takes no setup with it), then submits one task per chunk of game indices. When a worker
dies, the scheduler hands its unfinished tasks to the others; a game depends only on its
seeds, so the rerun plays it exactly as the lost one would have. Workers must run the same
version of the studio (they import `studio.simulate.worker`), one thread each
(`dask worker ADDRESS --nthreads 1`): the AI's caches are per process, not per thread.
"""
from __future__ import annotations

import socket
import time
from typing import Iterable
from urllib.parse import urlsplit

from .runners import CANCEL_POLL_SECONDS, OnResult, Task, chunks
from .worker import BatchSetup, play_games

CONNECT_TIMEOUT_SECONDS = 5.0
# A batch whose cluster has had no worker this long stops (workers may come back sooner).
WORKERLESS_SECONDS = 30.0
CLOSE_TIMEOUT_SECONDS = 2.0


class ClusterUnavailable(RuntimeError):
    """The scheduler cannot be reached, has no worker, or was lost during the batch."""


def scheduler_host_port(address: str) -> tuple[str, int]:
    """Host and port of a `tcp://HOST:PORT` address; ClusterUnavailable for any other
    scheme (tls:// needs certificates and ucx:// its own libraries, neither of which the
    studio sets up) or an address without a host and port."""
    parts = urlsplit(address if "://" in address else f"tcp://{address}")
    if parts.scheme != "tcp":
        raise ClusterUnavailable(
            f"the cluster address {address} uses {parts.scheme}://; the studio connects to "
            "a Dask scheduler over plain tcp:// only (tls:// needs certificates, ucx:// its "
            "own libraries): start the scheduler with --protocol tcp and give tcp://HOST:PORT")
    try:
        port = parts.port
    except ValueError:
        port = None
    if not parts.hostname or port is None or parts.path not in ("", "/"):
        raise ClusterUnavailable(f"the cluster address {address} is not tcp://HOST:PORT "
                                 "(for instance tcp://192.168.1.20:8786)")
    return parts.hostname, port


def _reachable(address: str, timeout: float) -> None:
    """Refuse an address nothing listens at before Dask's client tries it (it would wait
    its whole timeout and print a traceback from its finalizer)."""
    host, port = scheduler_host_port(address)
    try:
        with socket.create_connection((host, port), timeout=timeout):
            pass
    except OSError as err:
        reason = err.strerror or type(err).__name__
        raise ClusterUnavailable(
            f"cannot reach the Dask scheduler at {address} ({reason}); check the address "
            "and that `dask scheduler` runs there, or leave out --cluster to play on this "
            "machine") from None


def _lost(err: BaseException) -> bool:
    """Whether `err` (from a task's result) says the cluster, not the game, failed."""
    from concurrent.futures import CancelledError
    try:
        from distributed import KilledWorker
        from distributed.comm.core import CommClosedError
    except ImportError:                        # pragma: no cover - distributed is there
        return isinstance(err, (CancelledError, OSError, TimeoutError))
    return isinstance(err, (KilledWorker, CommClosedError, CancelledError, OSError,
                            TimeoutError))


class ClusterRunner:
    def __init__(self, address: str, setups: dict[str, BatchSetup],
                 timeout: float | None = None, workerless: float | None = None) -> None:
        try:
            from distributed import Client
        except ImportError:
            raise ClusterUnavailable("running on a cluster needs the `distributed` package; "
                                     "install it (pip install distributed)") from None
        self.address = address
        self.workerless = WORKERLESS_SECONDS if workerless is None else workerless
        timeout = CONNECT_TIMEOUT_SECONDS if timeout is None else timeout
        _reachable(address, timeout)
        try:
            self.client = Client(address, timeout=timeout, set_as_default=False)
        except (OSError, TimeoutError, ValueError) as err:
            raise ClusterUnavailable(
                f"cannot reach the Dask scheduler at {address} ({type(err).__name__}); "
                "check the address and that `dask scheduler` runs there, or leave out "
                "--cluster to play on this machine") from None
        try:
            self.client.wait_for_workers(1, timeout=timeout)
        except (TimeoutError, OSError):
            self.close()
            raise ClusterUnavailable(f"the Dask scheduler at {address} has no worker after "
                                     f"{timeout:g} s; start one with `dask worker {address} "
                                     "--nthreads 1`") from None
        try:
            # A list, not the dict: scattering a dict would make its keys the cluster's keys.
            scattered = self.client.scatter(list(setups.values()), broadcast=True,
                                            hash=False)
        except Exception as err:  # noqa: BLE001 - only the cluster's failures are ours
            if not _lost(err):
                raise
            self.close()
            raise self._lost_error("sending the scenario to the workers") from None
        self.setups = dict(zip(setups, scattered))

    def _lost_error(self, doing: str) -> ClusterUnavailable:
        return ClusterUnavailable(
            f"the Dask cluster at {self.address} failed while {doing}: the scheduler stopped "
            "answering or its workers died; check `dask scheduler` and `dask worker` there "
            "and run again, or leave out --cluster to play on this machine")

    def _workers_now(self) -> int:
        try:
            return len(self.client.scheduler_info().get("workers", {}))
        except Exception:  # noqa: BLE001 - a lost scheduler shows in the tasks' results
            return 0

    @property
    def workers(self) -> int:
        return max(1, sum(self.client.nthreads().values()))

    def tasks(self, key: str, seed: int, indices: Iterable[int]) -> list[Task]:
        return [(key, seed, c) for c in chunks(indices, self.workers)]

    def play(self, tasks: list[Task], on_result: OnResult, should_stop) -> bool:
        """Play every task, calling on_result as chunks finish; True when cancelled.
        ClusterUnavailable when the scheduler is lost, or no worker is left for
        `workerless` seconds (a worker that comes back sooner carries on the batch)."""
        pending = {self.client.submit(play_games, self.setups[key], seed, indices,
                                      pure=False): key
                   for key, seed, indices in tasks}
        alone_since: float | None = None
        next_look = time.monotonic()
        while pending:
            if should_stop():
                self.client.cancel(list(pending))
                return True
            if self.client.status not in ("running", "connecting"):
                raise self._lost_error("playing the games")
            # Polled, not awaited: a cancel is seen while chunks are still being played.
            done = [future for future in pending if future.done()]
            if not done:
                now = time.monotonic()
                if now >= next_look:
                    next_look = now + 1.0
                    alone_since = None if self._workers_now() else (alone_since or now)
                    if alone_since is not None and now - alone_since >= self.workerless:
                        raise ClusterUnavailable(
                            f"the Dask scheduler at {self.address} has had no worker for "
                            f"{self.workerless:g} s, with games still to play; start workers "
                            f"with `dask worker {self.address} --nthreads 1` and run again")
                time.sleep(CANCEL_POLL_SECONDS)
                continue
            for future in done:
                try:
                    chunk = future.result()
                except Exception as err:  # noqa: BLE001 - a game's own error is re-raised
                    if not _lost(err):
                        raise
                    raise self._lost_error("playing the games") from None
                on_result(pending.pop(future), chunk)
        return False

    def close(self) -> None:
        client = getattr(self, "client", None)
        if client is None:
            return
        try:
            client.close(timeout=CLOSE_TIMEOUT_SECONDS)
        except Exception:  # noqa: BLE001 - closing a lost cluster has nothing left to save
            pass

    def __enter__(self):
        return self

    def __exit__(self, *exc) -> None:
        self.close()

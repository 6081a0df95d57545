"""Batches and studies on a Dask distributed cluster (`--cluster tcp://HOST:8786`).

The client scatters the setups to every worker once (broadcast, so a worker that dies
takes no setup with it), then submits one task per chunk of game indices. When a worker
dies, the scheduler hands its unfinished tasks to the others; a game depends only on its
seeds, so the rerun plays it exactly as the lost one would have. Workers must run the same
version of the studio (they import `studio.simulate.worker`), one thread each
(`dask worker ADDRESS --nthreads 1`): the AI's caches are per process, not per thread.
"""
from __future__ import annotations

import time
from typing import Iterable

from .runners import CANCEL_POLL_SECONDS, OnResult, Task, chunks
from .worker import BatchSetup, play_games

CONNECT_TIMEOUT_SECONDS = 5.0


class ClusterUnavailable(RuntimeError):
    """The scheduler cannot be reached, or has no worker."""


class ClusterRunner:
    def __init__(self, address: str, setups: dict[str, BatchSetup],
                 timeout: float | None = None) -> None:
        try:
            from distributed import Client
        except ImportError:
            raise ClusterUnavailable("running on a cluster needs the `distributed` package; "
                                     "install it (pip install distributed)") from None
        self.address = address
        timeout = CONNECT_TIMEOUT_SECONDS if timeout is None else timeout
        try:
            self.client = Client(address, timeout=timeout, set_as_default=False)
        except (OSError, TimeoutError, ValueError) as err:
            raise ClusterUnavailable(
                f"cannot reach the Dask scheduler at {address} ({err}); check the address "
                f"and that `dask scheduler` runs there, or leave out --cluster to play on "
                f"this machine") from None
        try:
            self.client.wait_for_workers(1, timeout=timeout)
        except TimeoutError:
            self.client.close()
            raise ClusterUnavailable(f"the Dask scheduler at {address} has no worker after "
                                     f"{timeout:g} s; start one with `dask worker {address} "
                                     "--nthreads 1`") from None
        # A list, not the dict: scattering a dict would make its keys the cluster's keys.
        scattered = self.client.scatter(list(setups.values()), broadcast=True, hash=False)
        self.setups = dict(zip(setups, scattered))

    @property
    def workers(self) -> int:
        return max(1, sum(self.client.nthreads().values()))

    def tasks(self, key: str, seed: int, indices: Iterable[int]) -> list[Task]:
        return [(key, seed, c) for c in chunks(indices, self.workers)]

    def play(self, tasks: list[Task], on_result: OnResult, should_stop) -> bool:
        pending = {self.client.submit(play_games, self.setups[key], seed, indices,
                                      pure=False): key
                   for key, seed, indices in tasks}
        while pending:
            if should_stop():
                self.client.cancel(list(pending))
                return True
            # Polled, not awaited: a cancel is seen while chunks are still being played.
            done = [future for future in pending if future.done()]
            if not done:
                time.sleep(CANCEL_POLL_SECONDS)
                continue
            for future in done:
                on_result(pending.pop(future), future.result())
        return False

    def close(self) -> None:
        self.client.close()

    def __enter__(self):
        return self

    def __exit__(self, *exc) -> None:
        self.close()

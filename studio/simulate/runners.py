"""Where the games of a batch or a study are played: in this process, in a pool of local
worker processes, or on a Dask cluster (`studio.simulate.cluster`).

Every runner takes the same tasks, (setup key, batch seed, game indices), and hands back
each finished chunk of `GameRecord`s; game `i` is played from seeds derived from (batch
seed, i) only, so where a game runs never changes it. A runner is opened once for a batch
or a whole study (worker processes start once) and closed after it.
"""
from __future__ import annotations

import multiprocessing
from typing import Callable, Iterable

from .worker import BatchSetup, GameRecord, init_worker, play_games, play_task

Task = tuple[str, int, list[int]]                       # setup key, batch seed, game indices
OnResult = Callable[[str, list[GameRecord]], object]

# How often a runner looks at its cancel flag while it waits for its workers.
CANCEL_POLL_SECONDS = 0.1


def chunks(indices: Iterable[int], workers: int) -> list[list[int]]:
    """Game indices in chunks: small enough to balance the workers and report progress,
    large enough to keep the messages few."""
    indices = list(indices)
    if not indices:
        return []
    size = max(1, min(25, len(indices) // (workers * 8) or 1))
    return [indices[i:i + size] for i in range(0, len(indices), size)]


class InlineRunner:
    """Games in this process, one at a time, so a cancel waits for one game at most."""

    workers = 1

    def __init__(self, setups: dict[str, BatchSetup]) -> None:
        self.setups = setups

    def tasks(self, key: str, seed: int, indices: Iterable[int]) -> list[Task]:
        return [(key, seed, list(indices))]

    def play(self, tasks: list[Task], on_result: OnResult, should_stop) -> bool:
        """Play every task, calling on_result as games finish; True when cancelled."""
        for key, seed, indices in tasks:
            for index in indices:
                if should_stop():
                    return True
                on_result(key, play_games(self.setups[key], seed, [index]))
        return False

    def close(self) -> None:
        pass

    def __enter__(self):
        return self

    def __exit__(self, *exc) -> None:
        self.close()


class PoolRunner(InlineRunner):
    """Spawned worker processes (safe on every platform and from a GUI thread); each
    receives the setups once, then only tasks."""

    def __init__(self, setups: dict[str, BatchSetup], workers: int) -> None:
        super().__init__(setups)
        self.workers = workers
        self.pool = multiprocessing.get_context("spawn").Pool(
            workers, initializer=init_worker, initargs=(setups,))

    def tasks(self, key: str, seed: int, indices: Iterable[int]) -> list[Task]:
        return [(key, seed, c) for c in chunks(indices, self.workers)]

    def play(self, tasks: list[Task], on_result: OnResult, should_stop) -> bool:
        # In order, so that a cancelled batch reports the first games of the full one;
        # polled, so that a cancel is seen while a chunk is still being played.
        parts = self.pool.imap(play_task, tasks)
        for _ in range(len(tasks)):
            while True:
                if should_stop():
                    self.pool.terminate()
                    return True
                try:
                    key, records = parts.next(timeout=CANCEL_POLL_SECONDS)
                    break
                except multiprocessing.TimeoutError:
                    continue
            on_result(key, records)
        return False

    def close(self) -> None:
        self.pool.terminate()
        self.pool.join()


def open_runner(setups: dict[str, BatchSetup], workers: int = 1, cluster: str | None = None,
                games: int | None = None):
    """The runner for `workers` local processes, or for the Dask scheduler at `cluster`
    (raises ClusterUnavailable before any game when it cannot be reached). A single local
    worker, or fewer games than make two chunks, play in this process."""
    if cluster:
        from .cluster import ClusterRunner
        return ClusterRunner(cluster, setups)
    if workers <= 1 or (games is not None and len(chunks(range(games), workers)) <= 1):
        return InlineRunner(setups)
    if games is not None:
        workers = min(workers, len(chunks(range(games), workers)))
    return PoolRunner(setups, workers)

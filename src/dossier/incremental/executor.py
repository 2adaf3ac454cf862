"""Where the build's per-item work runs: an injected piece, so that a cluster
executor (Ray, Dask, ...) can be added without touching the stages.

An executor maps a function over items and returns the results in the items'
order, whatever order they finish in; ``advance(1)`` is called as each one ends.
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from concurrent.futures import FIRST_COMPLETED, Future, ThreadPoolExecutor, wait
from typing import Protocol, TypeVar

T = TypeVar("T")
R = TypeVar("R")


class Executor(Protocol):
    def map(
        self, work: Callable[[T], R], items: Sequence[T], advance: Callable[[int], None]
    ) -> list[R]: ...


class SerialExecutor:
    """One item after another, in this process."""

    def map(
        self, work: Callable[[T], R], items: Sequence[T], advance: Callable[[int], None]
    ) -> list[R]:
        results = []
        for item in items:
            results.append(work(item))
            advance(1)
        return results


class ThreadExecutor:
    """Items in ``jobs`` threads (the index and engine are read-only while
    answering). On Ctrl-C or an error, items not yet started are cancelled and
    those running are let finish, so their results reach the cache."""

    def __init__(self, jobs: int) -> None:
        self.jobs = jobs

    def map(
        self, work: Callable[[T], R], items: Sequence[T], advance: Callable[[int], None]
    ) -> list[R]:
        pool = ThreadPoolExecutor(max_workers=self.jobs)
        try:
            futures: list[Future[R]] = [pool.submit(work, item) for item in items]
            waiting = set(futures)
            while waiting:
                done, waiting = wait(waiting, return_when=FIRST_COMPLETED)
                for future in done:
                    future.result()  # an error stops the map at once
                    advance(1)
            return [future.result() for future in futures]
        finally:
            pool.shutdown(wait=True, cancel_futures=True)


def executor_for(jobs: int) -> Executor:
    return SerialExecutor() if jobs == 1 else ThreadExecutor(jobs)

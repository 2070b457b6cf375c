"""Map a function over jobs on local processes, keeping the order of the jobs."""

from __future__ import annotations

import os
from concurrent.futures import ProcessPoolExecutor
from typing import Callable, Iterable, Iterator, TypeVar

J = TypeVar("J")
R = TypeVar("R")


def default_jobs() -> int:
    return os.cpu_count() or 1


def map_local(fn: Callable[[J], R], jobs: Iterable[J], workers: int = 1) -> Iterator[R]:
    """``map(fn, jobs)``, on ``workers`` processes when more than one; results in job order."""
    if workers <= 1:
        yield from map(fn, jobs)
        return
    with ProcessPoolExecutor(max_workers=workers) as pool:
        yield from pool.map(fn, jobs, chunksize=1)

"""Map a function over jobs on local processes or on Ray.

``map_local`` keeps the order of the jobs. ``map_indexed`` yields
``(index, result)`` pairs as jobs finish, on the ``local`` backend (a process pool; in-process for
one worker) or the ``ray`` backend (a Ray instance: the one already initialised in this process,
the cluster at ``address``, or a fresh local one with ``workers`` CPUs). Results never depend on
the backend or the number of workers: each job carries its own seeds.
"""

from __future__ import annotations

import os
import sys
from concurrent.futures import FIRST_COMPLETED, ProcessPoolExecutor, wait
from typing import Callable, Iterable, Iterator, Sequence, TypeVar

from gameshelf.core.errors import BadOption

J = TypeVar("J")
R = TypeVar("R")

BACKENDS = ("local", "ray")


def default_jobs() -> int:
    return os.cpu_count() or 1


def map_local(fn: Callable[[J], R], jobs: Iterable[J], workers: int = 1) -> Iterator[R]:
    """``map(fn, jobs)``, on ``workers`` processes when more than one; results in job order."""
    if workers <= 1:
        yield from map(fn, jobs)
        return
    with ProcessPoolExecutor(max_workers=workers) as pool:
        yield from pool.map(fn, jobs, chunksize=1)


def map_indexed(fn: Callable[[J], R], jobs: Sequence[J], *, backend: str = "local",
                workers: int | None = None, address: str | None = None) -> Iterator[tuple[int, R]]:
    """``(index, fn(jobs[index]))`` for every job, in order of completion."""
    workers = workers or default_jobs()
    if backend == "local":
        return _indexed_local(fn, jobs, workers)
    if backend == "ray":
        return _indexed_ray(fn, jobs, workers, address)
    raise BadOption(f"unknown backend {backend!r}; known: {', '.join(BACKENDS)}")


def _indexed_local(fn: Callable[[J], R], jobs: Sequence[J], workers: int) -> Iterator[tuple[int, R]]:
    if workers <= 1 or len(jobs) <= 1:
        for index, job in enumerate(jobs):
            yield index, fn(job)
        return
    with ProcessPoolExecutor(max_workers=workers) as pool:
        # Keep a bounded window in flight, so an interrupted run stops promptly.
        pending: dict = {}
        queue = iter(enumerate(jobs))
        for index, job in queue:
            pending[pool.submit(fn, job)] = index
            if len(pending) >= 4 * workers:
                break
        while pending:
            done, _ = wait(pending, return_when=FIRST_COMPLETED)
            for future in done:
                index = pending.pop(future)
                yield index, future.result()
                for next_index, job in queue:
                    pending[pool.submit(fn, job)] = next_index
                    break


def _indexed_ray(fn: Callable[[J], R], jobs: Sequence[J], workers: int,
                 address: str | None) -> Iterator[tuple[int, R]]:
    try:
        import ray
    except ImportError:  # pragma: no cover - depends on the install
        raise BadOption("the ray backend needs Ray: pip install 'gameshelf[sim]'") from None
    started_here = False
    if not ray.is_initialized():
        if address:
            ray.init(address=address, log_to_driver=False)
        else:
            path = os.pathsep.join(p for p in sys.path if p and os.path.isdir(p))
            ray.init(num_cpus=workers, include_dashboard=False, log_to_driver=False,
                     runtime_env={"env_vars": {"PYTHONPATH": path}})
        started_here = True
    try:
        remote = ray.remote(fn)
        refs = {remote.remote(job): index for index, job in enumerate(jobs)}
        pending = list(refs)
        while pending:
            ready, pending = ray.wait(pending, num_returns=1)
            for ref in ready:
                yield refs[ref], ray.get(ref)
    finally:
        if started_here:
            ray.shutdown()

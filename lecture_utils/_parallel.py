"""Work split among the CPU cores: sums over the rows of a tall matrix, bands of a picture.

The loss and the Hessian of logistic regression are sums over the N
examples, e.g. ``X^T S X = sum_i s_i x_i x_i^T`` (notebook 05). BLAS would
parallelise each product over the entries of its small result (D x D, or D),
so its threads would share the long sum and wait on each other, then spin
between products. Giving each thread a contiguous part of the rows instead,
with single-threaded BLAS inside, keeps every core busy. The number of parts
follows the BLAS thread count, so ``threadpoolctl.threadpool_limits(1)``
makes the sums serial. The PNG encoder of the widgets (``_png``) deflates the
bands of a picture on the same threads.
"""

from __future__ import annotations

import contextvars
import functools
import os
from concurrent.futures import ThreadPoolExecutor, wait

import numpy as np
from threadpoolctl import ThreadpoolController

#: Fewer rows than this per part are summed by one thread: the split would cost more than it saves.
MIN_ROWS_PER_PART = 16_384


@functools.cache
def _controller() -> ThreadpoolController:
    """The BLAS libraries numpy and scipy loaded (created on first use, after both are imported)."""
    return ThreadpoolController()


@functools.cache
def _pool() -> ThreadPoolExecutor:
    return ThreadPoolExecutor(max_workers=os.cpu_count() or 1, thread_name_prefix="lecture_utils")


# a forked child inherits the pool object but not its threads: it starts its own
os.register_at_fork(after_in_child=_pool.cache_clear)


def blas_threads() -> int:
    """How many threads BLAS may use now (1 if no BLAS library is known to threadpoolctl)."""
    return max((library.num_threads for library in _controller().lib_controllers if library.user_api == "blas"),
               default=1)


def run_in_parallel(tasks) -> list:
    """``[task() for task in tasks]``, all at once: the first in the calling thread, the others on the pool's.

    Each runs under the caller's ``numpy.errstate`` (a copy of its context);
    the call returns, or raises the first error, once all have finished.
    """
    others = [_pool().submit(contextvars.copy_context().run, task) for task in tasks[1:]]
    try:
        first = tasks[0]()
    finally:
        wait(others)                                          # no task outlives the call
    return [first] + [future.result() for future in others]


def single_threaded_blas():
    """A context in which BLAS runs on one thread: its threads, which spin between products, would
    compete for the cores with the parts of :func:`sum_over_rows`."""
    return _controller().limit(limits=1, user_api="blas")


def sum_over_rows(term, *arrays, n_parts: int):
    """``term(*arrays)``, for a ``term`` that is a sum over the rows of its arrays, computed by parts in parallel.

    The rows are cut into at most ``n_parts`` contiguous parts of at least
    ``MIN_ROWS_PER_PART`` rows, and ``term(*(a[part] for a in arrays))`` of the
    parts are added up. The parts run at once (:func:`run_in_parallel`), each
    with BLAS on one thread. ``term`` may write into its rows of an array
    (e.g. one it fills), nowhere else.

    Parameters
    ----------
    term : callable
        ``term(*arrays)``: a number or array, the sum over the rows of its arguments.
    *arrays : ndarray
        With the same number of rows.
    n_parts : int
        Typically :func:`blas_threads`.

    Returns
    -------
    The sum of ``term`` over all rows.
    """
    n_rows = len(arrays[0])
    n_parts = max(1, min(n_parts, n_rows // MIN_ROWS_PER_PART))
    if n_parts == 1:
        return term(*arrays)
    bounds = np.linspace(0, n_rows, n_parts + 1).astype(int).tolist()
    parts = [tuple(array[start:stop] for array in arrays) for start, stop in zip(bounds[:-1], bounds[1:])]
    with single_threaded_blas():
        sums = run_in_parallel([functools.partial(term, *part) for part in parts])
    return sum(sums[1:], sums[0])

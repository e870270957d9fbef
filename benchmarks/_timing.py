"""Shared timing helpers of the benchmarks: medians, and one printed line per figure."""

from __future__ import annotations

import statistics
import time
from pathlib import Path


def report(what: str, value_ms: float, target_ms: float, detail: str = "") -> None:
    verdict = "ok" if value_ms <= target_ms else "SLOW"
    print(f"  {what:<46} {value_ms:8.1f} ms   target < {target_ms:g} ms   {verdict}  {detail}")


def median_ms(function, repeats: int) -> float:
    times = []
    for _ in range(repeats):
        start = time.perf_counter()
        function()
        times.append(time.perf_counter() - start)
    return 1e3 * statistics.median(times)


def median_update_ms(update, values) -> float:
    """Median time of ``update(value)`` over the values, each a change the widget must redraw."""
    times = []
    for value in values:
        start = time.perf_counter()
        update(value)
        times.append(time.perf_counter() - start)
    return 1e3 * statistics.median(times)


def notebook_ms(path: Path) -> float:
    """Wall time of executing the notebook top to bottom in a fresh kernel (kernel start included)."""
    import nbformat
    from nbconvert.preprocessors import ExecutePreprocessor

    notebook = nbformat.read(path, as_version=4)
    start = time.perf_counter()
    ExecutePreprocessor(timeout=600, kernel_name="python3").preprocess(
        notebook, {"metadata": {"path": str(path.parent)}})
    return 1e3 * (time.perf_counter() - start)

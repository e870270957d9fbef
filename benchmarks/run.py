"""`make bench`: how fast the course responds, as printed figures against their targets.

Every ``bench_*.py`` module in this folder lists its benchmarks in ``BENCHMARKS``
(functions that print one line per figure through ``_timing.report``):

- every control of every widget, its change to new PNG bytes in the kernel (target < 16 ms,
  ``bench_widgets``), and click-to-pixels in JupyterLab (< 100 ms);
- each notebook's execution time (< 20 s);
- each estimator's fit against scikit-learn's on large data (targets in each module);
- `make grade` on a class of one homework, scaled to 200 submissions (< 10 min, ``bench_grading``);
- twenty students on a real JupyterHub opening notebook 01 at once: click to pixels, memory (``bench_hub``).

``python benchmarks/run.py course logistic`` runs only the modules named.
"""

from __future__ import annotations

import importlib
import sys
from pathlib import Path

HERE = Path(__file__).resolve().parent
sys.path[:0] = [str(HERE), str(HERE.parent / "tests")]


def modules(names) -> list:
    """The benchmark modules to run: those named, or all of them with ``course`` last."""
    available = sorted(path.stem.removeprefix("bench_") for path in HERE.glob("bench_*.py"))
    chosen = names or sorted(available, key=lambda name: name == "course")
    unknown = set(chosen) - set(available)
    if unknown:
        sys.exit(f"unknown benchmark module(s) {sorted(unknown)}; available: {available}")
    return [importlib.import_module(f"bench_{name}") for name in chosen]


if __name__ == "__main__":
    for module in modules(sys.argv[1:]):
        for benchmark in module.BENCHMARKS:
            benchmark()

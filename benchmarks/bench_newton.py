"""Benchmarks of notebook 05: its run time (its widgets are in bench_widgets, IRLS against scikit-learn in
bench_logistic)."""

from __future__ import annotations

from pathlib import Path

from _timing import report_notebook

ROOT = Path(__file__).resolve().parent.parent


def bench_notebook() -> None:
    print("notebook 05, executed top to bottom in a fresh kernel:")
    path = ROOT / "notebooks" / "05_newton_irls.ipynb"
    report_notebook(path)
#: Run in this order by ``run.py``.
BENCHMARKS = [bench_notebook]

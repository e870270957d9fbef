"""Benchmarks of notebook 06: LDA and QDA against scikit-learn on large data, and the notebook's
run time."""

from __future__ import annotations

import numpy as np
from sklearn.discriminant_analysis import LinearDiscriminantAnalysis, QuadraticDiscriminantAnalysis

from pathlib import Path

from _timing import median_ms, report, report_notebook
from lecture_utils.datasets import make_gaussian_classes
from lecture_utils.discriminant import LDA, QDA

NOTEBOOK = Path(__file__).resolve().parent.parent / "notebooks" / "06_discriminant_analysis.ipynb"


def _three_classes(n_samples: int, n_features: int, random_state: int):
    """Three Gaussian classes with random means and random (well-conditioned) covariances."""
    rng = np.random.default_rng(random_state)
    means = rng.normal(0, 1, (3, n_features))
    factors = rng.normal(0, 1, (3, n_features, n_features)) / np.sqrt(n_features)
    covariances = factors @ factors.transpose(0, 2, 1) + np.eye(n_features)
    return make_gaussian_classes(means, covariances, n_samples // 3, random_state=rng)


def _paired_medians(first, second, repeats: int) -> tuple[float, float]:
    """Median times of two functions run alternately, so that both meet the same load of the machine."""
    times = np.array([[median_ms(first, 1), median_ms(second, 1)] for _ in range(repeats)])
    return tuple(np.median(times, axis=0))


def bench_discriminant_fit() -> None:
    print("fit + predict_proba on 100 000 x 20, 3 classes, against scikit-learn (median of 9, alternating):")
    data = _three_classes(100_000, 20, random_state=0)
    for ours, theirs in ((LDA, LinearDiscriminantAnalysis), (QDA, QuadraticDiscriminantAnalysis)):
        ours_ms, theirs_ms = _paired_medians(lambda: ours().fit(data.X, data.y).predict_proba(data.X),
                                             lambda: theirs().fit(data.X, data.y).predict_proba(data.X), 9)
        fit_ms = median_ms(lambda: ours().fit(data.X, data.y), 9)
        same = np.mean(ours().fit(data.X, data.y).predict(data.X) == theirs().fit(data.X, data.y).predict(data.X))
        report(f"{ours.__name__} (fit {fit_ms:.0f} ms)", ours_ms, theirs_ms,
               f"scikit-learn {theirs_ms:.1f} ms, ratio {ours_ms / theirs_ms:.2f}, same predictions: {same:.4f}")


def bench_notebook() -> None:
    print("notebook 06, executed top to bottom in a fresh kernel:")
    report_notebook(NOTEBOOK)


BENCHMARKS = [bench_discriminant_fit, bench_notebook]

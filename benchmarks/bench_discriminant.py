"""Benchmarks of notebook 06: LDA and QDA against scikit-learn on large data, the widgets' updates,
and the notebook's run time."""

from __future__ import annotations

import numpy as np
from sklearn.discriminant_analysis import LinearDiscriminantAnalysis, QuadraticDiscriminantAnalysis

from pathlib import Path

from _timing import median_ms, median_update_ms, report, report_notebook
from lecture_utils import plotting
from lecture_utils.datasets import make_gaussian_classes
from lecture_utils.discriminant import LDA, QDA, covariance_from_axes
from lecture_utils.widgets import GaussianClassesExplorer, LossMatrixExplorer, RDAExplorer

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


def bench_widgets() -> None:
    print("notebook 06's widgets, one update redrawn and encoded in the kernel (median):")
    plotting.use_house_style()
    costs = LossMatrixExplorer()
    report("LossMatrixExplorer, miss cost", median_update_ms(
        lambda v: setattr(costs.miss_slider, "value", int(v)), np.r_[1:101:3, 50]), 40)
    report("LossMatrixExplorer, prior", median_update_ms(
        lambda v: setattr(costs.prior_slider, "value", float(v)), np.round(np.r_[0.05:0.96:0.05], 2)), 40)
    classes = GaussianClassesExplorer()
    report("GaussianClassesExplorer, a mean", median_update_ms(
        lambda v: setattr(classes.mean_sliders[0], "value", float(v)), np.round(np.r_[-3:3:0.2], 1)), 40)
    report("GaussianClassesExplorer, angle", median_update_ms(
        lambda v: setattr(classes.angle_slider, "value", float(v)), np.r_[0:180:5]), 40)
    report("GaussianClassesExplorer, N", median_update_ms(
        lambda v: setattr(classes.N_slider, "value", int(v)), np.r_[20:401:20]), 40)
    means = np.array([[0.0, 1.2], [-1.3, -0.7], [1.3, -0.7]])
    covariances = [covariance_from_axes(s, np.radians(a)) for s, a in [((1.4, 0.6), 10), ((0.8, 0.6), 100),
                                                                       ((1.3, 0.5), 50)]]
    small = make_gaussian_classes(means, covariances, 5, random_state=42)
    validation = make_gaussian_classes(means, covariances, 200, random_state=105)
    report("RDAExplorer, built with its 441-pair grids", median_ms(
        lambda: RDAExplorer(small.X, small.y, validation.X, validation.y), 3), 1000)
    rda = RDAExplorer(small.X, small.y, validation.X, validation.y)
    report("RDAExplorer, alpha", median_update_ms(
        lambda v: setattr(rda.alpha_slider, "value", float(v)), np.round(np.r_[0:1.01:0.05], 2)), 40)
    report("RDAExplorer, gamma", median_update_ms(
        lambda v: setattr(rda.gamma_slider, "value", float(v)), np.round(np.r_[0:1.01:0.05], 2)), 40)


def bench_notebook() -> None:
    print("notebook 06, executed top to bottom in a fresh kernel:")
    report_notebook(NOTEBOOK)


BENCHMARKS = [bench_discriminant_fit, bench_widgets, bench_notebook]

"""Benchmarks of notebooks 04 and 05: the widgets' updates, the notebooks' run times, a gradient step
against its matrix products, and IRLS against scikit-learn."""

from __future__ import annotations

import time
import warnings
from pathlib import Path

import numpy as np
from scipy.special import expit
from threadpoolctl import threadpool_limits

from _timing import median_ms, median_update_ms, report, report_notebook
from lecture_utils import datasets, plotting
from lecture_utils._parallel import single_threaded_blas
from lecture_utils.logistic import LogisticLoss, LogisticRegression
from lecture_utils.optimization import minimize

ROOT = Path(__file__).resolve().parent.parent

N_SAMPLES, N_FEATURES = 100_000, 50


def _problem(correlation=0.0, random_state=0):
    """Non-separable data: labels drawn from a logistic model with moderate weights.

    Each feature is standard normal; ``correlation`` is the part of its variance
    that comes from one factor shared by all (0: independent features, the
    easiest case for quasi-Newton methods; 0.5: a condition number of about 50).
    """
    rng = np.random.default_rng(random_state)
    shared = rng.standard_normal((N_SAMPLES, 1))
    X = np.sqrt(correlation) * shared + np.sqrt(1 - correlation) * rng.standard_normal((N_SAMPLES, N_FEATURES))
    z = X @ (rng.standard_normal(N_FEATURES) / np.sqrt(N_FEATURES)) + 0.3
    return X, (rng.uniform(size=N_SAMPLES) < 1 / (1 + np.exp(-z))).astype(int)


def _interleaved_medians(fits: dict, repeats: int, pause: float = 0.0) -> dict:
    """Median ms of each function, run in turn, so that a busy machine slows them all alike,
    each after ``pause`` seconds of rest."""
    times = {name: [] for name in fits}
    for _ in range(repeats):
        for name, fit in fits.items():
            time.sleep(pause)
            times[name].append(median_ms(fit, 1))
    return {name: float(np.median(values)) for name, values in times.items()}


@threadpool_limits.wrap(limits=1)                                  # as notebook 04 sets it
def bench_widgets() -> None:
    from lecture_utils.widgets import LearningRateExplorer, RegularizationExplorer

    print("widgets of notebook 04, one update redrawn and encoded in the kernel (median):")
    plotting.use_house_style()
    rng = np.random.default_rng(3)                                 # the notebook's hours data
    hours = rng.uniform(0.5, 5.5, size=50)
    passed = (rng.uniform(size=50) < expit(1.2 * (hours - 3))).astype(int)
    explorer = LearningRateExplorer(hours, passed, learning_rate=0.6, n_updates=150)
    report("LearningRateExplorer, step k (play)", median_update_ms(
        lambda k: setattr(explorer.slider, "value", int(k)), np.r_[1:151, 0:150:10]), 40)
    rates = [rate for _, rate in explorer.learning_rate_slider.options if rate != 0.6]

    def change(setting):                                           # one redraw, each time a run not made before
        with explorer.holding_redraws():
            for control, value in zip((explorer.learning_rate_slider, explorer.batch, explorer.standardize),
                                      setting):
                control.value = value

    report("LearningRateExplorer, learning rate (a new run)", median_update_ms(
        lambda eta: change((eta, 50, False)), rates), 40)
    report("LearningRateExplorer, batch size (a new SGD run)", median_update_ms(
        change, [(eta, batch, False) for eta in rates[::2] for batch in (10, 1)]), 40)
    report("LearningRateExplorer, standardise (a new run)", median_update_ms(
        change, [(eta, 50, flag) for eta in rates[1::2] for flag in (True, False)]), 40)
    report("LearningRateExplorer, a setting seen before", median_update_ms(
        change, [(eta, 50, flag) for eta in rates[1::2] for flag in (True, False)]), 40)
    covariances = [[[1, 0], [0, 1]], [[0.3, 0.2], [0.2, 2]]]                 # the notebook's plane
    plane = datasets.make_gaussian_classes([[0, 0], [1.5, 0.5]], covariances, n_per_class=30, random_state=59)
    X_fit, t_fit, X_val, t_val = plane.X[::2], plane.y[::2], plane.X[1::2], plane.y[1::2]
    report("RegularizationExplorer, built with its 62 fits", median_ms(
        lambda: RegularizationExplorer(X_fit, t_fit, X_val, t_val, degree=4, lam=0.001), 3), 1000)
    regularization = RegularizationExplorer(X_fit, t_fit, X_val, t_val, degree=4, lam=0.001)
    report("RegularizationExplorer, penalty lambda", median_update_ms(
        lambda lam: setattr(regularization.slider, "value", float(lam)),
        np.r_[regularization.lambdas[1:], regularization.lambdas[::-1]]), 40)
    report("RegularizationExplorer, L1 / L2", median_update_ms(
        lambda name: setattr(regularization.penalty, "value", name), ["l1", "l2"] * 8), 40)


def bench_notebook() -> None:
    print("notebook 04, executed top to bottom in a fresh kernel:")
    report_notebook(ROOT / "notebooks" / "04_logistic_regression.ipynb")


def bench_gradient_step() -> None:
    print(f"one full-batch gradient step on {N_SAMPLES:,} x {N_FEATURES} (median of 9, interleaved, 0.3 s apart):")
    X, t = _problem()
    objective = LogisticLoss(X, t)
    w, r = np.full(objective.n_weights, 0.01), np.full(N_SAMPLES, 0.5)
    steps = 20
    def run():
        with single_threaded_blas():                               # as the models' fit runs the loop
            minimize(objective, w, "gd", learning_rate=0.5, max_iter=steps, tol=0)

    times = _interleaved_medians({"products": lambda: (objective.X @ w, objective.X.T @ r), "run": run}, 9, pause=0.3)
    # a run of 20 steps evaluates loss and gradient 21 times (the start too): charge them all to the steps
    step_ms = times["run"] / (steps + 1)
    report("step in the shared loop (loss, gradient, update)", step_ms, 1.5 * times["products"],
           f"X w and X^T r alone {times['products']:.1f} ms, ratio {step_ms / times['products']:.2f} (target 1.5)")


def _loosest_tolerance(make_model, X, t, optimum) -> float:
    """The largest of 1e-4, 1e-5, ... at which the model's coefficients are within 1e-6 of the optimum."""
    for tol in 10.0 ** -np.arange(4, 13):
        if np.abs(np.ravel(make_model(tol).fit(X, t).coef_) - optimum).max() <= 1e-6:
            return tol
    return tol


def bench_newton_fit() -> None:
    from sklearn.linear_model import LogisticRegression as SklearnLogisticRegression
    from threadpoolctl import threadpool_info

    threads = max(pool["num_threads"] for pool in threadpool_info() if pool["user_api"] == "blas")
    for correlation in (0.0, 0.5):
        X, t = _problem(correlation)
        optimum = LogisticRegression(solver="newton", tol=1e-13).fit(X, t).coef_
        makers = {"ours, solver='newton' (IRLS)": lambda tol: LogisticRegression(solver="newton", tol=tol)}
        for solver in ("lbfgs", "newton-cholesky"):
            makers[f"scikit-learn {solver}"] = (lambda tol, solver=solver: SklearnLogisticRegression(
                C=np.inf, solver=solver, tol=tol, max_iter=10_000))
        models = {}
        with warnings.catch_warnings():
            warnings.simplefilter("ignore")
            for name, make in makers.items():
                tol = _loosest_tolerance(make, X, t, optimum)
                models[f"{name}, tol {tol:g}"] = make(tol)
        # each fit starts on a machine at rest, as a fit in a notebook cell does: straight after
        # another, it would share the cores with the threads that one left spinning (OpenBLAS's
        # spin for about 0.1 s after each threaded product), which costs up to 40 ms on 2 cores
        for limit in (threads, 1):
            print(f"unpenalised fit on {N_SAMPLES:,} x {N_FEATURES}, feature correlation {correlation}, {limit} BLAS "
                  "thread(s), each at the loosest tol within 1e-6 of the optimum (median of 7, interleaved, "
                  "0.3 s apart):")
            with threadpool_limits(limits=limit), warnings.catch_warnings():
                warnings.simplefilter("ignore")
                times = _interleaved_medians({name: (lambda m=model: m.fit(X, t)) for name, model in models.items()},
                                             7, pause=0.3)
            fastest = min(ms for name, ms in times.items() if name.startswith("scikit-learn"))
            for name, model in models.items():
                error = np.abs(np.ravel(model.coef_) - optimum).max()
                report(name, times[name], fastest, f"{int(np.max(model.n_iter_))} iterations, max |coef - optimum| "
                                                   f"= {error:.1e}")


#: Run in this order by ``run.py``.
BENCHMARKS = [bench_widgets, bench_notebook, bench_gradient_step, bench_newton_fit]

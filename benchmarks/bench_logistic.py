"""Benchmarks of notebooks 04 and 05: the notebooks' run times, a gradient step
against its matrix products, and Newton's method (IRLS) and Newton-CG against scikit-learn's newton-cholesky and
newton-cg."""

from __future__ import annotations

import time
import warnings
from pathlib import Path

import numpy as np
from threadpoolctl import threadpool_limits

from _timing import median_ms, report, report_notebook
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


#: The solver of scikit-learn that each of our Newton solvers is held to.
_PEERS = {"newton": "newton-cholesky", "newton-cg": "newton-cg"}


def bench_newton_fit() -> None:
    from sklearn.linear_model import LogisticRegression as SklearnLogisticRegression
    from threadpoolctl import threadpool_info

    threads = max(pool["num_threads"] for pool in threadpool_info() if pool["user_api"] == "blas")
    for correlation in (0.0, 0.5):
        X, t = _problem(correlation)
        optimum = LogisticRegression(solver="newton", tol=1e-13).fit(X, t).coef_
        makers = {"ours, solver='newton' (IRLS)": lambda tol: LogisticRegression(solver="newton", tol=tol),
                  "ours, solver='newton-cg'": lambda tol: LogisticRegression(solver="newton-cg", tol=tol)}
        for solver in ("lbfgs", "newton-cholesky", "newton-cg"):
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
                # each of ours against its peer, the same method in scikit-learn: Newton with Cholesky for IRLS,
                # newton-cg for Newton-CG; scikit-learn's own solvers are the references, shown beside the fastest
                method = next((m for m in _PEERS if f"'{m}'" in name), None)
                peer = next(other for other in times if other.startswith(f"scikit-learn {_PEERS[method]},")) \
                    if method else None
                target = times[peer] if peer else times[name]
                against = (f", against {peer.split(',')[0]}" if peer else
                           f", a reference ({times[name] / fastest:.2f}x the fastest of scikit-learn's)")
                iterations = f"{int(np.max(model.n_iter_))} iterations"
                products = getattr(getattr(model, "trace_", None), "hessian_products", None)
                if products is not None:
                    iterations += f" ({int(products.sum())} Hessian-vector products)"
                report(name, times[name], target, f"{iterations}, max |coef - optimum| = {error:.1e}{against}")


#: Run in this order by ``run.py``.
BENCHMARKS = [bench_notebook, bench_gradient_step, bench_newton_fit]

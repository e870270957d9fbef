"""Benchmarks of issue 23's default fits against their peers, each printed as a ratio ours / peer (below 1: ours
is faster), the two timed in one run, interleaved, with the BLAS threads named.

- the perceptron on non-separable data against scikit-learn's ``Perceptron`` with identical weights (target 2);
- the default solver of ``SoftmaxRegression`` and ``LogisticRegression`` (L-BFGS), and Newton's method, against
  scikit-learn's lbfgs at the same objective, within 1e-6 of the optimum's relatively (target 1).
"""

from __future__ import annotations

import warnings

import numpy as np
from threadpoolctl import threadpool_limits

from _timing import report
from bench_logistic import _interleaved_medians, _problem
from lecture_utils._parallel import blas_threads
from lecture_utils.logistic import LogisticLoss, LogisticRegression, SoftmaxLoss, SoftmaxRegression
from lecture_utils.perceptron import Perceptron

#: An objective within this share of the optimum's counts as "the same objective".
SAME_OBJECTIVE = 1e-6


def _report_ratio(what, ours_ms, peer_ms, target, detail="") -> None:
    report(what, ours_ms, target * peer_ms, f"ratio {ours_ms / peer_ms:.2f} (target {target:g}), peer "
                                            f"{peer_ms:.1f} ms{', ' + detail if detail else ''}")


def bench_perceptron() -> None:
    from sklearn.linear_model import Perceptron as SklearnPerceptron

    rng = np.random.default_rng(0)
    X = rng.standard_normal((100_000, 20))
    t = np.where(X @ rng.standard_normal(20) + 0.1 > 0, 1, -1)
    t[rng.uniform(size=t.size) < 0.05] *= -1                       # 5% of the labels flipped: not separable
    fits = {"ours": lambda: Perceptron(max_epochs=20).fit(X, t),
            "scikit-learn": lambda: SklearnPerceptron(eta0=1.0, alpha=0.0, shuffle=False, tol=None,
                                                      max_iter=20).fit(X, t)}
    with warnings.catch_warnings():
        warnings.simplefilter("ignore")
        ours, theirs = fits["ours"](), fits["scikit-learn"]()
        same = np.array_equal(ours.coef_, theirs.coef_[0]) and ours.intercept_ == theirs.intercept_[0]
        print(f"perceptron, 100,000 x 20 with 5% of the labels flipped, 20 epochs, {blas_threads()} BLAS thread(s) "
              "(median of 5, interleaved):")
        times = _interleaved_medians(fits, 5, pause=0.1)
    _report_ratio(f"{ours.n_updates_} updates", times["ours"], times["scikit-learn"], 2,
                  f"same weights: {same}")


def _loosest(make, X, t, objective, optimum) -> tuple:
    """The largest tol of 1e-2, 1e-3, ... at which ``make(tol)``'s fit is within SAME_OBJECTIVE of the optimum."""
    for tol in 10.0 ** -np.arange(2, 13):
        model = make(tol).fit(X, t)
        weights = np.r_[np.atleast_2d(model.coef_).T, np.atleast_1d(model.intercept_)[None]].ravel()
        if objective.loss(weights) - optimum <= SAME_OBJECTIVE * abs(optimum):
            return tol, model
    return tol, model


def _race(title, X, t, l2, objective, ours: dict, threads) -> None:
    """Time our solvers against scikit-learn's lbfgs, each at its loosest tol that reaches the same objective."""
    from sklearn.linear_model import LogisticRegression as SklearnLogisticRegression

    exact = ours["newton"](1e-12).fit(X, t)
    optimum = objective.loss(np.r_[np.atleast_2d(exact.coef_).T, np.atleast_1d(exact.intercept_)[None]].ravel())
    makers = {**ours, "scikit-learn lbfgs": lambda tol: SklearnLogisticRegression(
        C=np.inf if l2 == 0 else 1 / (len(t) * l2), tol=tol, max_iter=10_000)}
    for limit in threads:
        with threadpool_limits(limits=limit), warnings.catch_warnings():
            warnings.simplefilter("ignore")
            models = {name: _loosest(make, X, t, objective, optimum) for name, make in makers.items()}
            print(f"{title}, {blas_threads()} BLAS thread(s), each at the loosest tol within {SAME_OBJECTIVE:g} of "
                  "the optimal objective (median of 5, interleaved, 0.3 s apart):")
            times = _interleaved_medians({name: (lambda make=makers[name], tol=tol: make(tol).fit(X, t))
                                          for name, (tol, _) in models.items()}, 5, pause=0.3)
        for name, (tol, model) in models.items():
            if name in ours:
                _report_ratio(f"ours, solver={name!r}", times[name], times["scikit-learn lbfgs"], 1,
                              f"tol {tol:g}, {int(np.max(model.n_iter_))} steps; scikit-learn's tol "
                              f"{models['scikit-learn lbfgs'][0]:g}, "
                              f"{int(np.max(models['scikit-learn lbfgs'][1].n_iter_))} steps")


def _softmax_problem(K, random_state=0):
    """20 000 examples of K Gaussian classes in 20 dimensions, unit covariance, means 1.5 standard deviations apart."""
    rng = np.random.default_rng(random_state)
    means = rng.standard_normal((K, 20)) * 1.5 / np.sqrt(2)
    t = rng.integers(K, size=20_000)
    return means[t] + rng.standard_normal((20_000, 20)), t


def bench_softmax() -> None:
    l2 = 1e-4
    for K in (3, 5, 10):
        X, t = _softmax_problem(K)
        ours = {solver: (lambda tol, solver=solver: SoftmaxRegression(solver=solver, l2=l2, tol=tol,
                                                                      max_iter=100_000))
                for solver in ("lbfgs", "newton")}
        _race(f"softmax regression, K = {K}, 20,000 x 20, l2 = {l2:g}", X, t, l2, SoftmaxLoss(X, t, l2),
              ours, threads=(None, 1))


def bench_logistic() -> None:
    X, t = _problem()
    for l2 in (1e-4, 0.0):
        ours = {solver: (lambda tol, solver=solver: LogisticRegression(solver=solver, l2=l2, tol=tol,
                                                                       max_iter=100_000))
                for solver in ("lbfgs", "newton")}
        _race(f"logistic regression, {len(t):,} x {X.shape[1]}, l2 = {l2:g}", X, t, l2, LogisticLoss(X, t, l2),
              ours, threads=(None, 1))


#: Run in this order by ``run.py``.
BENCHMARKS = [bench_perceptron, bench_softmax, bench_logistic]

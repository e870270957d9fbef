"""The backtracking line search against hand computations, and L-BFGS against scipy's L-BFGS-B.

References: the exact minimum along d of the quadratic E(w) = 1/2 ||w||^2, 1 / c for the direction d = c w
(the interpolating search must land on it in its second trial, where halving needs many); scipy.optimize.minimize
with method L-BFGS-B run to a gradient of 1e-12 for the optimum of the logistic loss.
"""

from __future__ import annotations

import numpy as np
import pytest
import scipy.optimize

from lecture_utils.logistic import LogisticLoss
from lecture_utils.optimization import FunctionObjective, _backtrack, minimize


class CountedBowl(FunctionObjective):
    """``E(w) = 1/2 ||w||^2`` (infinite beyond ``|w_j| < edge``), counting the losses the search asks for."""

    def __init__(self, edge=np.inf):
        super().__init__(lambda w: 0.5 * w @ w if np.abs(w).max() < edge else np.inf, lambda w: w)
        self.trials = []

    def loss(self, w):
        self.trials.append(w.copy())
        return super().loss(w)


@pytest.mark.parametrize("scale, alphas", [
    (4.0, [1.0, 0.25]),            # the parabola through E(0), E'(0), E(1) is E itself: its minimum 1/4, exactly
    (100.0, [1.0, 0.1, 0.01]),     # its minimum 1/100 lies below 1/10: first cut to 1/10, then onto 1/100
])
def test_the_interpolating_search_lands_on_the_minimum_of_a_quadratic(scale, alphas):
    # along d = c w, E(w - alpha d) = 1/2 (1 - c alpha)^2 ||w||^2 is lowest at alpha = 1/c
    objective, w = CountedBowl(), np.array([1.0, -2.0])
    assert _backtrack(objective, w, objective.loss(w), w, scale * w, interpolate=True) == pytest.approx(1 / scale,
                                                                                                     rel=1e-12)
    tried = [(1 - trial[0]) / scale for trial in objective.trials[1:]]                # trial = (1 - c alpha) w
    np.testing.assert_allclose(tried, alphas, rtol=1e-12)


def test_halving_takes_every_power_of_two_down_to_the_step():
    # damped Newton's rule, unchanged: 1, 1/2, ..., 1/64, the first power of two with Armijo's decrease
    objective, w = CountedBowl(), np.array([1.0, -2.0])
    assert _backtrack(objective, w, objective.loss(w), w, 100.0 * w) == 1 / 64
    assert len(objective.trials) == 1 + 7


def test_a_trial_that_overflows_is_cut_tenfold():
    # E is infinite for |w_j| >= 2: trials at alpha = 1 and 1/10 land there; 1/100 is the minimum along d
    objective, w = CountedBowl(edge=2.0), np.array([1.0, 0.0])
    assert _backtrack(objective, w, objective.loss(w), w, 100.0 * w, interpolate=True) == pytest.approx(0.01)
    assert len(objective.trials) == 1 + 3


def logistic_problem(n_samples, n_features, seed):
    rng = np.random.default_rng(seed)
    X = rng.standard_normal((n_samples, n_features)) * rng.uniform(0.5, 3.0, n_features)
    z = X @ rng.standard_normal(n_features) / np.sqrt(n_features) + 0.5
    return X, (rng.uniform(size=n_samples) < 1 / (1 + np.exp(-z))).astype(int)


@pytest.mark.parametrize("l2", [0.0, 1e-3])
@pytest.mark.parametrize("seed", range(3))
def test_lbfgs_reaches_scipys_optimum_of_the_logistic_loss(l2, seed):
    objective = LogisticLoss(*logistic_problem(500, 8, seed), l2=l2)
    w0 = np.zeros(objective.n_weights)
    trace = minimize(objective, w0, "lbfgs", tol=1e-10)
    reference = scipy.optimize.minimize(objective.loss, w0, jac=objective.gradient, method="L-BFGS-B",
                                        options={"gtol": 1e-12, "ftol": 0.0, "maxiter": 10_000})
    # every step lowers the loss, to the line search's allowance for rounding (16 ulps)
    assert trace.converged and np.all(np.diff(trace.loss) <= 16 * np.finfo(float).eps * trace.loss[1:])
    # the loss is strongly convex here (not separable): |grad| <= 1e-10 puts w within about 1e-9 of the optimum
    np.testing.assert_allclose(trace.w, reference.x, atol=1e-7)
    assert trace.loss[-1] <= reference.fun + 1e-14


@pytest.mark.parametrize("gradient_norm", [0.05, 5.0])
def test_lbfgs_first_step_has_length_one_as_scipys(gradient_norm):
    # E(w) = c/2 ||w - a||^2 with ||a|| = 5: |grad E(0)| = 5c; the step of length 1 towards a passes Armijo's test
    a = np.array([3.0, -4.0])
    c = gradient_norm / 5
    objective = FunctionObjective(lambda w: 0.5 * c * (w - a) @ (w - a), lambda w: c * (w - a))
    trace = minimize(objective, np.zeros(2), "lbfgs", max_iter=1)
    np.testing.assert_allclose(trace.weights[1], a / 5, rtol=1e-14)        # length 1, along -grad E(0) = c a
    first = scipy.optimize.minimize(lambda w: (objective.loss(w), objective.gradient(w)), np.zeros(2), jac=True,
                                    method="L-BFGS-B", options={"maxiter": 1})
    assert np.linalg.norm(first.x) >= 1 - 1e-12           # scipy's first step is at least as long (its search may extrapolate)

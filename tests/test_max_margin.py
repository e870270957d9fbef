"""The widest-margin separator against Lawson and Hanson's least-distance program, scikit-learn's SVC and a hand
computation, and its proof of optimality against answers that are wrong."""

import numpy as np
import pytest
from scipy.optimize import nnls
from sklearn.svm import SVC

from lecture_utils.datasets import make_separable
from lecture_utils.max_margin import (TOLERANCE, max_margin_separator, nearest_point, optimality_residuals,
                                      widest_margin)
from lecture_utils.perceptron import Perceptron, add_bias, geometric_margin, mistake_bound, radius

MARGINS = [0.2, 0.1, 0.05, 0.02, 0.01, 0.005, 0.002, 0.001]
NOT_SEPARABLE = {
    "XOR": ([[0.0, 0.0], [1.0, 1.0], [0.0, 1.0], [1.0, 0.0]], [-1, -1, 1, 1]),
    "the same point in both classes": ([[0.0, 0.0], [0.0, 0.0], [1.0, 1.0]], [1, -1, 1]),
    "interleaved on a line": ([[0.0, 0.0], [1.0, 1.0], [2.0, 2.0], [3.0, 3.0]], [1, -1, 1, -1]),
}


def separable(n_samples, n_features, margin, seed):
    """Standard normal points labelled by a random hyperplane, none nearer to it than ``margin``."""
    rng = np.random.default_rng(seed)
    normal = rng.normal(size=n_features)
    normal /= np.linalg.norm(normal)
    bias = rng.uniform(-0.3, 0.3)
    X = np.empty((0, n_features))
    while len(X) < n_samples:
        candidates = rng.normal(size=(2 * n_samples, n_features))
        X = np.vstack([X, candidates[np.abs(candidates @ normal + bias) >= margin]])[:n_samples]
    return X, np.where(X @ normal + bias > 0, 1, -1), normal, bias


def least_distance(G, h):
    """``min ||w||`` subject to ``G w >= h`` by scipy's NNLS (Lawson & Hanson, *Solving Least Squares
    Problems*, 1974, ch. 23): an independent method and an independent implementation."""
    E = np.vstack([G.T, h[None, :]])
    f = np.zeros(E.shape[0])
    f[-1] = 1.0
    u, _ = nnls(E, f, maxiter=50 * E.shape[1])
    r = E @ u - f
    return -r[:-1] / r[-1]


@pytest.mark.parametrize("n_features", [2, 3, 5, 10, 20])
def test_the_widest_margin_agrees_with_lawson_and_hanson_on_200_data_sets(n_features):
    # 5 x 8 margins x 5 seeds = 200 data sets of 60 points, each solved with a free bias and through the origin
    for margin in MARGINS:
        for seed in range(5):
            X, t, normal, bias = separable(60, n_features, margin, seed)
            found = widest_margin(X, t)
            differences = (X[t > 0][:, None, :] - X[t < 0][None, :, :]).reshape(-1, n_features)
            # with a free bias: (x_i - x_j)^T w >= 2 for every pair of a positive and a negative example
            reference = 1 / np.linalg.norm(least_distance(differences, np.full(len(differences), 2.0)))
            assert found.margin == pytest.approx(reference, rel=1e-9), (n_features, margin, seed)
            assert found.residuals.hold()
            assert found.margin >= np.min(t * (X @ normal + bias)) * (1 - 1e-12)  # no narrower than the generator's
            X_1 = add_bias(X)
            through = widest_margin(X_1, t, fit_intercept=False)
            reference = 1 / np.linalg.norm(least_distance(t[:, None] * X_1, np.ones(len(t))))
            assert through.margin == pytest.approx(reference, rel=1e-9), (n_features, margin, seed)
            assert through.intercept == 0.0 and through.residuals.hold()


def test_the_widest_margin_matches_scikit_learns_hard_margin_svm():
    data = make_separable(40, 0.1, random_state=8)
    found = widest_margin(data.X, data.y)
    svm = SVC(kernel="linear", C=1e8).fit(data.X, data.y)   # C -> inf is the hard margin
    np.testing.assert_allclose(found.coef, svm.coef_[0], rtol=2e-3)
    np.testing.assert_allclose(found.intercept, svm.intercept_[0], rtol=2e-3, atol=2e-3)
    np.testing.assert_array_equal(found.support, np.sort(svm.support_))
    assert geometric_margin(data.X, data.y, found.coef, found.intercept) == pytest.approx(found.margin, rel=1e-12)
    perceptron = Perceptron().fit(data.X, data.y)
    assert geometric_margin(data.X, data.y, perceptron.coef_, perceptron.intercept_) <= found.margin
    assert [np.array_equal(a, b) for a, b in zip(max_margin_separator(data.X, data.y),
                                                 (found.coef, found.intercept))] == [True, True]


def test_the_proof_accepts_scikit_learns_answer_and_refuses_wrong_ones():
    data = make_separable(40, 0.1, random_state=8)
    found = widest_margin(data.X, data.y)
    svm = SVC(kernel="linear", C=1e8, tol=1e-8).fit(data.X, data.y)
    alpha = np.zeros(len(data.y))
    alpha[svm.support_] = np.abs(svm.dual_coef_[0])            # dual_coef_ holds alpha_i t_i
    theirs = optimality_residuals(data.X, data.y, svm.coef_[0], svm.intercept_[0], alpha)
    assert theirs.hold(1e-4) and not theirs.hold(1e-14)        # an iterative solver's answer, to its tolerance
    wrong = {  # each breaks one condition
        "wider than allowed": (found.coef * 0.999, found.intercept * 0.999, found.multipliers, "infeasibility"),
        "a multiplier below 0": (found.coef, found.intercept, found.multipliers - 0.01 * found.multipliers.max() * (found.multipliers == 0),
                                 "negative_multipliers"),
        "off-margin support": (found.coef * 1.01, found.intercept * 1.01, found.multipliers, "slackness"),
        "other multipliers": (found.coef, found.intercept, found.multipliers * 1.01, "stationarity"),
    }
    for name, (coef, intercept, multipliers, condition) in wrong.items():
        residuals = optimality_residuals(data.X, data.y, coef, intercept, multipliers)
        assert getattr(residuals, condition) > 5e-4 and not residuals.hold(), name
    assert optimality_residuals(data.X, data.y, found.coef, found.intercept, found.multipliers).hold(TOLERANCE)


def test_the_widest_margin_of_two_points_by_hand():
    # x = (1, 2) with t = +1 and (3, 4) with t = -1: the boundary is the perpendicular bisector, through (2, 3)
    # along (1, -1); w = (x_1 - x_2) / (||x_1 - x_2||^2 / 2) = (-0.5, -0.5), b = -w^T (2, 3) = 2.5, margin sqrt(2)
    found = widest_margin([[1.0, 2.0], [3.0, 4.0]], [1, -1])
    np.testing.assert_allclose(found.coef, [-0.5, -0.5], rtol=1e-15)
    assert found.intercept == pytest.approx(2.5, rel=1e-15) and found.margin == pytest.approx(np.sqrt(2), rel=1e-15)
    np.testing.assert_allclose(found.multipliers, [0.25, 0.25], rtol=1e-15)   # w = 0.25 (x_1 - x_2)


@pytest.mark.parametrize("case", NOT_SEPARABLE)
def test_data_that_no_hyperplane_separates_are_refused(case):
    X, t = NOT_SEPARABLE[case]
    with pytest.raises(ValueError, match="not linearly separable"):
        widest_margin(X, t)


def test_the_separator_through_the_origin_gives_the_tightest_bound():
    data = make_separable(40, 0.1, random_state=1)
    X = add_bias(data.X)
    w, intercept = max_margin_separator(X, data.y, fit_intercept=False)
    tightest = mistake_bound(X, data.y, w)
    # brute force over 200 000 directions: none separates with a smaller bound, the best comes close
    directions = np.random.default_rng(0).normal(size=(200_000, 3))
    gammas = np.min(data.y[:, None] * (X @ directions.T), axis=0) / np.linalg.norm(directions, axis=1)
    best_sampled = radius(X) ** 2 / gammas.max() ** 2
    assert tightest <= best_sampled <= 1.03 * tightest
    svm_coef, svm_intercept = max_margin_separator(data.X, data.y)
    assert tightest <= mistake_bound(X, data.y, np.r_[svm_coef, svm_intercept]) * (1 + 1e-12)
    assert tightest <= mistake_bound(X, data.y, data.w_star)
    with pytest.raises(ValueError, match="not linearly separable by a hyperplane through the origin"):
        max_margin_separator([[1.0], [2.0]], [1, -1], fit_intercept=False)


@pytest.mark.parametrize("points, nearest", [
    ([[1.0, 1.0], [1.0, 2.0], [2.0, 1.0], [2.0, 2.0]], [1.0, 1.0]),          # a corner of a square
    ([[2.0, -1.0], [2.0, 1.0], [3.0, 0.0]], [2.0, 0.0]),                      # inside an edge
    ([[-1.0, -1.0], [2.0, -1.0], [-1.0, 2.0]], [0.0, 0.0]),                   # the origin inside the triangle
    ([[1.0, 1.0, 1.0], [1.0, 1.0, 1.0], [3.0, 1.0, 1.0]], [1.0, 1.0, 1.0]),   # a repeated point
    ([[1.0, 0.0, 0.0], [0.0, 1.0, 0.0], [0.0, 0.0, 1.0]], [1 / 3, 1 / 3, 1 / 3]),  # inside a face
])
def test_wolfes_method_finds_the_nearest_point_by_hand(points, nearest):
    points = np.array(points)

    def lowest(direction):
        i = int(np.argmin(points @ direction))
        return i, points[i]

    x, weights = nearest_point(lowest, np.ones(points.shape[1]))
    np.testing.assert_allclose(x, nearest, atol=1e-15)
    assert abs(sum(weights.values()) - 1) < 1e-15 and min(weights.values()) > 0
    np.testing.assert_allclose(sum(weight * points[key] for key, weight in weights.items()), x, atol=1e-15)

"""Issue 36: inexact Newton (Newton-CG), against scipy's conjugate gradients, our Newton's method and
scikit-learn's ``newton-cg``."""

import warnings

import numpy as np
import pytest
from scipy.sparse.linalg import cg
from sklearn.linear_model import LogisticRegression as SklearnLogisticRegression

from lecture_utils import SeparationWarning
from lecture_utils.datasets import load_breast_cancer
from lecture_utils.logistic import LogisticLoss, LogisticRegression
from lecture_utils.optimization import FunctionObjective, conjugate_gradient, minimize


def _spd(D, condition, seed=0):
    rng = np.random.default_rng(seed)
    Q, _ = np.linalg.qr(rng.normal(size=(D, D)))
    return Q @ np.diag(np.geomspace(1.0, condition, D)) @ Q.T


@pytest.mark.parametrize("D, condition", [(2, 3.0), (10, 100.0), (40, 1e4)])
def test_conjugate_gradient_solves_as_numpy_and_scipy(D, condition):
    A, b = _spd(D, condition), np.random.default_rng(1).normal(size=D)
    result = conjugate_gradient(lambda v: A @ v, b, tol=1e-12 * np.linalg.norm(b), max_iter=10 * D)
    scipy_x, info = cg(A, b, rtol=1e-12, maxiter=10 * D)
    assert result.status == "converged" and info == 0
    np.testing.assert_allclose(result.x, np.linalg.solve(A, b), rtol=1e-8 * condition)
    np.testing.assert_allclose(result.x, scipy_x, rtol=1e-8 * condition)


def test_conjugate_gradient_needs_at_most_one_product_per_distinct_eigenvalue():
    """In exact arithmetic CG ends after as many products as A has distinct eigenvalues (here 3 of D = 30)."""
    rng = np.random.default_rng(2)
    Q, _ = np.linalg.qr(rng.normal(size=(30, 30)))
    A = Q @ np.diag(np.repeat([1.0, 2.0, 5.0], 10)) @ Q.T
    result = conjugate_gradient(lambda v: A @ v, rng.normal(size=30), tol=1e-10)
    assert result.n_products == 3


def test_conjugate_gradient_stops_on_negative_curvature():
    result = conjugate_gradient(lambda v: np.diag([2.0, -1.0, 1.0]) @ v, np.ones(3))
    assert result.status == "negative_curvature"


def test_the_hessian_vector_product_is_the_hessian_times_v():
    d = load_breast_cancer()
    loss = LogisticLoss(d.X, d.y, l2=0.1)
    rng = np.random.default_rng(3)
    w, v = rng.normal(size=loss.n_weights) * 1e-3, rng.normal(size=loss.n_weights)
    np.testing.assert_allclose(loss.hessian_vector(w, v), loss.hessian(w) @ v, rtol=1e-10, atol=1e-12)


def _standardised_tumours():
    d = load_breast_cancer()
    return (d.X - d.X.mean(axis=0)) / d.X.std(axis=0), d.y


@pytest.mark.parametrize("l2", [0.0, 1e-3, 0.1])
def test_newton_cg_matches_scikit_learn_newton_cg_and_our_newton(l2):
    X, t = _standardised_tumours()
    if l2 == 0.0:
        X = X[:, :5]                                         # the 30 features separate the tumours
    ours = LogisticRegression(solver="newton-cg", l2=l2, tol=1e-10, max_iter=200).fit(X, t)
    newton = LogisticRegression(solver="newton", l2=l2, tol=1e-10).fit(X, t)
    C = np.inf if l2 == 0 else 1 / (len(t) * l2)
    sklearn = SklearnLogisticRegression(solver="newton-cg", C=C, tol=1e-12, max_iter=1000).fit(X, t)
    assert ours.converged_
    np.testing.assert_allclose(ours.coef_, newton.coef_, rtol=1e-7, atol=1e-9)
    np.testing.assert_allclose(ours.coef_, sklearn.coef_[0], rtol=1e-5, atol=1e-7)
    assert ours.intercept_ == pytest.approx(sklearn.intercept_[0], rel=1e-5, abs=1e-7)


def test_newton_cg_converges_superlinearly_and_its_products_grow_near_the_minimum():
    """The forcing term min(1/2, sqrt(r / r_0)) asks little of CG far out and more near the minimum: the ratio of
    successive gradient norms falls towards 0, and the products per step grow."""
    X, t = _standardised_tumours()
    trace = LogisticRegression(solver="newton-cg", l2=1e-3, tol=1e-12).fit(X, t).trace_
    ratios = trace.grad_norm[1:] / trace.grad_norm[:-1]
    assert ratios[-1] < 0.05 and ratios[-1] < ratios[len(ratios) // 2]
    products = trace.hessian_products
    assert products[0] <= 2 and products[-1] > products[0] and len(products) == trace.n_iter
    assert products.sum() < trace.n_iter * X.shape[1]        # fewer products than forming H at every step


def test_newton_cg_needs_no_hessian_matrix_and_takes_more_weights_than_newton():
    """Only products: an objective whose hessian_vector never forms H, and more weights than Newton's limit."""
    rng = np.random.default_rng(4)
    D = 1500
    diagonal = np.geomspace(1.0, 50.0, D)
    objective = FunctionObjective(lambda w: 0.5 * w @ (diagonal * w) - w.sum(), lambda w: diagonal * w - 1.0)
    objective.hessian_vector = lambda w, v: diagonal * v
    trace = minimize(objective, rng.normal(size=D), "newton-cg", tol=1e-9)
    assert trace.converged
    np.testing.assert_allclose(trace.w, 1 / diagonal, rtol=1e-8)


def test_newton_cg_stops_on_separable_data():
    with warnings.catch_warnings(record=True) as caught:
        warnings.simplefilter("always")
        model = LogisticRegression(solver="newton-cg").fit([[0.0], [1.0], [2.0], [3.0]], [0, 0, 1, 1])
    assert not model.converged_ and any(issubclass(w.category, SeparationWarning) for w in caught)


def test_newton_cg_refuses_an_l1_penalty():
    with pytest.raises(ValueError, match="l1"):
        LogisticRegression(solver="newton-cg", l1=0.1).fit([[0.0], [1.0], [2.0], [3.0]], [0, 1, 0, 1])

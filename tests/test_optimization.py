"""The shared optimisation loop against closed forms, hand computations and scipy.

References: numpy.linalg.solve for the minimum of a quadratic; Nesterov's steps written
out by hand; the soft-threshold
closed form of the L1 proximal problem; SGD written out as the algorithm box of
Straka (NPFL129 lecture 3); Newton's iteration x -> -x^3 for sqrt(1 + x^2), by
hand; scipy.optimize's Rosenbrock derivatives for the finite differences and the Taylor model;
the expanded square theta (1 - theta)(a - b)^2 for the chord gap of a parabola; matrices built from a chosen
spectrum, perturbed by a few units in the last place as another BLAS kernel would compute them, for the rule
that decides "singular".
"""

from __future__ import annotations

import warnings

import numpy as np
import pytest
import scipy.optimize
from hypothesis import given, settings
from hypothesis import strategies as st
from scipy.optimize import rosen, rosen_der, rosen_hess

from lecture_utils import ConvergenceWarning, DivergenceWarning
from lecture_utils.optimization import (SCALAR_FUNCTIONS, FunctionObjective, Objective, chord_gap, gradient_descent,
                                        minimize, newton, numerical_gradient, numerical_hessian, quadratic_model,
                                        soft_threshold)


def quadratic(A, b):
    """``E(w) = 1/2 w^T A w - b^T w``, its gradient ``A w - b`` and Hessian ``A``; minimum at ``A^{-1} b``."""
    return (lambda w: 0.5 * w @ A @ w - b @ w), (lambda w: A @ w - b), (lambda w: A)


def random_spd(seed, dim=3, condition=10.0):
    rng = np.random.default_rng(seed)
    Q, _ = np.linalg.qr(rng.standard_normal((dim, dim)))
    return Q @ np.diag(np.geomspace(1.0, condition, dim)) @ Q.T, rng.standard_normal(dim)


class LeastSquares(Objective):
    """``E(w) = (1/2N) ||X w - y||^2``, a mean over examples, for SGD."""

    def __init__(self, X, y):
        self.X, self.y, self.n_samples = X, y, len(y)

    def loss(self, w):
        return 0.5 * np.mean((self.X @ w - self.y) ** 2)

    def gradient(self, w, batch=None):
        X, y = (self.X, self.y) if batch is None else (self.X[batch], self.y[batch])
        return X.T @ (X @ w - y) / len(y)


# --------------------------------------------------------------------------
# Gradient descent
# --------------------------------------------------------------------------


def test_gradient_descent_reaches_the_minimum_of_a_quadratic():
    A, b = random_spd(0)
    loss, gradient, _ = quadratic(A, b)
    trace = gradient_descent(loss, gradient, np.zeros(3), learning_rate=1 / 10, tol=1e-10, max_iter=5000)
    assert trace.converged and trace.grad_norm[-1] <= 1e-10 < trace.grad_norm[-2]
    np.testing.assert_allclose(trace.w, np.linalg.solve(A, b), atol=1e-9)


def test_each_step_is_the_update_rule_and_the_trace_records_it():
    A, b = random_spd(1)
    loss, gradient, _ = quadratic(A, b)
    with pytest.warns(ConvergenceWarning, match="max_iter = 7"):
        trace = gradient_descent(loss, gradient, [1.0, -2.0, 0.5], learning_rate=0.05, max_iter=7, tol=0)
    assert trace.weights.shape == (8, 3) and trace.n_iter == 7 and trace.status == "max_iter"
    for before, after in zip(trace.weights[:-1], trace.weights[1:]):
        np.testing.assert_allclose(after, before - 0.05 * (A @ before - b), rtol=1e-14)
    np.testing.assert_allclose(trace.loss, [loss(w) for w in trace.weights], rtol=1e-14)
    np.testing.assert_allclose(trace.grad_norm, [np.linalg.norm(gradient(w)) for w in trace.weights], rtol=1e-14)
    np.testing.assert_array_equal(trace.step_size, np.full(7, 0.05))


def test_learning_rate_decay_follows_its_formula():
    A, b = random_spd(2)
    loss, gradient, _ = quadratic(A, b)
    with pytest.warns(ConvergenceWarning):
        trace = gradient_descent(loss, gradient, np.zeros(3), learning_rate=0.1, decay=0.5, max_iter=5, tol=0)
    np.testing.assert_allclose(trace.step_size, 0.1 / (1 + 0.5 * np.arange(5)), rtol=1e-15)


@pytest.mark.parametrize("factor, diverges", [(0.99, False), (1.01, True)])
def test_on_a_quadratic_the_stable_steps_end_at_two_over_lambda_max(factor, diverges):
    # along the top eigenvector the error is multiplied by |1 - eta lambda_max| each step
    A, b = random_spd(3, condition=50.0)
    loss, gradient, _ = quadratic(A, b)
    eta = factor * 2 / np.linalg.eigvalsh(A)[-1]
    with warnings.catch_warnings():
        warnings.simplefilter("ignore", ConvergenceWarning)
        trace = gradient_descent(loss, gradient, np.ones(3), learning_rate=eta, max_iter=4000, tol=1e-8)
    assert trace.diverged == diverges
    assert np.all(np.isfinite(trace.weights))


def test_a_huge_learning_rate_is_flagged_and_warned_never_nan():
    A, b = random_spd(4)
    loss, gradient, _ = quadratic(A, b)
    with pytest.warns(DivergenceWarning, match="diverged at step"):
        trace = gradient_descent(loss, gradient, np.ones(3), learning_rate=1e3)
    assert trace.diverged and not trace.converged
    assert np.all(np.isfinite(trace.weights)) and np.all(np.isfinite(trace.loss))
    assert trace.loss[-1] > 1e4 * trace.loss[0]             # stopped because it exploded


def test_an_overflowing_step_keeps_the_last_finite_weights():
    A, b = random_spd(5)
    loss, gradient, _ = quadratic(A, b)
    with pytest.warns(DivergenceWarning, match="no longer finite"):
        trace = gradient_descent(loss, gradient, np.ones(3), learning_rate=1e300)
    assert trace.n_iter == 0
    np.testing.assert_array_equal(trace.w, np.ones(3))


def test_a_one_dimensional_function_takes_and_gives_numbers():
    seen = []

    def loss(x):
        seen.append(type(x))
        return (x - 3.0) ** 2

    trace = gradient_descent(loss, lambda x: 2 * (x - 3.0), 0.0, learning_rate=0.25, tol=1e-12)
    assert set(seen) == {float}
    assert trace.weights.shape[1] == 1 and trace.w[0] == pytest.approx(3.0, abs=1e-12)


def test_the_l1_proximal_step_solves_its_closed_form():
    # argmin 1/2 ||w - v||^2 + l1 ||w||_1 = soft_threshold(v, l1): one step with eta = 1 lands there
    v = np.array([2.0, -0.3, 0.05, -1.5, 0.0])
    trace = minimize(FunctionObjective(lambda w: 0.5 * np.sum((w - v) ** 2), lambda w: w - v), np.zeros(5),
                     learning_rate=1.0, l1=0.5, tol=1e-12)
    expected = np.array([1.5, 0.0, 0.0, -1.0, 0.0])
    np.testing.assert_array_equal(trace.w, expected)
    assert trace.converged and trace.n_iter == 1
    np.testing.assert_array_equal(soft_threshold(v, 0.5), expected)
    # the loss it records includes the penalty
    assert trace.loss[-1] == pytest.approx(0.5 * np.sum((expected - v) ** 2) + 0.5 * np.abs(expected).sum())


@pytest.mark.parametrize("condition", [100.0, 1000.0])
def test_accelerated_descent_reaches_the_minimum_in_far_fewer_steps(condition):
    # error of gradient descent ~ (1 - 1/kappa)^k, of the accelerated method ~ (1 - 1/sqrt(kappa))^k
    A, b = random_spd(6, dim=4, condition=condition)
    objective = FunctionObjective(*quadratic(A, b)[:2])
    eta = 1 / np.linalg.eigvalsh(A)[-1]
    plain = minimize(objective, np.zeros(4), "gd", learning_rate=eta, tol=1e-8, max_iter=200_000)
    fast = minimize(objective, np.zeros(4), "accelerated", learning_rate=eta, tol=1e-8, max_iter=200_000)
    assert plain.converged and fast.converged
    np.testing.assert_allclose(fast.w, np.linalg.solve(A, b), atol=1e-6)
    assert fast.n_iter < 2 * plain.n_iter / np.sqrt(condition)      # 170 against 1849 at kappa = 100


def test_accelerated_descent_makes_nesterovs_steps_and_restarts():
    # by hand: v = w_k + m/(m + 3) (w_k - w_{k-1}), w_{k+1} = v - eta grad E(v); m back to 0 on a restart
    A, b = random_spd(7, condition=30.0)
    loss, gradient, _ = quadratic(A, b)
    eta, steps = 0.5 / np.linalg.eigvalsh(A)[-1], 60
    trace = minimize(FunctionObjective(loss, gradient), np.ones(3), "accelerated", learning_rate=eta,
                     max_iter=steps, tol=0)
    w_previous = w = np.ones(3)
    m = restarts = 0
    for expected in trace.weights[1:]:
        v = w + m / (m + 3) * (w - w_previous)
        w_new = v - eta * gradient(v)
        np.testing.assert_allclose(expected, w_new, rtol=1e-12, atol=1e-14)
        restart = (v - w_new) @ (w_new - w) > 0
        restarts += restart
        m = 0 if restart else m + 1
        w_previous, w = w, w_new
    assert restarts > 0                                   # the momentum overshot at least once


def test_accelerated_descent_with_l1_lands_on_the_soft_thresholded_minimum():
    # E(w) = 1/2 sum_j a_j (w_j - v_j)^2 + l1 ||w||_1 is minimised by soft_threshold(v, l1 / a) coordinatewise
    a, v = np.array([1.0, 10.0, 100.0, 3.0]), np.array([2.0, -0.3, 0.001, -1.5])
    objective = FunctionObjective(lambda w: 0.5 * np.sum(a * (w - v) ** 2), lambda w: a * (w - v))
    trace = minimize(objective, np.zeros(4), "accelerated", learning_rate=1 / a.max(), l1=0.5, tol=1e-10,
                     max_iter=10_000)
    assert trace.converged
    np.testing.assert_allclose(trace.w, soft_threshold(v, 0.5 / a), atol=1e-9)
    assert trace.w[2] == 0.0


def test_the_callback_can_stop_the_run():
    A, b = random_spd(6)
    loss, gradient, _ = quadratic(A, b)
    trace = minimize(FunctionObjective(loss, gradient), np.zeros(3), learning_rate=0.01,
                     callback=lambda w: "far enough" if np.linalg.norm(w) > 0.1 else None)
    assert trace.status == "stopped" and trace.message == "far enough"
    assert np.linalg.norm(trace.weights[-2]) <= 0.1 < np.linalg.norm(trace.w)


# --------------------------------------------------------------------------
# SGD
# --------------------------------------------------------------------------


def sgd_as_in_the_algorithm_box(X, y, eta, batch_size, epochs, seed):
    """Straka's algorithm box, written out: shuffle, then w <- w - eta * mean gradient of each minibatch."""
    rng = np.random.default_rng(seed)
    w, path = np.zeros(X.shape[1]), []
    for _ in range(epochs):
        order = rng.permutation(len(y))
        for start in range(0, len(y), batch_size):
            b = order[start:start + batch_size]
            w = w - eta * X[b].T @ (X[b] @ w - y[b]) / len(b)
            path.append(w)
    return w, np.array(path)


@pytest.mark.parametrize("batch_size", [1, 7, 40])
def test_sgd_makes_the_updates_of_the_algorithm_box(batch_size):
    rng = np.random.default_rng(7)
    X, y = rng.standard_normal((40, 3)), rng.standard_normal(40)
    trace = minimize(LeastSquares(X, y), np.zeros(3), "sgd", learning_rate=0.05, batch_size=batch_size,
                     max_iter=4, tol=0, random_state=11, record_updates=True)
    w, path = sgd_as_in_the_algorithm_box(X, y, 0.05, batch_size, 4, seed=11)
    np.testing.assert_allclose(trace.w, w, rtol=1e-13)
    np.testing.assert_allclose(trace.updates[1:], path, rtol=1e-12, atol=1e-15)
    assert trace.updates.shape == (4 * int(np.ceil(40 / batch_size)) + 1, 3)
    assert trace.weights.shape == (5, 3)                     # one record per epoch


def test_full_batch_sgd_is_gradient_descent():
    rng = np.random.default_rng(8)
    X, y = rng.standard_normal((30, 2)), rng.standard_normal(30)
    objective = LeastSquares(X, y)
    sgd = minimize(objective, np.zeros(2), "sgd", learning_rate=0.1, max_iter=20, tol=0, random_state=0,
                   record_updates=True)
    gd = minimize(objective, np.zeros(2), "gd", learning_rate=0.1, max_iter=20, tol=0)
    np.testing.assert_allclose(sgd.weights, gd.weights, rtol=1e-13)
    np.testing.assert_allclose(sgd.updates, gd.weights, rtol=1e-13)


def test_sgd_shuffles_differently_for_different_seeds_and_alike_for_one():
    rng = np.random.default_rng(9)
    X, y = rng.standard_normal((50, 2)), rng.standard_normal(50)
    runs = [minimize(LeastSquares(X, y), np.zeros(2), "sgd", learning_rate=0.05, batch_size=1, max_iter=3,
                     tol=0, random_state=seed).w for seed in (1, 1, 2)]
    np.testing.assert_array_equal(runs[0], runs[1])
    assert not np.allclose(runs[0], runs[2])


def test_sgd_with_decaying_steps_approaches_the_least_squares_solution():
    rng = np.random.default_rng(10)
    X = rng.standard_normal((200, 3))
    y = X @ [1.0, -2.0, 0.5] + 0.3 * rng.standard_normal(200)
    trace = minimize(LeastSquares(X, y), np.zeros(3), "sgd", learning_rate=0.05, decay=0.2, batch_size=5,
                     max_iter=200, tol=1e-3, random_state=3)
    np.testing.assert_allclose(trace.w, np.linalg.lstsq(X, y, rcond=None)[0], atol=5e-3)


def test_sgd_divergence_stops_within_the_epoch_without_nan():
    rng = np.random.default_rng(12)
    X, y = 10 * rng.standard_normal((100, 2)), rng.standard_normal(100)
    trace = minimize(LeastSquares(X, y), np.zeros(2), "sgd", learning_rate=1e10, batch_size=1, random_state=0,
                     record_updates=True)
    assert trace.diverged and np.all(np.isfinite(trace.weights)) and np.all(np.isfinite(trace.updates))


# --------------------------------------------------------------------------
# Newton's method
# --------------------------------------------------------------------------


@settings(max_examples=30, deadline=None)
@given(seed=st.integers(0, 2**32 - 1), dim=st.integers(1, 6), condition=st.floats(1.0, 1e6))
def test_newton_lands_on_the_minimum_of_a_quadratic_in_one_step(seed, dim, condition):
    A, b = random_spd(seed, dim, condition)
    trace = newton(*quadratic(A, b), np.zeros(dim), tol=1e-9 * np.linalg.norm(b) * condition)
    assert trace.converged and trace.n_iter == 1
    np.testing.assert_allclose(trace.w, np.linalg.solve(A, b), rtol=1e-8, atol=1e-10 * condition)


def sqrt_one_plus_square():
    return (lambda x: np.sqrt(1 + x * x)), (lambda x: x / np.sqrt(1 + x * x)), (lambda x: (1 + x * x) ** -1.5)


def test_pure_newton_on_sqrt_one_plus_x_squared_follows_x_to_minus_x_cubed():
    # f'(x) / f''(x) = x (1 + x^2), so x_{k+1} = x_k - x_k (1 + x_k^2) = -x_k^3: it converges for |x0| < 1
    trace = newton(*sqrt_one_plus_square(), 0.5)
    np.testing.assert_allclose(trace.weights[:4, 0], [0.5, -0.125, 0.125 ** 3, -(0.125 ** 9)], rtol=1e-12)
    assert trace.converged
    with pytest.warns(DivergenceWarning):
        far = newton(*sqrt_one_plus_square(), 1.5)
    np.testing.assert_allclose(far.weights[:3, 0], [1.5, -3.375, 3.375 ** 3], rtol=1e-12)
    assert far.diverged and np.all(np.isfinite(far.weights))


def test_a_line_search_makes_newton_converge_from_far_away():
    trace = newton(*sqrt_one_plus_square(), 1.5, line_search=True)
    assert trace.converged and abs(trace.w[0]) < 1e-9
    assert trace.step_size[0] < 1 and trace.step_size[-1] == 1    # damped far away, full steps near 0
    assert np.all(np.diff(trace.loss) < 0)


def test_pure_newton_climbs_to_a_saddle_and_the_line_search_refuses():
    # E(x, y) = x^2 - y^2 + x y / 2: a quadratic with a saddle at 0, which one Newton step reaches,
    # even uphill: from (0.1, 1) the loss rises from -0.94 to 0
    H = np.array([[2.0, 0.5], [0.5, -2.0]])
    loss, gradient = (lambda w: 0.5 * w @ H @ w), (lambda w: H @ w)
    with pytest.warns(ConvergenceWarning, match="not at a minimum.*saddle point"):
        trace = newton(loss, gradient, lambda w: H, [0.1, 1.0])
    # the gradient vanishes, but H has the eigenvalue -sqrt(4.25) = -2.0616: a saddle, which is no minimum
    assert trace.status == "not_minimum" and not trace.converged
    assert f"eigenvalue {-np.sqrt(4.25):.4g} < 0" in trace.message
    assert trace.n_iter == 1 and np.allclose(trace.w, 0, atol=1e-15)
    assert trace.loss[0] == pytest.approx(-0.94) and trace.loss[1] == pytest.approx(0, abs=1e-30)
    with pytest.warns(ConvergenceWarning, match="not positive definite"):
        damped = newton(loss, gradient, lambda w: H, [0.1, 1.0], line_search=True)
    assert damped.status == "no_descent" and damped.n_iter == 0


def test_newton_on_the_double_well_from_0_3_stops_at_its_maximum_and_says_so():
    # f = x^4/4 - x^2/2: f' = x^3 - x vanishes at 0, where f'' = -1 < 0 (a maximum); minima at +-1, f'' = 2
    well = SCALAR_FUNCTIONS["double_well"]
    with pytest.warns(ConvergenceWarning, match="not at a minimum.*eigenvalue -1 < 0, so this is a maximum"):
        trace = newton(well.f, well.derivative, well.second_derivative, 0.3)
    assert trace.status == "not_minimum" and not trace.converged and trace.w[0] == pytest.approx(0, abs=1e-12)
    with warnings.catch_warnings():
        warnings.simplefilter("error")                                  # a minimum: no warning
        from_far = newton(well.f, well.derivative, well.second_derivative, 0.8)
    assert from_far.converged and from_far.w[0] == pytest.approx(1.0, rel=1e-12)


def test_gradient_descent_without_a_hessian_tells_a_saddle_by_finite_differences():
    # E = x^2 - y^2: from (1, 0) the path stays on y = 0 and runs into the saddle at 0 (H = diag(2, -2))
    loss, gradient = (lambda w: w[0] ** 2 - w[1] ** 2), (lambda w: np.array([2 * w[0], -2 * w[1]]))
    with pytest.warns(ConvergenceWarning, match="eigenvalue -2 < 0, so this is a saddle point"):
        trace = gradient_descent(loss, gradient, [1.0, 0.0], learning_rate=0.1)
    assert trace.status == "not_minimum" and trace.w[1] == 0 and abs(trace.w[0]) < 1e-6
    # a start exactly on the maximum of the double well: no step, and no claim of a minimum
    well = SCALAR_FUNCTIONS["double_well"]
    with pytest.warns(ConvergenceWarning, match="a maximum"):
        assert gradient_descent(well.f, well.derivative, 0.0).status == "not_minimum"
    # at a minimum whose curvature vanishes (x^4 at 0) nothing is claimed against it
    assert gradient_descent(lambda x: x ** 4, lambda x: 4 * x ** 3, 0.0).converged


def test_an_l1_kink_is_a_minimum_along_its_weight():
    # E = -w_1^2 / 2 + w_2^2 + |w_1|: the smooth part curves down along w_1, but at w_1 = 0 the kink of |w_1|
    # (subgradient [-1, 1] against a slope of 0) makes 0 the minimum along w_1
    trace = minimize(FunctionObjective(lambda w: -w[0] ** 2 / 2 + w[1] ** 2, lambda w: np.array([-w[0], 2 * w[1]])),
                     [0.0, 1.0], "gd", learning_rate=0.25, l1=[1.0, 0.0])
    assert trace.converged and trace.w[0] == 0


def test_a_gradient_or_hessian_of_nan_is_named_not_blamed_on_the_learning_rate():
    loss = lambda w: float(w @ w)                                              # noqa: E731
    with pytest.raises(ValueError, match="gradient at the starting point w0 is nan"):
        gradient_descent(loss, lambda w: np.full(2, np.nan), [1.0, 1.0])
    # the gradient is nan once w_1 < 0.5, where the loss is still finite: the step is not to blame
    with pytest.warns(ConvergenceWarning, match="gradient at step 2 is nan") as caught:
        trace = gradient_descent(loss, lambda w: np.where(w > 0.5, 2 * w, np.nan), [1.0, 1.0], learning_rate=0.2)
    assert trace.status == "not_finite" and not trace.diverged and trace.n_iter == 1
    assert not any("learning rate" in str(w.message) for w in caught)
    np.testing.assert_allclose(trace.w, [0.6, 0.6], rtol=1e-15)
    with pytest.warns(ConvergenceWarning, match="Hessian at step 0 is nan"):
        trace = newton(loss, lambda w: 2 * w, lambda w: np.full((2, 2), np.nan), [1.0, 1.0])
    assert trace.status == "not_finite"


def test_a_singular_hessian_stops_with_its_own_status():
    # E(w) = (w_1 + w_2 - 1)^2 has a whole line of minima: H = 2 [[1, 1], [1, 1]] is singular
    with pytest.warns(ConvergenceWarning, match="singular"):
        trace = newton(lambda w: (w.sum() - 1) ** 2, lambda w: 2 * (w.sum() - 1) * np.ones(2),
                       lambda w: 2 * np.ones((2, 2)), [3.0, 0.0])
    assert trace.status == "singular_hessian" and trace.n_iter == 0


def _with_smallest_eigenvalue(relative, seed=0, dim=4):
    """A symmetric matrix with eigenvalues 1, ..., 0.3 and ``relative``, in a random basis (no zero diagonal)."""
    Q, _ = np.linalg.qr(np.random.default_rng(seed).standard_normal((dim, dim)))
    return Q @ np.diag(np.r_[np.linspace(1.0, 0.3, dim - 1), relative]) @ Q.T


def _round_off(matrix, rng):
    """``matrix`` as another machine might compute it: each entry moved by a few units in its last place."""
    noise = rng.integers(-4, 5, size=matrix.shape) * np.spacing(np.abs(matrix))
    return matrix + (noise + noise.T) / 2


@pytest.mark.parametrize("relative, singular", [(0.0, True), (1e-15, True), (1e-14, True), (1e-9, False),
                                                (1e-6, False)])
def test_a_nearly_singular_hessian_gets_the_same_status_whatever_the_round_off(relative, singular):
    # the rule: scaled to a unit diagonal, the eigenvalue nearest 0 at most SINGULAR_RTOL = 1e-12 of the largest;
    # round-off moves it by ~1e-16 of the largest, so 200 perturbed copies (another BLAS kernel's sums) agree
    rng = np.random.default_rng(7)
    H = _with_smallest_eigenvalue(relative)
    gradient = np.ones(4)
    for _ in range(200):
        perturbed = _round_off(H, rng)
        with warnings.catch_warnings():
            warnings.simplefilter("ignore", ConvergenceWarning)
            trace = newton(lambda w: 0.5 * w @ perturbed @ w - gradient @ w, lambda w: perturbed @ w - gradient,
                           lambda w: perturbed, np.zeros(4), max_iter=1)
        assert (trace.status == "singular_hessian") == singular
        model = quadratic_model(FunctionObjective(lambda w: 0.0, lambda w: -gradient, lambda w: perturbed),
                                np.zeros(4))
        assert model.positive_definite == (not singular)
        assert (model.newton_point is None) == singular


def test_scales_do_not_make_a_hessian_singular_and_negative_eigenvalues_are_not_positive_definite():
    H = _with_smallest_eigenvalue(1e-3)
    scales = np.array([1e150, 1.0, 1e-150, 1e10])                      # weights in wildly different units
    scaled = scales[:, None] * H * scales
    model = quadratic_model(FunctionObjective(lambda w: 0.0, lambda w: np.ones(4), lambda w: scaled), np.zeros(4))
    assert model.positive_definite
    # (S H S)^{-1} = S^{-1} H^{-1} S^{-1}, so S times the Newton point is -H^{-1} (g / S)
    np.testing.assert_allclose(scales * model.newton_point, -np.linalg.solve(H, 1 / scales), rtol=1e-8)
    indefinite = _with_smallest_eigenvalue(-1e-3)
    model = quadratic_model(FunctionObjective(lambda w: 0.0, lambda w: np.ones(4), lambda w: indefinite), np.zeros(4))
    assert not model.positive_definite and model.newton_point is not None   # a saddle of the model: solvable


@pytest.mark.parametrize("seed", range(3))
def test_lbfgs_reaches_scipys_minimum_of_rosenbrock(seed):
    # a curved valley: L-BFGS must take its steps from remembered curvature and a line search, no Hessian
    w0 = np.random.default_rng(seed).uniform(-1.5, 1.5, size=5)
    trace = minimize(FunctionObjective(rosen, rosen_der), w0, "lbfgs", max_iter=1000, tol=1e-9)
    reference = scipy.optimize.minimize(rosen, w0, jac=rosen_der, method="L-BFGS-B",
                                        options={"gtol": 1e-9, "ftol": 0.0})
    assert trace.converged and np.all(np.diff(trace.loss) <= 0)
    np.testing.assert_allclose(trace.w, np.ones(5), atol=1e-8)       # the minimum (1, ..., 1); |grad| <= 1e-9
    assert np.abs(reference.x - 1).max() < 1e-8                       # where scipy's L-BFGS-B lands too
    assert trace.n_iter <= 1.5 * reference.nit                        # in about as many steps


def test_lbfgs_solves_a_quadratic_in_a_few_steps():
    # with exact line searches BFGS ends on a quadratic in D steps; backtracking from alpha = 1 is not exact,
    # but the remembered curvature soon makes the full step the right one: a few steps, not gradient descent's many
    A, b = random_spd(5, condition=20.0)
    loss, gradient, hessian = quadratic(A, b)
    trace = minimize(FunctionObjective(loss, gradient), np.zeros(3), "lbfgs", tol=1e-10)
    np.testing.assert_allclose(trace.w, np.linalg.solve(A, b), rtol=1e-9)
    assert trace.converged and trace.n_iter <= 20                     # gradient descent at 1/L: about 400


def test_lbfgs_refuses_an_l1_penalty():
    A, b = random_spd(0)
    loss, gradient, _ = quadratic(A, b)
    with pytest.raises(ValueError, match="method='lbfgs' cannot minimise an L1 penalty"):
        minimize(FunctionObjective(loss, gradient), np.zeros(3), "lbfgs", l1=0.1)


def lasso_by_scipy(A, b, l1):
    """argmin 1/2 w^T A w - b^T w + sum_j l1_j |w_j| by scipy's L-BFGS-B on w = u - v, u, v >= 0 (a smooth,
    bound-constrained problem with the same minimum), to about 1e-9."""
    def split(uv):
        u, v = np.split(uv, 2)
        w = u - v
        gradient = A @ w - b
        return 0.5 * w @ A @ w - b @ w + l1 @ (u + v), np.r_[gradient + l1, -gradient + l1]
    result = scipy.optimize.minimize(split, np.zeros(2 * len(b)), jac=True, method="L-BFGS-B",
                                     bounds=[(0, None)] * (2 * len(b)), options={"ftol": 1e-15, "gtol": 1e-13})
    u, v = np.split(result.x, 2)
    return u - v


@pytest.mark.parametrize("seed", [0, 1, 2])
def test_newton_with_l1_lands_on_the_lasso_minimum_of_a_quadratic(seed):
    rng = np.random.default_rng(seed)
    A, _ = random_spd(seed, dim=8, condition=30.0)
    b, l1 = rng.normal(size=8), np.r_[np.full(7, 0.5), 0.0]          # the last weight unpenalised, as a bias
    loss, gradient, hessian = quadratic(A, b)
    trace = minimize(FunctionObjective(loss, gradient, hessian), np.zeros(8), "newton-l1", l1=l1, tol=1e-12)
    reference = lasso_by_scipy(A, b, l1)
    assert trace.converged and trace.n_iter <= 15
    np.testing.assert_allclose(trace.w, reference, atol=1e-7)
    # the optimality conditions by hand: the smooth gradient is -l1 sign(w) where w != 0, within [-l1, l1] at 0
    g, zero = A @ trace.w - b, trace.w == 0
    assert zero.any() and not zero.all()                               # some weights held at 0, not all
    np.testing.assert_array_equal(zero, np.abs(reference) < 1e-7)
    np.testing.assert_allclose(g[~zero], -l1[~zero] * np.sign(trace.w[~zero]), atol=1e-12)
    assert np.all(np.abs(g[zero]) <= l1[zero])


def test_newton_with_l1_sets_a_crossing_weight_to_zero_and_frees_it_when_its_gradient_exceeds_l1():
    # 1/2 ||w - v||^2 + l1 ||w||_1 from w0 = -v: Newton's full step lands on v, crossing 0 in every weight;
    # the orthant holds each at 0, and the next step frees those with |v_j| > l1: soft_threshold(v, l1)
    v = np.array([2.0, -1.5, 0.3, -0.2])
    objective = FunctionObjective(lambda w: 0.5 * np.sum((w - v) ** 2), lambda w: w - v, lambda w: np.eye(4))
    trace = minimize(objective, -v, "newton-l1", l1=0.5, tol=1e-12)
    np.testing.assert_array_equal(trace.weights[1], np.zeros(4))
    np.testing.assert_allclose(trace.w, soft_threshold(v, 0.5), atol=1e-15)
    assert trace.converged and trace.n_iter == 2


def test_newton_with_l1_holds_a_freed_weight_that_its_step_would_move_against_its_sign():
    # 1/2 w^T H w - b^T w + 0.5 ||w||_1 at w = 0: the smallest subgradient is v = (1, 0.1), so both weights are
    # freed, to move negative; but H^{-1} v = (4.79, -4.21) would move w_2 up. Held at 0, w_2 leaves w_1 alone:
    # by hand the optimum is (-1, 0) (there dE/dw_2 = 0.9 (-1) + 0.6 = -0.3, within [-0.5, 0.5]), one full step
    H, b = np.array([[1.0, 0.9], [0.9, 1.0]]), np.array([-1.5, -0.6])
    loss, gradient, hessian = quadratic(H, b)
    trace = minimize(FunctionObjective(loss, gradient, hessian), np.zeros(2), "newton-l1", l1=0.5, tol=1e-12)
    np.testing.assert_allclose(trace.w, [-1.0, 0.0], atol=1e-15)
    assert trace.n_iter == 1 and trace.step_size[0] == 1.0


def test_newton_with_l1_and_no_penalty_takes_damped_newtons_steps():
    # sum_j sqrt(1 + (w_j - c_j)^2) + 0.05 w^T A w from 5 away: pure Newton overshoots (x -> -x^3), damped does not
    A, c = random_spd(13, condition=5.0)
    root = lambda w: np.sqrt(1 + (w - c) ** 2)                          # noqa: E731
    objective = FunctionObjective(lambda w: np.sum(root(w)) + 0.05 * w @ A @ w, lambda w: (w - c) / root(w) + 0.1 * A @ w,
                                  lambda w: np.diag(root(w) ** -3) + 0.1 * A)
    plain = minimize(objective, c + 5, "newton", line_search=True, tol=1e-12)
    orthant = minimize(objective, c + 5, "newton-l1", tol=1e-12)
    assert plain.n_iter >= 4 and np.any(plain.step_size < 1)             # some steps damped by the line search
    np.testing.assert_allclose(orthant.weights, plain.weights, rtol=1e-12, atol=1e-15)
    np.testing.assert_array_equal(orthant.step_size, plain.step_size)


def test_newton_converges_quadratically_on_a_smooth_convex_function():
    # E(w) = sum_j cosh(w_j - c_j) + 1/2 w^T A w: the error's digits double each step near the minimum
    A, c = random_spd(13, condition=5.0)
    loss = lambda w: np.sum(np.cosh(w - c)) + 0.5 * w @ A @ w          # noqa: E731
    gradient = lambda w: np.sinh(w - c) + A @ w                          # noqa: E731
    hessian = lambda w: np.diag(np.cosh(w - c)) + A                      # noqa: E731
    trace = newton(loss, gradient, hessian, np.full(3, 2.0), tol=1e-14)
    errors = np.linalg.norm(trace.weights - trace.w, axis=1)[:-1]
    close = errors[errors < 0.5]
    ratios = close[1:] / close[:-1] ** 2
    assert len(ratios) >= 2 and np.all(ratios < 2.0)


# --------------------------------------------------------------------------
# Finite differences
# --------------------------------------------------------------------------


@pytest.mark.parametrize("seed", range(4))
def test_numerical_derivatives_match_scipys_rosenbrock(seed):
    w = np.random.default_rng(seed).uniform(-1.5, 1.5, size=4)
    np.testing.assert_allclose(numerical_gradient(rosen, w), rosen_der(w), rtol=1e-7, atol=1e-6)
    np.testing.assert_allclose(numerical_hessian(rosen_der, w), rosen_hess(w), rtol=1e-6, atol=1e-4)


def test_numerical_derivatives_of_a_one_dimensional_function_are_numbers():
    assert numerical_gradient(np.sin, 0.3) == pytest.approx(np.cos(0.3), rel=1e-9)
    assert numerical_hessian(np.cos, 0.3) == pytest.approx(-np.sin(0.3), rel=1e-8)   # (sin)'' = -sin


# --------------------------------------------------------------------------
# Bad input
# --------------------------------------------------------------------------


def test_bad_arguments_are_named():
    A, b = random_spd(0)
    loss, gradient, hessian = quadratic(A, b)
    objective = FunctionObjective(loss, gradient, hessian)
    with pytest.raises(ValueError, match="method must be one of 'gd', 'accelerated', 'sgd', 'newton', 'newton-l1', 'newton-cg', 'lbfgs'"):
        minimize(objective, np.zeros(3), "bfgs")
    with pytest.raises(ValueError, match="learning_rate"):
        minimize(objective, np.zeros(3), learning_rate=-0.1)
    with pytest.raises(ValueError, match="L1 penalty"):
        minimize(objective, np.zeros(3), "newton", l1=0.1)
    with pytest.raises(ValueError, match="l1 must be >= 0"):
        minimize(objective, np.zeros(3), l1=-1.0)
    with pytest.raises(TypeError, match="n_samples"):
        minimize(objective, np.zeros(3), "sgd")
    with pytest.raises(ValueError, match="w0 contains nan"):
        minimize(objective, [np.nan, 0, 0])
    with pytest.raises(TypeError, match="record_updates must be True or False; got 'no'"):
        minimize(objective, np.zeros(3), record_updates="no")              # "no" would count as true
    with pytest.raises(TypeError, match="scalar must be True or False; got 'False'"):
        FunctionObjective(loss, gradient, scalar="False")
    with pytest.raises(TypeError, match="hessian="):
        minimize(FunctionObjective(loss, gradient), np.zeros(3), "newton")
    with pytest.raises(ValueError, match="gradient must return one partial derivative per weight"):
        gradient_descent(loss, lambda w: np.ones(2), np.zeros(3))
    with pytest.raises(TypeError, match="gradient must be a function"):
        gradient_descent(loss, "A w - b", np.zeros(3))
    with pytest.raises(ValueError, match="starting point"):
        gradient_descent(lambda w: np.inf, gradient, np.zeros(3))


# --------------------------------------------------------------------------
# Convexity and the quadratic model (notebook 05)
# --------------------------------------------------------------------------


@settings(max_examples=50, deadline=None)
@given(a=st.floats(-1e3, 1e3), b=st.floats(-1e3, 1e3), theta=st.floats(0, 1))
def test_the_chord_gap_of_a_parabola_is_theta_one_minus_theta_times_the_squared_distance(a, b, theta):
    # theta a^2 + (1 - theta) b^2 - (theta a + (1 - theta) b)^2 = theta (1 - theta) (a - b)^2, by expanding
    assert chord_gap(np.square, a, b, theta) == pytest.approx(theta * (1 - theta) * (a - b) ** 2,
                                                             rel=1e-9, abs=1e-9 * (a * a + b * b + 1))


def test_the_chord_gap_of_vectors_and_its_sign_for_a_concave_function():
    a, b = np.array([1.0, -2.0]), np.array([3.0, 0.5])
    norm_squared = lambda w: float(w @ w)                                  # noqa: E731
    assert chord_gap(norm_squared, a, b, 0.3) == pytest.approx(0.3 * 0.7 * np.sum((a - b) ** 2), rel=1e-12)
    assert chord_gap(lambda w: -norm_squared(w), a, b, 0.3) < 0
    with pytest.raises(ValueError, match=r"theta must lie in \[0, 1\]"):
        chord_gap(np.square, 0.0, 1.0, 2.0)
    with pytest.raises(ValueError, match="same space"):
        chord_gap(norm_squared, a, [1.0, 2.0, 3.0], 0.5)


def test_the_quadratic_model_is_the_taylor_polynomial_and_its_minimum_is_newtons_step():
    # Rosenbrock's function, with scipy's derivatives as the reference
    objective = FunctionObjective(rosen, rosen_der, rosen_hess)
    w = np.array([-0.5, 0.8, 1.1])
    model = quadratic_model(objective, w)
    d = np.array([1e-3, -2e-3, 5e-4])
    expected = rosen(w) + rosen_der(w) @ d + 0.5 * d @ rosen_hess(w) @ d
    assert model(w + d) == pytest.approx(expected, rel=1e-14)
    errors = [abs(model(w + h * d) - rosen(w + h * d)) for h in (1.0, 0.5)]
    assert 7 < errors[0] / errors[1] < 9                                  # third order in |d|: halving d gives 1/8
    np.testing.assert_allclose(model(np.stack([w, w + d])), [rosen(w), expected], rtol=1e-14)
    np.testing.assert_allclose(model.newton_point, w - np.linalg.solve(rosen_hess(w), rosen_der(w)), rtol=1e-12)
    step = minimize(objective, w, "newton", max_iter=1, tol=0).weights[1]
    np.testing.assert_allclose(model.newton_point, step, rtol=1e-12)


@settings(max_examples=20, deadline=None)
@given(seed=st.integers(0, 2**32 - 1))
def test_a_quadratic_is_its_own_model_and_the_decrement_is_the_gap_to_its_minimum(seed):
    A, b = random_spd(seed, 3, 100.0)
    loss, gradient, hessian = quadratic(A, b)
    w = np.random.default_rng(seed).standard_normal(3)
    model = quadratic_model(FunctionObjective(loss, gradient, hessian), w)
    points = np.random.default_rng(seed + 1).standard_normal((5, 3))
    np.testing.assert_allclose(model(points), [loss(v) for v in points], rtol=1e-10, atol=1e-10)
    minimum = np.linalg.solve(A, b)
    assert model.positive_definite
    assert model.decrement == pytest.approx(loss(w) - loss(minimum), rel=1e-8, abs=1e-12)


def test_a_saddle_has_no_model_minimum():
    H = np.array([[2.0, 0.5], [0.5, -2.0]])
    model = quadratic_model(FunctionObjective(lambda w: 0.5 * w @ H @ w, lambda w: H @ w, lambda w: H), [0.1, 1.0])
    assert not model.positive_definite and np.isnan(model.decrement)
    np.testing.assert_allclose(model.newton_point, [0.0, 0.0], atol=1e-15)    # the saddle itself


@pytest.mark.parametrize("name", sorted(SCALAR_FUNCTIONS))
def test_the_scalar_examples_have_the_derivatives_they_claim(name):
    function = SCALAR_FUNCTIONS[name]
    for x in (-1.7, -0.4, 0.3, 1.2):
        assert function.derivative(x) == pytest.approx(numerical_gradient(function.f, x), rel=1e-7, abs=1e-9)
        assert function.second_derivative(x) == pytest.approx(numerical_hessian(function.derivative, x),
                                                              rel=1e-6, abs=1e-8)
    xs = np.linspace(-2, 2, 5)
    assert np.shape(function.second_derivative(xs)) == xs.shape               # vectorised, for drawing
    for minimum in function.minima:
        assert function.derivative(minimum) == 0 and function.second_derivative(minimum) > 0


@settings(max_examples=200, deadline=None)
@given(st.lists(st.floats(allow_nan=False, allow_infinity=False), min_size=1, max_size=8),
       st.integers(min_value=-1070, max_value=1020))
def test_the_loop_measures_a_gradient_as_the_overflow_safe_norm_does(entries, exponent):
    # norm's fast sqrt(g^T g) must be the very number of the scaled norm (the loop's stopping test depends on
    # it), for vectors of every scale: huge ones (whose squares overflow) and tiny ones (whose squares underflow)
    from lecture_utils._numerics import norm, scaled, unscale

    with np.errstate(over="ignore"):                        # as in the loop, where g^T g may overflow
        g = np.ldexp(np.array(entries), exponent)
        g = np.where(np.isfinite(g), g, np.finfo(float).max)
        g_scaled, e = scaled(g)
        assert float(norm(g)) == float(unscale(np.linalg.norm(g_scaled), e))


def test_wolfe_conditions_agree_with_scipys_line_search_and_with_the_definition():
    """scipy's line_search returns a step meeting the strong Wolfe conditions (so the weak ones); on a random
    quadratic along steepest descent, phi(a) = phi(0) + a phi'(0) + a^2 q / 2 with q = p^T A p, and the conditions
    are exactly a <= 2 (1 - c1) |phi'(0)| / q and a >= (1 - c2) |phi'(0)| / q."""
    from lecture_utils.optimization import wolfe_conditions
    generator = np.random.default_rng(0)
    for _ in range(20):
        M = generator.normal(size=(3, 3))
        A, b = M @ M.T + 0.1 * np.eye(3), generator.normal(size=3)
        loss, gradient = (lambda w: 0.5 * w @ A @ w - b @ w), (lambda w: A @ w - b)
        w = generator.normal(size=3)
        p = -gradient(w)
        step = scipy.optimize.line_search(loss, gradient, w, p, c1=1e-4, c2=0.9)[0]
        assert wolfe_conditions(loss, gradient, w, p, step) == (True, True)
        q, slope = p @ A @ p, gradient(w) @ p
        upper, lower = 2 * (1 - 0.3) * -slope / q, (1 - 0.6) * -slope / q
        for factor in (0.9, 1.1):
            assert wolfe_conditions(loss, gradient, w, p, factor * upper, 0.3, 0.6)[0] == (factor < 1)
            assert wolfe_conditions(loss, gradient, w, p, factor * lower, 0.3, 0.6)[1] == (factor > 1)


def test_trust_region_takes_scipys_dogleg_iterates_and_its_steps_meet_the_dogleg_by_hand():
    """scipy.optimize.minimize(method="dogleg"): the same rules for the radius, so the same iterates, on Rosenbrock's
    function (from a start where its Hessian stays positive definite) and on a logistic loss."""
    from lecture_utils.logistic import LogisticLoss
    from lecture_utils.optimization import dogleg_step, trust_region
    generator = np.random.default_rng(4)
    X = generator.normal(size=(80, 2))
    t = (generator.uniform(size=80) < 1 / (1 + np.exp(-(X @ [2.0, -1.0])))).astype(int)
    logistic = LogisticLoss(X, t)
    for functions, start in (((rosen, rosen_der, rosen_hess), [1.2, 1.2]),
                             ((logistic.loss, logistic.gradient, logistic.hessian), [6.0, 6.0, -6.0])):
        seen = [np.array(start, dtype=float)]
        reference = scipy.optimize.minimize(functions[0], start, jac=functions[1], hess=functions[2], method="dogleg",
                                            options={"gtol": 1e-8}, callback=lambda w: seen.append(np.copy(w)))
        ours = trust_region(*functions, start, tol=1e-8)
        assert ours.status == "converged" and len(ours.radii) == reference.nit
        assert np.allclose(ours.weights, np.array(seen), rtol=0, atol=1e-9)
    # by hand: g = (2, 2), H = diag(1, 4): p_N = (-2, -1/2), p_U = -(8/20) g; radius 1 cuts -g, 3 keeps p_N
    assert np.allclose(dogleg_step([2.0, 2.0], np.diag([1.0, 4.0]), 1.0)[0], -np.sqrt(0.5) * np.ones(2))
    assert np.allclose(dogleg_step([2.0, 2.0], np.diag([1.0, 4.0]), 3.0)[0], [-2.0, -0.5])
    step, on_boundary = dogleg_step([2.0, 2.0], np.diag([1.0, 4.0]), 1.5)
    assert on_boundary and np.linalg.norm(step) == pytest.approx(1.5)
    offset, leg = step - [-0.8, -0.8], np.array([-2.0 + 0.8, -0.5 + 0.8])
    assert offset[0] * leg[1] - offset[1] * leg[0] == pytest.approx(0.0, abs=1e-12)          # on the second leg

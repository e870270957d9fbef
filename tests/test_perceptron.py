"""The perceptron against a hand computation, the textbook loop and scikit-learn."""

import warnings

import numpy as np
import pytest
from hypothesis import assume, given, settings
from hypothesis import strategies as st
from sklearn.linear_model import Perceptron as SklearnPerceptron

from lecture_utils import ConvergenceWarning
from lecture_utils.datasets import make_separable
from lecture_utils.perceptron import (Perceptron, add_bias, convergence_curves, geometric_margin, min_margin,
                                      mistake_bound, perceptron_criterion, perceptron_plain, perceptron_trace,
                                      radius)

XOR_X = np.array([[0.0, 0.0], [1.0, 1.0], [0.0, 1.0], [1.0, 0.0]])
XOR_T = np.array([-1, -1, 1, 1])


def test_two_updates_by_hand():
    # x1 = (1, 1, 1), t = +1: 0 <= 0, so w = (1, 1, 1);
    # x2 = (2, -1, 1), t = -1: -(2 - 1 + 1) = -2 <= 0, so w = (1, 1, 1) - (2, -1, 1) = (-1, 2, 0);
    # epoch 2: margins 1 and 4 are positive, so it stops.
    model = Perceptron().fit([[1, 1], [2, -1]], [1, -1])
    np.testing.assert_array_equal(model.coef_, [-1.0, 2.0])
    assert model.intercept_ == 0.0
    assert (model.n_updates_, model.n_epochs_, model.converged_) == (2, 2, True)
    trace = perceptron_trace([[1, 1], [2, -1]], [1, -1])
    np.testing.assert_array_equal(trace.weights, [[0, 0, 0], [1, 1, 1], [-1, 2, 0]])
    np.testing.assert_array_equal(trace.index, [0, 1])
    np.testing.assert_array_equal(trace.epoch, [1, 1])


@pytest.mark.parametrize("n_samples, margin, seed", [(20, 0.2, 0), (200, 0.02, 1), (3000, 0.001, 2), (500, 0.0, 3)])
def test_same_weights_as_textbook_loop_and_scikit_learn(n_samples, margin, seed):
    data = make_separable(n_samples, margin, random_state=seed)
    model = Perceptron(max_epochs=5000).fit(data.X, data.y)
    plain = perceptron_plain(add_bias(data.X), data.y, max_epochs=5000)
    # scikit-learn's Perceptron with eta0=1, no shuffling and no early stopping makes the same
    # updates (w += t x, b += t whenever t (x^T w + b) <= 0); same float operations, so exact.
    reference = SklearnPerceptron(shuffle=False, eta0=1.0, tol=None, max_iter=model.n_epochs_)
    reference.fit(data.X, data.y)
    assert model.converged_
    np.testing.assert_allclose(model.coef_, plain[:-1], rtol=0, atol=1e-12)
    np.testing.assert_allclose(model.intercept_, plain[-1], rtol=0, atol=1e-12)
    np.testing.assert_allclose(model.coef_, reference.coef_[0], rtol=1e-12, atol=1e-12)
    np.testing.assert_allclose(model.intercept_, reference.intercept_[0], rtol=1e-12, atol=1e-12)
    assert model.score(data.X, data.y) == 1.0


def test_trace_records_each_update():
    data = make_separable(60, 0.05, random_state=4)
    trace = perceptron_trace(data.X, data.y)
    model = Perceptron().fit(data.X, data.y)
    np.testing.assert_array_equal(trace.weights[-1], np.r_[model.coef_, model.intercept_])
    assert trace.n_updates == model.n_updates_ and trace.n_epochs == model.n_epochs_
    np.testing.assert_allclose(trace.w_after - trace.w_before, trace.t[trace.index, None] * trace.examples)
    # each update was triggered by an example the weights before it got wrong
    assert np.all(trace.t[trace.index] * np.sum(trace.examples * trace.w_before, axis=1) <= 0)
    assert np.all(np.diff(trace.epoch) >= 0)
    mistakes = trace.n_mistakes()
    assert mistakes[-1] == 0
    assert mistakes[0] == len(data.y)        # w_0 = 0 puts every example on the boundary


@settings(max_examples=40, deadline=None)
@given(seed=st.integers(0, 10_000), margin=st.floats(0.01, 0.4), n_samples=st.integers(2, 150))
def test_updates_never_exceed_the_bound(seed, margin, n_samples):
    data = make_separable(n_samples, margin, random_state=seed)
    model = Perceptron(max_epochs=100_000).fit(data.X, data.y)
    assert model.n_updates_ <= mistake_bound(add_bias(data.X), data.y, data.w_star)


def test_mistake_bound_by_hand():
    # R = max(1, 2) = 2, gamma = min(1 * 1, -1 * -2) = 1, ||w*||^2 = 2: bound 4 * 2 / 1 = 8
    X, t, w_star = [[1.0, 0.0], [0.0, 2.0]], [1, -1], [1.0, -1.0]
    assert radius(X) == 2.0 and min_margin(X, t, w_star) == 1.0
    assert mistake_bound(X, t, w_star) == pytest.approx(8.0, rel=1e-15)
    with pytest.raises(ValueError, match="w_star does not separate"):
        mistake_bound(X, t, [1.0, 1.0])


def test_convergence_curves_satisfy_each_inequality_of_the_proof():
    data = make_separable(80, 0.05, random_state=5)
    trace = perceptron_trace(data.X, data.y)
    curves = convergence_curves(trace, data.w_star)
    w_star = data.w_star
    np.testing.assert_allclose(curves.alignment, trace.weights @ w_star)
    np.testing.assert_allclose(curves.norm_sq, np.linalg.norm(trace.weights, axis=1) ** 2)
    assert np.all(curves.alignment >= curves.alignment_bound - 1e-12)
    assert np.all(curves.norm_sq <= curves.norm_sq_bound + 1e-12)
    assert np.all(curves.cosine[1:] >= curves.cosine_bound[1:] - 1e-12)
    assert np.all(curves.cosine[1:] <= 1 + 1e-12)
    assert trace.n_updates <= curves.max_updates


def test_xor_never_converges_and_cycles():
    with pytest.warns(ConvergenceWarning, match="may not be linearly separable"):
        model = Perceptron(max_epochs=20).fit(XOR_X, XOR_T)
    assert not model.converged_ and model.n_epochs_ == 20
    with pytest.warns(ConvergenceWarning):
        trace = perceptron_trace(XOR_X, XOR_T, max_epochs=20)
    assert np.all(trace.n_mistakes()[1:] > 0)
    ends = [trace.weights[np.flatnonzero(trace.epoch == e)[-1] + 1] for e in range(1, 21)]
    assert any(np.array_equal(ends[i], ends[j]) for i in range(20) for j in range(i))


def test_learning_rate_scales_weights_but_not_predictions():
    data = make_separable(100, 0.02, random_state=6)
    unit = Perceptron().fit(data.X, data.y)
    for eta in (0.01, 0.5, 30.0):
        scaled = Perceptron(learning_rate=eta).fit(data.X, data.y)
        assert scaled.n_updates_ == unit.n_updates_
        np.testing.assert_allclose(scaled.coef_, eta * unit.coef_, rtol=1e-10)
        grid = np.random.default_rng(0).uniform(-1, 1, (500, 2))
        np.testing.assert_array_equal(scaled.predict(grid), unit.predict(grid))


def test_shuffling_is_seeded_and_still_separates():
    data = make_separable(200, 0.02, random_state=7)
    first = Perceptron(shuffle=True, random_state=3).fit(data.X, data.y)
    again = Perceptron(shuffle=True, random_state=3).fit(data.X, data.y)
    other = Perceptron(shuffle=True, random_state=4).fit(data.X, data.y)
    np.testing.assert_array_equal(first.coef_, again.coef_)
    assert not np.array_equal(first.coef_, other.coef_)
    assert first.score(data.X, data.y) == other.score(data.X, data.y) == 1.0


def test_without_intercept_the_boundary_passes_through_the_origin():
    X, t = np.array([[1.0, 2.0], [-1.0, -1.0], [2.0, 1.0]]), np.array([1, -1, 1])
    model = Perceptron(fit_intercept=False).fit(X, t)
    assert model.intercept_ == 0.0 and model.score(X, t) == 1.0
    np.testing.assert_array_equal(model.coef_, perceptron_plain(X, t))


@pytest.mark.parametrize("X, t, error, message", [
    ([[1.0, 2.0]], [0], ValueError, "t must contain only the labels -1 and \\+1"),
    ([1.0, 2.0], [1, -1], ValueError, "X must be a 2-D array"),
    ([[1.0], [2.0]], [1], ValueError, "t has 1 labels but X has 2 samples"),
    ([[np.nan], [2.0]], [1, -1], ValueError, "X contains nan"),
    ([["a"], ["b"]], [1, -1], TypeError, "X must be numeric"),
])
def test_bad_input_is_named(X, t, error, message):
    with pytest.raises(error, match=message):
        Perceptron().fit(X, t)


def test_bad_settings_and_unfitted_use_are_named():
    with pytest.raises(ValueError, match="max_epochs must be an integer >= 1"):
        Perceptron(max_epochs=0).fit([[1.0]], [1])
    with pytest.raises(ValueError, match="learning_rate must be a finite number > 0"):
        Perceptron(learning_rate=-1.0).fit([[1.0]], [1])
    with pytest.raises(ValueError, match="not fitted yet"):
        Perceptron().predict([[1.0]])
    model = Perceptron().fit([[1.0, 0.0]], [1])
    with pytest.raises(ValueError, match="X has 3 features, but the model was fitted on 2"):
        model.predict([[1.0, 2.0, 3.0]])


def test_repr_lists_the_parameters():
    assert repr(Perceptron(max_epochs=5)) == (
        "Perceptron(max_epochs=5, fit_intercept=True, shuffle=False, random_state=None, learning_rate=1.0)")


def test_no_warning_when_converged():
    data = make_separable(30, 0.1, random_state=9)
    with warnings.catch_warnings():
        warnings.simplefilter("error")
        Perceptron().fit(data.X, data.y)


def _counting_loop(X, t):
    """The textbook loop on inputs with the bias column, counting the updates of each example."""
    w, counts = np.zeros(X.shape[1]), np.zeros(len(t), dtype=int)
    while True:
        clean = True
        for i, (x_i, t_i) in enumerate(zip(X, t)):
            if t_i * (x_i @ w) <= 0:
                w, counts[i], clean = w + t_i * x_i, counts[i] + 1, False
        if clean:
            return w, counts


@settings(max_examples=20, deadline=None)
@given(seed=st.integers(0, 10_000), n_samples=st.integers(2, 60))
def test_weights_are_a_combination_of_the_examples_that_triggered_updates(seed, n_samples):
    data = make_separable(n_samples, 0.05, random_state=seed)
    trace = perceptron_trace(data.X, data.y)
    w, counts = _counting_loop(add_bias(data.X), data.y)
    alpha = trace.update_counts()
    np.testing.assert_array_equal(alpha, counts)
    np.testing.assert_allclose(trace.X.T @ (alpha * data.y), w, rtol=1e-12, atol=1e-12)
    # the examples that never triggered an update can be left out: the very same run
    used = alpha > 0
    model, reduced = Perceptron().fit(data.X, data.y), Perceptron().fit(data.X[used], data.y[used])
    np.testing.assert_array_equal(np.r_[reduced.coef_, reduced.intercept_], np.r_[model.coef_, model.intercept_])
    assert (reduced.n_updates_, reduced.n_epochs_) == (model.n_updates_, model.n_epochs_)


def test_the_cosine_can_fall_while_its_bound_rises():
    # the run of notebook 01 (sections 4 and 5); Straka's NPFL129 slides say the angle closes at each step
    data = make_separable(40, 0.1, random_state=1)
    trace = perceptron_trace(data.X, data.y)
    curves = convergence_curves(trace, data.w_star)
    angles = [np.arccos(np.clip(w @ data.w_star / (np.linalg.norm(w) * np.linalg.norm(data.w_star)), -1, 1))
              for w in trace.weights[1:]]                               # alpha_k for k = 1..n, independently
    opened = [k + 1 for k in range(1, len(angles)) if angles[k] > angles[k - 1]]
    np.testing.assert_array_equal(curves.dips, opened)
    assert len(opened) > 0 and np.all(np.diff(curves.cosine_bound) > 0)
    gamma = min_margin(trace.X, data.y, data.w_star)
    assert np.all(np.diff(curves.alignment) >= gamma - 1e-12)            # step 1 of the proof, update by update


@settings(max_examples=20, deadline=None)
@given(seed=st.integers(0, 10_000), margin=st.floats(0.02, 0.3))
def test_normalised_data_give_the_same_run_and_the_same_bound(seed, margin):
    data = make_separable(50, margin, random_state=seed)
    X, big_r = add_bias(data.X), radius(add_bias(data.X))
    trace = perceptron_trace(X, data.y, fit_intercept=False)
    scaled = perceptron_trace(X / big_r, data.y, fit_intercept=False)
    np.testing.assert_array_equal(scaled.index, trace.index)
    np.testing.assert_allclose(scaled.weights * big_r, trace.weights, rtol=1e-10, atol=1e-12)
    unit = data.w_star / np.linalg.norm(data.w_star)
    gamma = min_margin(X / big_r, data.y, unit)
    assert mistake_bound(X, data.y, data.w_star) == pytest.approx(1 / gamma ** 2, rel=1e-10)


def test_perceptron_criterion_by_hand():
    # x_1 = (1, 0), t_1 = +1 and x_2 = (0, 1), t_2 = -1 with w = (-1, 1), b = 0: margins -1 and -1,
    # so phi = 2, d phi / d w = -(1 * (1, 0) - 1 * (0, 1)) = (-1, 1), d phi / d b = -(1 - 1) = 0
    value, grad_coef, grad_intercept = perceptron_criterion([[1.0, 0.0], [0.0, 1.0]], [1, -1], [-1.0, 1.0], 0.0)
    assert value == 2.0 and grad_intercept == 0.0
    np.testing.assert_array_equal(grad_coef, [-1.0, 1.0])
    # at w = 0 every example is on the boundary: phi = 0 and the subgradient is -sum t_i x_i
    value, grad_coef, grad_intercept = perceptron_criterion([[1.0, 0.0], [0.0, 1.0]], [1, -1], [0.0, 0.0], 0.0)
    assert value == 0.0 and grad_intercept == 0.0
    np.testing.assert_array_equal(grad_coef, [-1.0, 1.0])
    with pytest.raises(ValueError, match="intercept must be a single number"):
        perceptron_criterion([[1.0]], [1], [1.0], [0.0, 1.0])


@settings(max_examples=30, deadline=None)
@given(seed=st.integers(0, 10_000))
def test_perceptron_criterion_against_losses_and_finite_differences(seed):
    from lecture_utils.losses import perceptron_loss

    rng = np.random.default_rng(seed)
    data = make_separable(30, 0.05, random_state=seed)
    coef, intercept = rng.normal(size=2), float(rng.normal())
    value, grad_coef, grad_intercept = perceptron_criterion(data.X, data.y, coef, intercept)
    margins = data.y * (data.X @ coef + intercept)
    assert value == pytest.approx(np.sum(perceptron_loss(margins)), rel=1e-12, abs=1e-12)
    # ||w|| times the summed distance |y(x_i)| / ||w|| of the misclassified examples
    wrong = margins <= 0
    distances = np.abs(data.X[wrong] @ coef + intercept) / np.linalg.norm(coef)
    assert value == pytest.approx(np.linalg.norm(coef) * distances.sum(), rel=1e-12, abs=1e-12)
    # phi is linear between its kinks, so central differences are exact (up to rounding) for a step
    # too small to move any margin across zero: |change of z_i| <= step ||x_i, 1||
    step = min(1e-3, 0.3 * np.min(np.abs(margins)) / radius(add_bias(data.X)))
    assume(step > 1e-7)
    numeric = [(perceptron_criterion(data.X, data.y, coef + step * e[:2], intercept + step * e[2])[0]
                - perceptron_criterion(data.X, data.y, coef - step * e[:2], intercept - step * e[2])[0]) / (2 * step)
               for e in np.eye(3)]
    np.testing.assert_allclose(np.r_[grad_coef, grad_intercept], numeric, rtol=1e-5, atol=1e-5)


def test_sgd_on_the_criterion_with_a_separate_bias_is_the_perceptron():
    data = make_separable(60, 0.05, random_state=11)
    coef, intercept = np.zeros(2), 0.0
    for _ in range(100):                                               # the course notes' loop, bias kept apart
        clean = True
        for x_i, t_i in zip(data.X, data.y):
            _, grad_coef, grad_intercept = perceptron_criterion(x_i[None, :], [t_i], coef, intercept)
            if np.any(grad_coef != 0) or grad_intercept != 0:
                coef, intercept, clean = coef - grad_coef, intercept - grad_intercept, False
        if clean:
            break
    model = Perceptron().fit(data.X, data.y)
    np.testing.assert_array_equal(coef, model.coef_)
    assert intercept == model.intercept_


def test_on_non_separable_data_integer_weights_cycle_and_real_ones_never_repeat():
    # one input, no bias: x = 1 with t = +1 and x = c with t = -1; no boundary through 0 separates them
    with pytest.warns(ConvergenceWarning):
        integer = perceptron_trace([[1.0], [2.0]], [1, -1], max_epochs=300, fit_intercept=False)
    assert set(integer.weights[:, 0]) == {0.0, 1.0, -1.0, -2.0}        # 0, 1, -1, 0, -2, -1, 0, -2, ... by hand
    with pytest.warns(ConvergenceWarning):
        real = perceptron_trace([[1.0], [np.sqrt(2)]], [1, -1], max_epochs=300, fit_intercept=False)
    w = real.weights[:, 0]
    assert len(np.unique(w)) == len(w)                                  # w_k = a - c sqrt(2): never the same twice
    assert np.all((w >= -np.sqrt(2) - 1e-12) & (w <= 1.0))              # yet bounded (Block and Levin)
    a, c = real.update_counts()
    assert w[-1] == pytest.approx(a - c * np.sqrt(2), abs=1e-9)

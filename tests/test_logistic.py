"""Logistic and softmax regression against scikit-learn, statsmodels, scipy and hand computations.

Tolerances: Newton fits (tol 1e-10 on the gradient) match scikit-learn's
newton-cg / lbfgs at tol 1e-12 to 1e-6 in every coefficient, and statsmodels'
Logit to 1e-8 in coefficients and 1e-6 relative in standard errors; gradient
descent fits to 1e-5; the L1 fits (plain and accelerated proximal gradient) match saga
to 1e-5 with the same zeros. The softmax Hessian is checked against finite differences and
its blocks written out; multinomial Newton fits against scikit-learn's newton-cg / lbfgs to
1e-6 (1e-5 unpenalised). On separable data Newton's steps approach 1 / gamma, gamma the
widest margin of lecture_utils.max_margin (proved optimal by its KKT conditions). Paths of
gradient descent and SGD are checked against the update rule written out; polynomial
features against scikit-learn's.
"""

from __future__ import annotations

import warnings

import mpmath
import numpy as np
import pytest
import sklearn
import statsmodels.api as sm
from hypothesis import given
from hypothesis import strategies as st
from packaging.version import Version
from scipy import special
from sklearn.datasets import load_iris
from sklearn.linear_model import LogisticRegression as SklearnLogisticRegression
from sklearn.metrics import log_loss as sklearn_log_loss
from sklearn.multiclass import OneVsOneClassifier as SklearnOneVsOne
from sklearn.multiclass import OneVsRestClassifier as SklearnOneVsRest
from sklearn.preprocessing import PolynomialFeatures as SklearnPolynomialFeatures
from sklearn.preprocessing import StandardScaler as SklearnStandardScaler

from lecture_utils import ConvergenceWarning, DivergenceWarning, SeparationWarning
from lecture_utils._parallel import MIN_ROWS_PER_PART, blas_threads, sum_over_rows
from lecture_utils.datasets import load_breast_cancer, make_gaussian_classes, make_separable
from lecture_utils.logistic import (LogisticLoss, LogisticRegression, SoftmaxLoss, SoftmaxRegression, descent_path,
                                    descent_paths, irls_step, learning_rate_bound, log_loss, log_sigmoid, logit, loss_grid,
                                    loss_surface, regularization_path, sigmoid, softmax, log_softmax, working_response)
from lecture_utils.max_margin import max_margin_separator
from lecture_utils.mle import binary_cross_entropy
from lecture_utils.multiclass import OneVsOneClassifier, OneVsRestClassifier
from lecture_utils.optimization import minimize, numerical_gradient, numerical_hessian
from lecture_utils.preprocessing import PolynomialFeatures, StandardScaler

NEW_PENALTY_API = Version(sklearn.__version__) >= Version("1.8")


def sklearn_logistic(penalty="l2", strength=0.0, n_samples=1, **options):
    """scikit-learn's LogisticRegression minimising the same objective as ours with ``l2``/``l1 = strength``.

    Ours: mean NLL + l2/2 ||w||^2 (+ l1 ||w||_1); theirs: C sum NLL + 1/2 ||w||^2 (+ ||w||_1),
    the same minimiser for C = 1 / (N strength).
    """
    C = np.inf if strength == 0 else 1 / (n_samples * strength)
    options = {"tol": 1e-12, "max_iter": 100_000, **options}
    if penalty == "l1":
        options["solver"] = "saga"
        options.update({"l1_ratio": 1.0} if NEW_PENALTY_API else {"penalty": "l1"})
    elif strength == 0 and not NEW_PENALTY_API:
        return SklearnLogisticRegression(penalty=None, **options)
    return SklearnLogisticRegression(C=C, **options)


def bias_last(params):
    """statsmodels' parameters (or standard errors) after ``sm.add_constant``, with the constant moved last."""
    params = np.asarray(params)
    return np.r_[params[1:], params[0]]


def X_tilde(X):
    """The inputs with the constant 1 of the bias appended: rows (x_i, 1)."""
    return np.column_stack([X, np.ones(len(X))])


@pytest.fixture(scope="module")
def overlapping():
    """Non-separable binary data on different scales, with labels that are not 0/1."""
    rng = np.random.default_rng(20240402)
    X = rng.standard_normal((400, 4)) * [1.0, 3.0, 0.5, 2.0] + [0.0, 1.0, -1.0, 0.0]
    z = X @ [1.2, -0.4, 0.8, 0.3] - 0.5
    t = np.where(rng.uniform(size=400) < special.expit(z), "yes", "no")
    return X, t


@pytest.fixture(scope="module")
def cancer():
    data = load_breast_cancer()
    return SklearnStandardScaler().fit_transform(data.X), data.y


@pytest.fixture(scope="module")
def iris():
    X, t = load_iris(return_X_y=True)
    return SklearnStandardScaler().fit_transform(X), t


# --------------------------------------------------------------------------
# Sigmoid, logit, softmax, log loss
# --------------------------------------------------------------------------


@given(z=st.floats(-30, 30))
def test_sigmoid_is_its_formula_and_symmetric(z):
    assert sigmoid(z) == pytest.approx(1 / (1 + np.exp(-z)), rel=1e-14)
    assert sigmoid(-z) == pytest.approx(1 - sigmoid(z), abs=1e-15)
    assert logit(sigmoid(z)) == pytest.approx(z, abs=1e-9 * np.exp(abs(z)))


def test_sigmoid_slope_is_a_quarter_at_zero_and_its_derivative_is_p_one_minus_p():
    z = np.linspace(-6, 6, 25)
    np.testing.assert_allclose(numerical_gradient(sigmoid, 0.0), 0.25, rtol=1e-9)
    slopes = np.array([numerical_gradient(sigmoid, float(value)) for value in z])
    np.testing.assert_allclose(slopes, sigmoid(z) * (1 - sigmoid(z)), rtol=1e-7)


@given(z=st.floats(-1e4, 1e4))
def test_extreme_logits_give_no_nan(z):
    assert 0 <= sigmoid(z) <= 1
    assert np.isfinite(log_sigmoid(z)) and log_sigmoid(z) <= 0
    assert np.all(np.isfinite(log_softmax([z, -z, 0.0])))
    assert np.all(np.isfinite(softmax([z, -z, 0.0]))) and softmax([z, -z, 0.0]).sum() == pytest.approx(1)


def test_log_sigmoid_of_large_negative_scores_is_exact():
    # log sigma(z) = z - log(1 + e^z) = z for z = -1000 to double precision; naive log(sigmoid) gives -inf
    assert log_sigmoid(-1000.0) == -1000.0 and log_sigmoid(1000.0) == 0.0
    np.testing.assert_allclose(log_sigmoid(np.array([-5.0, 0.0, 5.0])), -np.log1p(np.exp([5.0, 0.0, -5.0])),
                               rtol=1e-15)


def test_logit_of_zero_and_one_is_infinite_without_warning():
    with warnings.catch_warnings():
        warnings.simplefilter("error")
        np.testing.assert_array_equal(logit([0.0, 0.5, 1.0]), [-np.inf, 0.0, np.inf])
    with pytest.raises(ValueError, match="p must be a probability"):
        logit(1.5)


@given(z=st.lists(st.floats(-1e3, 1e3), min_size=1, max_size=6), shift=st.floats(-1e3, 1e3))
def test_softmax_is_unchanged_by_adding_a_constant(z, shift):
    np.testing.assert_allclose(softmax(np.array(z) + shift), softmax(z), atol=1e-12)
    np.testing.assert_allclose(log_softmax(np.array(z) + shift) - log_softmax(z), 0, atol=1e-9 * (1 + abs(shift)))


def test_softmax_matches_scipy_and_reduces_to_the_sigmoid_for_two_classes():
    z = np.random.default_rng(0).normal(scale=5, size=(6, 4))
    for axis in (0, 1, -1):
        np.testing.assert_allclose(softmax(z, axis=axis), special.softmax(z, axis=axis), rtol=1e-13)
        np.testing.assert_allclose(log_softmax(z, axis=axis), special.log_softmax(z, axis=axis), rtol=1e-13)
    scores = np.linspace(-8, 8, 17)
    np.testing.assert_allclose(softmax(np.column_stack([np.zeros(17), scores]))[:, 1], sigmoid(scores), rtol=1e-14)


@pytest.mark.parametrize("shape, axis", [((5000, 2), 1), ((5000, 3), 1), ((5000, 7), -1), ((3, 5000), 0),
                                         ((4, 7, 3), 1), ((5000, 10), 1), ((9,), 0)])
def test_log_softmax_class_by_class_is_numpys_max_and_sum(shape, axis):
    # the reference: numpy's reductions along the axis itself; the same numbers but for sums of 8 or more terms
    z = np.random.default_rng(1).normal(scale=30, size=shape)
    shifted = z - np.max(z, axis=axis, keepdims=True)
    expected = shifted - np.log(np.sum(np.exp(shifted), axis=axis, keepdims=True))
    if z.shape[axis] < 8 or z.ndim == 1:
        np.testing.assert_array_equal(log_softmax(z, axis=axis), expected)
    np.testing.assert_allclose(log_softmax(z, axis=axis), expected, rtol=1e-14, atol=1e-14)


def test_log_loss_reproduces_the_lectures_table():
    # Arias (UPC topic 2): the log loss of one prediction y_hat = 0.1, ..., 0.9, to two decimals
    y_hat = np.round(np.arange(0.1, 1.0, 0.1), 1)
    table_t0 = [0.11, 0.22, 0.36, 0.51, 0.69, 0.92, 1.20, 1.61, 2.30]
    computed = [log_loss([0], [p]) for p in y_hat]
    np.testing.assert_allclose(computed, table_t0, atol=0.005)
    np.testing.assert_allclose([log_loss([1], [p]) for p in y_hat], table_t0[::-1], atol=0.005)


def test_log_loss_matches_scikit_learn_and_is_the_mle_cross_entropy():
    rng = np.random.default_rng(1)
    t, p = rng.integers(0, 2, 50), rng.uniform(0.01, 0.99, 50)
    assert log_loss(t, p) == pytest.approx(sklearn_log_loss(t, p), rel=1e-13)
    assert log_loss(t, p) == binary_cross_entropy(t, p)
    assert log_loss(t, p) == pytest.approx(binary_cross_entropy(t, logits=special.logit(p)), rel=1e-12)


@given(pairs=st.lists(st.tuples(st.integers(0, 1), st.sampled_from([0.0, 1.0]) | st.floats(0, 1)), min_size=1,
                      max_size=20))
def test_log_loss_is_never_nan_even_for_probabilities_zero_and_one(pairs):
    t, p = map(np.array, zip(*pairs))
    value = log_loss(t, p)
    assert not np.isnan(value) and value >= 0
    assert (value == np.inf) == bool(np.any(((t == 1) & (p == 0)) | ((t == 0) & (p == 1))))


def test_log_loss_of_certain_predictions():
    assert log_loss([0, 1], [0.0, 1.0]) == 0.0                     # 0 log 0 = 0: right and certain
    assert log_loss([1, 0], [0.0, 0.5]) == np.inf                  # certain and wrong
    assert binary_cross_entropy([1, 0], logits=[1e4, -1e4]) == 0.0
    assert binary_cross_entropy([1, 0], logits=[-1e4, 1e4]) == pytest.approx(1e4)


# --------------------------------------------------------------------------
# The objectives: loss, gradient, Hessian
# --------------------------------------------------------------------------


def test_logistic_loss_is_the_log_loss_written_for_labels_plus_minus_one(overlapping):
    X, t = overlapping
    objective = LogisticLoss(X, t)
    w = np.array([0.3, -0.1, 0.2, 0.05, 0.1])
    p = special.expit(objective.X @ w)
    assert objective.loss(w) == pytest.approx(sklearn_log_loss(t == "yes", p), rel=1e-13)


@pytest.mark.parametrize("l2, fit_intercept", [(0.0, True), (0.3, True), (0.1, False)])
def test_gradient_and_hessian_match_finite_differences(overlapping, l2, fit_intercept):
    X, t = overlapping
    objective = LogisticLoss(X, t, l2, fit_intercept)
    w = np.random.default_rng(2).normal(scale=0.3, size=objective.n_weights)
    np.testing.assert_allclose(objective.gradient(w), numerical_gradient(objective.loss, w), rtol=1e-6, atol=1e-9)
    np.testing.assert_allclose(objective.hessian(w), numerical_hessian(objective.gradient, w), rtol=1e-6,
                               atol=1e-8)


def test_hessian_is_x_transpose_s_x_over_n_and_bounded_by_a_quarter_of_the_gram(overlapping):
    X, t = overlapping
    objective = LogisticLoss(X, t, l2=0.2)
    w = np.random.default_rng(3).normal(size=5)
    p = special.expit(objective.X @ w)
    explicit = objective.X.T @ np.diag(p * (1 - p)) @ objective.X / len(t) + 0.2 * np.diag([1, 1, 1, 1, 0])
    np.testing.assert_allclose(objective.hessian(w), explicit, rtol=1e-12)
    assert np.linalg.eigvalsh(explicit).min() > 0                  # convex: positive definite here
    L = 2 / learning_rate_bound(X, l2=0.2)
    assert np.linalg.eigvalsh(explicit)[-1] <= L


@pytest.mark.parametrize("n_threads", [1, 2, 3])
def test_loss_and_hessian_split_among_threads_and_the_gradient_are_the_explicit_sums(n_threads):
    # large enough for the rows to be cut into n_threads parts of uneven length
    rng = np.random.default_rng(4)
    X = rng.standard_normal((2 * MIN_ROWS_PER_PART * n_threads + 123, 4))
    t = (rng.uniform(size=len(X)) < special.expit(X @ [1.0, -0.5, 0.2, 0.0])).astype(int)
    objective = LogisticLoss(X, t, l2=0.1)
    objective.n_threads = n_threads
    w = rng.normal(scale=0.5, size=5)
    p = special.expit(objective.X @ w)
    penalty = 0.1 * np.array([1, 1, 1, 1, 0])
    assert objective.loss(w) == pytest.approx(sklearn_log_loss(t, p) + 0.5 * w @ (penalty * w), rel=1e-13)
    np.testing.assert_allclose(objective.gradient(w), objective.X.T @ (p - t) / len(t) + penalty * w, rtol=1e-12,
                               atol=1e-15)
    np.testing.assert_allclose(objective.hessian(w),
                               (objective.X.T * (p * (1 - p))) @ objective.X / len(t) + np.diag(penalty), rtol=1e-12)


@pytest.mark.parametrize("objective_class", [LogisticLoss, SoftmaxLoss])
@pytest.mark.parametrize("fit_intercept", [True, False])
def test_the_objectives_keep_x_as_given_and_add_the_bias_without_a_column_of_ones(objective_class, fit_intercept):
    # the fits never copy X to append ones: the bias joins the scores and its gradient is a sum of residuals;
    # the design matrix [X 1] is formed only when asked, and every result is that of the explicit [X 1]
    rng = np.random.default_rng(6)
    X = rng.standard_normal((200, 3))
    t = rng.integers(2 if objective_class is LogisticLoss else 3, size=200)
    objective = objective_class(X, t, l2=0.1, fit_intercept=fit_intercept)
    assert objective.features is X
    design = np.column_stack([X, np.ones(200)]) if fit_intercept else X
    np.testing.assert_array_equal(objective.X, design)
    explicit = objective_class(design, t, l2=0.0, fit_intercept=False)          # the ones as a feature, unpenalised
    explicit.penalty = objective.penalty
    w = rng.normal(scale=0.5, size=objective.n_weights)
    assert objective.loss(w) == pytest.approx(explicit.loss(w), rel=1e-13)
    np.testing.assert_allclose(objective.gradient(w), explicit.gradient(w), rtol=1e-12, atol=1e-15)
    np.testing.assert_allclose(objective.gradient(w, np.arange(0, 200, 7)), explicit.gradient(w, np.arange(0, 200, 7)),
                               rtol=1e-12, atol=1e-15)
    np.testing.assert_allclose(objective.hessian(w), explicit.hessian(w), rtol=1e-12, atol=1e-15)


def test_a_sum_over_rows_is_cut_into_parts_of_whole_rows_with_blas_on_one_thread_inside():
    n_rows = 3 * MIN_ROWS_PER_PART + 5
    rows = np.arange(n_rows)
    parts = sum_over_rows(lambda part: [(part[0], part[-1] + 1, blas_threads())], rows, n_parts=4)
    # 3 parts (4 would hold fewer than MIN_ROWS_PER_PART rows each), as equal as whole rows allow
    assert [part[:2] for part in parts] == [(n_rows * k // 3, n_rows * (k + 1) // 3) for k in range(3)]
    assert all(part[2] == 1 for part in parts)
    assert sum_over_rows(lambda part: [len(part)], rows[:100], n_parts=4) == [100]       # too few rows to split


@pytest.mark.parametrize("l2, fit_intercept", [(0.0, True), (0.3, False)])
def test_the_loss_and_gradient_along_many_weights_are_those_at_each(overlapping, l2, fit_intercept):
    X, t = overlapping
    objective = LogisticLoss(X, t, l2, fit_intercept)
    W = np.random.default_rng(5).normal(scale=0.4, size=(6, objective.n_weights))
    loss, gradient = objective.along(W, gradients=True)
    np.testing.assert_allclose(loss, [objective.loss(w) for w in W], rtol=1e-13)
    np.testing.assert_allclose(gradient, [objective.gradient(w) for w in W], rtol=1e-12, atol=1e-15)
    np.testing.assert_array_equal(objective.along(W), loss)


def test_the_minibatch_gradient_is_the_gradient_of_the_minibatch_loss(overlapping):
    X, t = overlapping
    batch = np.r_[np.flatnonzero(t == "no")[:2], np.flatnonzero(t == "yes")[[0, 0, 5]]]   # a repeat too
    objective, small = LogisticLoss(X, t, 0.1), LogisticLoss(X[batch], t[batch], 0.1)
    w = np.linspace(-0.2, 0.3, 5)
    np.testing.assert_allclose(objective.gradient(w, batch), small.gradient(w), rtol=1e-14)


def test_softmax_gradient_is_softmax_minus_one_hot(iris):
    X, t = iris
    objective = SoftmaxLoss(X, t, l2=0.05)
    w = np.random.default_rng(4).normal(scale=0.5, size=objective.n_weights)
    np.testing.assert_allclose(objective.gradient(w), numerical_gradient(objective.loss, w), rtol=1e-6, atol=1e-9)
    W = w.reshape(5, 3)
    P = special.softmax(objective.X @ W, axis=1)
    expected = objective.X.T @ (P - np.eye(3)[t]) / len(t) + 0.05 * np.vstack([W[:4], np.zeros((1, 3))])
    np.testing.assert_allclose(objective.gradient(w), expected.ravel(), rtol=1e-12)
    assert objective.loss(w) == pytest.approx(sklearn_log_loss(t, P) + 0.025 * np.sum(W[:4] ** 2), rel=1e-12)


def test_learning_rate_bound_is_two_over_the_largest_eigenvalue(overlapping):
    X, _ = overlapping
    design = np.column_stack([X, np.ones(len(X))])
    assert learning_rate_bound(X) == pytest.approx(
        2 / np.linalg.eigvalsh(design.T @ design / (4 * len(X)))[-1], rel=1e-12)
    assert learning_rate_bound(X, fit_intercept=False) == pytest.approx(
        2 / np.linalg.eigvalsh(X.T @ X / (4 * len(X)))[-1], rel=1e-12)


def test_below_the_bound_every_gradient_step_lowers_the_loss(cancer):
    X, t = load_breast_cancer().X, load_breast_cancer().y        # unscaled: a badly conditioned problem
    eta = 0.99 * learning_rate_bound(X)
    with pytest.warns(ConvergenceWarning):
        model = LogisticRegression(solver="gd", learning_rate=eta, max_iter=300).fit(X, t)
    assert np.all(np.diff(model.loss_history_) < 0)


# --------------------------------------------------------------------------
# Parity with scikit-learn and statsmodels
# --------------------------------------------------------------------------


@pytest.mark.parametrize("l2", [0.0, 1e-3, 0.1])
@pytest.mark.parametrize("solver, atol", [("newton", 1e-6), ("lbfgs", 1e-6), ("gd", 1e-5)])
def test_l2_and_no_penalty_match_scikit_learn(overlapping, l2, solver, atol):
    X, t = overlapping
    ours = LogisticRegression(solver=solver, l2=l2, tol=1e-10, max_iter=50_000).fit(X, t)
    theirs = sklearn_logistic("l2", l2, len(t), solver="newton-cg").fit(X, t)
    np.testing.assert_array_equal(ours.classes_, theirs.classes_)
    np.testing.assert_allclose(ours.coef_, theirs.coef_[0], atol=atol)
    assert ours.intercept_ == pytest.approx(theirs.intercept_[0], abs=atol)
    np.testing.assert_allclose(ours.predict_proba(X), theirs.predict_proba(X), atol=atol)
    np.testing.assert_array_equal(ours.predict(X), theirs.predict(X))
    assert ours.score(X, t) == theirs.score(X, t)
    assert ours.converged_ and not ours.diverged_


@pytest.mark.parametrize("l1", [0.03, 0.05])
@pytest.mark.parametrize("solver", ["gd", "accelerated", "newton-l1"])
def test_l1_matches_scikit_learn_with_the_same_zeros(cancer, l1, solver):
    X, t = cancer
    ours = LogisticRegression(solver=solver, l1=l1, tol=1e-9, max_iter=50_000).fit(X, t)
    theirs = sklearn_logistic("l1", l1, len(t)).fit(X, t)
    np.testing.assert_allclose(ours.coef_, theirs.coef_[0], atol=1e-5)
    assert ours.intercept_ == pytest.approx(theirs.intercept_[0], abs=1e-5)
    np.testing.assert_array_equal(ours.coef_ == 0, theirs.coef_[0] == 0)
    assert 0 < np.sum(ours.coef_ == 0) < X.shape[1]                # some features dropped exactly, not all
    assert ours.bse_ is None


@pytest.mark.parametrize("offset", [0.9, 1.1, 10.0])
def test_newton_matches_statsmodels_on_either_side_of_the_centring_rule(overlapping, offset):
    # a feature within a standard deviation of 0 is fitted as given, one further away centred: the same optimum
    X, t = overlapping
    X = (X - X.mean(axis=0)) / X.std(axis=0)
    X[:, 0] += offset                                               # its mean, in standard deviations
    ours = LogisticRegression(solver="newton", tol=1e-12).fit(X, t)
    reference = sm.Logit((t == "yes").astype(float), sm.add_constant(X)).fit(disp=0, tol=1e-12)
    np.testing.assert_allclose(np.r_[ours.intercept_, ours.coef_], reference.params, rtol=1e-8, atol=1e-9)


def test_coefficients_and_standard_errors_match_statsmodels_logit(overlapping):
    X, t = overlapping
    ours = LogisticRegression(solver="newton", tol=1e-12).fit(X, t)
    reference = sm.Logit((t == "yes").astype(float), sm.add_constant(X)).fit(disp=0, tol=1e-12)
    np.testing.assert_allclose(np.r_[ours.intercept_, ours.coef_], reference.params, rtol=1e-8, atol=1e-10)
    # ours in the order of the weights (w_1, ..., w_D, b), statsmodels' with the constant first
    np.testing.assert_allclose(ours.bse_, bias_last(reference.bse), rtol=1e-6)
    # the same numbers when fitted by gradient descent (they depend on the optimum, not on the path)
    slow = LogisticRegression(solver="gd", tol=1e-10, max_iter=50_000).fit(X, t)
    np.testing.assert_allclose(slow.bse_, bias_last(reference.bse), rtol=1e-5)


@pytest.fixture(scope="module")
def near_zero():
    """A 200 x 3 binary problem with features near 0, and statsmodels' Logit of it (at tol 1e-12)."""
    rng = np.random.default_rng(7)
    X = rng.standard_normal((200, 3))
    t = (rng.uniform(size=200) < special.expit(X @ [1.0, -2.0, 0.5] + 0.3)).astype(int)
    return X, t, sm.Logit(t, sm.add_constant(X)).fit(disp=0, tol=1e-12)


@pytest.mark.parametrize("shift", [1e6, 1e8, 1e10, 1e12])
def test_newton_on_features_far_from_zero_is_statsmodels_on_the_features_near_zero(near_zero, shift):
    # x + s scores x^T w + (b - s sum_j w_j): the same coefficients, the intercept moved by -s sum_j w_j. Uncentred,
    # X^T S X was singular beside the bias column from s = 1e6 on (issue 20: all-zero weights and a warning).
    # float64 stores x + s to s * 2^-52, so the data themselves keep about 16 - log10(s) digits of their
    # variation (spread 1): the fit loses no more, to 100 s eps. At s = 1e16 the variation is gone.
    X, t, reference = near_zero
    b, w = reference.params[0], reference.params[1:]
    rtol = max(1e-8, 100 * shift * np.finfo(float).eps)
    with warnings.catch_warnings():
        warnings.simplefilter("error")
        model = LogisticRegression(solver="newton", tol=1e-10).fit(X + shift, t)
    assert model.converged_
    np.testing.assert_allclose(model.coef_, w, rtol=rtol)
    assert model.intercept_ == pytest.approx(b - shift * w.sum(), rel=rtol)
    # the standard errors: the coefficients' as statsmodels', the intercept's that of b - s sum_j w_j,
    # sqrt(a^T C a) with a = (1, -s, -s, -s) and C statsmodels' covariance (constant first)
    a = np.r_[1.0, -shift, -shift, -shift]
    np.testing.assert_allclose(model.bse_, np.r_[reference.bse[1:], np.sqrt(a @ reference.cov_params() @ a)],
                               rtol=max(1e-6, rtol))
    np.testing.assert_allclose(model.predict_proba(X + shift)[:, 1], reference.predict(sm.add_constant(X)),
                               rtol=max(1e-8, rtol), atol=1e-12)


def test_the_centred_newton_steps_are_the_plain_ones_mapped_back(overlapping):
    # Newton's iterates do not depend on the coordinates (affine invariance): centring changes only round-off
    X, t = overlapping
    model = LogisticRegression(solver="newton", tol=1e-10).fit(X, t)
    plain = minimize(LogisticLoss(X, t), np.zeros(5), "newton", tol=1e-10, line_search=True)
    assert model.n_iter_ == plain.n_iter
    np.testing.assert_allclose(model.trace_.weights, plain.weights, rtol=1e-9, atol=1e-12)
    np.testing.assert_allclose(model.loss_history_, plain.loss, rtol=1e-13)


def test_multinomial_newton_and_the_regularization_path_far_from_zero(iris):
    X, t = iris
    near = SoftmaxRegression(solver="newton", l2=1e-2, tol=1e-10).fit(X, t)
    with warnings.catch_warnings():
        warnings.simplefilter("error")
        far = SoftmaxRegression(solver="newton", l2=1e-2, tol=1e-10).fit(X + 1e8, t)
    np.testing.assert_allclose(far.coef_, near.coef_, rtol=1e-6, atol=1e-7)
    np.testing.assert_allclose(far.intercept_, near.intercept_ - 1e8 * near.coef_.sum(axis=1), rtol=1e-6)
    binary = (t == 2).astype(int)
    lambdas = np.logspace(-3, -1, 3)
    path_near, path_far = regularization_path(X, binary, lambdas), regularization_path(X + 1e8, binary, lambdas)
    np.testing.assert_allclose(path_far.coef, path_near.coef, rtol=1e-6)
    assert np.all(path_far.converged)


def test_the_advice_of_an_unconverged_fit_fits_its_solver_and_its_features(near_zero):
    X, t, _ = near_zero
    # gradient descent on features 1e6 from 0: a valley more steps hardly descend; centring and Newton help
    with pytest.warns(ConvergenceWarning) as caught:
        LogisticRegression(solver="gd", max_iter=50).fit(X + 1e6, t)
    message = str(caught[0].message)
    assert "centre the features" in message and "solver='newton'" in message and "increase max_iter" not in message
    # Newton stopped early is never told to use Newton
    with pytest.warns(ConvergenceWarning) as caught:
        LogisticRegression(solver="newton", max_iter=1, tol=1e-14).fit(X + 1e6, t)
    assert "increase max_iter" in str(caught[0].message) and "solver='newton'" not in str(caught[0].message)


@pytest.mark.parametrize("make", [lambda X, t: LogisticLoss(X, t, fit_intercept="False"),
                                  lambda X, t: SoftmaxLoss(X, t, fit_intercept="False"),
                                  lambda X, t: learning_rate_bound(X, fit_intercept="no"),
                                  lambda X, t: descent_path(X, t, 0.1, 5, fit_intercept=0),
                                  lambda X, t: irls_step(X, t, np.zeros(4), fit_intercept="False")])
def test_fit_intercept_must_be_a_flag(overlapping, make):
    # the string "False" is true: it would fit an intercept
    X, t = overlapping
    with pytest.raises(TypeError, match="fit_intercept must be True or False"):
        make(X, t)


def test_minimize_on_separable_data_does_not_claim_a_minimum():
    data = make_separable(30, 0.2, random_state=2)
    trace = minimize(LogisticLoss(data.X, data.y), np.zeros(3), "newton", line_search=True, tol=1e-8)
    assert trace.status == "not_minimum" and "linearly separable" in trace.message
    assert LogisticLoss(data.X, data.y).no_minimum(trace.w) is not None
    penalised = LogisticLoss(data.X, data.y, l2=1e-3)
    assert minimize(penalised, np.zeros(3), "newton", tol=1e-8).converged and penalised.no_minimum(trace.w) is None


def test_standard_errors_read_after_a_refit_are_those_of_the_new_data(overlapping, cancer):
    X, t = overlapping
    model = LogisticRegression(solver="newton", tol=1e-10).fit(X, t)
    first = model.bse_
    assert model.bse_ is first                                     # computed once, when first read
    X_new, t_new = cancer
    X_new = X_new[:, :3]
    model.fit(X_new, t_new)
    reference = sm.Logit((t_new == model.classes_[1]).astype(float), sm.add_constant(X_new)).fit(disp=0, tol=1e-10)
    np.testing.assert_allclose(model.bse_, bias_last(reference.bse), rtol=1e-6)


@pytest.mark.parametrize("solver", ["lbfgs", "gd"])
def test_multinomial_matches_scikit_learn_at_the_same_penalty(iris, solver):
    X, t = iris
    l2 = 1e-2
    ours = SoftmaxRegression(solver=solver, l2=l2, tol=1e-10, max_iter=100_000).fit(X, t)
    theirs = sklearn_logistic("l2", l2, len(t), solver="newton-cg").fit(X, t)
    np.testing.assert_allclose(ours.coef_, theirs.coef_, atol=1e-6)
    np.testing.assert_allclose(ours.intercept_, theirs.intercept_, atol=1e-6)
    np.testing.assert_allclose(ours.coef_.sum(axis=0), 0, atol=1e-12)     # steps of summed-to-zero gradients
    np.testing.assert_allclose(ours.predict_proba(X), theirs.predict_proba(X), atol=1e-7)
    np.testing.assert_array_equal(ours.predict(X), theirs.predict(X))


def test_multinomial_l1_matches_scikit_learn(iris):
    X, t = iris
    l1 = 0.01
    ours = SoftmaxRegression(solver="gd", l1=l1, tol=1e-9, max_iter=100_000).fit(X, t)
    theirs = sklearn_logistic("l1", l1, len(t)).fit(X, t)
    np.testing.assert_allclose(ours.coef_, theirs.coef_, atol=1e-5)
    np.testing.assert_array_equal(ours.coef_ == 0, theirs.coef_ == 0)
    assert np.any(ours.coef_ == 0)


def test_multinomial_sgd_is_reproducible_and_close_to_the_optimum(iris):
    X, t = iris
    exact = SoftmaxRegression(l2=0.01, tol=1e-10, max_iter=100_000).fit(X, t)
    fits = [SoftmaxRegression(solver="sgd", batch_size=30, learning_rate=0.5, decay=0.01, l2=0.01, tol=1e-4,
                              max_iter=2000, random_state=1).fit(X, t) for _ in range(2)]
    np.testing.assert_array_equal(fits[0].coef_, fits[1].coef_)
    assert fits[0].converged_
    np.testing.assert_allclose(fits[0].coef_, exact.coef_, atol=5e-3)


def test_unpenalised_multinomial_matches_scikit_learn_on_overlapping_classes():
    means = [[0, 0], [2, 0], [1, 1.5]]
    data = make_gaussian_classes(means, [np.eye(2)] * 3, n_per_class=80, random_state=5)
    labels = np.array(["a", "b", "c"])[data.y]
    ours = SoftmaxRegression(tol=1e-10, max_iter=100_000).fit(data.X, labels)
    theirs = sklearn_logistic("l2", 0.0, len(labels), solver="lbfgs").fit(data.X, labels)
    # the weights are determined up to a common shift; both keep sum_k w_k = 0
    np.testing.assert_allclose(ours.coef_.sum(axis=0), 0, atol=1e-12)
    np.testing.assert_allclose(ours.coef_, theirs.coef_, atol=1e-5)
    np.testing.assert_allclose(ours.predict_proba(data.X), theirs.predict_proba(data.X), atol=1e-6)
    assert list(ours.predict(data.X[:5])) == list(theirs.predict(data.X[:5]))


def test_softmax_with_two_classes_gives_the_logistic_probabilities(overlapping):
    X, t = overlapping
    binary = LogisticRegression(solver="newton", l2=0.01, tol=1e-12).fit(X, t)
    # only w = w_yes - w_no matters, and the smallest ||w_no||^2 + ||w_yes||^2 for a given w is ||w||^2 / 2
    # (w_yes = -w_no = w / 2): the softmax model's penalty l2' / 4 ||w||^2 is ours for l2' = 2 l2
    multi = SoftmaxRegression(l2=0.02, tol=1e-10, max_iter=100_000).fit(X, t)
    np.testing.assert_allclose(multi.predict_proba(X), binary.predict_proba(X), atol=1e-6)


# --------------------------------------------------------------------------
# Newton's method and IRLS
# --------------------------------------------------------------------------


def test_newton_converges_quadratically(overlapping):
    X, t = overlapping
    model = LogisticRegression(solver="newton", tol=1e-13).fit(X, t)
    errors = np.linalg.norm(model.trace_.weights - model.trace_.w, axis=1)[:-1]
    assert model.n_iter_ <= 8 and np.all(model.trace_.step_size == 1)
    close = errors[(errors < 1) & (errors > 1e-7)]
    assert len(close) >= 3
    assert np.all(close[1:] / close[:-1] ** 2 < 1.0)             # e_{k+1} <= C e_k^2


def test_the_newton_step_is_the_weighted_least_squares_step(overlapping):
    X, t = overlapping
    w = np.array([0.2, -0.1, 0.4, 0.0, -0.3])
    for l2 in (0.0, 0.05):
        objective = LogisticLoss(X, t, l2)
        step = minimize(objective, w, "newton", max_iter=1, tol=0).weights[1]
        np.testing.assert_allclose(irls_step(X, t, w, l2=l2), step, rtol=1e-10)


def test_the_working_response_is_the_score_plus_the_residual_over_the_slope():
    z = np.linspace(-6, 6, 25)
    t = (np.arange(25) % 2).astype(float)
    p = special.expit(z)
    s, r = working_response(z, t)
    np.testing.assert_allclose(s, p * (1 - p), rtol=1e-12)
    np.testing.assert_allclose(r, z + (t - p) / (p * (1 - p)), rtol=1e-10)


def test_the_working_response_of_extreme_scores_is_exact_and_never_nan():
    z = np.array([40.0, -40.0, 40.0, 800.0, -800.0, 800.0, -800.0])
    t = np.array([0, 1, 1, 1, 0, 0, 1])
    with warnings.catch_warnings():
        warnings.simplefilter("error")
        s, r = working_response(z, t)
    with mpmath.workdps(60):                                      # z + (t - p) / (p (1 - p)) in 60 digits
        for z_i, t_i, r_i in zip(z[:3], t[:3], r[:3]):
            p = 1 / (1 + mpmath.exp(-mpmath.mpf(z_i)))
            assert r_i == pytest.approx(float(z_i + (t_i - p) / (p * (1 - p))), rel=1e-14)
    # the limits: z + 1 + e^-z -> z + 1 for a fitted positive, -(1 + e^z) -> -inf for a confidently wrong one
    np.testing.assert_array_equal(r[3:], [801.0, -801.0, -np.inf, np.inf])
    assert np.all(s >= 0) and not np.any(np.isnan(r))


def test_newton_stops_and_warns_on_separable_data():
    data = make_separable(60, 0.05, random_state=3)
    with pytest.warns(SeparationWarning, match="linearly separable"):
        model = LogisticRegression(solver="newton").fit(data.X, data.y)
    assert not model.converged_ and model.trace_.status == "stopped"
    assert np.all(np.isfinite(model.coef_)) and model.score(data.X, data.y) == 1.0
    # without the stop, Newton's weights run off linearly: far out the loss is about A exp(-gamma c) along the
    # widest-margin direction u of the inputs (x_i, 1), and Newton's step in c is -f'/f'' = 1 / gamma
    run_off = minimize(LogisticLoss(data.X, data.y), np.zeros(3), "newton", max_iter=40, tol=0)
    increments = np.diff(np.linalg.norm(run_off.weights, axis=1))
    w_star, _ = max_margin_separator(X_tilde(data.X), data.y, fit_intercept=False)     # margin 1 / ||w_star||
    assert run_off.n_iter == 40 and np.all(increments > 0)
    np.testing.assert_allclose(increments[-10:], np.linalg.norm(w_star), rtol=0.01)
    with warnings.catch_warnings():
        warnings.simplefilter("error")
        regularised = LogisticRegression(solver="newton", l2=1e-3).fit(data.X, data.y)
    assert regularised.converged_


def test_gradient_descent_on_separable_data_warns_and_the_weights_keep_growing():
    data = make_separable(60, 0.05, random_state=4)
    norms = []
    for max_iter in (200, 800, 3200):
        with pytest.warns(SeparationWarning, match="grow for as long as the optimiser runs"):
            model = LogisticRegression(solver="gd", max_iter=max_iter).fit(data.X, data.y)
        norms.append(np.linalg.norm(model.coef_))
    assert norms[0] < norms[1] < norms[2]
    assert np.all(np.diff(model.loss_history_) < 0)                 # while the loss creeps down to 0


@pytest.mark.parametrize("l2", [0.0, 0.05])
def test_softmax_hessian_matches_finite_differences_and_its_blocks(iris, l2):
    X, t = iris
    objective = SoftmaxLoss(X, t, l2=l2)
    w = np.random.default_rng(3).normal(scale=0.4, size=objective.n_weights)
    H = objective.hessian(w)
    np.testing.assert_allclose(H, numerical_hessian(objective.gradient, w), atol=1e-8)
    # block (k, l) = (1/N) sum_i p_ik (delta_kl - p_il) x_i x_i^T, written out for one pair of classes
    design, P = X_tilde(X), special.softmax(X_tilde(X) @ w.reshape(5, 3), axis=1)
    block = (design.T * (P[:, 0] * (1 - P[:, 0]))) @ design / len(X) + l2 * np.diag([1, 1, 1, 1, 0])
    np.testing.assert_allclose(H.reshape(5, 3, 5, 3)[:, 0, :, 0], block, rtol=1e-12)
    off_diagonal = -(design.T * (P[:, 0] * P[:, 2])) @ design / len(X)
    np.testing.assert_allclose(H.reshape(5, 3, 5, 3)[:, 0, :, 2], off_diagonal, rtol=1e-12)


def test_the_softmax_hessian_vanishes_along_one_vector_added_to_every_class(iris):
    X, t = iris
    w = np.random.default_rng(4).normal(scale=0.4, size=15)
    for l2, null in ((0.0, 5), (0.05, 1)):                   # the penalty spares the biases: one direction is left
        H = SoftmaxLoss(X, t, l2=l2).hessian(w)
        v = np.r_[np.zeros(4), 1.0] if l2 else np.random.default_rng(5).standard_normal(5)
        np.testing.assert_allclose(H @ np.repeat(v, 3), 0, atol=1e-14)          # (v, v, v) in every row of W
        eigenvalues = np.linalg.eigvalsh(H)
        assert np.all(np.abs(eigenvalues[:null]) < 1e-14) and eigenvalues[null] > 1e-4


@pytest.mark.parametrize("fit_intercept", [True, False])
def test_the_softmax_hessian_among_weights_summing_to_zero_is_the_full_one_projected(fit_intercept):
    # what Newton solves with: (I (x) C)^T H (I (x) C), C the contrasts; H written out as the sum of
    # kron(x_i x_i^T, diag(p_i) - p_i p_i^T) / N, more than one block of rows (5000 > 2048) and K = 4
    from lecture_utils.logistic import _SumToZero
    rng = np.random.default_rng(6)
    X, t = rng.standard_normal((5000, 3)) * [1.0, 3.0, 0.3], rng.integers(4, size=5000)
    objective = SoftmaxLoss(X, t, l2=0.05, fit_intercept=fit_intercept)
    reduced = _SumToZero(objective)
    v = rng.normal(scale=0.5, size=reduced.n_weights)
    design = X_tilde(X) if fit_intercept else X
    P = special.softmax(design @ reduced.expand(v).reshape(-1, 4), axis=1)
    explicit = sum(np.kron(np.outer(x, x), np.diag(p) - np.outer(p, p)) for x, p in zip(design, P)) / len(X)
    explicit += np.diag(objective.penalty)
    projection = np.kron(np.eye(design.shape[1]), reduced.basis)
    np.testing.assert_allclose(objective.hessian(reduced.expand(v)), explicit, rtol=0, atol=1e-13)
    np.testing.assert_allclose(reduced.hessian(v), projection.T @ explicit @ projection, rtol=0, atol=1e-13)


@pytest.mark.parametrize("l2", [1e-3, 1e-2])
def test_multinomial_newton_matches_scikit_learn_and_gradient_descent(iris, l2):
    X, t = iris
    ours = SoftmaxRegression(solver="newton", l2=l2, tol=1e-10).fit(X, t)
    theirs = sklearn_logistic("l2", l2, len(t), solver="newton-cg").fit(X, t)
    np.testing.assert_allclose(ours.coef_, theirs.coef_, atol=1e-6)
    np.testing.assert_allclose(ours.intercept_, theirs.intercept_, atol=1e-6)
    assert ours.converged_ and ours.n_iter_ <= 12 and np.all(ours.trace_.step_size == 1)
    # the steps stay among the weights whose classes sum to zero, where gradient descent from 0 stays too
    np.testing.assert_allclose(ours.trace_.weights.reshape(-1, 5, 3).sum(axis=2), 0, atol=1e-12)
    slow = SoftmaxRegression(solver="accelerated", l2=l2, tol=1e-10, max_iter=100_000).fit(X, t)
    np.testing.assert_allclose(ours.coef_, slow.coef_, atol=1e-6)
    assert slow.n_iter_ > 20 * ours.n_iter_
    errors = np.linalg.norm(ours.trace_.weights - ours.trace_.w, axis=1)[:-1]
    close = errors[(errors < 0.5) & (errors > 1e-7)]
    assert len(close) >= 2 and np.all(close[1:] / close[:-1] ** 2 < 2.0)          # e_{k+1} <= C e_k^2


def test_unpenalised_multinomial_newton_matches_scikit_learn():
    means = [[0, 0], [2, 0], [1, 1.5]]
    data = make_gaussian_classes(means, [np.eye(2)] * 3, n_per_class=80, random_state=5)
    labels = np.array(["a", "b", "c"])[data.y]
    ours = SoftmaxRegression(solver="newton", tol=1e-10).fit(data.X, labels)
    theirs = sklearn_logistic("l2", 0.0, len(labels), solver="lbfgs").fit(data.X, labels)
    np.testing.assert_allclose(ours.coef_, theirs.coef_, atol=1e-5)
    np.testing.assert_allclose(ours.predict_proba(data.X), theirs.predict_proba(data.X), atol=1e-6)
    assert ours.converged_ and ours.n_iter_ <= 10


def test_two_class_softmax_newton_is_binary_newton(overlapping):
    X, t = overlapping
    binary = LogisticRegression(solver="newton", l2=0.01, tol=1e-12).fit(X, t)
    multi = SoftmaxRegression(solver="newton", l2=0.02, tol=1e-12).fit(X, t)     # l2' = 2 l2, as above
    np.testing.assert_allclose(multi.predict_proba(X), binary.predict_proba(X), atol=1e-10)
    np.testing.assert_allclose(multi.coef_[1] - multi.coef_[0], binary.coef_, atol=1e-9)


def test_multinomial_newton_stops_and_warns_on_separable_classes():
    data = make_gaussian_classes([[0, 0], [6, 0], [0, 6]], [0.3 * np.eye(2)] * 3, n_per_class=20, random_state=2)
    with pytest.warns(SeparationWarning, match="linearly separable"):
        model = SoftmaxRegression(solver="newton").fit(data.X, data.y)
    assert model.trace_.status == "stopped" and model.score(data.X, data.y) == 1.0
    with warnings.catch_warnings():
        warnings.simplefilter("error")
        assert SoftmaxRegression(solver="newton", l2=1e-3).fit(data.X, data.y).converged_


def test_collinear_features_make_the_hessian_singular():
    rng = np.random.default_rng(6)
    x = rng.standard_normal((100, 1))
    t = (rng.uniform(size=100) < special.expit(x[:, 0])).astype(int)
    with pytest.warns(SeparationWarning, match="collinear"):
        model = LogisticRegression(solver="newton").fit(np.hstack([x, 2 * x]), t)
    assert model.trace_.status == "singular_hessian"
    assert np.all(np.isinf(model.bse_))                              # the data cannot tell w_1 from w_2


# --------------------------------------------------------------------------
# SGD, divergence
# --------------------------------------------------------------------------


def test_sgd_gets_close_to_the_optimum_and_is_reproducible(cancer):
    X, t = cancer
    exact = LogisticRegression(solver="newton", l2=0.01).fit(X, t)
    fits = [LogisticRegression(solver="sgd", batch_size=64, learning_rate=0.5, decay=0.02, l2=0.01, tol=1e-4,
                               max_iter=400, random_state=0).fit(X, t) for _ in range(2)]
    np.testing.assert_array_equal(fits[0].coef_, fits[1].coef_)
    assert fits[0].converged_
    np.testing.assert_allclose(fits[0].coef_, exact.coef_, atol=5e-3)
    assert fits[0].loss_history_[-1] == pytest.approx(exact.loss_history_[-1], rel=1e-3)


def test_a_diverging_learning_rate_gives_a_flag_and_a_warning_not_nan(overlapping):
    X, t = overlapping
    with pytest.warns(DivergenceWarning, match=r"learning_rate < 0\.\d+"):
        model = LogisticRegression(solver="gd", learning_rate=1e6).fit(X, t)
    assert model.diverged_ and not model.converged_
    assert np.all(np.isfinite(model.coef_)) and np.isfinite(model.intercept_)
    assert np.all(np.isfinite(model.predict_proba(X)))


def test_auto_learning_rate_is_half_the_bound_and_never_diverges(cancer):
    X, t = cancer
    model = LogisticRegression(solver="gd", l2=1e-2, max_iter=20_000, tol=1e-8).fit(X, t)
    assert model.trace_.step_size[0] == pytest.approx(learning_rate_bound(X, l2=1e-2) / 2, rel=1e-12)
    assert model.converged_ and np.all(np.diff(model.loss_history_) <= 0)


# --------------------------------------------------------------------------
# The scikit-learn conventions
# --------------------------------------------------------------------------


def test_any_two_labels_and_the_probabilities_columns(overlapping):
    X, t = overlapping
    model = LogisticRegression(solver="newton").fit(X, t)
    assert model.classes_.tolist() == ["no", "yes"]
    proba = model.predict_proba(X)
    np.testing.assert_allclose(proba.sum(axis=1), 1, rtol=1e-15)
    np.testing.assert_allclose(proba[:, 1], special.expit(model.decision_function(X)), rtol=1e-14)
    np.testing.assert_allclose(model.predict_log_proba(X), np.log(proba), rtol=1e-12)
    np.testing.assert_array_equal(model.predict(X), np.where(proba[:, 1] > 0.5, "yes", "no"))
    assert np.all(np.isfinite(model.predict_log_proba(1e6 * X)))
    assert "LogisticRegression(solver='newton'" in repr(model)


def test_loss_history_is_the_penalised_objective(overlapping):
    X, t = overlapping
    model = LogisticRegression(solver="gd", l2=0.1, max_iter=50, tol=0, learning_rate=0.1)
    with pytest.warns(ConvergenceWarning):
        model.fit(X, t)
    objective = LogisticLoss(X, t, 0.1)
    np.testing.assert_allclose(model.loss_history_, [objective.loss(w) for w in model.trace_.weights], rtol=1e-13)
    assert model.n_iter_ == 50 and model.trace_.weights.shape == (51, 5)


def test_loss_surface_is_the_objective_on_a_grid(overlapping):
    X, t = overlapping
    X2 = X[:, :2]
    w1, w2 = np.linspace(-2, 2, 7), np.linspace(-1, 1, 5)
    grid = np.stack(np.meshgrid(w1, w2), axis=-1)
    surface = loss_surface(X2, t, grid, intercept=0.3, l2=0.1, l1=0.05)
    assert surface.shape == (5, 7)
    i, j = 3, 4
    w = grid[i, j]
    by_hand = (sklearn_log_loss(t == "yes", special.expit(X2 @ w + 0.3)) + 0.05 * w @ w
               + 0.05 * np.abs(w).sum())
    assert surface[i, j] == pytest.approx(by_hand, rel=1e-12)
    path = grid.reshape(-1, 2)
    np.testing.assert_allclose(loss_surface(X2, t, path, intercept=np.full(35, 0.3), l2=0.1, l1=0.05),
                               surface.ravel(), rtol=1e-14)


def test_loss_grid_is_the_loss_of_one_input_at_each_weight_and_bias(overlapping):
    X, t = overlapping
    x = X[:, :1]
    w, b, E = loss_grid(x, t, (-1.0, 2.0), (-3.0, 0.5), n=9)
    np.testing.assert_array_equal(w, np.linspace(-1, 2, 9))
    np.testing.assert_array_equal(b, np.linspace(-3, 0.5, 9))
    assert E.shape == (9, 9)
    for i, j in [(0, 0), (2, 7), (8, 4)]:                         # rows follow b, columns w
        by_hand = sklearn_log_loss(t == "yes", special.expit(w[j] * x[:, 0] + b[i]))
        assert E[i, j] == pytest.approx(by_hand, rel=1e-12)
    with pytest.raises(ValueError, match=r"X must have one input, shape \(N, 1\).*got shape \(400, 2\)"):
        loss_grid(X[:, :2], t, (-1, 1), (-1, 1))


def test_a_full_batch_descent_path_is_gradient_descent_with_the_loss_of_every_step(overlapping):
    X, t = overlapping
    path = descent_path(X, t, 0.2, n_updates=15, l2=0.1)
    with pytest.warns(ConvergenceWarning):
        model = LogisticRegression(solver="gd", learning_rate=0.2, max_iter=15, tol=0, l2=0.1).fit(X, t)
    np.testing.assert_allclose(path.weights, model.trace_.weights, rtol=1e-14)
    objective = LogisticLoss(X, t, 0.1)
    np.testing.assert_allclose(path.loss, [objective.loss(w) for w in path.weights], rtol=1e-13)
    np.testing.assert_allclose(path.grad_norm, [np.linalg.norm(objective.gradient(w)) for w in path.weights],
                               rtol=1e-12)
    np.testing.assert_array_equal(path.epoch, np.arange(16))
    assert path.n_updates == 15 and path.batch_size == len(t) and path.learning_rate == 0.2


def test_a_minibatch_descent_path_takes_one_step_per_minibatch_of_a_shuffled_epoch(overlapping):
    X, t = overlapping                                            # N = 400: 13 minibatches of 30, one of 10
    path = descent_path(X, t, 0.05, n_updates=20, batch_size=30, w0=np.full(5, 0.1), random_state=3)
    objective, rng = LogisticLoss(X, t), np.random.default_rng(3)
    w, expected = np.full(5, 0.1), [np.full(5, 0.1)]
    while len(expected) < 21:                                    # the algorithm box, epoch after epoch
        order = rng.permutation(400)
        for start in range(0, 400, 30):
            batch = order[start:start + 30]
            w = w - 0.05 * X_tilde(X)[batch].T @ (special.expit(X_tilde(X)[batch] @ w)
                                                 - objective.t[batch]) / len(batch)
            expected.append(w)
    np.testing.assert_allclose(path.weights, expected[:21], rtol=1e-12)
    np.testing.assert_allclose(path.loss, [objective.loss(w) for w in path.weights], rtol=1e-13)
    assert path.epoch[13] == pytest.approx(390 / 400) and path.epoch[14] == 1 and path.epoch[20] == 1 + 6 * 30 / 400


def test_a_descent_path_that_overflows_stops_with_finite_weights(overlapping):
    X, t = overlapping
    path = descent_path(X, t, 1e6, n_updates=50)
    assert path.n_updates < 50 and np.all(np.isfinite(path.weights)) and np.all(np.isfinite(path.loss))


@pytest.mark.parametrize("batch_size", [None, 30, 1])
def test_descent_paths_are_the_descent_paths_of_each_learning_rate(overlapping, batch_size):
    X, t = overlapping
    rates = [0.01, 0.5, 3.0]
    paths = descent_paths(X, t, rates, n_updates=40, batch_size=batch_size, random_state=3)
    for rate, path in zip(rates, paths):
        one = descent_path(X, t, rate, n_updates=40, batch_size=batch_size, random_state=3)
        np.testing.assert_allclose(path.weights, one.weights, rtol=1e-10, atol=1e-13)
        np.testing.assert_allclose(path.loss, one.loss, rtol=1e-10)
        np.testing.assert_allclose(path.grad_norm, one.grad_norm, rtol=1e-8, atol=1e-13)
        np.testing.assert_array_equal(path.epoch, one.epoch)
        assert (path.learning_rate, path.batch_size) == (rate, one.batch_size)


@pytest.mark.parametrize("batch_size", [None, 30])
def test_descent_paths_leave_a_run_that_diverges_to_descent_path(overlapping, batch_size):
    X, t = overlapping
    rates = [0.1, 1e6, 1e306]                                     # the loss explodes; the weights overflow
    paths = descent_paths(X, t, rates, n_updates=50, batch_size=batch_size, random_state=0)
    assert paths[0].n_updates == 50
    for rate, path in zip(rates[1:], paths[1:]):
        diverging = descent_path(X, t, rate, n_updates=50, batch_size=batch_size, random_state=0)
        assert path.n_updates == diverging.n_updates < 50
        np.testing.assert_array_equal(path.weights, diverging.weights)


def test_regularization_path_matches_separate_fits_and_l1_zeroes_everything_at_lambda_max(cancer):
    X, t = cancer
    lambdas = np.array([1e-3, 1e-1, 1e-2])
    path = regularization_path(X, t, lambdas, tol=1e-10)
    for lam, coef in zip(lambdas, path.coef):
        np.testing.assert_allclose(coef, LogisticRegression(solver="newton", l2=lam, tol=1e-10).fit(X, t).coef_,
                                   atol=1e-7)
    # L1: at lambda >= ||X^T (t - t_bar)||_inf / N the zero vector (with the best bias) is optimal
    lambda_max = np.max(np.abs(X.T @ (t - t.mean()))) / len(t)
    l1_path = regularization_path(X, t, [1.01 * lambda_max, 0.9 * lambda_max, 0.05], penalty="l1",
                                  tol=1e-8, max_iter=50_000)
    assert np.all(l1_path.coef[0] == 0) and 0 < np.count_nonzero(l1_path.coef[1]) < 5
    assert np.count_nonzero(l1_path.coef[2]) > np.count_nonzero(l1_path.coef[1])
    assert l1_path.intercept[0] == pytest.approx(special.logit(t.mean()), rel=1e-6)


def test_the_l1_path_by_newton_in_the_orthant_matches_fista_in_a_few_steps_a_fit(cancer):
    X, t = cancer
    lambdas = np.logspace(-3, -1, 9)
    newton = regularization_path(X, t, lambdas, penalty="l1", tol=1e-10)
    fista = regularization_path(X, t, lambdas, penalty="l1", solver="accelerated", tol=1e-10, max_iter=100_000)
    assert newton.converged.all() and fista.converged.all()
    # at lambda = 1e-3 the loss is nearly flat along some directions: FISTA's gradient norm of 1e-10 leaves
    # weights 3e-6 away, where Newton's is 6e-15
    np.testing.assert_allclose(newton.coef, fista.coef, atol=1e-5)
    np.testing.assert_allclose(newton.intercept, fista.intercept, atol=1e-5)
    np.testing.assert_array_equal(newton.coef == 0, fista.coef == 0)
    assert newton.n_iter.max() <= 15 and fista.n_iter.min() > 100   # quadratic convergence, once the signs settle


def test_one_vs_rest_and_one_vs_one_match_scikit_learn(iris):
    X, t = iris
    l2 = 0.01
    ours = LogisticRegression(solver="newton", l2=l2, tol=1e-12)
    theirs = sklearn_logistic("l2", l2, len(t), solver="newton-cg")
    ovr, sk_ovr = OneVsRestClassifier(ours).fit(X, t), SklearnOneVsRest(theirs).fit(X, t)
    np.testing.assert_allclose(ovr.decision_function(X), sk_ovr.decision_function(X), atol=1e-6)
    np.testing.assert_allclose(ovr.predict_proba(X), sk_ovr.predict_proba(X), atol=1e-7)
    np.testing.assert_array_equal(ovr.predict(X), sk_ovr.predict(X))
    # one-vs-one: each pair's model is fitted on that pair's examples, so N (and C = 1/(N l2)) differ by pair
    ovo = OneVsOneClassifier(LogisticRegression(solver="newton", l2=l2, tol=1e-12)).fit(X, t)
    sk_ovo = SklearnOneVsOne(SklearnLogisticRegression(C=1 / (100 * l2), tol=1e-12, solver="newton-cg")).fit(X, t)
    np.testing.assert_allclose(ovo.decision_function(X), sk_ovo.decision_function(X), atol=1e-6)
    np.testing.assert_array_equal(ovo.predict(X), sk_ovo.predict(X))
    assert ovo.score(X, t) == sk_ovo.score(X, t)


@pytest.mark.parametrize("degree, n_inputs", [(1, 3), (2, 2), (3, 2), (3, 4)])
def test_polynomial_features_match_scikit_learn(degree, n_inputs):
    X = np.random.default_rng(degree).normal(size=(7, n_inputs))
    ours, theirs = PolynomialFeatures(degree).fit(X[:4]), SklearnPolynomialFeatures(degree, include_bias=False).fit(X[:4])
    np.testing.assert_allclose(ours.transform(X), theirs.transform(X), rtol=1e-13)
    np.testing.assert_array_equal(ours.powers_, theirs.powers_)
    expected = theirs.get_feature_names_out(["x", "y", "z", "v"][:n_inputs])
    assert ours.feature_names(["x", "y", "z", "v"][:n_inputs]) == list(expected)
    assert PolynomialFeatures(2).fit(np.zeros((1, 2))).feature_names() == ["x1", "x2", "x1^2", "x1 x2", "x2^2"]
    with pytest.raises(ValueError, match=f"{n_inputs + 1} features"):
        ours.transform(np.zeros((2, n_inputs + 1)))


def test_standard_scaler_matches_scikit_learn(cancer):
    X = load_breast_cancer().X
    train, test = X[:400], X[400:]
    ours, theirs = StandardScaler().fit(train), SklearnStandardScaler().fit(train)
    # entries near 0 are differences x - mean, which differ by the mean's rounding (a few 1e-15) between the two
    np.testing.assert_allclose(ours.transform(test), theirs.transform(test), rtol=1e-12, atol=1e-13)
    np.testing.assert_allclose(ours.inverse_transform(ours.transform(test)), test, rtol=1e-12)
    constant = np.column_stack([np.ones(5), np.arange(5.0)])
    np.testing.assert_allclose(StandardScaler().fit_transform(constant),
                               SklearnStandardScaler().fit_transform(constant))


# --------------------------------------------------------------------------
# Bad input
# --------------------------------------------------------------------------


def test_three_classes_point_to_softmax_regression(iris):
    X, t = iris
    with pytest.raises(ValueError, match="SoftmaxRegression"):
        LogisticRegression().fit(X, t)


@pytest.mark.parametrize("params, error, match", [
    ({"solver": "saga"}, ValueError, "solver must be one of 'lbfgs', 'gd', 'accelerated', 'sgd', 'newton', 'newton-l1'"),
    ({"l1": 0.1}, ValueError, "solver='lbfgs' cannot fit an L1 penalty.*solver='newton-l1'.*solver='accelerated'"),
    ({"learning_rate": 0.1}, ValueError, "solver='lbfgs' has no learning rate.*solver='gd'"),
    ({"l2": -1.0}, ValueError, "l2 must be a finite number >= 0"),
    ({"l1": "strong"}, TypeError, "l1 must be a number"),
    ({"learning_rate": "fast"}, ValueError, "learning_rate must be a number > 0 or 'auto'"),
    ({"learning_rate": 0.0}, ValueError, "learning_rate must be a finite number > 0"),
    ({"max_iter": 0}, ValueError, "max_iter must be an integer >= 1"),
    ({"solver": "newton", "l1": 0.1}, ValueError, "cannot fit an L1 penalty"),
    ({"solver": "newton", "learning_rate": 0.1}, ValueError, "has no learning rate"),
    ({"solver": "newton-l1", "l1": 0.1, "decay": 0.5}, ValueError, "solver='newton-l1' has no learning rate"),
    ({"batch_size": 10}, ValueError, "batch_size is a setting of solver='sgd'"),
    ({"solver": "sgd", "batch_size": 0}, ValueError, "batch_size must be an integer >= 1"),
])
def test_bad_hyperparameters_are_named(overlapping, params, error, match):
    X, t = overlapping
    with pytest.raises(error, match=match):
        LogisticRegression(**params).fit(X, t)


def test_bad_data_and_unfitted_models(overlapping):
    X, t = overlapping
    with pytest.raises(ValueError, match="solver must be one of 'lbfgs', 'gd', 'accelerated', 'sgd', 'newton'"):
        SoftmaxRegression(solver="bfgs").fit(X, t)
    with pytest.raises(ValueError, match="cannot fit an L1 penalty.*; use solver='accelerated'"):
        SoftmaxRegression(solver="newton", l1=0.01).fit(X, t)
    with pytest.raises(ValueError, match="not fitted"):
        LogisticRegression().predict(X)
    with pytest.raises(ValueError, match="at least 2 different labels"):
        LogisticRegression().fit(X, np.zeros(len(X)))
    with pytest.raises(ValueError, match="X contains nan"):
        LogisticRegression().fit(np.full((3, 2), np.nan), [0, 1, 0])
    model = LogisticRegression(solver="newton").fit(X, t)
    with pytest.raises(ValueError, match="fitted on 4"):
        model.predict(X[:, :3])
    with pytest.raises(ValueError, match="two labels"):
        loss_surface(X, np.arange(len(X)) % 3, np.zeros(4))
    with pytest.raises(ValueError, match=r"coef must have shape \(\.\.\., 4\)"):
        loss_surface(X, t, np.zeros(3))
    with pytest.raises(ValueError, match="lambdas"):
        regularization_path(X, t, [-1.0])


@pytest.mark.parametrize("link", ["probit", "logit"])
def test_fisher_scoring_and_the_informations_agree_with_statsmodels(link):
    """statsmodels' GLM with a Binomial family: its maximum likelihood weights, and its Hessian, observed and
    expected (the expected one is what its IRLS uses); the logit's two coincide, the probit's do not."""
    from lecture_utils.logistic import fisher_scoring, glm_information
    generator = np.random.default_rng(0)
    X = generator.normal(size=(200, 3))
    t = (generator.uniform(size=200) < special.expit(X @ [1.0, -0.5, 0.3] + 0.2)).astype(int)
    family = sm.families.Binomial(link=sm.families.links.Probit() if link == "probit" else sm.families.links.Logit())
    model = sm.GLM(t, np.column_stack([X, np.ones(200)]), family=family)
    reference = model.fit(tol=1e-13).params
    for method in ("fisher", "newton"):
        assert np.allclose(fisher_scoring(X, t, link, method), reference, rtol=0, atol=1e-8)
    w = fisher_scoring(X, t, link)
    for kind, observed in (("expected", False), ("observed", True)):
        assert np.allclose(glm_information(X, t, w, link, kind), -model.hessian(w, observed=observed), rtol=1e-10)
    difference = np.abs(glm_information(X, t, w, link, "expected") - glm_information(X, t, w, link, "observed")).max()
    assert (difference < 1e-12) if link == "logit" else (difference > 1e-2)


def test_the_logit_fisher_scoring_step_is_the_courses_irls_step():
    from lecture_utils.logistic import fisher_scoring
    generator = np.random.default_rng(1)
    X = generator.normal(size=(50, 2))
    t = (generator.uniform(size=50) < special.expit(X @ [1.0, -1.0])).astype(int)
    with pytest.warns(ConvergenceWarning):                               # one step: not converged
        step = fisher_scoring(X, t, "logit", max_iter=1)
    assert np.allclose(step, irls_step(X, t, np.zeros(3)), rtol=1e-12)


def test_the_laplace_posterior_agrees_with_sklearn_and_a_finite_difference_hessian():
    """w_MAP is scikit-learn's LogisticRegression(C = tau^2 = 1/alpha) (its intercept unpenalised, as our bias's
    prior is flat); S_N is the inverse of the Hessian of -log p(w | D) = sum of log losses + ||w||^2 / (2 tau^2)."""
    from lecture_utils.logistic import BayesianLogisticRegression
    from lecture_utils.optimization import numerical_hessian
    generator = np.random.default_rng(2)
    X = generator.normal(size=(40, 2))
    t = (generator.uniform(size=40) < special.expit(X @ [2.0, -1.0] + 0.5)).astype(int)
    for tau2 in (0.1, 1.0, 10.0):
        model = BayesianLogisticRegression(prior_variance=tau2).fit(X, t)
        reference = SklearnLogisticRegression(C=tau2, tol=1e-12, max_iter=10_000).fit(X, t)
        assert np.allclose(model.weights_, np.r_[reference.coef_.ravel(), reference.intercept_], rtol=0, atol=1e-7)
        objective = LogisticLoss(X, t)
        gradient = lambda w: len(t) * objective.gradient(w) + np.r_[w[:-1] / tau2, 0.0]
        assert np.allclose(model.covariance_, np.linalg.inv(numerical_hessian(gradient, model.weights_)), rtol=1e-6)


def test_the_probit_approximation_is_within_0_02_of_the_predictive_integral():
    """mpmath's quadrature of int sigma(a) N(a | mu, s^2) da at 30 digits; exact at mu = 0; the plug-in at s^2 = 0."""
    from lecture_utils.logistic import probit_approximation
    mpmath.mp.dps = 30
    for mu, variance in [(1.0, 5.3), (-3.0, 0.5), (4.0, 20.0), (0.5, 100.0), (8.0, 2.0)]:
        integral = mpmath.quad(lambda a: mpmath.npdf(a, mu, mpmath.sqrt(variance)) / (1 + mpmath.exp(-a)),
                               [-mpmath.inf, mu, mpmath.inf])
        assert abs(probit_approximation(mu, variance) - float(integral)) < 0.0185
    assert probit_approximation(0.0, 50.0) == 0.5
    assert probit_approximation(2.5, 0.0) == special.expit(2.5)


def test_the_laplace_predictive_matches_monte_carlo_over_the_gaussian_posterior():
    from lecture_utils.logistic import BayesianLogisticRegression
    generator = np.random.default_rng(3)
    X = generator.normal(size=(30, 1))
    t = (generator.uniform(size=30) < special.expit(2 * X[:, 0])).astype(int)
    model = BayesianLogisticRegression(prior_variance=4.0).fit(X, t)
    far = np.array([[-6.0], [0.0], [6.0]])
    draws = generator.multivariate_normal(model.weights_, model.covariance_, size=200_000)
    monte_carlo = special.expit(far * draws[:, 0] + draws[:, 1]).mean(axis=1)
    assert np.allclose(model.predict_proba(far)[:, 1], monte_carlo, atol=0.02)
    plug_in = model.predict_proba(far, moderated=False)[:, 1]
    assert np.all(np.abs(model.predict_proba(far)[:, 1] - 0.5) <= np.abs(plug_in - 0.5))    # towards 1/2, never across
    assert np.array_equal(model.predict(far), (plug_in > 0.5).astype(int))

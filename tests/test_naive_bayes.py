"""Tests of lecture_utils.naive_bayes against independent references.

References: scikit-learn's CategoricalNB (after OrdinalEncoder), BernoulliNB
(binarize=None) and GaussianNB (var_smoothing=0); its LinearDiscriminantAnalysis with
a diagonal covariance estimator for Gaussian Naive Bayes with shared variances; its
KBinsDiscretizer for quantile bins; its CategoricalNB and GaussianNB added for the
mixed model; exact rational arithmetic
(fractions.Fraction) for the play-tennis table written out by hand and for a
plain-Python Bayes' theorem over collections.Counter; mpmath (no underflow at
any precision) for 500 Gaussian features; scipy.stats.multivariate_normal for
Gaussian Naive Bayes as QDA with diagonal covariances; itertools for counting
the cells of full joint tables; scikit-learn's CountVectorizer for the binary
bag of words. Tolerances are relative and stated at each assertion.
"""

from __future__ import annotations

import itertools
import math
from fractions import Fraction

import mpmath
import numpy as np
import pytest
from hypothesis import assume, given, settings
from hypothesis import strategies as st
from scipy import stats
from scipy.special import logsumexp
from sklearn import naive_bayes as sk
from sklearn.discriminant_analysis import LinearDiscriminantAnalysis
from sklearn.feature_extraction.text import CountVectorizer
from sklearn.preprocessing import KBinsDiscretizer, OrdinalEncoder

from lecture_utils._base import log_posteriors
from lecture_utils.preprocessing import make_pipeline
from lecture_utils.datasets import load_play_tennis
from lecture_utils.discriminant import LDA
from lecture_utils.naive_bayes import (BernoulliNB, CategoricalNB, GaussianNB, MixedNB, MultinomialNB, QuantileBins,
                                      laplace_estimate, parameter_counts, word_counts, word_presence)

RNG_SEED = 20240707
QUERY = ["Sunny", "Hot", "Normal", "Weak"]          # the slides' query day x*


@pytest.fixture
def rng():
    return np.random.default_rng(RNG_SEED)


def exact_categorical_posterior(X, t, x, alpha) -> list[Fraction]:
    """``p(C_k | x)`` by Bayes' theorem in exact fractions, classes sorted: plain Python, no numpy."""
    alpha = Fraction(alpha)
    joint = []
    for c in sorted(set(t)):
        rows = [row for row, label in zip(X, t) if label == c]
        p = Fraction(len(rows), len(X))                                   # pi_k = n_k / N
        for j, value in enumerate(x):
            n_values = len({row[j] for row in X})                         # V_j
            n_kv = sum(row[j] == value for row in rows)
            p *= (n_kv + alpha) / (len(rows) + alpha * n_values)          # (n_kv + alpha) / (n_k + alpha V_j)
        joint.append(p)
    return [p / sum(joint) for p in joint]


def log_of(fraction: Fraction) -> float:
    """``log`` of a positive fraction too small for a float, through its integer numerator and denominator."""
    return math.log(fraction.numerator) - math.log(fraction.denominator)


# --------------------------------------------------------------------------
# The play-tennis example of Arias, UPC topic 2
# --------------------------------------------------------------------------


def test_play_tennis_tables_are_the_counts_read_off_the_slide():
    tennis = load_play_tennis()
    model = CategoricalNB(alpha=0).fit(tennis.X, tennis.y)
    assert model.classes_.tolist() == ["No", "Yes"]
    assert model.class_count_.tolist() == [5, 9]
    expected = {                              # rows No, Yes; columns in sorted order of the values
        "outlook": (["Overcast", "Rain", "Sunny"], [[0, 2, 3], [4, 3, 2]]),
        "temperature": (["Cool", "Hot", "Mild"], [[1, 2, 2], [3, 2, 4]]),
        "humidity": (["High", "Normal"], [[4, 1], [3, 6]]),
        "wind": (["Strong", "Weak"], [[3, 2], [3, 6]]),
    }
    for j, name in enumerate(tennis.feature_names):
        values, counts = expected[name.lower()]
        assert model.categories_[j].tolist() == values
        assert model.category_count_[j].tolist() == counts
        np.testing.assert_allclose(model.feature_prob_[j], np.array(counts) / [[5], [9]], rtol=1e-15)
    np.testing.assert_allclose(model.class_prior_, [5 / 14, 9 / 14], rtol=1e-15)


@pytest.mark.parametrize("alpha, no_factors, yes_factors, posterior_yes", [
    # alpha = 0, the counts of the table: No: Sunny 3/5, Hot 2/5, Normal 1/5, Weak 2/5;
    #                                     Yes: Sunny 2/9, Hot 2/9, Normal 6/9, Weak 6/9
    (0, [Fraction(3, 5), Fraction(2, 5), Fraction(1, 5), Fraction(2, 5)],
     [Fraction(2, 9), Fraction(2, 9), Fraction(6, 9), Fraction(6, 9)], Fraction(500, 743)),        # 0.67295
    # alpha = 1 with V = 3, 3, 2, 2 values: No: (3+1)/(5+3), (2+1)/(5+3), (1+1)/(5+2), (2+1)/(5+2);
    #                                      Yes: (2+1)/(9+3), (2+1)/(9+3), (6+1)/(9+2), (6+1)/(9+2)
    (1, [Fraction(4, 8), Fraction(3, 8), Fraction(2, 7), Fraction(3, 7)],
     [Fraction(3, 12), Fraction(3, 12), Fraction(7, 11), Fraction(7, 11)], Fraction(2401, 3611)),  # 0.66491
])
def test_play_tennis_query_against_the_hand_computation(alpha, no_factors, yes_factors, posterior_yes):
    no = Fraction(5, 14) * math.prod(no_factors)                          # p(x*, No) = pi_No prod_j p(x*_j | No)
    yes = Fraction(9, 14) * math.prod(yes_factors)
    assert yes / (yes + no) == posterior_yes
    tennis = load_play_tennis()
    model = CategoricalNB(alpha=alpha).fit(tennis.X, tennis.y)
    np.testing.assert_allclose(model.feature_factors(QUERY), np.array([no_factors, yes_factors], dtype=float),
                               rtol=1e-15)
    joint = model.class_prior_ * model.feature_factors(QUERY).prod(axis=1)
    np.testing.assert_allclose(joint, [float(no), float(yes)], rtol=1e-14)
    np.testing.assert_allclose(model.predict_proba([QUERY])[0], [float(1 - posterior_yes), float(posterior_yes)],
                               rtol=1e-14)
    assert model.predict([QUERY]).tolist() == ["Yes"]


def test_the_slides_posterior_0671_comes_from_joint_probabilities_rounded_to_four_decimals():
    # The slide's answer "Yes with probability 0.671"; the exact value is 500/743 = 0.673.
    yes, no = Fraction(8, 567), Fraction(6, 875)                        # 0.0141093..., 0.0068571...
    assert round(float(yes / (yes + no)), 3) == 0.673
    yes_rounded, no_rounded = round(float(yes), 4), round(float(no), 4)  # 0.0141, 0.0069
    assert round(yes_rounded / (yes_rounded + no_rounded), 3) == 0.671


def test_an_unseen_value_vetoes_a_class_without_smoothing_and_not_with_it():
    tennis = load_play_tennis()
    overcast_day = [["Overcast", "Hot", "Normal", "Weak"]]               # never Overcast on a No day
    unsmoothed = CategoricalNB(alpha=0).fit(tennis.X, tennis.y)
    assert unsmoothed.predict_proba(overcast_day).tolist() == [[0.0, 1.0]]
    assert unsmoothed.predict_log_proba(overcast_day).tolist() == [[-np.inf, 0.0]]
    assert unsmoothed.feature_factors(overcast_day[0])[0, 0] == 0.0
    smoothed = CategoricalNB(alpha=1).fit(tennis.X, tennis.y)
    expected = exact_categorical_posterior(tennis.X.tolist(), tennis.y.tolist(), overcast_day[0], 1)
    np.testing.assert_allclose(smoothed.predict_proba(overcast_day)[0], [float(p) for p in expected], rtol=1e-14)
    assert 0 < smoothed.predict_proba(overcast_day)[0, 0] < 1


@pytest.mark.parametrize("model, X, x", [
    (CategoricalNB(alpha=0), [["a", "x"], ["b", "y"]], [["a", "y"]]),
    (BernoulliNB(alpha=0), [[1, 0], [0, 1]], [[1, 1]]),
])
def test_every_class_vetoed_is_a_clear_error_not_nan(model, X, x):
    model.fit(X, [0, 1])
    for method in (model.predict_proba, model.predict_log_proba, model.predict, model.decision_function):
        with pytest.raises(ValueError, match="likelihood 0 under every class.*alpha > 0"):
            method(x)
    smoothed = type(model)(alpha=1).fit(X, [0, 1])
    np.testing.assert_allclose(smoothed.predict_proba(x), [[0.5, 0.5]], rtol=1e-15)   # symmetric by design


# --------------------------------------------------------------------------
# Parity with scikit-learn
# --------------------------------------------------------------------------


def assert_same_predictions(ours, theirs, X_ours, X_theirs, rtol):
    """Posteriors (relative tolerance ``rtol``), log-posteriors and labels of two fitted classifiers."""
    np.testing.assert_allclose(ours.predict_proba(X_ours), theirs.predict_proba(X_theirs), rtol=rtol, atol=1e-15)
    # atol: where log p(C_k | x) is about -1e-24, scikit-learn's is 0 (its normalisation absorbs it; ours, shifted
    # by the largest g_k first, keeps it: see test_log_posteriors_keep_the_digits_of_a_near_certain_class)
    np.testing.assert_allclose(ours.predict_log_proba(X_ours), theirs.predict_log_proba(X_theirs), rtol=rtol,
                               atol=1e-13)
    assert np.array_equal(ours.predict(X_ours), theirs.predict(X_theirs))


def categorical_data(rng, n_samples, n_values, n_classes=3):
    """Strings such as "v2" per feature, with class-dependent value frequencies."""
    t = rng.integers(n_classes, size=n_samples)
    columns = []
    for V in n_values:
        weights = rng.dirichlet(np.full(V, 4.0), size=n_classes)        # p(x_j = v | C_k)
        codes = np.array([rng.choice(V, p=weights[k]) for k in t])
        columns.append(np.array([f"v{code}" for code in codes]))
    return np.column_stack(columns), np.array(["cat", "dog", "emu"])[t]


@pytest.mark.parametrize("alpha", [0.0, 0.5, 1.0, 2.5])
def test_categorical_matches_scikit_learn_after_ordinal_encoding(rng, alpha):
    X, t = categorical_data(rng, 400, [2, 3, 4, 5, 3])
    X_test, _ = categorical_data(rng, 200, [2, 3, 4, 5, 3])
    ours = CategoricalNB(alpha=alpha).fit(X, t)
    encoder = OrdinalEncoder().fit(X)
    theirs = sk.CategoricalNB(alpha=alpha, force_alpha=True).fit(encoder.transform(X), t)
    if alpha == 0:
        assert min(n_kv.min() for n_kv in ours.category_count_) > 0    # no -inf to compare
    assert ours.classes_.tolist() == theirs.classes_.tolist()
    for j in range(X.shape[1]):
        assert ours.categories_[j].tolist() == encoder.categories_[j].tolist()
        np.testing.assert_array_equal(ours.category_count_[j], theirs.category_count_[j])
        np.testing.assert_allclose(ours.feature_log_prob_[j], theirs.feature_log_prob_[j], rtol=1e-13)
    np.testing.assert_allclose(np.log(ours.class_prior_), theirs.class_log_prior_, rtol=1e-14)
    assert_same_predictions(ours, theirs, X_test, encoder.transform(X_test), rtol=1e-12)


def binary_data(rng, n_samples, n_features, n_classes=3):
    t = rng.integers(n_classes, size=n_samples)
    p = rng.uniform(0.05, 0.95, size=(n_classes, n_features))          # p(x_j = 1 | C_k)
    return (rng.random((n_samples, n_features)) < p[t]).astype(int), t


@pytest.mark.parametrize("alpha", [0.1, 1.0, 3.0])
def test_bernoulli_matches_scikit_learn(rng, alpha):
    X, t = binary_data(rng, 300, 12)
    X_test, _ = binary_data(rng, 100, 12)
    ours = BernoulliNB(alpha=alpha).fit(X, t)
    theirs = sk.BernoulliNB(alpha=alpha, binarize=None).fit(X, t)
    np.testing.assert_array_equal(ours.feature_count_, theirs.feature_count_)
    np.testing.assert_array_equal(ours.class_count_, theirs.class_count_)
    np.testing.assert_allclose(ours.feature_log_prob_, theirs.feature_log_prob_, rtol=1e-13)
    assert_same_predictions(ours, theirs, X_test, X_test, rtol=1e-12)


def test_bernoulli_is_categorical_with_the_two_values_0_and_1(rng):
    X, t = binary_data(rng, 200, 8)
    X_test, _ = binary_data(rng, 50, 8)
    np.testing.assert_allclose(BernoulliNB(alpha=0.7).fit(X, t).predict_proba(X_test),
                               CategoricalNB(alpha=0.7).fit(X, t).predict_proba(X_test), rtol=1e-12)


def test_bernoulli_counts_absent_features_through_one_minus_p_and_is_linear_in_x(rng):
    # g_k(x) = log pi_k + sum_j [x_j log p_kj + (1 - x_j) log(1 - p_kj)]  (the slide's linear form)
    X, t = binary_data(rng, 200, 10)
    model = BernoulliNB(alpha=1.0).fit(X, t)
    n_k = np.bincount(t)
    p = (np.array([X[t == k].sum(axis=0) for k in range(3)]) + 1) / (n_k[:, None] + 2)
    w, b = np.log(p) - np.log1p(-p), np.log(n_k / len(t)) + np.log1p(-p).sum(axis=1)
    np.testing.assert_allclose(model.decision_function(X), X @ w.T + b, rtol=1e-12)
    nothing = np.zeros((1, 10))                            # every feature absent: only the (1 - p) factors
    np.testing.assert_allclose(model.decision_function(nothing)[0], b, rtol=1e-12)


def test_bernoulli_unsmoothed_factors_and_discriminants_agree_with_vetoes(rng):
    X, t = binary_data(rng, 12, 30)                                       # few examples: some p_kj are 0 or 1
    model = BernoulliNB(alpha=0).fit(X, t)
    p = model.feature_prob_
    assert np.any(p == 0) and np.any(p == 1)
    X_test, _ = binary_data(rng, 40, 30)
    for x in X_test:
        factors = model.feature_factors(x)
        np.testing.assert_allclose(factors, np.where(x == 1, p, 1 - p), rtol=1e-15)   # absent: 1 - p
        with np.errstate(divide="ignore"):
            expected = np.log(model.class_prior_) + np.log(factors).sum(axis=1)
        if np.all(np.isneginf(expected)):
            with pytest.raises(ValueError, match="every class"):
                model.decision_function([x])
        else:
            np.testing.assert_allclose(model.decision_function([x])[0], expected, rtol=1e-12)


def gaussian_data(rng, n_samples, n_features, n_classes=3):
    t = rng.integers(n_classes, size=n_samples)
    means = rng.normal(0, 1.5, size=(n_classes, n_features))
    scales = rng.uniform(0.5, 2.0, size=(n_classes, n_features))
    return means[t] + scales[t] * rng.normal(size=(n_samples, n_features)), t


@pytest.mark.parametrize("var_smoothing", [0.0, 1e-9, 1e-2])
def test_gaussian_matches_scikit_learn(rng, var_smoothing):
    X, t = gaussian_data(rng, 500, 7)
    X_test, _ = gaussian_data(rng, 200, 7)
    ours = GaussianNB(var_smoothing=var_smoothing).fit(X, t)
    theirs = sk.GaussianNB(var_smoothing=var_smoothing).fit(X, t)
    np.testing.assert_allclose(ours.means_, theirs.theta_, rtol=1e-13)
    np.testing.assert_allclose(ours.variances_, theirs.var_, rtol=1e-13)
    np.testing.assert_allclose(ours.class_prior_, theirs.class_prior_, rtol=1e-15)
    assert_same_predictions(ours, theirs, X_test, X_test, rtol=1e-10)


def test_gaussian_naive_bayes_is_qda_with_diagonal_covariances(rng):
    X, t = gaussian_data(rng, 300, 4)
    X[:, 1] += 0.8 * X[:, 0]                                              # correlated: NB keeps only the diagonal
    X_test, _ = gaussian_data(rng, 100, 4)
    model = GaussianNB().fit(X, t)
    log_joint = []
    for k in range(3):
        X_k = X[t == k]
        covariance = np.cov(X_k, rowvar=False, bias=True)                 # QDA's class covariance, MLE 1/n_k
        np.testing.assert_allclose(model.covariances_[k], np.diag(np.diag(covariance)), rtol=1e-12, atol=1e-15)
        density = stats.multivariate_normal(X_k.mean(axis=0), np.diag(np.diag(covariance)))
        log_joint.append(np.log(len(X_k) / len(X)) + density.logpdf(X_test))
    log_joint = np.column_stack(log_joint)
    np.testing.assert_allclose(model.decision_function(X_test), log_joint, rtol=1e-12)
    np.testing.assert_allclose(model.predict_log_proba(X_test), log_joint - logsumexp(log_joint, axis=1, keepdims=True),
                               rtol=1e-10, atol=1e-12)


@settings(max_examples=40, deadline=None)
@given(exponent=st.floats(-100, 100))
def test_gaussian_posteriors_do_not_change_with_the_units_even_extreme_ones(exponent):
    # Scaling every feature by c scales each sigma_kj by c: every class loses d log c, the posterior stays.
    rng = np.random.default_rng(RNG_SEED)
    X, t = gaussian_data(rng, 150, 5)
    X_test, _ = gaussian_data(rng, 50, 5)
    scale = 10.0 ** exponent
    reference = GaussianNB().fit(X, t).predict_proba(X_test)
    scaled = GaussianNB().fit(scale * X, t).predict_proba(scale * X_test)
    assert np.all(np.isfinite(scaled))
    np.testing.assert_allclose(scaled, reference, rtol=1e-8, atol=1e-13)


def test_gaussian_factors_are_the_univariate_densities(rng):
    X, t = gaussian_data(rng, 100, 3)
    model = GaussianNB().fit(X, t)
    x = X[0]
    expected = stats.norm.pdf(x, model.means_, np.sqrt(model.variances_))
    np.testing.assert_allclose(model.feature_factors(x), expected, rtol=1e-13)


# --------------------------------------------------------------------------
# Shared variances: LDA with a diagonal covariance, a linear log-odds
# --------------------------------------------------------------------------


class DiagonalCovariance:
    """For scikit-learn's LDA: each class's maximum-likelihood variances, its covariances dropped."""

    def fit(self, X):
        self.covariance_ = np.diag(X.var(axis=0))
        return self


def test_shared_variances_are_scikit_learns_lda_with_a_diagonal_covariance(rng):
    X, t = gaussian_data(rng, 400, 6)
    X_test, _ = gaussian_data(rng, 150, 6)
    ours = GaussianNB(shared_variance=True).fit(X, t)
    # scikit-learn pools the classes' covariances weighted by the priors N_k / N: the maximum likelihood
    theirs = LinearDiscriminantAnalysis(solver="lsqr", covariance_estimator=DiagonalCovariance()).fit(X, t)
    np.testing.assert_allclose(ours.variances_, np.tile(np.diag(theirs.covariance_), (3, 1)), rtol=1e-13)
    np.testing.assert_allclose(ours.means_, theirs.means_, rtol=1e-13)
    np.testing.assert_allclose(ours.predict_proba(X_test), theirs.predict_proba(X_test), rtol=1e-9, atol=1e-15)
    # scikit-learn's decision_function is g_k up to a constant per example: compare the differences
    g, d = ours.decision_function(X_test), theirs.decision_function(X_test)
    np.testing.assert_allclose(g - g[:, :1], d - d[:, :1], rtol=1e-10, atol=1e-10)


def test_the_shared_variance_is_the_pooled_maximum_likelihood_estimate_and_lda_divides_by_n_minus_k(rng):
    X, t = gaussian_data(rng, 90, 4)
    model = GaussianNB(shared_variance=True).fit(X, t)
    squares = sum(((X[t == k] - X[t == k].mean(axis=0)) ** 2).sum(axis=0) for k in range(3))   # within classes
    np.testing.assert_allclose(model.variances_[1], squares / len(t), rtol=1e-13)
    lda = LDA().fit(X, t)                                          # sum_k (N_k - 1) Sigma_k / (N - K)
    np.testing.assert_allclose(model.variances_[2], np.diag(lda.covariance_) * (len(t) - 3) / len(t), rtol=1e-12)


def test_with_shared_variances_the_log_odds_is_linear(rng):
    X, t = gaussian_data(rng, 200, 5, n_classes=2)
    model = GaussianNB(shared_variance=True).fit(X, t)
    mu, var, pi = model.means_, model.variances_[0], model.class_prior_
    w = (mu[1] - mu[0]) / var                                      # the x_j^2 / sigma_j^2 terms cancel
    b = np.log(pi[1] / pi[0]) - np.sum((mu[1] ** 2 - mu[0] ** 2) / (2 * var))
    X_test, _ = gaussian_data(rng, 100, 5, n_classes=2)
    g = model.decision_function(X_test)
    np.testing.assert_allclose(g[:, 1] - g[:, 0], X_test @ w + b, rtol=1e-10, atol=1e-10)
    per_class = GaussianNB().fit(X, t).decision_function(X_test)
    assert not np.allclose(per_class[:, 1] - per_class[:, 0], X_test @ w + b, rtol=1e-3)   # quadratic


def test_a_shared_variance_is_zero_only_if_the_feature_is_constant_in_every_class():
    X = [[0.0, 1.0], [1.0, 1.0], [2.0, 5.0], [3.0, 6.0]]          # feature 1 constant in class 0 only
    t = [0, 0, 1, 1]
    assert np.all(GaussianNB(shared_variance=True).fit(X, t).variances_ > 0)
    with pytest.raises(ValueError, match="Feature 1 of X is constant within every class.*var_smoothing > 0"):
        GaussianNB(shared_variance=True).fit([[0.0, 1.0], [1.0, 1.0], [2.0, 5.0], [3.0, 5.0]], t)
    with pytest.raises(TypeError, match="shared_variance must be True or False"):
        GaussianNB(shared_variance="yes").fit(X, t)


def test_var_smoothing_adds_the_same_amount_to_the_shared_variances(rng):
    X, t = gaussian_data(rng, 120, 3)
    plain, smoothed = (GaussianNB(var_smoothing=v, shared_variance=True).fit(X, t) for v in (0.0, 1e-2))
    np.testing.assert_allclose(smoothed.variances_ - plain.variances_, 1e-2 * X.var(axis=0).max(), rtol=1e-10)


# --------------------------------------------------------------------------
# Numeric features cut into bins
# --------------------------------------------------------------------------


@pytest.mark.parametrize("n_bins, n_samples", [(2, 40), (4, 100), (5, 35), (10, 200)])
def test_quantile_bins_of_distinct_values_are_scikit_learns_when_the_bins_divide_n(rng, n_bins, n_samples):
    # the same partition of the training values; scikit-learn cuts midway between two neighbouring values,
    # this class at the lower one, so only a new value between them may fall differently
    X = rng.normal(size=(n_samples, 3)) * [1.0, 1e-6, 1e6]
    ours = QuantileBins(n_bins).fit(X)
    theirs = KBinsDiscretizer(n_bins, encode="ordinal", strategy="quantile").fit(X)
    np.testing.assert_array_equal(ours.transform(X), theirs.transform(X))
    assert ours.n_bins_.tolist() == [n_bins] * 3
    assert np.all(np.bincount(ours.transform(X)[:, 0]) == n_samples // n_bins)


@settings(max_examples=60, deadline=None)
@given(values=st.lists(st.integers(-3, 3) | st.floats(-10, 10), min_size=1, max_size=40),
       n_bins=st.integers(2, 8))
def test_quantile_bins_hold_about_n_over_b_distinct_values_and_every_bin_a_training_value(values, n_bins):
    x = np.array(values, dtype=float)
    bins = QuantileBins(n_bins).fit(x[:, None])
    b = bins.transform(x[:, None])[:, 0]
    assert set(b.tolist()) == set(range(bins.n_bins_[0]))          # no empty bin: no unseen category
    order = np.argsort(x, kind="stable")
    assert np.all(np.diff(b[order]) >= 0)                          # larger values, later bins
    if len(set(values)) == len(values):                            # distinct values: equal frequencies
        counts = np.bincount(b, minlength=n_bins)
        assert bins.n_bins_[0] == min(n_bins, x.size) or x.size < n_bins
        assert counts.max() - counts.min() <= 1 or x.size < n_bins
    outside = bins.transform([[x.min() - 1], [x.max() + 1]])[:, 0]
    assert outside.tolist() == [0, bins.n_bins_[0] - 1]


def test_quantile_bins_cut_at_the_ceil_n_b_over_b_th_value_and_close_each_bin_on_the_right():
    x = np.array([[7.0], [1.0], [3.0], [5.0], [2.0], [6.0], [4.0]])            # 1 ... 7
    bins = QuantileBins(3).fit(x)
    assert bins.edges_[0].tolist() == [3.0, 5.0]                  # the 3rd and 5th smallest: ceil(7/3), ceil(14/3)
    assert bins.transform([[3.0], [3.5], [5.0], [5.01]]).ravel().tolist() == [0, 1, 1, 2]
    tied = QuantileBins(4).fit([[0.0]] * 6 + [[1.0], [2.0], [3.0], [9.0]])
    assert tied.edges_[0].tolist() == [0.0, 2.0] and tied.n_bins_.tolist() == [3]


def test_binned_features_in_categorical_naive_bayes_never_meet_an_unseen_bin(rng):
    X, t = gaussian_data(rng, 60, 4)
    X_new, _ = gaussian_data(rng, 500, 4)
    model = make_pipeline(QuantileBins(6), CategoricalNB(alpha=1)).fit(X, t)
    p = model.predict_proba(X_new * 3)                             # far beyond the training range too
    np.testing.assert_allclose(p.sum(axis=1), 1, rtol=1e-12)


def test_quantile_bins_refuse_bad_input():
    with pytest.raises(ValueError, match="n_bins must be at least 2"):
        QuantileBins(1).fit([[0.0], [1.0]])
    with pytest.raises(ValueError, match="not fitted yet"):
        QuantileBins().transform([[0.0]])
    with pytest.raises(ValueError, match="X has 2 features, but the model was fitted on 1"):
        QuantileBins(2).fit([[0.0], [1.0]]).transform([[0.0, 1.0]])


# --------------------------------------------------------------------------
# Mixed features: each part its own factor, the log-likelihoods added
# --------------------------------------------------------------------------


def mixed_data(rng, n_samples):
    """Columns: a Gaussian, a category (strings), a Gaussian, a category (integers); three classes."""
    X_gauss, t = gaussian_data(rng, n_samples, 2)
    codes = (X_gauss[:, :1] * 2 + rng.normal(size=(n_samples, 1))).round().clip(-2, 2).astype(int)
    words = np.array(["low", "mid", "high"])[np.minimum(rng.integers(2, size=n_samples) + t, 2)]
    X = np.empty((n_samples, 4), dtype=object)
    X[:, 0], X[:, 1], X[:, 2], X[:, 3] = X_gauss[:, 0], words, X_gauss[:, 1], codes[:, 0]
    return X, t


def test_mixed_naive_bayes_adds_scikit_learns_categorical_and_gaussian_log_likelihoods(rng):
    X, t = mixed_data(rng, 300)
    X_test = X[:60]
    ours = MixedNB([(CategoricalNB(alpha=0.5), [3, 1]), (GaussianNB(), [0, 2])]).fit(X, t)
    encoder = OrdinalEncoder().fit(X[:, [3, 1]])
    categorical = sk.CategoricalNB(alpha=0.5).fit(encoder.transform(X[:, [3, 1]]), t)
    gaussian = sk.GaussianNB(var_smoothing=0).fit(X[:, [0, 2]].astype(float), t)
    joint = (categorical.predict_joint_log_proba(encoder.transform(X_test[:, [3, 1]]))
             + gaussian.predict_joint_log_proba(X_test[:, [0, 2]].astype(float)) - categorical.class_log_prior_)
    np.testing.assert_allclose(ours.decision_function(X_test), joint, rtol=1e-12)
    np.testing.assert_allclose(ours.predict_log_proba(X_test), joint - logsumexp(joint, axis=1, keepdims=True),
                               rtol=1e-10, atol=1e-13)
    np.testing.assert_allclose(ours.class_prior_, gaussian.class_prior_, rtol=1e-15)


def test_mixed_naive_bayes_against_the_hand_computation_and_its_factors_in_column_order():
    # outlook (categorical), temperature in F (Gaussian), wind (categorical): 6 days
    X = [["Sunny", 85.0, "Weak"], ["Sunny", 80.0, "Strong"], ["Rain", 70.0, "Weak"],
         ["Rain", 65.0, "Strong"], ["Overcast", 64.0, "Strong"], ["Sunny", 69.0, "Weak"]]
    t = ["No", "No", "Yes", "No", "Yes", "Yes"]
    model = MixedNB([(GaussianNB(), [1]), (CategoricalNB(alpha=1), [2, 0])]).fit(X, t)
    day = ["Sunny", 72.0, "Strong"]
    # No: outlook Sunny 2 of 3, V = 3; wind Strong 2 of 3, V = 2; temperatures 85, 80, 65
    # Yes: Sunny 1 of 3; Strong 1 of 3; temperatures 70, 64, 69
    factors = {"No": [Fraction(2 + 1, 3 + 3), stats.norm.pdf(72, np.mean([85, 80, 65]), np.std([85, 80, 65])),
                      Fraction(2 + 1, 3 + 2)],
               "Yes": [Fraction(1 + 1, 3 + 3), stats.norm.pdf(72, np.mean([70, 64, 69]), np.std([70, 64, 69])),
                       Fraction(1 + 1, 3 + 2)]}
    np.testing.assert_allclose(model.feature_factors(day), [[float(f) for f in factors[c]] for c in ("No", "Yes")],
                               rtol=1e-13)
    joint = [0.5 * math.prod(float(f) for f in factors[c]) for c in ("No", "Yes")]
    np.testing.assert_allclose(model.predict_proba([day])[0], np.array(joint) / sum(joint), rtol=1e-12)


def test_mixed_naive_bayes_of_one_part_is_that_model(rng):
    X, t = gaussian_data(rng, 150, 3)
    np.testing.assert_allclose(MixedNB([(GaussianNB(shared_variance=True), [2, 0, 1])]).fit(X, t).predict_proba(X),
                               GaussianNB(shared_variance=True).fit(X, t).predict_proba(X), rtol=1e-12)


def test_changing_the_units_of_a_gaussian_feature_leaves_the_mixed_posterior_alone():
    # the densities of every class grow by the same factor 1.8, which Bayes' theorem cancels
    X_f = [["a", 85.0], ["b", 80.0], ["a", 70.0], ["b", 68.0], ["a", 65.0], ["b", 64.0], ["a", 72.0]]
    t = [0, 0, 1, 1, 0, 1, 1]
    X_c = [[c, (f - 32) / 1.8] for c, f in X_f]
    parts = [(CategoricalNB(alpha=1), [0]), (GaussianNB(), [1])]
    in_f, in_c = MixedNB(parts).fit(X_f, t), MixedNB(parts).fit(X_c, t)
    np.testing.assert_allclose(in_c.predict_proba([["a", 20.0]]), in_f.predict_proba([["a", 68.0]]), rtol=1e-12)
    np.testing.assert_allclose(in_c.feature_factors(["a", 20.0])[:, 1] / in_f.feature_factors(["a", 68.0])[:, 1],
                               1.8, rtol=1e-12)


@pytest.mark.parametrize("parts, error, message", [
    ("gaussian", TypeError, "parts must be a list of \\(model, columns\\) pairs"),
    ([], TypeError, "parts must be a list"),
    ([(GaussianNB(), [0, 2]), (CategoricalNB(), [1, 3, 3])], ValueError,
     r"columns missing \[\], given more than once \[3\], beyond X \[\]"),
    ([(GaussianNB(), [0, 2])], ValueError, r"columns missing \[1, 3\]"),
    ([(GaussianNB(), [0, 2]), (CategoricalNB(), [1, 2, 3])], ValueError, r"given more than once \[2\]"),
    ([(GaussianNB(), [0, 2, 4]), (CategoricalNB(), [1, 3])], ValueError, r"beyond X \[4\]"),
    ([(LDA(), [0, 2]), (CategoricalNB(), [1, 3])], TypeError, "each model a CategoricalNB, BernoulliNB or GaussianNB"),
    ([(GaussianNB(), ["a", "b"]), (CategoricalNB(), [1, 3])], TypeError, "columns of part 0 must be"),
    ([(GaussianNB(), [0, 1]), (CategoricalNB(), [2, 3])], TypeError,
     r"In the columns \[0, 1\] of X \(part 0 of parts.*X must be numeric"),
    ([(GaussianNB(), [0, 2]), (CategoricalNB(alpha=-1), [1, 3])], ValueError,
     r"In the columns \[1, 3\] of X.*alpha must be a finite number >= 0"),
])
def test_mixed_naive_bayes_names_bad_parts(rng, parts, error, message):
    X, t = mixed_data(rng, 30)
    with pytest.raises(error, match=message):
        MixedNB(parts).fit(X, t)


def test_mixed_naive_bayes_tells_a_bad_value_by_its_column_in_the_whole_x(rng):
    X, t = mixed_data(rng, 30)
    model = MixedNB([(GaussianNB(), [0, 2]), (CategoricalNB(), [1, 3])]).fit(X, t)
    x = X[:1].copy()
    x[0, 1] = "unheard of"
    with pytest.raises(ValueError, match=r"In the columns \[1, 3\] of X .*'unheard of' for feature 0"):
        model.predict(x)
    with pytest.raises(ValueError, match="X has 3 features, but the model was fitted on 4"):
        model.predict(X[:, :3])


# --------------------------------------------------------------------------
# Many features: log space never underflows
# --------------------------------------------------------------------------


def test_500_categorical_features_give_the_exact_posterior_where_the_product_underflows(rng):
    t = np.repeat(["a", "b"], 50)
    X = rng.integers(10, size=(100, 500))
    x = rng.integers(10, size=500)
    model = CategoricalNB(alpha=1.0).fit(X, t)
    assert np.all(model.class_prior_ * model.feature_factors(x).prod(axis=1) == 0)   # the naive product: 0 / 0
    exact = exact_categorical_posterior(X.tolist(), t.tolist(), x.tolist(), 1)
    np.testing.assert_allclose(model.predict_log_proba([x])[0], [log_of(p) for p in exact], rtol=1e-10, atol=1e-12)
    np.testing.assert_allclose(model.predict_proba([x])[0], [float(p) for p in exact], rtol=1e-9)


def test_500_bernoulli_features_give_the_exact_posterior(rng):
    X, t = binary_data(rng, 120, 500, n_classes=2)
    x = X[0]
    model = BernoulliNB(alpha=1.0).fit(X, t)
    assert np.all(model.class_prior_ * model.feature_factors(x).prod(axis=1) < 1e-100)
    exact = exact_categorical_posterior(X.tolist(), t.tolist(), x.tolist(), 1)   # V = 2: all values occur
    np.testing.assert_allclose(model.predict_log_proba([x])[0], [log_of(p) for p in exact], rtol=1e-10, atol=1e-12)


def test_500_gaussian_features_match_an_mpmath_posterior_where_the_product_underflows(rng):
    X = rng.normal(scale=3.0, size=(200, 500))            # densities near 0.1: their product is ~1e-500
    t = np.repeat([0, 1], 100)
    x = rng.normal(scale=3.0, size=500)
    model = GaussianNB().fit(X, t)
    reference = sk.GaussianNB(var_smoothing=0).fit(X, t)                 # parameters from scikit-learn
    assert np.all(model.class_prior_ * model.feature_factors(x).prod(axis=1) == 0)
    with mpmath.workdps(50):
        joint = [mpmath.mpf(reference.class_prior_[k]) *
                 mpmath.fprod(mpmath.npdf(x_j, mu, mpmath.sqrt(var))
                              for x_j, mu, var in zip(x, reference.theta_[k], reference.var_[k]))
                 for k in range(2)]
        posterior = [float(p / mpmath.fsum(joint)) for p in joint]
        log_posterior = [float(mpmath.log(p / mpmath.fsum(joint))) for p in joint]
    np.testing.assert_allclose(model.predict_proba([x])[0], posterior, rtol=1e-9)
    np.testing.assert_allclose(model.predict_log_proba([x])[0], log_posterior, rtol=1e-9, atol=1e-12)


# --------------------------------------------------------------------------
# Any hashable values, and exact posteriors on random tables
# --------------------------------------------------------------------------

VALUES = st.sampled_from([0, 1, 2, "a", "b", ("t", 1), None, 2.5])


@settings(max_examples=60, deadline=None)
@given(data=st.data(), n_features=st.integers(1, 3), alpha=st.sampled_from([0, 0.5, 1, 2]))
def test_posteriors_on_random_tables_of_mixed_values_are_exact(data, n_features, alpha):
    rows = data.draw(st.lists(st.lists(VALUES, min_size=n_features, max_size=n_features), min_size=2, max_size=12))
    t = data.draw(st.lists(st.sampled_from(["x", "y", "z"]), min_size=len(rows), max_size=len(rows)))
    assume(len(set(t)) >= 2)
    x = rows[data.draw(st.integers(0, len(rows) - 1))]    # a training row: its own class is never vetoed
    model = CategoricalNB(alpha=alpha).fit(rows, t)
    expected = exact_categorical_posterior(rows, t, x, alpha)
    np.testing.assert_allclose(model.predict_proba([x])[0], [float(p) for p in expected], rtol=1e-12, atol=1e-300)


def test_mixed_values_in_one_column_keep_their_order_of_first_appearance():
    X = [[3, "b"], ["a", "b"], [3, "c"], [None, "c"]]
    model = CategoricalNB().fit(X, [0, 0, 1, 1])
    assert model.categories_[0].tolist() == [3, "a", None]
    assert model.categories_[1].tolist() == ["b", "c"]
    assert model.category_count_[0].tolist() == [[1, 1, 0], [1, 0, 1]]


@pytest.mark.parametrize("dtype, values", [(np.int8, [-100, 0, 7, 100]), (np.uint8, [0, 3, 255]),
                                           (np.int64, [-10**12, 5, 10**12]), (bool, [False, True])])
def test_integer_features_of_any_dtype_and_range_give_the_exact_posterior(rng, dtype, values):
    X = rng.choice(np.array(values, dtype=dtype), size=(30, 3))
    t = rng.integers(2, size=30)
    model = CategoricalNB(alpha=0.5).fit(X, t)
    assert [c.tolist() for c in model.categories_] == [sorted(set(column.tolist())) for column in X.T]
    for x in X[:5]:
        expected = exact_categorical_posterior(X.tolist(), t.tolist(), x.tolist(), Fraction(1, 2))
        np.testing.assert_allclose(model.predict_proba([x])[0], [float(p) for p in expected], rtol=1e-13)


def test_an_array_and_a_list_of_the_same_values_agree():
    tennis = load_play_tennis()
    model = CategoricalNB().fit(tennis.X, tennis.y)
    from_list = CategoricalNB().fit(tennis.X.tolist(), tennis.y.tolist())
    np.testing.assert_array_equal(model.predict_proba(tennis.X), from_list.predict_proba(tennis.X.tolist()))


# --------------------------------------------------------------------------
# Unseen values and bad input
# --------------------------------------------------------------------------


@pytest.mark.parametrize("X, x, message", [
    (load_play_tennis().X, ["Foggy", "Hot", "Normal", "Weak"],
     r"value 'Foggy' for feature 0 .*seen for feature 0 are \['Overcast', 'Rain', 'Sunny'\]"),
    (load_play_tennis().X.tolist(), ["Sunny", "Hot", "Normal", "Calm"],
     r"value 'Calm' for feature 3 .*seen for feature 3 are \['Strong', 'Weak'\]"),
    (np.arange(14 * 4).reshape(14, 4) % 3, [0, 1, 7, 2], r"value 7 for feature 2 .*are \[0, 1, 2\]"),
    (load_play_tennis().X, [1, "Hot", "Normal", "Weak"], r"value 1 for feature 0"),
])
def test_an_unseen_value_is_a_value_error_naming_feature_value_and_seen_values(X, x, message):
    model = CategoricalNB().fit(X, load_play_tennis().y)
    for method in (model.predict, model.predict_proba):
        with pytest.raises(ValueError, match=message):
            method([x])
    with pytest.raises(ValueError, match=message):
        model.feature_factors(x)


def test_laplace_estimate_is_the_smoothed_frequency():
    counts = np.array([[0, 2, 3], [4, 3, 2]])
    np.testing.assert_allclose(laplace_estimate(counts, 1), [[1 / 8, 3 / 8, 4 / 8], [5 / 12, 4 / 12, 3 / 12]],
                               rtol=1e-15)
    np.testing.assert_allclose(laplace_estimate(counts, 0), [[0, 2 / 5, 3 / 5], [4 / 9, 3 / 9, 2 / 9]], rtol=1e-15)
    np.testing.assert_allclose(laplace_estimate([[0, 0]], 1), [[0.5, 0.5]])
    with pytest.raises(ValueError, match="0 / 0"):
        laplace_estimate([[0, 0], [1, 2]], 0)
    with pytest.raises(ValueError, match="counts must be >= 0"):
        laplace_estimate([[-1, 2]], 1)
    with pytest.raises(ValueError, match="alpha must be a finite number >= 0"):
        laplace_estimate([[1, 2]], -0.5)


TENNIS = load_play_tennis()


@pytest.mark.parametrize("model, X, t, error, message", [
    (CategoricalNB(), TENNIS.X[:, 0], TENNIS.y, ValueError, "X must be a 2-D array.*reshape"),
    (CategoricalNB(), [["a", "b"], ["c"]], [0, 1], ValueError, "rows have different lengths"),
    (CategoricalNB(), TENNIS.X, TENNIS.y[:-1], ValueError, "t has 13 labels but X has 14 samples"),
    (CategoricalNB(), [["a", np.nan], ["b", "c"]], [0, 1], ValueError, "X contains nan.*row 0, feature 1"),
    (CategoricalNB(), np.array([[1.0, np.nan], [2.0, 3.0]]), [0, 1], ValueError, "X contains nan"),
    (CategoricalNB(), TENNIS.X, ["Yes"] * 14, ValueError, "t must contain at least 2 different labels"),
    (CategoricalNB(alpha=-1), TENNIS.X, TENNIS.y, ValueError, "alpha must be a finite number >= 0"),
    (CategoricalNB(alpha="1"), TENNIS.X, TENNIS.y, TypeError, "alpha must be a number >= 0"),
    (BernoulliNB(), [[0, 1], [2, 0]], [0, 1], ValueError,
     r"X must contain only the Bernoulli outcomes 0 and 1; got also the values \[2.0\].*Binarise"),
    (BernoulliNB(), [[0, 1], [0.5, 0]], [0, 1], ValueError, r"got also the values \[0.5\]"),
    (BernoulliNB(), [["a", "b"], ["c", "d"]], [0, 1], TypeError, "X must be numeric"),
    (BernoulliNB(), [[0, 1], [1, 0]], [0, 0], ValueError, "at least 2 different labels"),
    (BernoulliNB(alpha=-0.1), [[0, 1], [1, 0]], [0, 1], ValueError, "alpha must be a finite number >= 0"),
    (GaussianNB(), [[0.0, 1.0], [np.inf, 0.0]], [0, 1], ValueError, "X contains nan or infinite"),
    (GaussianNB(), [1.0, 2.0, 3.0], [0, 1, 1], ValueError, "X must be a 2-D array"),
    (GaussianNB(), [[0.0, 1.0], [1.0, 1.0], [2.0, 5.0], [3.0, 6.0]], [0, 0, 1, 1], ValueError,
     r"Feature 1 of X is constant \(= 1\) over the 2 example\(s\) of class 0.*var_smoothing > 0"),
    (GaussianNB(), [[0.0], [1.0], [2.0]], [0, 0, 1], ValueError, "over the 1 example"),
    (GaussianNB(var_smoothing=-1e-9), [[0.0], [1.0]], [0, 1], ValueError, "var_smoothing must be"),
])
def test_bad_input_is_named(model, X, t, error, message):
    with pytest.raises(error, match=message):
        model.fit(X, t)


@pytest.mark.parametrize("model, X, bad", [
    (CategoricalNB(), TENNIS.X, TENNIS.X[:, :3]),
    (BernoulliNB(), [[0, 1, 1], [1, 0, 0]], [[0, 1]]),
    (GaussianNB(), [[0.0, 1.0, 2.0], [1.0, 0.0, 4.0], [2.0, 3.0, 1.0], [0.5, 2.0, 2.0]], [[0.0, 1.0]]),
])
def test_prediction_checks_the_number_of_features_and_fitting(model, X, bad):
    t = TENNIS.y if len(X) == 14 else [0, 1] * (len(X) // 2)
    for method, argument in ((model.predict_proba, X), (model.predict, X), (model.decision_function, X),
                             (model.feature_factors, np.asarray(X)[0])):
        with pytest.raises(ValueError, match="not fitted yet"):
            method(argument)
    model.fit(X, t)
    with pytest.raises(ValueError, match="X has [23] features, but the model was fitted on [34]"):
        model.predict(bad)
    with pytest.raises(ValueError, match="x must be one example"):
        model.feature_factors(np.asarray(X)[:2])


def test_bernoulli_prediction_rejects_non_binary_input():
    model = BernoulliNB().fit([[0, 1], [1, 0]], [0, 1])
    with pytest.raises(ValueError, match=r"X must contain only the Bernoulli outcomes.*\[3.0\]"):
        model.predict([[3, 0]])


def test_gaussian_far_outliers_stay_finite_or_raise_clearly(rng):
    X, t = gaussian_data(rng, 200, 2)
    model = GaussianNB().fit(X, t)
    far = model.predict_proba([[1e10, -1e10]])
    assert np.all(np.isfinite(far)) and far.sum() == pytest.approx(1, rel=1e-12)
    with pytest.raises(ValueError, match="likelihood 0 under every class.*outliers"):
        model.predict_proba([[1e200, 0.0]])


def test_repr_shows_the_parameters():
    assert repr(CategoricalNB(alpha=0)) == "CategoricalNB(alpha=0)"
    assert repr(BernoulliNB()) == "BernoulliNB(alpha=1.0)"
    assert repr(GaussianNB()) == "GaussianNB(var_smoothing=0.0, shared_variance=False)"


def test_a_failed_fit_leaves_the_model_unfitted():
    model = GaussianNB().fit([[0.0], [1.0], [2.0], [4.0]], [0, 0, 1, 1])
    with pytest.raises(ValueError, match="constant"):
        model.fit([[0.0], [0.0], [2.0], [4.0]], [0, 0, 1, 1])
    with pytest.raises(ValueError, match="not fitted yet"):
        model.predict([[1.0]])


# --------------------------------------------------------------------------
# Counting parameters, and words as binary features
# --------------------------------------------------------------------------


@pytest.mark.parametrize("n_values, n_classes", [([3, 3, 2, 2], 2), ([2] * 10, 2), ([4], 3), ([1, 5, 2], 4)])
def test_parameter_counts_count_the_free_cells_of_the_tables(n_values, n_classes):
    cells = list(itertools.product(*[range(v) for v in n_values]))       # every combination of values
    # each distribution over m outcomes has m - 1 free numbers: one per class, plus the K - 1 priors
    joint = n_classes * (len(cells) - 1) + n_classes - 1
    # the tables Naive Bayes fits on data showing every combination in every class
    X = np.array(cells * n_classes)
    model = CategoricalNB().fit(X, np.repeat(np.arange(n_classes), len(cells)))
    naive = sum(p.size - p.shape[0] for p in model.feature_prob_) + model.class_prior_.size - 1
    assert parameter_counts(n_values, n_classes) == {"joint": joint, "naive": naive}


def test_play_tennis_needs_71_numbers_in_full_and_13_naively():
    # Outlook 3 values, temperature 3, humidity 2, wind 2: 36 cells, 35 free per class
    assert parameter_counts([3, 3, 2, 2], 2) == {"joint": 71, "naive": 13}
    model = CategoricalNB().fit(TENNIS.X, TENNIS.y)
    fitted = sum(p.shape[0] * (p.shape[1] - 1) for p in model.feature_prob_) + model.class_prior_.size - 1
    assert fitted == 13


DOCUMENTS = ["Win a FREE prize, win now!", "don't miss the meeting", "", "the prize: the meeting's minutes"]


def test_word_presence_is_scikit_learns_binary_count_vectorizer():
    X, vocabulary = word_presence(DOCUMENTS)
    reference = CountVectorizer(binary=True, token_pattern=r"[a-z]+(?:'[a-z]+)*").fit(DOCUMENTS)
    assert vocabulary == tuple(reference.get_feature_names_out())
    np.testing.assert_array_equal(X, reference.transform(DOCUMENTS).toarray())
    assert "don't" in vocabulary and "meeting's" in vocabulary and set(X.ravel()) == {0, 1}


def test_word_presence_keeps_a_given_vocabulary_and_ignores_other_words():
    X, vocabulary = word_presence(DOCUMENTS, vocabulary=["prize", "lunch", "win"])
    assert vocabulary == ("prize", "lunch", "win")
    np.testing.assert_array_equal(X, [[1, 0, 1], [0, 0, 0], [0, 0, 0], [1, 0, 0]])
    assert word_presence([], vocabulary=["a"])[0].shape == (0, 1)


@pytest.mark.parametrize("call, error, message", [
    (lambda: word_presence("free money"), TypeError, "documents must be a list of strings"),
    (lambda: word_presence(["free", 3]), TypeError, "documents must be a list of strings"),
    (lambda: word_presence(["free"], vocabulary="free"), TypeError, "vocabulary must be a list of words"),
    (lambda: parameter_counts([3, 0], 2), ValueError, "n_values must be an integer >= 1"),
    (lambda: parameter_counts([3, 2], 1.5), TypeError, "n_classes must be an integer"),
])
def test_bad_documents_and_counts_are_named(call, error, message):
    with pytest.raises(error, match=message):
        call()


@settings(max_examples=100, deadline=None)
@given(st.lists(st.floats(-50, 50), min_size=2, max_size=6), st.floats(-1e4, 1e4))
def test_log_posteriors_are_bayes_theorem_and_ignore_a_common_shift(g, shift):
    g = np.array([g])
    expected = np.exp(g) / np.exp(g).sum()                    # no underflow for |g| <= 50
    np.testing.assert_allclose(np.exp(log_posteriors(g)), expected, rtol=1e-12, atol=1e-300)
    # p(x, C_k) e^shift: the posteriors do not change, even where e^(g + shift) under- or overflows
    np.testing.assert_allclose(log_posteriors(g + shift), log_posteriors(g), rtol=1e-9, atol=1e-9)


def test_log_posteriors_keep_the_digits_of_a_near_certain_class():
    g = np.array([[0.0, -60.0, -70.0], [-1e300, -1e300, -2e300]])
    with mpmath.workdps(50):                                   # log p_0 = -log(1 + e^-60 + e^-70), about -8.8e-27
        exact = [float(mpmath.mpf(0) - mpmath.log(1 + mpmath.exp(-60) + mpmath.exp(-70))),
                 float(mpmath.mpf(-60) - mpmath.log(1 + mpmath.exp(-60) + mpmath.exp(-70)))]
    np.testing.assert_allclose(log_posteriors(g[:1])[0, :2], exact, rtol=1e-14)
    # g_k of size 1e300, two tied: the posteriors are 1/2, 1/2 and 0 (a log-sum-exp of size 1e300 absorbs log 2)
    np.testing.assert_allclose(np.exp(log_posteriors(g[1:])), [[0.5, 0.5, 0.0]], rtol=1e-15)


def test_log_posteriors_of_a_vetoed_class_and_bad_shapes():
    got = log_posteriors([[-np.inf, -1000.0, -1000.0 - np.log(3)]])
    np.testing.assert_allclose(got, [[-np.inf, np.log(3 / 4), np.log(1 / 4)]], rtol=1e-12)
    with pytest.raises(ValueError, match="log_joint must be a 2-D array"):
        log_posteriors([-1.0, -2.0])


# ---------------------------------------------------------------- the multinomial model (counts of words)

def count_data(rng, n_samples, n_words, n_classes=3):
    """Documents of 5 to 30 words, each drawn from its class's distribution over the vocabulary."""
    theta = rng.dirichlet(np.full(n_words, 0.5), size=n_classes)
    t = rng.integers(0, n_classes, n_samples)
    lengths = rng.integers(5, 31, n_samples)
    return np.array([rng.multinomial(L, theta[k]) for L, k in zip(lengths, t)]), t


@pytest.mark.parametrize("alpha", [1e-10, 0.1, 1.0, 3.0])
def test_multinomial_matches_scikit_learn(rng, alpha):
    X, t = count_data(rng, 300, 15)
    X_test, _ = count_data(rng, 100, 15)
    ours = MultinomialNB(alpha=alpha).fit(X, t)
    theirs = sk.MultinomialNB(alpha=alpha, force_alpha=True).fit(X, t)
    for counted in ("feature_count_", "class_count_"):                       # N_kj and N_k, exactly
        assert np.array_equal(getattr(ours, counted), getattr(theirs, counted)), counted
    np.testing.assert_allclose(ours.feature_log_prob_, theirs.feature_log_prob_, rtol=1e-12)
    np.testing.assert_allclose(ours.decision_function(X_test), theirs.predict_joint_log_proba(X_test), rtol=1e-12)
    assert_same_predictions(ours, theirs, X_test, X_test, rtol=1e-11)


def test_multinomial_theta_is_the_smoothed_share_of_each_word_and_absent_words_count_nothing(rng):
    X, t = count_data(rng, 60, 8, n_classes=2)
    model = MultinomialNB(alpha=0.5).fit(X, t)
    n_kj = np.array([X[t == k].sum(axis=0) for k in range(2)])
    theta = (n_kj + 0.5) / (n_kj.sum(axis=1, keepdims=True) + 0.5 * 8)
    np.testing.assert_allclose(model.feature_prob_, theta, rtol=1e-13)
    np.testing.assert_allclose(model.feature_prob_.sum(axis=1), 1, rtol=1e-13)
    np.testing.assert_allclose(model.decision_function(X), np.log(model.class_prior_) + X @ np.log(theta).T,
                               rtol=1e-12)
    # an empty document gets its prior: every factor theta^0 = 1
    np.testing.assert_allclose(model.predict_proba(np.zeros((1, 8)))[0], model.class_prior_, rtol=1e-13)
    np.testing.assert_allclose(model.feature_factors(X[0]), theta ** X[0], rtol=1e-13)


def test_multinomial_posterior_is_the_full_multinomial_likelihoods_by_bayes(rng):
    # the multinomial coefficient L! / prod x_j! is common to the classes, so leaving it out changes nothing
    X, t = count_data(rng, 80, 6, n_classes=2)
    model = MultinomialNB(alpha=1.0).fit(X, t)
    joint = np.array([[np.log(model.class_prior_[k]) + stats.multinomial.logpmf(x, x.sum(), model.feature_prob_[k])
                       for k in range(2)] for x in X[:10]])
    np.testing.assert_allclose(model.predict_log_proba(X[:10]), joint - logsumexp(joint, axis=1, keepdims=True),
                               rtol=1e-10, atol=1e-12)


def test_unsmoothed_multinomial_vetoes_a_class_only_for_a_word_it_never_saw_that_occurs():
    model = MultinomialNB(alpha=0).fit([[2, 0, 1], [0, 3, 1]], ["a", "b"])
    # theta_a = (2/3, 0, 1/3), theta_b = (0, 3/4, 1/4): two of the shared word give (1/9) : (1/16)
    np.testing.assert_allclose(model.predict_proba([[1, 0, 4], [0, 0, 2], [0, 1, 0]]),
                               [[1, 0], [16 / 25, 9 / 25], [0, 1]], rtol=1e-13)
    with pytest.raises(ValueError, match="alpha"):
        model.predict_proba([[1, 1, 0]])
    with pytest.raises(ValueError, match="counts >= 0"):
        MultinomialNB().fit([[1, -1], [0, 2]], [0, 1])


def test_word_counts_are_scikit_learns_count_vectorizer_and_presence_is_their_sign():
    documents = ["Free money, free!", "See you at lunch", "don't miss the free lunch, FREE"]
    pattern = r"[a-z]+(?:'[a-z]+)*"
    counts, vocabulary = word_counts(documents)
    vectorizer = CountVectorizer(token_pattern=pattern)
    np.testing.assert_array_equal(counts, vectorizer.fit_transform(documents).toarray())
    assert list(vocabulary) == list(vectorizer.get_feature_names_out())
    presence, same = word_presence(documents)
    assert same == vocabulary and np.array_equal(presence, np.minimum(counts, 1))
    assert word_counts(["free free lunch"], ["lunch", "free", "money"])[0].tolist() == [[1, 2, 0]]

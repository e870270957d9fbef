"""Tests of lecture_utils.discriminant against independent references.

References: scipy.stats.multivariate_normal (log-densities of known
Gaussians), scipy.spatial.distance.mahalanobis, numpy's np.cov with ddof=1
for the unbiased class covariances, scikit-learn's LinearDiscriminantAnalysis
and QuadraticDiscriminantAnalysis (their covariance conventions accounted for
explicitly, see below), the logistic sigmoid and softmax of scipy.special, and
hand counts. Posteriors agree to 1e-10 or better unless a tolerance says otherwise.

scikit-learn's conventions: LDA's ``covariance_`` is the prior-weighted sum of
the biased class covariances, ``sum_k (N_k / N)(1 / N_k) S_k = S_W / N``, so it
is ours times ``(N - K) / N``; QDA's class covariances (default solver ``"svd"``) are
``1 / N_k`` estimates from version 1.9.1 on and ``1 / (N_k - 1)`` up to 1.9.0 (scikit-learn
pull request 33626, read in the 1.8.0, 1.9.0 and 1.9.1 wheels).
"""

from __future__ import annotations

import numpy as np
import pytest
import sklearn
from hypothesis import given, settings
from hypothesis import strategies as st
from packaging.version import Version
from scipy import stats
from scipy.spatial.distance import mahalanobis
from scipy.special import expit, log_softmax, softmax
from sklearn.discriminant_analysis import LinearDiscriminantAnalysis, QuadraticDiscriminantAnalysis

from lecture_utils import discriminant
from lecture_utils.datasets import load_iris, make_gaussian_classes
from lecture_utils.discriminant import LDA, QDA, RDA

SKLEARN_QDA_DDOF = 0 if Version(sklearn.__version__) >= Version("1.9.1") else 1

MEANS = np.array([[0.0, 0.0, 1.0], [2.0, -1.0, 0.5], [-1.0, 2.0, -0.5]])
COVARIANCES = np.array([[[1.0, 0.3, 0.1], [0.3, 2.0, -0.4], [0.1, -0.4, 0.7]],
                        [[0.5, -0.2, 0.0], [-0.2, 0.8, 0.3], [0.0, 0.3, 1.5]],
                        [[2.0, 0.9, 0.4], [0.9, 1.2, 0.0], [0.4, 0.0, 0.9]]])
PRIORS = np.array([0.2, 0.5, 0.3])


def three_classes(counts=(40, 70, 55), random_state=0):
    data = make_gaussian_classes(MEANS, COVARIANCES, list(counts), random_state=random_state)
    return data.X, data.y


def two_classes(random_state=1):
    data = make_gaussian_classes(MEANS[:2], COVARIANCES[:2], [60, 45], random_state=random_state)
    return data.X, data.y


def scipy_joint(X, means, covariances, priors):
    """log pi_k + log N(x; mu_k, Sigma_k) from scipy, shape (n, K)."""
    return np.column_stack([np.log(p) + stats.multivariate_normal(m, c).logpdf(X)
                            for m, c, p in zip(means, covariances, priors)])


# --------------------------------------------------------------------------
# Known parameters: the true Bayes classifier
# --------------------------------------------------------------------------


def test_joint_log_likelihood_of_known_gaussians_matches_scipy():
    X, _ = three_classes()
    np.testing.assert_allclose(discriminant.gaussian_joint_log_likelihood(X, MEANS, COVARIANCES, PRIORS),
                               scipy_joint(X, MEANS, COVARIANCES, PRIORS), rtol=1e-12)
    shared = discriminant.gaussian_joint_log_likelihood(X, MEANS, COVARIANCES[1], PRIORS)
    np.testing.assert_allclose(shared, scipy_joint(X, MEANS, [COVARIANCES[1]] * 3, PRIORS), rtol=1e-12)


def test_posterior_of_known_gaussians_is_bayes_theorem_with_scipy_densities():
    X, _ = three_classes()
    joint = np.column_stack([p * stats.multivariate_normal(m, c).pdf(X) for m, c, p in zip(MEANS, COVARIANCES, PRIORS)])
    np.testing.assert_allclose(discriminant.gaussian_posterior(X, MEANS, COVARIANCES, PRIORS),
                               joint / joint.sum(axis=1, keepdims=True), rtol=1e-11)


def test_posterior_stays_finite_where_every_density_underflows():
    far = np.array([[60.0, -80.0, 45.0], [1e4, 1e4, -1e4]])
    assert np.all(stats.multivariate_normal(MEANS[0], COVARIANCES[0]).pdf(far) == 0)
    posterior = discriminant.gaussian_posterior(far, MEANS, COVARIANCES, PRIORS)
    np.testing.assert_allclose(posterior, softmax(scipy_joint(far, MEANS, COVARIANCES, PRIORS), axis=1),
                               rtol=1e-9, atol=1e-300)
    assert np.all(np.isfinite(posterior)) and np.allclose(posterior.sum(axis=1), 1)


@settings(max_examples=50, deadline=None)
@given(x=st.lists(st.floats(-1e6, 1e6), min_size=3, max_size=3))
def test_fitted_posteriors_are_finite_and_normalised_for_extreme_inputs(x):
    X, t = three_classes()
    for model in (LDA(), QDA(), RDA(0.5, 0.1)):
        log_posterior = model.fit(X, t).predict_log_proba([x])
        assert np.all(np.isfinite(log_posterior) | (log_posterior == -np.inf))
        assert np.exp(log_posterior).sum() == pytest.approx(1.0, rel=1e-12)


def test_mahalanobis_distance_matches_scipy():
    X, _ = three_classes()
    inverse = np.linalg.inv(COVARIANCES[2])
    expected = [mahalanobis(x, MEANS[2], inverse) for x in X]
    np.testing.assert_allclose(discriminant.mahalanobis_distance(X, MEANS[2], COVARIANCES[2]), expected, rtol=1e-10)


@given(x=st.lists(st.floats(-50, 50), min_size=2, max_size=2))
def test_spherical_covariance_and_equal_priors_give_the_nearest_mean(x):
    means = np.array([[0.0, 0.0], [3.0, 1.0], [-2.0, 4.0]])
    distances = np.linalg.norm(means - np.array(x), axis=1)
    if np.sort(distances)[1] - distances.min() > 1e-6:       # no near-tie
        posterior = discriminant.gaussian_posterior([x], means, 2.5 * np.eye(2), np.full(3, 1 / 3))
        assert np.argmax(posterior) == np.argmin(distances)


# --------------------------------------------------------------------------
# Estimates
# --------------------------------------------------------------------------


@pytest.mark.parametrize("spreads, angle", [((2.0, 0.5), 0.3), ((1.0, 3.0), -1.2), ((0.7, 0.7), 2.0)])
def test_covariance_from_axes_has_the_spreads_as_standard_deviations_along_the_turned_axes(spreads, angle):
    covariance = discriminant.covariance_from_axes(spreads, angle)
    axis = np.array([np.cos(angle), np.sin(angle)])
    normal = np.array([-np.sin(angle), np.cos(angle)])
    # the variance of x along a unit vector u is u^T Sigma u; the two axes are uncorrelated
    assert axis @ covariance @ axis == pytest.approx(spreads[0] ** 2, rel=1e-12)
    assert normal @ covariance @ normal == pytest.approx(spreads[1] ** 2, rel=1e-12)
    assert axis @ covariance @ normal == pytest.approx(0.0, abs=1e-12)
    np.testing.assert_allclose(np.linalg.eigvalsh(covariance), np.sort(np.square(spreads)), rtol=1e-12)


def test_covariance_from_axes_by_hand():
    # a quarter turn swaps the axes; 45 degrees with spreads (2, 1) gives [[2.5, 1.5], [1.5, 2.5]]
    np.testing.assert_allclose(discriminant.covariance_from_axes([2, 1], np.pi / 2), [[1, 0], [0, 4]], atol=1e-12)
    np.testing.assert_allclose(discriminant.covariance_from_axes([2, 1], np.pi / 4), [[2.5, 1.5], [1.5, 2.5]],
                               rtol=1e-12)


def test_estimates_are_the_lectures_formulas_computed_with_numpy():
    X, t = three_classes()
    model = QDA().fit(X, t)
    counts = np.array([np.sum(t == k) for k in range(3)])
    class_covariances = np.array([np.cov(X[t == k], rowvar=False, ddof=1) for k in range(3)])   # 1 / (N_k - 1)
    np.testing.assert_array_equal(model.classes_, [0, 1, 2])
    np.testing.assert_array_equal(model.class_count_, counts)
    np.testing.assert_allclose(model.priors_, counts / len(t), rtol=1e-15)
    np.testing.assert_allclose(model.means_, [X[t == k].mean(axis=0) for k in range(3)], rtol=1e-13)
    np.testing.assert_allclose(model.covariances_, class_covariances, rtol=1e-12)
    pooled = sum((n_k - 1) * c for n_k, c in zip(counts, class_covariances)) / (len(t) - 3)   # N - K
    np.testing.assert_allclose(model.covariance_, pooled, rtol=1e-12)
    np.testing.assert_allclose(discriminant.pooled_covariance(class_covariances, counts), pooled, rtol=1e-12)
    # the slide's n - n_k would give a different matrix for every k: N - K is the unbiased one
    assert not np.allclose(model.covariance_, pooled * (len(t) - 3) / (len(t) - counts[0]))


def test_pooled_covariance_is_unbiased_for_a_shared_covariance():
    # Average over many seeded samples of three classes with one covariance: E[Sigma_pooled] = Sigma.
    covariance = COVARIANCES[0]
    rng = np.random.default_rng(5)
    estimates = [LDA().fit(*_shared_covariance_sample(covariance, rng)).covariance_ for _ in range(500)]
    standard_error = np.std(estimates, axis=0) / np.sqrt(len(estimates))
    assert np.all(np.abs(np.mean(estimates, axis=0) - covariance) < 4 * standard_error + 1e-12)


def _shared_covariance_sample(covariance, rng):
    counts = [3, 4, 5]                     # small classes: 1/N or 1/(N - 1) would be visibly biased
    X = np.vstack([rng.multivariate_normal(mean, covariance, n) for mean, n in zip(MEANS, counts)])
    return X, np.repeat([0, 1, 2], counts)


def test_fitted_posteriors_match_scipy_with_the_fitted_parameters():
    X, t = three_classes()
    queries = three_classes(random_state=9)[0]
    qda, lda = QDA().fit(X, t), LDA().fit(X, t)
    np.testing.assert_allclose(qda.predict_log_proba(queries),
                               log_softmax(scipy_joint(queries, qda.means_, qda.covariances_, qda.priors_), axis=1),
                               rtol=1e-10, atol=1e-12)
    np.testing.assert_allclose(lda.predict_log_proba(queries),
                               log_softmax(scipy_joint(queries, lda.means_, [lda.covariance_] * 3, lda.priors_),
                                           axis=1), rtol=1e-10, atol=1e-12)
    np.testing.assert_allclose(qda.decision_function(queries),
                               scipy_joint(queries, qda.means_, qda.covariances_, qda.priors_), rtol=1e-12)


def test_user_priors_replace_the_class_frequencies():
    X, t = three_classes()
    model = QDA(priors=PRIORS).fit(X, t)
    np.testing.assert_array_equal(model.priors_, PRIORS)
    np.testing.assert_allclose(model.predict_proba(X),
                               softmax(scipy_joint(X, model.means_, model.covariances_, PRIORS), axis=1), rtol=1e-10)


def test_any_labels_are_classes_and_predictions_use_them():
    X, t = two_classes()
    labels = np.array(["healthy", "sick"])[t]
    for model in (LDA(), QDA(), RDA(0.5, 0.5)):
        model.fit(X, labels)
        assert model.classes_.tolist() == ["healthy", "sick"]
        assert set(model.predict(X)) <= {"healthy", "sick"}
        assert model.score(X, labels) == np.mean(model.predict(X) == labels)


# --------------------------------------------------------------------------
# scikit-learn, with its covariance conventions accounted for
# --------------------------------------------------------------------------


class _ScaledEmpiricalCovariance:
    """A covariance estimator for scikit-learn: the biased ``1 / N_k`` covariance times ``factor``."""

    def __init__(self, factor=1.0, ddof=0):
        self.factor, self.ddof = factor, ddof

    def get_params(self, deep=True):
        return {"factor": self.factor, "ddof": self.ddof}

    def fit(self, X, y=None):
        self.covariance_ = self.factor * np.cov(X, rowvar=False, ddof=self.ddof)
        return self


@pytest.mark.parametrize("data", [three_classes, two_classes])
def test_qda_matches_scikit_learn_with_its_covariance_convention(data):
    X, t = data()
    ours = QDA().fit(X, t)
    theirs = QuadraticDiscriminantAnalysis(store_covariance=True).fit(X, t)
    counts = ours.class_count_[:, None, None]
    # scikit-learn >= 1.9.1 divides by N_k, earlier versions by N_k - 1: check what this version does
    np.testing.assert_allclose(theirs.covariance_, ours.covariances_ * (counts - 1) / (counts - SKLEARN_QDA_DDOF),
                               rtol=1e-10)
    np.testing.assert_allclose(theirs.means_, ours.means_, rtol=1e-13)
    their_covariances = np.array(theirs.covariance_)
    np.testing.assert_allclose(theirs.predict_proba(X),
                               discriminant.gaussian_posterior(X, ours.means_, their_covariances, ours.priors_),
                               rtol=1e-10, atol=1e-14)
    if SKLEARN_QDA_DDOF == 1:
        np.testing.assert_allclose(theirs.predict_proba(X), ours.predict_proba(X), rtol=1e-10, atol=1e-14)


@pytest.mark.skipif(Version(sklearn.__version__) < Version("1.8"), reason="QDA's covariance_estimator is new in 1.8")
def test_qda_equals_scikit_learn_given_the_unbiased_covariances():
    X, t = three_classes()
    theirs = QuadraticDiscriminantAnalysis(solver="eigen", covariance_estimator=_ScaledEmpiricalCovariance(ddof=1))
    np.testing.assert_allclose(theirs.fit(X, t).predict_proba(X), QDA().fit(X, t).predict_proba(X),
                               rtol=1e-10, atol=1e-14)


@pytest.mark.parametrize("data", [three_classes, two_classes])
def test_lda_matches_scikit_learn_with_its_pooled_covariance_scaled(data):
    X, t = data()
    n, k = len(t), len(np.unique(t))
    ours = LDA().fit(X, t)
    theirs = LinearDiscriminantAnalysis(solver="lsqr").fit(X, t)
    # scikit-learn pools sum_k (N_k / N) S_k^biased = S_W / N; ours is S_W / (N - K)
    np.testing.assert_allclose(theirs.covariance_, ours.covariance_ * (n - k) / n, rtol=1e-12)
    # Sigma_theirs^{-1} = c Sigma_ours^{-1} with c = N / (N - K): w scales by c, and so does b without log pi
    c = n / (n - k)
    log_prior_part = (np.log(ours.priors_[1:] / ours.priors_[:1]) if k == 2 else np.log(ours.priors_))
    np.testing.assert_allclose(theirs.coef_, c * ours.coef_, rtol=1e-10)
    np.testing.assert_allclose(theirs.intercept_, c * (ours.intercept_ - log_prior_part) + log_prior_part, rtol=1e-10)
    # and the posteriors agree once scikit-learn is given our pooled covariance
    given_ours = LinearDiscriminantAnalysis(solver="lsqr", covariance_estimator=_ScaledEmpiricalCovariance(c))
    np.testing.assert_allclose(given_ours.fit(X, t).predict_proba(X), ours.predict_proba(X), rtol=1e-10, atol=1e-14)


# --------------------------------------------------------------------------
# LDA's linear functions
# --------------------------------------------------------------------------


def test_two_class_lda_posterior_is_a_sigmoid_of_a_linear_function():
    X, t = two_classes()
    model = LDA().fit(X, t)
    assert model.coef_.shape == (1, 3) and model.intercept_.shape == (1,)
    scores = X @ model.coef_[0] + model.intercept_[0]
    np.testing.assert_allclose(model.predict_proba(X)[:, 1], expit(scores), rtol=1e-10)
    np.testing.assert_allclose(model.decision_function(X), scores, rtol=1e-12)
    # w = Sigma^{-1} (mu_1 - mu_0), b = -1/2 (mu_1^T Sigma^{-1} mu_1 - mu_0^T Sigma^{-1} mu_0) + log(pi_1 / pi_0)
    inverse = np.linalg.inv(model.covariance_)
    mu_0, mu_1 = model.means_
    np.testing.assert_allclose(model.coef_[0], inverse @ (mu_1 - mu_0), rtol=1e-10)
    np.testing.assert_allclose(model.intercept_[0], -0.5 * (mu_1 @ inverse @ mu_1 - mu_0 @ inverse @ mu_0)
                               + np.log(model.priors_[1] / model.priors_[0]), rtol=1e-10)


def test_multiclass_lda_posterior_is_a_softmax_of_linear_functions():
    X, t = three_classes()
    model = LDA().fit(X, t)
    assert model.coef_.shape == (3, 3) and model.intercept_.shape == (3,)
    np.testing.assert_allclose(model.predict_proba(X), softmax(X @ model.coef_.T + model.intercept_, axis=1),
                               rtol=1e-10)
    inverse = np.linalg.inv(model.covariance_)
    np.testing.assert_allclose(model.coef_, model.means_ @ inverse, rtol=1e-10)          # w_k = Sigma^{-1} mu_k


def test_rda_decision_function_is_the_two_class_log_odds():
    X, t = two_classes()
    model = RDA(0.3, 0.2).fit(X, t)
    np.testing.assert_allclose(expit(model.decision_function(X)), model.predict_proba(X)[:, 1], rtol=1e-10)


# --------------------------------------------------------------------------
# RDA and its corners
# --------------------------------------------------------------------------


def test_rda_corners_are_qda_and_lda():
    X, t = three_classes()
    queries = three_classes(random_state=4)[0]
    np.testing.assert_allclose(RDA(1, 0).fit(X, t).predict_proba(queries), QDA().fit(X, t).predict_proba(queries),
                               rtol=1e-12, atol=1e-15)
    np.testing.assert_allclose(RDA(0, 0).fit(X, t).predict_proba(queries), LDA().fit(X, t).predict_proba(queries),
                               rtol=1e-9, atol=1e-14)
    np.testing.assert_array_equal(RDA(1, 0).fit(X, t).regularized_covariances_, QDA().fit(X, t).covariances_)
    assert isinstance(LDA(), RDA) and isinstance(QDA(), RDA)


@pytest.mark.parametrize("alpha, gamma", [(0.3, 0.0), (0.7, 0.4), (0.0, 0.5), (1.0, 1.0)])
def test_rda_covariances_follow_the_lecture_entry_by_entry(alpha, gamma):
    X, t = three_classes()
    model = RDA(alpha, gamma).fit(X, t)
    d = X.shape[1]
    for k in range(3):
        mixed = alpha * model.covariances_[k] + (1 - alpha) * model.covariance_
        sigma2 = sum(mixed[j, j] for j in range(d)) / d
        expected = [[(1 - gamma) * mixed[i, j] + gamma * sigma2 * (i == j) for j in range(d)] for i in range(d)]
        np.testing.assert_allclose(model.regularized_covariances_[k], expected, rtol=1e-13)
    np.testing.assert_allclose(model.predict_proba(X),
                               softmax(scipy_joint(X, model.means_, model.regularized_covariances_, model.priors_),
                                       axis=1), rtol=1e-10)


def test_gamma_one_gives_spherical_covariances():
    X, t = three_classes()
    spherical = RDA(0.6, 1.0).fit(X, t).regularized_covariances_
    for covariance in spherical:
        np.testing.assert_array_equal(covariance, covariance[0, 0] * np.eye(3))
    assert len(np.unique(spherical[:, 0, 0])) == 3


# --------------------------------------------------------------------------
# Singular covariances get advice, not a LinAlgError
# --------------------------------------------------------------------------


def test_qda_with_a_class_of_at_most_d_examples_suggests_rda():
    X, t = three_classes(counts=(3, 30, 30))                  # N_0 = 3 = d
    model = QDA()
    with pytest.raises(ValueError, match=r"class 0 has N_k = 3 examples for d = 3 .* RDA"):
        model.fit(X, t)
    with pytest.raises(ValueError, match="not fitted"):         # a failed fit leaves no half-fitted model
        model.predict(X)
    RDA(0.5, 0.0).fit(X, t)                                    # borrowing the pooled covariance is enough
    RDA(1.0, 0.1).fit(X, t)                                    # and so is shrinking
    QDA().fit(*three_classes(counts=(4, 30, 30)))              # N_k = d + 1 is fine


def test_lda_with_fewer_degrees_of_freedom_than_features_explains_n_minus_k():
    rng = np.random.default_rng(0)
    X, t = rng.normal(size=(6, 5)), np.array([0, 0, 1, 1, 2, 2])   # N - K = 3 < d = 5
    with pytest.raises(ValueError, match=r"pooled covariance has rank at most N - K = 3 < d = 5"):
        LDA().fit(X, t)
    RDA(0.0, 0.2).fit(X, t)


@pytest.mark.parametrize("model", [LDA(), QDA(), RDA(0.5, 0.0)])
def test_collinear_or_constant_features_give_a_clear_error(model):
    X, t = three_classes()
    collinear = np.column_stack([X, 2 * X[:, 0] - X[:, 1]])
    with pytest.raises(ValueError, match="singular.*RDA"):
        model.fit(collinear, t)
    RDA(0.5, 0.1).fit(collinear, t)


def test_a_feature_constant_within_one_class_stops_qda_but_not_lda():
    X, t = three_classes()
    constant = np.column_stack([X, np.where(t == 0, 1.0, X[:, 0])])      # constant within class 0
    with pytest.raises(ValueError, match=r"covariance of class 0 is \(nearly\) singular"):
        QDA().fit(constant, t)
    LDA().fit(constant, t)                   # the pooled covariance borrows class 0's missing spread


def test_known_covariance_that_is_not_positive_definite_is_named():
    bad = COVARIANCES.copy()
    bad[1] = [[1.0, 2.0, 0.0], [2.0, 1.0, 0.0], [0.0, 0.0, 1.0]]       # eigenvalue -1
    with pytest.raises(ValueError, match=r"covariances\[1\] is not positive definite"):
        discriminant.gaussian_posterior(MEANS, MEANS, bad, PRIORS)
    with pytest.raises(ValueError, match="symmetric"):
        discriminant.gaussian_posterior(MEANS, MEANS, np.triu(COVARIANCES), PRIORS)


# --------------------------------------------------------------------------
# Fisher's direction and parameter counts
# --------------------------------------------------------------------------


def test_two_class_fisher_direction_is_the_pooled_inverse_times_the_mean_difference():
    X, t = two_classes()
    w = discriminant.fisher_directions(X, t)
    pooled = sum((np.sum(t == k) - 1) * np.cov(X[t == k], rowvar=False) for k in (0, 1))
    expected = np.linalg.solve(pooled, X[t == 1].mean(axis=0) - X[t == 0].mean(axis=0))
    np.testing.assert_allclose(w, [expected / np.linalg.norm(expected)], rtol=1e-10)


def test_fisher_directions_of_iris_span_scikit_learns_discriminant_plane():
    iris = load_iris()
    ours = discriminant.fisher_directions(iris.X, iris.y)
    theirs = LinearDiscriminantAnalysis(solver="eigen").fit(iris.X, iris.y).scalings_[:, :2]
    basis = np.linalg.qr(theirs)[0]
    assert ours.shape == (2, 4)
    np.testing.assert_allclose(ours @ basis @ basis.T, ours, atol=1e-10)        # ours lie in their plane
    for mine, their in zip(ours, theirs.T):                                      # direction by direction
        assert abs(mine @ their) / np.linalg.norm(their) == pytest.approx(1.0, abs=1e-10)


def test_fisher_direction_maximises_the_criterion():
    iris = load_iris()
    best = discriminant.fisher_directions(iris.X, iris.y)[0]
    classes = [iris.X[iris.y == k] for k in range(3)]
    mean = iris.X.mean(axis=0)
    within = sum((c - c.mean(axis=0)).T @ (c - c.mean(axis=0)) for c in classes)
    between = sum(len(c) * np.outer(c.mean(axis=0) - mean, c.mean(axis=0) - mean) for c in classes)
    criterion = best @ between @ best / (best @ within @ best)
    assert discriminant.fisher_criterion(best, iris.X, iris.y) == pytest.approx(criterion, rel=1e-12)
    rng = np.random.default_rng(2)
    others = [discriminant.fisher_criterion(w, iris.X, iris.y) for w in rng.normal(size=(200, 4))]
    assert max(others) < criterion
    # the maximum is the largest generalised eigenvalue of S_B w = lambda S_W w
    assert criterion == pytest.approx(np.max(np.linalg.eigvals(np.linalg.solve(within, between)).real), rel=1e-10)


def test_parameter_counts_by_hand():
    # d = 4, K = 3: LDA 2 priors + 12 means + 10 covariance entries = 24; QDA 2 + 12 + 3 * 10 = 44
    assert discriminant.parameter_counts(4, 3) == {"LDA": 24, "QDA": 44}
    # boundaries: LDA (K - 1)(d + 1) = 10, QDA (K - 1)(d (d + 3) / 2 + 1) = 2 * 15 = 30
    assert discriminant.parameter_counts(4, 3, of="boundary") == {"LDA": 10, "QDA": 30}
    X, t = three_classes()
    model = QDA().fit(X, t)
    free_entries = len(model.priors_) - 1 + model.means_.size + sum(np.triu(c).nonzero()[0].size
                                                                    for c in model.covariances_)
    assert discriminant.parameter_counts(3, 3)["QDA"] == free_entries


# --------------------------------------------------------------------------
# RDA over a grid, the exact Bayes error, Box's M
# --------------------------------------------------------------------------


def test_rda_accuracy_grid_is_rda_fitted_and_scored_pair_by_pair():
    X, t = three_classes()
    X_eval, t_eval = three_classes(counts=(40, 40, 40), random_state=8)
    alphas, gammas = np.linspace(0, 1, 6), np.array([0.0, 0.05, 0.5, 1.0])
    grid = discriminant.rda_accuracy_grid(X, t, X_eval, t_eval, alphas, gammas)
    expected = [[RDA(alpha, gamma).fit(X, t).score(X_eval, t_eval) for alpha in alphas] for gamma in gammas]
    np.testing.assert_array_equal(grid, expected)
    # any labels: the predictions are compared with t_eval as labels, as RDA.score does
    names = np.array(["a", "b", "c"])
    np.testing.assert_array_equal(discriminant.rda_accuracy_grid(X, names[t], X_eval, names[t_eval], alphas, gammas),
                                  expected)


def test_rda_accuracy_grid_over_folds_is_grid_search_of_rda():
    from lecture_utils.model_selection import grid_search, kfold_indices

    train = make_gaussian_classes(MEANS[:2], COVARIANCES[:2], 12, random_state=4)
    folds = kfold_indices(24, 4, shuffle=True, random_state=0)
    steps = np.linspace(0, 1, 5)
    ours = np.mean([discriminant.rda_accuracy_grid(train.X[fit], train.y[fit], train.X[held], train.y[held],
                                                   steps, steps) for fit, held in folds], axis=0)
    search = grid_search(lambda pair: RDA(*pair), [(a, g) for g in steps for a in steps], train.X, train.y,
                         folds=folds)
    np.testing.assert_allclose(ours.ravel(), search.mean_score, rtol=1e-12)


def test_rda_accuracy_grid_refuses_a_singular_pair_with_rdas_message():
    few = make_gaussian_classes(MEANS, COVARIANCES, 3, random_state=0)        # N_k = 3 = d
    with pytest.raises(ValueError, match=r"RDA\(1, 0\) cannot invert .* N_k = 3 examples for d = 3"):
        discriminant.rda_accuracy_grid(few.X, few.y, few.X, few.y, [0.0, 1.0], [0.0])
    assert discriminant.rda_accuracy_grid(few.X, few.y, few.X, few.y, [0.0, 1.0], [0.5]).shape == (1, 2)


def _bayes_error_by_simpson(means, covariances, priors, box=12.0, n=1201):
    """1 - the integral of max_k p(C_k) N(x; mu_k, Sigma_k) over a box, by Simpson's rule on an n x n grid.

    The integrand has kinks along the boundaries, so the rule converges like the trapezoidal one there:
    with a grid step of 0.02 it is good to about 1e-6.
    """
    from scipy import integrate

    x = np.linspace(-box, box, n)
    grid = np.stack(np.meshgrid(x, x), axis=-1).reshape(-1, 2)
    weighted = np.max([p * stats.multivariate_normal(m, c).pdf(grid) for m, c, p in zip(means, covariances, priors)],
                      axis=0)
    return 1 - integrate.simpson(integrate.simpson(weighted.reshape(n, n), x=x), x=x)


@pytest.mark.parametrize("delta, prior", [(0.5, 0.5), (2.0, 0.5), (2.0, 0.2), (6.0, 0.7)])
def test_bayes_error_in_one_dimension_is_the_closed_form(delta, prior):
    # equal variances: P* = pi_0 Phi(-delta/2 + L/delta) + pi_1 Phi(-delta/2 - L/delta), L = ln(pi_1 / pi_0)
    log_ratio = np.log(prior / (1 - prior))
    exact = ((1 - prior) * stats.norm.cdf(-delta / 2 + log_ratio / delta)
             + prior * stats.norm.cdf(-delta / 2 - log_ratio / delta))
    result = discriminant.gaussian_bayes_error([[0.0], [delta * 1.5]], [[[2.25]], [[2.25]]], [1 - prior, prior])
    assert result.error == pytest.approx(exact, rel=1e-12, abs=1e-300) and result.tolerance == 0
    assert result.class_errors.sum() == pytest.approx(result.error, rel=1e-14)


def test_bayes_error_in_one_dimension_with_unequal_variances_is_decisions_integration():
    from lecture_utils.decision import bayes_error_1d

    means, sigmas, priors = [0.0, 1.0], [1.0, 3.0], [0.3, 0.7]
    reference = bayes_error_1d([stats.norm(m, s) for m, s in zip(means, sigmas)], priors).risk
    result = discriminant.gaussian_bayes_error(np.c_[means], np.reshape(np.square(sigmas), (2, 1, 1)), priors)
    assert result.error == pytest.approx(reference, rel=1e-11)


@pytest.mark.parametrize("prior, tol", [(0.5, 1e-9), (0.1, 1e-9), (0.3, 1e-12)])
def test_bayes_error_of_two_classes_sharing_a_covariance_is_the_closed_form(prior, tol):
    covariance = discriminant.covariance_from_axes([1.5, 0.4], 0.6)
    means = np.array([[0.3, -0.2], [1.1, 0.9]])
    delta = mahalanobis(means[0], means[1], np.linalg.inv(covariance))
    log_ratio = np.log(prior / (1 - prior))
    exact = ((1 - prior) * stats.norm.cdf(-delta / 2 + log_ratio / delta)
             + prior * stats.norm.cdf(-delta / 2 - log_ratio / delta))
    result = discriminant.gaussian_bayes_error(means, covariance, [1 - prior, prior], tol=tol)
    assert abs(result.error - exact) <= max(result.tolerance, 1e-14) and result.tolerance < tol


@pytest.mark.parametrize("means, axes, priors", [
    ([[-1.2, 0.6], [1.2, -0.4]], [((1.0, 1.0), 0), ((1.6, 0.45), 30)], [0.5, 0.5]),       # the widget's start
    ([[0.0, 1.2], [-1.3, -0.7], [1.3, -0.7]], [((1.4, 0.6), 10), ((0.8, 0.6), 100), ((1.3, 0.5), 50)],
     [0.2, 0.3, 0.5]),                                                                   # three classes
    ([[0.0, 0.0], [0.5, 0.0]], [((0.3, 0.3), 0), ((2.0, 1.5), 45)], [0.6, 0.4]),          # one inside the other
])
def test_bayes_error_of_unequal_covariances_matches_simpsons_rule_on_a_fine_grid(means, axes, priors):
    covariances = [discriminant.covariance_from_axes(s, np.radians(a)) for s, a in axes]
    result = discriminant.gaussian_bayes_error(means, covariances, priors, tol=1e-7)
    assert result.error == pytest.approx(_bayes_error_by_simpson(means, covariances, priors), abs=3e-6)


@pytest.mark.parametrize("n, rel", [(8, 1e-5), (16, 1e-8), (64, 1e-14)])
def test_the_circle_rule_integrates_a_square_root_kink_at_a_break(n, rel):
    """Its arcs' nodes and weights (the part that depends on n only is found once) against the closed form."""
    from scipy import special
    breaks = np.array([0.05, 0.3, 0.31, 0.8])
    kinked = lambda t: np.sqrt(np.abs(np.sin(np.pi * (t - 0.3))))                 # periodic, a kink at 0.3
    # int_0^1 sqrt(sin(pi u)) du = (2/pi) int_0^(pi/2) sin^(1/2) x dx = Gamma(3/4) / (sqrt(pi) Gamma(5/4))
    exact = special.gamma(0.75) / (np.sqrt(np.pi) * special.gamma(1.25))
    turns, weights = discriminant._circle_rule(breaks, n)
    assert turns.shape == weights.shape == (4 * n,) and np.all((0 <= turns) & (turns < 1))
    assert weights.sum() == pytest.approx(1.0, rel=1e-14)                       # the length of the circle
    assert weights @ kinked(turns) == pytest.approx(exact, rel=rel)
    assert discriminant._circle_rule(breaks, n)[1].tolist() == weights.tolist()   # the same rule the next time


def test_bayes_error_does_not_change_when_the_plane_turns_or_moves():
    means = np.array([[0.0, 1.2], [-1.3, -0.7], [1.3, -0.7]])
    covariances = [discriminant.covariance_from_axes(s, np.radians(a)) for s, a in
                   [((1.4, 0.6), 10), ((0.8, 0.6), 100), ((1.3, 0.5), 50)]]
    rotation = np.array([[np.cos(0.7), -np.sin(0.7)], [np.sin(0.7), np.cos(0.7)]])
    before = discriminant.gaussian_bayes_error(means, covariances, [0.3, 0.3, 0.4])
    after = discriminant.gaussian_bayes_error(means @ rotation.T + [5.0, -3.0],
                                              [rotation @ c @ rotation.T for c in covariances], [0.3, 0.3, 0.4])
    assert after.error == pytest.approx(before.error, abs=2e-7)


def test_bayes_error_of_classes_far_apart_is_tiny_but_right():
    # Phi(-20) = 2.75e-89: the tails are exact, nothing cancels
    result = discriminant.gaussian_bayes_error([[0.0, 0.0], [40.0, 0.0]], np.eye(2), [0.5, 0.5], tol=1e-12)
    assert result.error == pytest.approx(stats.norm.cdf(-20), rel=1e-6)


def test_box_m_is_the_formula_written_out_with_numpy_and_scipy():
    iris = load_iris()
    classes = [iris.X[iris.y == k] for k in range(3)]
    n, n_k, d, k = 150, np.array([50, 50, 50]), 4, 3
    covariances = [np.cov(c, rowvar=False) for c in classes]
    pooled = sum((len(c) - 1) * s for c, s in zip(classes, covariances)) / (n - k)
    m = (n - k) * np.log(np.linalg.det(pooled)) - sum((n_k - 1) * np.log([np.linalg.det(s) for s in covariances]))
    c = (2 * d ** 2 + 3 * d - 1) / (6 * (d + 1) * (k - 1)) * (np.sum(1 / (n_k - 1)) - 1 / (n - k))
    result = discriminant.box_m_test(iris.X, iris.y)
    assert result.statistic == pytest.approx(m, rel=1e-10) and result.df == 20
    assert result.chi2 == pytest.approx((1 - c) * m, rel=1e-10)
    assert result.p_value == pytest.approx(stats.chi2.sf((1 - c) * m, 20), rel=1e-8)


def test_box_m_p_values_are_uniform_when_the_covariances_are_equal():
    """Under the hypothesis the chi-squared approximation holds: p-values spread evenly over (0, 1)."""
    rng = np.random.default_rng(0)
    shared = np.array([COVARIANCES[0]] * 3)
    samples = [make_gaussian_classes(MEANS, shared, [20, 30, 40], random_state=rng) for _ in range(400)]
    p_values = [discriminant.box_m_test(sample.X, sample.y).p_value for sample in samples]
    assert stats.kstest(p_values, "uniform").pvalue > 0.01
    unequal = make_gaussian_classes(MEANS, COVARIANCES, 100, random_state=1)
    assert discriminant.box_m_test(unequal.X, unequal.y).p_value < 1e-6


# --------------------------------------------------------------------------
# Bad input names the argument
# --------------------------------------------------------------------------


@pytest.mark.parametrize("call, error, match", [
    (lambda: LDA().fit([1.0, 2.0, 3.0], [0, 1, 1]), ValueError, r"X must be a 2-D .*reshape\(-1, 1\)"),
    (lambda: QDA().fit(np.eye(4), [0, 1, 1]), ValueError, "t has 3 labels but X has 4"),
    (lambda: QDA().fit(np.eye(4), [0, 0, 0, 0]), ValueError, "at least 2 different labels"),
    (lambda: QDA().fit(np.ones((5, 2)), [0, 0, 1, 1, 2]), ValueError, "single example of class 2"),
    (lambda: RDA(1.5, 0).fit(*two_classes()), ValueError, "alpha must lie in"),
    (lambda: RDA(0.5, "a").fit(*two_classes()), TypeError, "gamma must be a number"),
    (lambda: LDA(priors=[0.5, 0.3, 0.2]).fit(*two_classes()), ValueError, r"priors must hold one probability"),
    (lambda: QDA(priors=[1.0, 0.0]).fit(*two_classes()), ValueError, "prior 0"),
    (lambda: LDA().predict(np.eye(3)), ValueError, "not fitted"),
    (lambda: LDA().fit(*two_classes()).predict(np.eye(2)), ValueError, "X has 2 features"),
    (lambda: QDA().fit(*two_classes()).predict_proba([[np.nan, 0, 0]]), ValueError, "nan"),
    (lambda: discriminant.gaussian_posterior(np.eye(3), MEANS, COVARIANCES[:2], PRIORS), ValueError,
     r"covariances must have shape \(K, d, d\)"),
    (lambda: discriminant.covariance_from_axes([1, 0], 0.0), ValueError, "spreads must be two standard deviations"),
    (lambda: discriminant.covariance_from_axes([1, 2, 3], 0.0), ValueError, "spreads must have length 2"),
    (lambda: discriminant.covariance_from_axes([1, 2], [0.1, 0.2]), ValueError, "angle must be a single number"),
    (lambda: discriminant.gaussian_posterior(np.eye(2), MEANS, COVARIANCES, PRIORS), ValueError,
     "X has 2 features but means has 3"),
    (lambda: discriminant.gaussian_posterior(np.eye(3), MEANS, COVARIANCES, [0.5, 0.5]), ValueError, "priors"),
    (lambda: discriminant.mahalanobis_distance(np.eye(3), [0, 0], np.eye(3)), ValueError, "mean must have length 3"),
    (lambda: discriminant.mahalanobis_distance(np.eye(3), [0, 0, 0], np.eye(2)), ValueError, "covariance must"),
    (lambda: discriminant.pooled_covariance(COVARIANCES, [1, 5, 5]), ValueError, "counts"),
    (lambda: discriminant.regularized_covariances(COVARIANCES, np.eye(2), 0.5, 0), ValueError, "pooled"),
    (lambda: discriminant.fisher_criterion([0, 0, 0], *two_classes()), ValueError, "non-zero"),
    (lambda: discriminant.parameter_counts(4, 3, of="everything"), ValueError, "of must be"),
    (lambda: discriminant.parameter_counts(0, 3), ValueError, "n_features"),
    (lambda: discriminant.rda_accuracy_grid(*two_classes(), np.eye(2), [0, 1], [0.5], [0]), ValueError,
     "X_eval has 2 features"),
    (lambda: discriminant.rda_accuracy_grid(*two_classes(), np.eye(3), [0, 1], [0.5], [0]), ValueError, "t_eval"),
    (lambda: discriminant.rda_accuracy_grid(*two_classes(), np.eye(3), [0, 1, 1], [1.5], [0]), ValueError,
     "alphas must lie in"),
    (lambda: discriminant.rda_accuracy_grid(*two_classes(), np.eye(3), [0, 1, 1], [0.5], []), ValueError,
     "gammas must be a 1-D list"),
    (lambda: discriminant.gaussian_bayes_error(MEANS, COVARIANCES, PRIORS), ValueError, "1 or 2 columns"),
    (lambda: discriminant.gaussian_bayes_error([[0, 0], [1, 1]], np.eye(2), [0.5, 0.5], tol=0), ValueError,
     "tol must be"),
    (lambda: discriminant.gaussian_bayes_error([[0, 0], [1, 1]], np.zeros((2, 2)), [0.5, 0.5]), ValueError,
     "not positive definite"),
    (lambda: discriminant.box_m_test(np.random.default_rng(0).normal(size=(9, 3)), [0] * 3 + [1] * 6), ValueError,
     "needs every class covariance invertible"),
])
def test_bad_input_names_the_argument(call, error, match):
    with pytest.raises(error, match=match):
        call()


def test_repr_shows_the_parameters():
    assert repr(RDA(0.5, 0.1)) == "RDA(alpha=0.5, gamma=0.1, priors=None)"
    assert repr(LDA()) == "LDA(priors=None)" and repr(QDA(priors=[0.5, 0.5])) == "QDA(priors=[0.5, 0.5])"


# ---------------------------------------------------------------- reduced-rank LDA

def five_classes(random_state=4):
    """Five Gaussian classes in 6 dimensions sharing one covariance, with means in general position."""
    rng = np.random.default_rng(random_state)
    root = rng.normal(size=(6, 6))
    return make_gaussian_classes(rng.normal(scale=2.0, size=(5, 6)), [root @ root.T / 6 + np.eye(6)] * 5,
                                 n_per_class=[30, 40, 25, 50, 35], random_state=random_state)


@pytest.mark.parametrize("solver", ["svd", "eigen"])
@pytest.mark.parametrize("data", ["iris", "five classes"])
def test_reduced_rank_coordinates_are_scikit_learns_transform_up_to_sign_and_scale(solver, data):
    data = load_iris() if data == "iris" else five_classes()
    ours = discriminant.ReducedRankLDA().fit(data.X, data.y)
    theirs = LinearDiscriminantAnalysis(solver=solver).fit(data.X, data.y)
    Z, T = ours.transform(data.X), theirs.transform(data.X)
    assert Z.shape == T.shape == (len(data.y), min(len(np.unique(data.y)) - 1, data.X.shape[1]))
    for mine, their in zip(Z.T, T.T):                    # each coordinate: +-c times theirs plus a shift
        assert abs(np.corrcoef(mine, their)[0, 1]) == pytest.approx(1.0, abs=1e-10)
    # the scale: ours has within-class variance 1 under the 1/(N - K) pooled covariance, scikit-learn's under 1/N
    N, K = len(data.y), len(np.unique(data.y))
    np.testing.assert_allclose(T.std(axis=0) / Z.std(axis=0), np.sqrt(N / (N - K)), rtol=1e-8)
    np.testing.assert_allclose(ours.explained_variance_ratio_, theirs.explained_variance_ratio_, rtol=1e-8)


def test_reduced_rank_directions_whiten_the_classes_and_are_fishers():
    iris = load_iris()
    model = discriminant.ReducedRankLDA().fit(iris.X, iris.y)
    A = model.scalings_
    np.testing.assert_allclose(A.T @ model.covariance_ @ A, np.eye(2), atol=1e-10)     # a_l^T Sigma a_m = [l = m]
    np.testing.assert_allclose(A / np.linalg.norm(A, axis=0), discriminant.fisher_directions(iris.X, iris.y).T,
                               rtol=1e-8, atol=1e-12)
    assert np.all(np.diff(model.eigenvalues_) <= 0) and model.explained_variance_ratio_.sum() == pytest.approx(1.0)


@pytest.mark.parametrize("priors", [None, [0.1, 0.2, 0.3, 0.15, 0.25]])
def test_full_rank_is_lda_and_rank_l_is_the_nearest_mean_in_l_coordinates(priors):
    data = five_classes()
    full = discriminant.ReducedRankLDA(priors=priors).fit(data.X, data.y)
    lda = LDA(priors=priors).fit(data.X, data.y)
    np.testing.assert_allclose(full.predict_proba(data.X), lda.predict_proba(data.X), rtol=1e-9, atol=1e-13)
    for rank in (1, 2, 3):
        model = discriminant.ReducedRankLDA(rank, priors=priors).fit(data.X, data.y)
        Z, centres = model.transform(data.X), model.transform(model.means_)
        g = np.log(model.priors_) - 0.5 * ((Z[:, None, :] - centres[None]) ** 2).sum(axis=2)
        np.testing.assert_allclose(model.predict_log_proba(data.X), log_softmax(g, axis=1), rtol=1e-9, atol=1e-10)
        assert model.coef_.shape == (5, 6)
        np.testing.assert_array_equal(model.predict(data.X), model.classes_[np.argmax(g, axis=1)])


def test_reduced_rank_refuses_more_components_than_the_means_span():
    iris = load_iris()
    with pytest.raises(ValueError, match="at most min"):
        discriminant.ReducedRankLDA(3).fit(iris.X, iris.y)
    with pytest.raises(ValueError, match="n_components"):
        discriminant.ReducedRankLDA(0).fit(iris.X, iris.y)
    assert repr(discriminant.ReducedRankLDA(1)) == "ReducedRankLDA(n_components=1, priors=None)"

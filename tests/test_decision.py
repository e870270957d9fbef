"""Tests of lecture_utils.decision against hand computations and independent references.

References: the worked examples of Arias, UPC topic 2 (the medical two-class
loss table and the three-class a/b/c table) recomputed by hand with exact
fractions; the closed-form error of two equal-variance Gaussians,
``Phi(-Delta / 2)`` and its unequal-prior form; ``scipy.integrate.quad`` of
``min_a sum_k L[a, k] p(C_k) p(x | C_k)``; and simulations written out here
with numpy and scipy.stats (tolerances: 4 Monte Carlo standard errors).
"""

from __future__ import annotations

from fractions import Fraction

import numpy as np
import pytest
from hypothesis import given
from hypothesis import strategies as st
from scipy import integrate, stats

from lecture_utils import decision

# The lecture's tables, rows = decision, columns = true class.
MEDICAL = [[0, 50],     # predicted healthy: right if healthy, 50 if the patient has cancer
           [10, 0]]     # predicted sick: 10 if healthy (a false alarm), right if sick
ABC = [[0, 50, 25],     # predicted a
       [10, 0, 500],    # predicted b
       [15, 10, 0]]     # predicted c

posteriors_3 = st.lists(st.integers(0, 1000), min_size=3, max_size=3).filter(sum).map(
    lambda counts: [Fraction(c, sum(counts)) for c in counts])


# --------------------------------------------------------------------------
# The lecture's worked examples
# --------------------------------------------------------------------------


@given(p=posteriors_3)
def test_abc_table_expected_losses_are_the_lectures_formulas(p):
    # The lecture writes out: E[L | pred. a] = 50 p(b) + 25 p(c), E[L | pred. b] = 10 p(a) + 500 p(c),
    # E[L | pred. c] = 15 p(a) + 10 p(b); exact in fractions, compared at double precision.
    pa, pb, pc = p
    by_hand = [50 * pb + 25 * pc, 10 * pa + 500 * pc, 15 * pa + 10 * pb]
    np.testing.assert_allclose(decision.expected_loss(ABC, [float(v) for v in p]),
                               [float(v) for v in by_hand], rtol=1e-13, atol=1e-13)


def test_abc_table_decision_by_hand():
    # p = (0.5, 0.3, 0.2): a costs 50 * 0.3 + 25 * 0.2 = 20, b costs 10 * 0.5 + 500 * 0.2 = 105,
    # c costs 15 * 0.5 + 10 * 0.3 = 10.5: decide c, although a is the most probable class.
    np.testing.assert_allclose(decision.expected_loss(ABC, [0.5, 0.3, 0.2]), [20, 105, 10.5], rtol=1e-15)
    assert decision.bayes_decision(ABC, [0.5, 0.3, 0.2]) == 2
    # p = (0.9, 0.05, 0.05): a costs 2.5 + 1.25 = 3.75, b 9 + 25 = 34, c 13.5 + 0.5 = 14: decide a.
    np.testing.assert_allclose(decision.expected_loss(ABC, [0.9, 0.05, 0.05]), [3.75, 34, 14], rtol=1e-14)
    assert decision.bayes_decision(ABC, [[0.5, 0.3, 0.2], [0.9, 0.05, 0.05]]).tolist() == [2, 0]


@given(p=posteriors_3)
def test_zero_one_loss_expected_loss_is_one_minus_posterior_and_decision_is_argmax(p):
    # The lecture's 0-1 table: E[L | pred. c] = 1 - p(c | x), so the Bayes decision is argmax p(c | x).
    p = np.array([float(v) for v in p])
    np.testing.assert_allclose(decision.expected_loss(decision.zero_one_loss(3), p), 1 - p, atol=1e-15)
    assert p[decision.bayes_decision(decision.zero_one_loss(3), p)] == p.max()


def test_zero_one_loss_matrix_is_the_lectures_table():
    np.testing.assert_array_equal(decision.zero_one_loss(3), [[0, 1, 1], [1, 0, 1], [1, 1, 0]])


def test_medical_table_threshold_is_one_sixth_by_hand():
    # Predict sick when 10 p(healthy) < 50 p(cancer), i.e. p(cancer | x) > 10 / 60 = 1/6.
    assert decision.posterior_threshold(MEDICAL) == pytest.approx(1 / 6, rel=1e-15)
    assert decision.posterior_threshold(decision.zero_one_loss(2)) == 0.5
    # p(cancer) = 0.2: healthy costs 50 * 0.2 = 10, sick costs 10 * 0.8 = 8: decide sick.
    np.testing.assert_allclose(decision.expected_loss(MEDICAL, [0.8, 0.2]), [10, 8], rtol=1e-15)
    assert decision.bayes_decision(MEDICAL, [[0.8, 0.2], [0.9, 0.1], [0.7, 0.3]]).tolist() == [1, 0, 1]


@given(p1=st.floats(0, 1), cost_fn=st.floats(0.1, 100), cost_fp=st.floats(0.1, 100))
def test_posterior_threshold_separates_the_two_decisions(p1, cost_fn, cost_fp):
    loss = [[0, cost_fn], [cost_fp, 0]]
    threshold = cost_fp / (cost_fp + cost_fn)                 # by hand: cost_fp p0 < cost_fn p1
    assert decision.posterior_threshold(loss) == pytest.approx(threshold, rel=1e-12)
    if abs(p1 - threshold) > 1e-9:
        assert decision.bayes_decision(loss, [1 - p1, p1]) == int(p1 > threshold)


def test_reject_option_with_zero_one_loss_rejects_below_one_minus_cost():
    loss = decision.zero_one_loss(2)
    # reject costs 0.3: reject where 1 - max p > 0.3, i.e. max p < 0.7
    got = decision.bayes_decision(loss, [[0.6, 0.4], [0.8, 0.2], [0.25, 0.75], [0.5, 0.5]], reject_cost=0.3)
    assert got.tolist() == [decision.REJECT, 0, 1, decision.REJECT]
    assert decision.bayes_decision(loss, [0.6, 0.4], reject_cost=0.5) == 0


# --------------------------------------------------------------------------
# Thresholds of two 1-D Gaussians
# --------------------------------------------------------------------------


@pytest.mark.parametrize("priors, loss", [((0.5, 0.5), None), ((0.3, 0.7), None), ((0.5, 0.5), MEDICAL),
                                          ((0.8, 0.2), [[1, 20], [4, 0]])])
def test_equal_variance_threshold_matches_the_linear_formula(priors, loss):
    mu_0, mu_1, sigma = -1.0, 2.5, 1.3
    costs = np.array([[0, 1], [1, 0]] if loss is None else loss, dtype=float)
    c_0, c_1 = priors[0] * (costs[1, 0] - costs[0, 0]), priors[1] * (costs[0, 1] - costs[1, 1])
    by_hand = (mu_0 + mu_1) / 2 + sigma ** 2 * np.log(c_0 / c_1) / (mu_1 - mu_0)
    got = decision.gaussian_threshold_1d([mu_0, mu_1], [sigma, sigma], priors, loss)
    np.testing.assert_allclose(got, [by_hand], rtol=1e-13)


@pytest.mark.parametrize("means, sigmas, priors, loss, n_roots", [
    ((0, 1), (1, 2), (0.5, 0.5), None, 2),
    ((0, 3), (1, 0.5), (0.4, 0.6), MEDICAL, 2),
    ((0, 0), (1, 3), (0.5, 0.5), None, 2),
    ((0, 0.1), (1, 1 + 1e-9), (0.5, 0.5), None, 2),        # nearly equal variances: one far root
    ((0, 0), (1, 3), (0.01, 0.99), None, 0),               # class 1 wins everywhere
])
def test_unequal_variance_thresholds_are_where_weighted_densities_cross(means, sigmas, priors, loss, n_roots):
    costs = np.array([[0, 1], [1, 0]] if loss is None else loss, dtype=float)
    c_0, c_1 = priors[0] * (costs[1, 0] - costs[0, 0]), priors[1] * (costs[0, 1] - costs[1, 1])
    thresholds = decision.gaussian_threshold_1d(means, sigmas, priors, loss)
    assert len(thresholds) == n_roots
    for x in thresholds:            # c_1 N(x; mu_1, sigma_1) = c_0 N(x; mu_0, sigma_0), in logs
        left = np.log(c_1) + stats.norm.logpdf(x, means[1], sigmas[1])
        right = np.log(c_0) + stats.norm.logpdf(x, means[0], sigmas[0])
        assert left == pytest.approx(right, abs=1e-9 * max(1.0, abs(x)))


# --------------------------------------------------------------------------
# The Bayes error in 1-D by integration
# --------------------------------------------------------------------------


def _closed_form_two_gaussians(delta, priors):
    """Error of the Bayes rule for two Gaussians with one covariance; Delta = Mahalanobis distance of the means.

    The log-odds is N(+-Delta^2/2 + log(pi_1/pi_0), Delta^2) under each class; with equal priors this is
    Phi(-Delta / 2).
    """
    pi_0, pi_1 = priors
    shift = np.log(pi_1 / pi_0)
    return (pi_0 * stats.norm.cdf((-delta ** 2 / 2 + shift) / delta)
            + pi_1 * stats.norm.cdf((-delta ** 2 / 2 - shift) / delta))


@pytest.mark.parametrize("delta, priors", [(2.0, (0.5, 0.5)), (0.5, (0.5, 0.5)), (3.0, (0.2, 0.8)), (6.0, (0.7, 0.3))])
def test_bayes_error_of_equal_variance_gaussians_matches_the_closed_form(delta, priors):
    sigma = 1.7
    result = decision.bayes_error_1d([stats.norm(1.0, sigma), stats.norm(1.0 + delta * sigma, sigma)], priors)
    assert result.risk == pytest.approx(_closed_form_two_gaussians(delta, priors), rel=1e-10)
    if priors[0] == priors[1]:
        assert result.risk == pytest.approx(stats.norm.cdf(-delta / 2), rel=1e-10)
    assert result.class_risks.sum() == pytest.approx(result.risk, rel=1e-14)


def test_a_search_grid_kept_across_priors_and_losses_gives_what_a_fresh_search_gives():
    """A widget keeps the search grid and the log densities on it while the priors and the loss move."""
    densities = [stats.norm(0, 1), stats.norm(1.5, 2.0)]
    search = decision._SearchGrid.of(densities, None, 2001)
    for prior, loss in [(0.2, [[0, 3], [1, 0]]), (0.4, decision.zero_one_loss(2)), (0.6, [[0, 2], [1.5, 0]])]:
        priors = np.array([1 - prior, prior])
        kept = decision._bayes_rule(densities, priors, np.array(loss, dtype=float), search)
        fresh = decision.bayes_error_1d(densities, priors, loss, n_grid=2001)
        assert kept.risk == fresh.risk and kept.class_risks.tolist() == fresh.class_risks.tolist()
        assert kept.thresholds.tolist() == fresh.thresholds.tolist() and kept.decisions.tolist() == [1, 0, 1]
        np.testing.assert_allclose(kept.thresholds, decision.gaussian_threshold_1d([0, 1.5], [1, 2], priors, loss),
                                   rtol=1e-10)


@pytest.mark.parametrize("loss", [None, [[0, 3], [1, 0]], [[1, 4], [2.5, 0.5]]])
def test_bayes_risk_of_unequal_variances_matches_quadrature_and_closed_form_thresholds(loss):
    densities, priors = [stats.norm(0, 1), stats.norm(1.5, 2.0)], np.array([0.6, 0.4])
    costs = np.array(decision.zero_one_loss(2) if loss is None else loss, dtype=float)

    def integrand(x):               # min_a sum_k L[a, k] p(C_k) p(x | C_k)
        weighted = priors * np.array([d.pdf(x) for d in densities])
        return np.min(costs @ weighted)

    expected = sum(integrate.quad(integrand, low, high, epsabs=1e-13, epsrel=1e-12, limit=200)[0]
                   for low, high in [(-40, -5), (-5, 0), (0, 5), (5, 40)])
    result = decision.bayes_error_1d(densities, priors, loss)
    assert result.risk == pytest.approx(expected, rel=1e-8)
    np.testing.assert_allclose(result.thresholds,
                               decision.gaussian_threshold_1d([0, 1.5], [1, 2], priors, loss), rtol=1e-10)
    assert result.decisions.tolist() == [1, 0, 1]


def test_bayes_error_of_three_classes_matches_quadrature_and_decide_follows_the_regions():
    densities, priors = [stats.norm(-2, 1), stats.norm(0, 0.5), stats.norm(2.5, 1.5)], [0.3, 0.3, 0.4]
    weighted = lambda x: np.array([p * d.pdf(x) for p, d in zip(priors, densities)])    # noqa: E731
    expected = integrate.quad(lambda x: weighted(x).sum() - weighted(x).max(), -30, 30,
                              points=[-2, 0, 2.5], epsabs=1e-13, limit=200)[0]
    result = decision.bayes_error_1d(densities, priors)
    assert result.risk == pytest.approx(expected, rel=1e-8)
    x = np.linspace(-6, 8, 2001)
    np.testing.assert_array_equal(result.decide(x), np.argmax(weighted(x), axis=0))
    assert [region[2] for region in result.regions] == result.decisions.tolist()
    assert result.regions[0][0] == -np.inf and result.regions[-1][1] == np.inf


def test_bayes_error_by_integration_matches_a_large_simulation():
    rng = np.random.default_rng(20240601)
    means, sigmas, priors = np.array([0.0, 1.0]), np.array([1.0, 2.0]), np.array([0.45, 0.55])
    n = 1_000_000
    t = (rng.random(n) < priors[1]).astype(int)
    x = rng.normal(means[t], sigmas[t])
    decide_1 = priors[1] * stats.norm.pdf(x, means[1], sigmas[1]) > priors[0] * stats.norm.pdf(x, means[0], sigmas[0])
    errors = decide_1 != t
    standard_error = errors.std() / np.sqrt(n)
    result = decision.bayes_error_1d([stats.norm(m, s) for m, s in zip(means, sigmas)], priors)
    assert abs(result.risk - errors.mean()) < 4 * standard_error


def test_plain_density_functions_with_a_support_give_the_same_risk():
    frozen = [stats.norm(0, 1), stats.norm(2, 0.7)]
    functions = [lambda x: stats.norm.pdf(x, 0, 1), lambda x: stats.norm.pdf(x, 2, 0.7)]
    expected = decision.bayes_error_1d(frozen, [0.5, 0.5], MEDICAL)
    got = decision.bayes_error_1d(functions, [0.5, 0.5], MEDICAL, support=(-12, 12))
    assert got.risk == pytest.approx(expected.risk, rel=1e-9)
    # the even grid over (-12, 12) also finds the far crossing at 7.3, where class 1 has < 1e-12 of its mass
    np.testing.assert_allclose(got.thresholds, decision.gaussian_threshold_1d([0, 2], [1, 0.7], [0.5, 0.5], MEDICAL),
                               rtol=1e-10)
    np.testing.assert_allclose(expected.thresholds, got.thresholds[:1], rtol=1e-10)


def _rippled(frequency):
    """A density on (0, 1) rippled at ``frequency``, (1 + sin(f x)) / Z, and a uniform one on (1, 2)."""
    scale = 1 + (1 - np.cos(frequency)) / frequency                      # the integral of 1 + sin(f x) over (0, 1)
    return [lambda x: np.where((x >= 0) & (x <= 1), (1 + np.sin(frequency * x)) / scale, 0.0),
            lambda x: np.where((x > 1) & (x <= 2), 1.0, 0.0)]


def test_a_quadrature_that_quad_itself_doubts_is_refused():
    """issue 18: quad's error estimate is read, not dropped; 20 000 ripples defeat its 200 subdivisions."""
    with pytest.raises(ValueError, match=r"densities\[0\] cannot be integrated accurately over \(0, 1\).*"
                                         r"estimates its error at 0\.00\d+, more than 1e-07"):
        decision.bayes_error_1d(_rippled(20_000), [0.5, 0.5], support=(0, 2), n_grid=2001)
    with pytest.raises(ValueError, match="cannot be integrated accurately"):
        decision.threshold_rule_risk(_rippled(20_000), [0.5, 0.5], [1.0], [0, 1], support=(0, 2))
    # 20 ripples are integrated to its error estimate, and the classes never overlap: risk 0
    assert decision.bayes_error_1d(_rippled(20), [0.5, 0.5], support=(0, 2), n_grid=2001).risk == pytest.approx(
        0, abs=decision.QUADRATURE_ERROR)


# --------------------------------------------------------------------------
# The Bayes error beyond 1-D by Monte Carlo
# --------------------------------------------------------------------------


@pytest.mark.parametrize("priors", [(0.5, 0.5), (0.25, 0.75)])
def test_monte_carlo_error_of_2d_gaussians_with_one_covariance_matches_the_closed_form(priors):
    covariance = np.array([[2.0, 0.8], [0.8, 1.0]])
    mean_0, mean_1 = np.array([0.0, 0.0]), np.array([1.5, -1.0])
    delta = np.sqrt((mean_1 - mean_0) @ np.linalg.solve(covariance, mean_1 - mean_0))   # Mahalanobis distance
    result = decision.bayes_error_monte_carlo(
        [stats.multivariate_normal(mean_0, covariance), stats.multivariate_normal(mean_1, covariance)],
        priors, n_samples=200_000, random_state=3)
    assert abs(result.risk - _closed_form_two_gaussians(delta, priors)) < 4 * result.standard_error
    assert 0 < result.standard_error < 2e-3


def test_monte_carlo_in_1d_agrees_with_integration_for_an_asymmetric_loss():
    densities, priors = [stats.norm(0, 1), stats.norm(1.5, 2.0)], [0.6, 0.4]
    exact = decision.bayes_error_1d(densities, priors, [[0, 3], [1, 0]]).risk
    estimate = decision.bayes_error_monte_carlo(densities, priors, [[0, 3], [1, 0]], n_samples=200_000,
                                                random_state=1)
    assert abs(estimate.risk - exact) < 4 * estimate.standard_error


def test_monte_carlo_is_reproducible_with_a_seed():
    densities = [stats.norm(0, 1), stats.norm(1, 1)]
    first = decision.bayes_error_monte_carlo(densities, [0.5, 0.5], n_samples=1000, random_state=7)
    assert decision.bayes_error_monte_carlo(densities, [0.5, 0.5], n_samples=1000, random_state=7) == first


def test_zero_one_threshold_under_the_medical_loss_costs_thirty_times_phi_of_minus_one():
    # N(0, 1) vs N(2, 1), equal priors, threshold 1: each class is wrong with probability Phi(-1);
    # the misses cost 50 and the false alarms 10, so R = 0.5 (50 + 10) Phi(-1) = 30 Phi(-1) = 4.7597
    normals = [stats.norm(0, 1), stats.norm(2, 1)]
    rule = decision.threshold_rule_risk(normals, [0.5, 0.5], [1.0], [0, 1], MEDICAL)
    assert rule.risk == pytest.approx(30 * stats.norm.cdf(-1), rel=1e-12)
    np.testing.assert_allclose(rule.class_risks, [5 * stats.norm.cdf(-1), 25 * stats.norm.cdf(-1)], rtol=1e-12)
    assert rule.risk > decision.bayes_error_1d(normals, [0.5, 0.5], MEDICAL).risk


@given(threshold=st.floats(-3, 5), prior=st.floats(0.05, 0.95))
def test_no_threshold_beats_the_bayes_risk_and_the_bayes_threshold_attains_it(threshold, prior):
    normals, priors = [stats.norm(0, 1), stats.norm(2, 1)], [1 - prior, prior]
    bayes = decision.bayes_error_1d(normals, priors, MEDICAL)
    assert decision.threshold_rule_risk(normals, priors, [threshold], [0, 1], MEDICAL).risk >= bayes.risk - 1e-12
    assert decision.threshold_rule_risk(normals, priors, bayes.thresholds, bayes.decisions,
                                        MEDICAL).risk == pytest.approx(bayes.risk, rel=1e-12)


def test_threshold_rule_risk_of_plain_densities_matches_quadrature():
    triangle = lambda x: np.clip(1 - np.abs(x), 0, None)              # noqa: E731, support (-1, 1)
    shifted = lambda x: triangle(x - 1)                               # noqa: E731, support (0, 2)
    rule = decision.threshold_rule_risk([triangle, shifted], [0.5, 0.5], [0.25], [0, 1], support=(-1, 2))
    # class 0 wrong right of 0.25: (0.75)^2 / 2; class 1 wrong left of 0.25: (0.25)^2 / 2
    assert rule.risk == pytest.approx(0.5 * 0.75 ** 2 / 2 + 0.5 * 0.25 ** 2 / 2, rel=1e-8)


def test_stratified_risk_by_hand_with_exact_fractions():
    # class 0: 4 examples, decisions 0, 0, 1, 1 -> losses 0, 0, 10, 10, mean 5;
    # class 1: 2 examples, decisions 0, 1 -> losses 50, 0, mean 25; priors (0.9, 0.1): 0.9 * 5 + 0.1 * 25 = 7
    risk = decision.stratified_risk([0, 0, 1, 1, 0, 1], [0, 0, 0, 0, 1, 1], [0.9, 0.1], MEDICAL)
    assert risk.risk == pytest.approx(7.0, rel=1e-15)
    # within-class variances 25 and 625 (1/N_k), so SE^2 = 0.81 * 25 / 4 + 0.01 * 625 / 2
    assert risk.standard_error == pytest.approx(np.sqrt(0.81 * 25 / 4 + 0.01 * 625 / 2), rel=1e-12)


def test_stratified_error_rate_reweights_a_test_set_of_other_proportions():
    rng = np.random.default_rng(5)
    t = np.repeat([0, 1, 2], [300, 100, 600])
    decisions = np.where(rng.random(1000) < 0.2, (t + 1) % 3, t)
    priors = np.array([0.5, 0.3, 0.2])
    per_class = np.array([np.mean(decisions[t == k] != k) for k in range(3)])
    assert decision.stratified_risk(decisions, t, priors).risk == pytest.approx(priors @ per_class, rel=1e-13)


# --------------------------------------------------------------------------
# Bad input names the argument
# --------------------------------------------------------------------------


@pytest.mark.parametrize("call, error, match", [
    (lambda: decision.expected_loss([[0, 1, 1], [1, 0, 1]], [0.5, 0.5]), ValueError, "loss_matrix has 3 columns"),
    (lambda: decision.expected_loss([0, 1], [0.5, 0.5]), ValueError, "loss_matrix must be a 2-D"),
    (lambda: decision.expected_loss(MEDICAL, [0.5, 0.6]), ValueError, "posterior must sum to 1"),
    (lambda: decision.expected_loss(MEDICAL, np.full((2, 2, 2), 0.5)), ValueError, "posterior must have shape"),
    (lambda: decision.expected_loss([["a", "b"], ["c", "d"]], [0.5, 0.5]), TypeError, "loss_matrix"),
    (lambda: decision.bayes_decision(MEDICAL, [0.5, 0.5], reject_cost="high"), TypeError, "reject_cost"),
    (lambda: decision.posterior_threshold([[0, 1], [0, 0]]), ValueError, "each mistake cost more"),
    (lambda: decision.posterior_threshold(ABC), ValueError, "loss_matrix has 3 columns"),
    (lambda: decision.gaussian_threshold_1d([0, 1], [1, -1]), ValueError, "sigmas must be > 0"),
    (lambda: decision.gaussian_threshold_1d([0, 1], [1, 1], [0.5, 0.6]), ValueError, "priors must sum to 1"),
    (lambda: decision.bayes_error_1d([stats.norm()], [1.0]), ValueError, "at least 2"),
    (lambda: decision.bayes_error_1d([stats.norm(), "normal"], [0.5, 0.5]), TypeError, r"densities\[1\]"),
    (lambda: decision.bayes_error_1d([np.exp, np.exp], [0.5, 0.5]), ValueError, "support"),
    (lambda: decision.bayes_error_1d([stats.norm(), stats.norm(1)], [0.5, 0.5], support=(1, 0)), ValueError,
     "low < high"),
    (lambda: decision.bayes_error_1d([stats.norm(), stats.norm(1)], [1.0, 0.0]), ValueError, "prior 0"),
    (lambda: decision.bayes_error_monte_carlo([np.exp, np.exp], [0.5, 0.5]), TypeError, "distributions"),
    (lambda: decision.bayes_error_monte_carlo([stats.norm(), stats.norm(1)], [0.5, 0.5], n_samples=0),
     ValueError, "n_samples"),
    (lambda: decision.zero_one_loss(0), ValueError, "n_classes"),
    (lambda: decision.threshold_rule_risk([stats.norm(), stats.norm(1)], [0.5, 0.5], [1, 0], [0, 1, 0]), ValueError,
     "thresholds must be increasing"),
    (lambda: decision.threshold_rule_risk([stats.norm(), stats.norm(1)], [0.5, 0.5], [0.5], [0, 1, 0]), ValueError,
     "one decision"),
    (lambda: decision.threshold_rule_risk([np.exp, np.exp], [0.5, 0.5], [0.5], [0, 1]), ValueError, "support"),
    (lambda: decision.stratified_risk([0, 1], [0, 2], [0.5, 0.5]), ValueError, "t must be a 1-D array"),
    (lambda: decision.stratified_risk([0, 1], [0, 0], [0.5, 0.5]), ValueError, "class 1 has none"),
    (lambda: decision.stratified_risk([0, 1, 1], [0, 1], [0.5, 0.5]), ValueError, "one value per test example"),
    (lambda: decision.stratified_risk([0.0, 1.0], [0, 1], [0.5, 0.5]), ValueError, "decisions must be"),
])
def test_bad_input_names_the_argument(call, error, match):
    with pytest.raises(error, match=match):
        call()

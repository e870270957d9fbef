"""Tests of lecture_utils.mle against independent references.

References: scipy.stats log-densities, fits and exact binomial probabilities;
scipy.optimize minimisation written out here; scipy.integrate.quad; exact
rational arithmetic; the standard library (statistics, collections.Counter);
scikit-learn's log_loss. Simulations use fixed seeds, and their tolerances are
stated as multiples of the Monte Carlo standard error.
"""

from __future__ import annotations

import math
import statistics
import warnings
from collections import Counter
from fractions import Fraction
from functools import partial

import mpmath
import numpy as np
import pytest
from hypothesis import assume, given
from hypothesis import strategies as st
from scipy import integrate, optimize, special, stats
from sklearn.metrics import log_loss

from lecture_utils import mle
from lecture_utils.exceptions import ConvergenceWarning

RNG_SEED = 20240301
finite_floats = st.floats(-100, 100, allow_nan=False, allow_infinity=False)


@pytest.fixture
def rng():
    return np.random.default_rng(RNG_SEED)


# --------------------------------------------------------------------------
# Bernoulli
# --------------------------------------------------------------------------


def test_bernoulli_log_likelihood_over_a_grid_matches_scipy_logpmf(rng):
    x = rng.binomial(1, 0.3, size=200)
    phi = np.linspace(0.01, 0.99, 99)
    expected = np.array([stats.bernoulli.logpmf(x, value).sum() for value in phi])
    np.testing.assert_allclose(mle.bernoulli_log_likelihood(phi, x), expected, rtol=1e-12)


def test_bernoulli_log_likelihood_uses_zero_log_zero():
    # 0 log 0 = 0: a certain outcome that always happened has likelihood 1; one that
    # did not happen although the model says it cannot, likelihood 0.
    assert mle.bernoulli_log_likelihood(0.0, [0, 0, 0]) == 0.0
    assert mle.bernoulli_log_likelihood(1.0, [1, 1]) == 0.0
    assert mle.bernoulli_log_likelihood(0.0, [0, 1, 0]) == -np.inf
    assert mle.bernoulli_log_likelihood(1.0, [0, 1]) == -np.inf
    assert mle.bernoulli_likelihood(0.0, [0, 0, 0]) == 1.0
    assert not np.any(np.isnan(mle.bernoulli_log_likelihood(np.linspace(0, 1, 11), [0, 1, 1])))


def test_bernoulli_mle_is_the_fraction_of_ones_counted_by_hand(rng):
    x = rng.binomial(1, 0.7, size=137)
    counted = sum(1 for value in x.tolist() if value == 1) / len(x)
    assert mle.bernoulli_mle(x) == pytest.approx(counted, rel=1e-15)


def test_bernoulli_mle_matches_numerical_minimisation_of_scipy_nll(rng):
    x = rng.binomial(1, 0.35, size=80)
    result = optimize.minimize_scalar(lambda phi: -stats.bernoulli.logpmf(x, phi).sum(),
                                      bounds=(1e-9, 1 - 1e-9), method="bounded",
                                      options={"xatol": 1e-10})
    assert mle.bernoulli_mle(x) == pytest.approx(result.x, abs=1e-7)


def test_bernoulli_mle_of_a_batch_estimates_each_row(rng):
    samples = rng.binomial(1, 0.5, size=(6, 30))
    np.testing.assert_allclose(mle.bernoulli_mle(samples), [sum(row) / 30 for row in samples.tolist()],
                               rtol=1e-15)


@given(x=st.lists(st.integers(0, 1), min_size=1, max_size=60), phi=st.floats(0, 1))
def test_bernoulli_mle_maximises_the_log_likelihood(x, phi):
    best = mle.bernoulli_log_likelihood(mle.bernoulli_mle(x), x)
    assert mle.bernoulli_log_likelihood(phi, x) <= best + 1e-9 * (1 + abs(best))


def test_likelihood_integral_over_phi_is_not_one():
    # h = 2 ones out of n = 3: int phi^2 (1 - phi) dphi = 1/3 - 1/4 = 1/12 (by hand).
    x = [1, 0, 1]
    area, _ = integrate.quad(lambda phi: mle.bernoulli_likelihood(phi, x), 0, 1, epsabs=0, epsrel=1e-12)
    assert area == pytest.approx(1 / 12, rel=1e-10)
    assert mle.bernoulli_likelihood_integral(2, 3) == pytest.approx(1 / 12, rel=1e-12)


@pytest.mark.parametrize("n_heads, n", [(0, 1), (1, 1), (3, 10), (7, 10), (20, 40), (0, 25)])
def test_bernoulli_likelihood_integral_matches_quad(n_heads, n):
    area, _ = integrate.quad(lambda phi: phi ** n_heads * (1 - phi) ** (n - n_heads), 0, 1,
                             epsabs=0, epsrel=1e-12, limit=200)
    assert mle.bernoulli_likelihood_integral(n_heads, n) == pytest.approx(area, rel=1e-9)


def test_bernoulli_likelihood_integral_in_log_space_is_exact_for_large_n():
    # h! (n - h)! / (n + 1)! in exact integers, then its logarithm.
    n_heads, n = np.array([0, 1, 300, 500, 1000]), 1000
    exact = [Fraction(math.factorial(h) * math.factorial(n - h), math.factorial(n + 1)) for h in n_heads]
    expected = [math.log(value.numerator) - math.log(value.denominator) for value in exact]
    np.testing.assert_allclose(mle.bernoulli_likelihood_integral(n_heads, n, log=True), expected, rtol=1e-12)
    assert mle.bernoulli_likelihood_integral(500, 1000) < 1e-300    # the plain value is nearly underflowing


# --------------------------------------------------------------------------
# The likelihood as a product vs the sum of logs; the empirical distribution
# --------------------------------------------------------------------------


def test_product_of_a_thousand_probabilities_underflows_but_the_sum_of_logs_does_not(rng):
    p = rng.uniform(0.01, 1.0, size=1000)
    expected_log = math.fsum(math.log(value) for value in p.tolist())
    assert expected_log < -750                      # far below log(smallest double) ~ -745
    assert mle.likelihood_product(p) == 0.0
    assert mle.log_likelihood_sum(p) == pytest.approx(expected_log, rel=1e-12)


def test_product_of_a_thousand_densities_overflows_but_the_sum_of_logs_does_not(rng):
    x = rng.normal(0.0, 0.001, size=1000)                          # a narrow normal: densities near 400
    expected_log = math.fsum(stats.norm.logpdf(x, 0.0, 0.001).tolist())
    assert expected_log > 710                                      # above log(largest double) ~ 709.8
    densities = stats.norm.pdf(x, 0.0, 0.001)
    assert mle.likelihood_product(densities) == np.inf
    assert mle.log_likelihood_sum(densities) == pytest.approx(expected_log, rel=1e-12)


def test_product_and_sum_of_logs_agree_on_a_short_sample(rng):
    p = rng.uniform(0.1, 1.0, size=10)
    assert mle.likelihood_product(p) == pytest.approx(math.prod(p.tolist()), rel=1e-13)
    assert mle.log_likelihood_sum(p) == pytest.approx(math.log(math.prod(p.tolist())), rel=1e-13)
    assert mle.log_likelihood_sum([0.5, 0.0]) == -np.inf


@pytest.mark.parametrize("sample", [["sunny", "rain", "sunny", "overcast", "sunny"], [3, 1, 3, 3, 7, 1]])
def test_empirical_distribution_matches_counter(sample):
    values, probabilities = mle.empirical_distribution(sample)
    counts = Counter(sample)
    assert sorted(counts) == values.tolist()
    np.testing.assert_allclose(probabilities, [counts[v] / len(sample) for v in values.tolist()], rtol=1e-15)


# --------------------------------------------------------------------------
# Categorical
# --------------------------------------------------------------------------


def test_categorical_log_likelihood_over_a_grid_matches_scipy(rng):
    n_categories = 4
    x = rng.integers(0, n_categories, size=150)
    p = rng.dirichlet(np.ones(n_categories), size=7)
    expected = [stats.rv_discrete(values=(np.arange(n_categories), row)).logpmf(x).sum() for row in p]
    np.testing.assert_allclose(mle.categorical_log_likelihood(p, x), expected, rtol=1e-12)
    counts = np.bincount(x, minlength=n_categories)
    np.testing.assert_allclose(mle.categorical_log_likelihood(p, counts, counts=True), expected, rtol=1e-12)


def test_categorical_log_likelihood_uses_zero_log_zero():
    assert mle.categorical_log_likelihood([0.5, 0.5, 0.0], [0, 1]) == pytest.approx(2 * math.log(0.5))
    assert mle.categorical_log_likelihood([0.5, 0.5, 0.0], [0, 2]) == -np.inf


def test_categorical_mle_matches_counted_frequencies_with_unseen_categories(rng):
    x = rng.integers(0, 4, size=90)                 # category 4 of 0..4 never occurs
    counts = Counter(x.tolist())
    np.testing.assert_allclose(mle.categorical_mle(x, 5), [counts[k] / 90 for k in range(5)], rtol=1e-15)


def test_categorical_mle_matches_numerical_minimisation_over_softmax_logits(rng):
    n_categories = 4
    x = rng.choice(n_categories, size=120, p=[0.1, 0.2, 0.3, 0.4])
    counts = np.bincount(x, minlength=n_categories)

    def nll(theta):                                 # p = softmax(0, theta): K - 1 free parameters
        log_p = np.r_[0.0, theta] - special.logsumexp(np.r_[0.0, theta])
        return -(counts @ log_p) / counts.sum()

    result = optimize.minimize(nll, np.zeros(n_categories - 1), method="BFGS", options={"gtol": 1e-10})
    p_numerical = special.softmax(np.r_[0.0, result.x])
    np.testing.assert_allclose(mle.categorical_mle(x, n_categories), p_numerical, atol=1e-6)


def _categorical_sample_and_model(data):
    n_categories = data.draw(st.integers(2, 5))
    x = np.array(data.draw(st.lists(st.integers(0, n_categories - 1), min_size=1, max_size=40)))
    weights = np.array(data.draw(st.lists(st.floats(0.01, 1.0), min_size=n_categories,
                                          max_size=n_categories)))
    return n_categories, x, weights / weights.sum()


@given(data=st.data())
def test_categorical_mle_maximises_the_log_likelihood(data):
    n_categories, x, p = _categorical_sample_and_model(data)
    best = mle.categorical_log_likelihood(mle.categorical_mle(x, n_categories), x)
    assert mle.categorical_log_likelihood(p, x) <= best + 1e-9 * (1 + abs(best))


@given(data=st.data())
def test_nll_per_example_is_the_cross_entropy_and_exceeds_kl_by_the_entropy(data):
    # The lecture's chain: NLL/N = H(p_hat, p_model) = KL(p_hat || p_model) + H(p_hat).
    n_categories, x, p_model = _categorical_sample_and_model(data)
    values, p_hat = mle.empirical_distribution(x)
    cross_entropy = -sum(q * math.log(p_model[v]) for v, q in zip(values.tolist(), p_hat.tolist()))
    p_hat_full = np.zeros(n_categories)
    p_hat_full[values] = p_hat
    kl, entropy = stats.entropy(p_hat_full, p_model), stats.entropy(p_hat_full)

    nll_per_example = -mle.categorical_log_likelihood(p_model, x) / len(x)
    assert nll_per_example == pytest.approx(cross_entropy, rel=1e-10, abs=1e-12)
    assert cross_entropy - kl == pytest.approx(entropy, rel=1e-9, abs=1e-12)
    # ... and the MLE reaches KL = 0, i.e. NLL/N = H(p_hat).
    p_mle = mle.categorical_mle(x, n_categories)
    assert stats.entropy(p_hat_full, p_mle) == pytest.approx(0.0, abs=1e-12)
    assert -mle.categorical_log_likelihood(p_mle, x) / len(x) == pytest.approx(entropy, rel=1e-10, abs=1e-12)


# --------------------------------------------------------------------------
# Gaussian
# --------------------------------------------------------------------------


def test_gaussian_log_likelihood_over_a_surface_matches_scipy_logpdf(rng):
    x = rng.normal(1.5, 2.0, size=300)
    mu, sigma2 = np.linspace(-1, 4, 6), np.array([0.5, 1.0, 4.0, 9.0])
    surface = mle.gaussian_log_likelihood(mu[:, None], sigma2[None, :], x)
    expected = [[stats.norm.logpdf(x, m, math.sqrt(s)).sum() for s in sigma2] for m in mu]
    assert surface.shape == (6, 4)
    np.testing.assert_allclose(surface, expected, rtol=1e-11)


def test_gaussian_mle_matches_scipy_norm_fit_and_statistics(rng):
    x = rng.normal(-3.0, 0.7, size=250)
    loc, scale = stats.norm.fit(x)                  # the MLE: mean and the biased (1/N) std
    mean, variance = mle.gaussian_mle(x)
    assert mean == pytest.approx(loc, rel=1e-12)
    assert variance == pytest.approx(scale ** 2, rel=1e-10)
    assert variance == pytest.approx(statistics.pvariance(x.tolist()), rel=1e-10)
    assert mle.unbiased_variance(x) == pytest.approx(statistics.variance(x.tolist()), rel=1e-10)


def test_gaussian_mle_matches_numerical_minimisation_of_scipy_nll(rng):
    x = rng.normal(2.0, 1.3, size=100)

    def nll(w):                                     # w = (mu, log sigma): no bound needed
        return -stats.norm.logpdf(x, w[0], np.exp(w[1])).mean()

    result = optimize.minimize(nll, [0.0, 0.0], method="BFGS", options={"gtol": 1e-10})
    mean, variance = mle.gaussian_mle(x)
    assert mean == pytest.approx(result.x[0], abs=1e-6)
    assert variance == pytest.approx(np.exp(2 * result.x[1]), rel=1e-6)


def test_gaussian_mle_of_a_batch_estimates_each_row(rng):
    samples = rng.normal(size=(5, 20))
    means, variances = mle.gaussian_mle(samples)
    np.testing.assert_allclose(means, [statistics.fmean(row) for row in samples.tolist()], rtol=1e-12)
    np.testing.assert_allclose(variances, [statistics.pvariance(row) for row in samples.tolist()], rtol=1e-10)


@given(x=st.lists(finite_floats, min_size=2, max_size=40),
       shift=st.floats(-10, 10), log_ratio=st.floats(-3, 3))
def test_gaussian_mle_maximises_the_log_likelihood(x, shift, log_ratio):
    mean, variance = mle.gaussian_mle(x)
    assume(variance > 1e-6)
    best = mle.gaussian_log_likelihood(mean, variance, x)
    other = mle.gaussian_log_likelihood(mean + shift, variance * math.exp(log_ratio), x)
    assert other <= best + 1e-9 * (1 + abs(best))


# --------------------------------------------------------------------------
# Laplace
# --------------------------------------------------------------------------


@pytest.mark.parametrize("size", [5, 6, 101])
def test_laplace_mle_matches_scipy_laplace_fit(rng, size):
    x = rng.laplace(1.5, 0.8, size=size)
    loc, scale = stats.laplace.fit(x)               # scipy's closed form: the median, the mean |x - median|
    location, spread = mle.laplace_mle(x)
    assert location == pytest.approx(loc, rel=1e-12)
    assert spread == pytest.approx(scale, rel=1e-12)


def test_laplace_mle_maximises_the_likelihood_found_numerically(rng):
    x = rng.laplace(-2.0, 1.5, size=41)             # odd N: the median is the unique maximiser in mu

    def nll(theta):                                 # theta = (mu, log b)
        return -stats.laplace.logpdf(x, theta[0], np.exp(theta[1])).sum()

    location, spread = mle.laplace_mle(x)
    result = optimize.minimize(nll, [0.0, 0.0], method="Nelder-Mead",
                               options={"xatol": 1e-10, "fatol": 1e-12, "maxiter": 4000})
    assert nll([location, np.log(spread)]) <= result.fun + 1e-9
    assert location == pytest.approx(result.x[0], abs=1e-6)
    assert spread == pytest.approx(np.exp(result.x[1]), rel=1e-6)


def test_laplace_mle_by_hand_and_for_a_batch():
    # 1, 3, 4, 8, 9: median 4, |x - 4| = 3, 1, 0, 4, 5 sum to 13; for an even N any point between the
    # two middle values gives the same sum |x_i - mu|: 1, 2, 3, 4 -> 1.5 + 0.5 + 0.5 + 1.5 = 4
    assert mle.laplace_mle([3, 9, 1, 4, 8]) == (4.0, 13 / 5)
    assert mle.laplace_mle([4, 1, 3, 2]) == (2.5, 1.0)
    locations, spreads = mle.laplace_mle(np.array([[3, 9, 1, 4, 8], [0, 0, 0, 0, 1]]))
    np.testing.assert_array_equal(locations, [4.0, 0.0])
    np.testing.assert_allclose(spreads, [13 / 5, 1 / 5], rtol=1e-15)


# --------------------------------------------------------------------------
# Any model: the generic negative log-likelihood and the numerical MLE
# --------------------------------------------------------------------------


def test_negative_log_likelihood_over_a_grid_matches_a_loop_over_scipy(rng):
    x = rng.normal(size=40)
    loc, scale = np.array([-1.0, 0.0, 0.5]), np.array([0.5, 1.0, 2.0, 3.0])
    grid = mle.negative_log_likelihood(stats.norm.logpdf, x, loc[:, None], scale[None, :])
    expected = [[-sum(stats.norm.logpdf(v, m, s) for v in x.tolist()) for s in scale] for m in loc]
    np.testing.assert_allclose(grid, expected, rtol=1e-12)
    assert isinstance(mle.negative_log_likelihood(stats.norm.logpdf, x, 0.0, 1.0), float)


def test_fit_mle_numerically_recovers_scipy_norm_fit(rng):
    x = rng.normal(5.0, 2.0, size=200)
    fit = mle.fit_mle_numerically(lambda x, mu, sigma2: stats.norm.logpdf(x, mu, np.sqrt(sigma2)),
                                  x, [0.0, 1.0], bounds=[(None, None), (1e-9, None)], tol=1e-14)
    loc, scale = stats.norm.fit(x)
    assert fit.converged and fit.descent <= mle.DESCENT_TOLERANCE
    np.testing.assert_allclose(fit.params, [loc, scale ** 2], rtol=1e-6)
    assert fit.negative_log_likelihood == pytest.approx(-stats.norm.logpdf(x, loc, scale).sum(), rel=1e-10)


@pytest.mark.parametrize("logpdf, sampler, closed_form", [
    # Poisson: lambda_MLE = mean; exponential: scale_MLE = mean; both derived on paper.
    (stats.poisson.logpmf, lambda rng: rng.poisson(3.5, size=150), np.mean),
    (lambda x, scale: stats.expon.logpdf(x, scale=scale),
     lambda rng: rng.exponential(2.0, size=150), np.mean),
])
def test_fit_mle_numerically_recovers_closed_forms_of_other_models(rng, logpdf, sampler, closed_form):
    x = sampler(rng)
    fit = mle.fit_mle_numerically(logpdf, x, 1.0, bounds=[(1e-9, None)], tol=1e-14)
    assert fit.params[0] == pytest.approx(closed_form(x), rel=1e-6)


def test_fit_mle_numerically_recovers_the_bernoulli_mle(rng):
    x = rng.binomial(1, 0.2, size=60)
    fit = mle.fit_mle_numerically(stats.bernoulli.logpmf, x, 0.5, bounds=[(1e-9, 1 - 1e-9)], tol=1e-14)
    assert fit.params[0] == pytest.approx(x.sum() / x.size, abs=1e-6)


def test_fit_mle_numerically_accepts_a_minimum_at_a_bound_by_the_steps_into_the_box():
    # No heads: phi_MLE = 0, here the lower bound 1e-9, where the slope dNLL/dphi = N / (1 - phi) > 0 is no
    # descent because the step down leaves the box; the step up rises at about that rate.
    with warnings.catch_warnings():
        warnings.simplefilter("error")
        fit = mle.fit_mle_numerically(stats.bernoulli.logpmf, np.zeros(10), 0.5, bounds=[(1e-9, 1 - 1e-9)])
    assert fit.converged and fit.params[0] == pytest.approx(1e-9, abs=1e-12)
    assert fit.descent == pytest.approx(-1.0, rel=1e-6)           # mean NLL -log(1 - phi): slope 1 uphill


def test_fit_mle_numerically_verifies_a_kinked_optimum_against_the_laplace_closed_form(rng):
    # The Laplace NLL has a kink at the median, where no gradient exists: Nelder-Mead needs none, and
    # the check asks that a step either way along mu rises.
    x = rng.laplace(1.0, 2.0, size=201)
    with warnings.catch_warnings():
        warnings.simplefilter("error")
        fit = mle.fit_mle_numerically(stats.laplace.logpdf, x, [0.0, 1.0], bounds=[(None, None), (1e-6, None)],
                                      method="Nelder-Mead")
    assert fit.converged
    np.testing.assert_allclose(fit.params, mle.laplace_mle(x), rtol=1e-6)


def test_fit_mle_numerically_warns_when_a_step_still_goes_downhill_whatever_the_optimizer_says(rng):
    # A loose tolerance stops Nelder-Mead (which reports success) where the mean NLL still falls.
    x = rng.normal(5.0, 2.0, size=50)
    with pytest.warns(ConvergenceWarning, match="still lowers"):
        fit = mle.fit_mle_numerically(stats.norm.logpdf, x, [0.0, 1.0], bounds=[(None, None), (1e-9, None)],
                                      method="Nelder-Mead", tol=1e-2)
    assert not fit.converged and fit.descent > mle.DESCENT_TOLERANCE
    gradient = optimize.approx_fprime(fit.params, lambda theta: -stats.norm.logpdf(x, *theta).mean(), 1e-8)
    assert fit.descent == pytest.approx(np.max(np.abs(gradient)), rel=1e-3)   # the steepest slope is |gradient|


# --------------------------------------------------------------------------
# Properties of the MLE, by simulation
# --------------------------------------------------------------------------


def _exact_exceedance(N, phi, eps):
    """P(|H/N - phi| > eps) for H ~ Binomial(N, phi), summed exactly."""
    h = np.arange(N + 1)
    return stats.binom.pmf(h, N, phi)[np.abs(h / N - phi) > eps].sum()


def test_consistency_exceedance_probability_matches_binomial_and_shrinks():
    phi, eps, sizes, n_repeats = 0.3, 0.05, [11, 51, 201, 1001], 2000
    estimates = mle.simulate_estimates(mle.bernoulli_mle, stats.bernoulli(phi), sizes, n_repeats,
                                       random_state=0)
    assert estimates.shape == (4, n_repeats)
    simulated = mle.exceedance_probability(estimates, phi, eps)
    exact = np.array([_exact_exceedance(N, phi, eps) for N in sizes])
    # Tolerance: 4 Monte Carlo standard errors sqrt(P(1 - P) / n_repeats), plus 2 / n_repeats.
    tolerance = 4 * np.sqrt(exact * (1 - exact) / n_repeats) + 2 / n_repeats
    np.testing.assert_array_less(np.abs(simulated - exact), tolerance)
    assert np.all(np.diff(simulated) < 0)
    assert simulated[0] > 0.3 and simulated[-1] < 0.01


def test_efficiency_median_to_mean_mse_ratio_approaches_pi_over_2():
    # Both estimators see the same samples (same seed). Over 20 seeds the ratio at
    # N = 201 had standard deviation 0.013 and mean 1.566, so the tolerance 0.06
    # allows about 4.5 standard deviations and the finite-N bias.
    N, n_repeats = 201, 20000
    def simulate(estimator):
        return mle.simulate_estimates(estimator, stats.norm(0, 1), N, n_repeats, random_state=1)

    medians, means = simulate(lambda s: np.median(s, axis=-1)), simulate(lambda s: mle.gaussian_mle(s)[0])
    ratio = mle.mean_squared_error(medians, 0.0) / mle.mean_squared_error(means, 0.0)
    assert ratio == pytest.approx(math.pi / 2, abs=0.06)


def test_efficiency_mle_of_a_gaussian_mean_attains_the_cramer_rao_bound():
    mu, sigma2, sizes, n_repeats = 2.0, 9.0, [5, 50, 500], 4000
    estimates = mle.simulate_estimates(lambda s: mle.gaussian_mle(s)[0],
                                       lambda rng, size: rng.normal(mu, math.sqrt(sigma2), size),
                                       sizes, n_repeats, random_state=2)
    mse = mle.mean_squared_error(estimates, mu)
    bound = mle.cramer_rao_bound_gaussian_mean(sigma2, sizes)
    np.testing.assert_allclose(bound, sigma2 / np.array(sizes), rtol=1e-15)
    # Relative standard error of an MSE from n_repeats squared normals: sqrt(2 / 4000) = 2.2%;
    # tolerance 10%, about 4.5 standard errors.
    np.testing.assert_allclose(mse, bound, rtol=0.10)
    medians = mle.simulate_estimates(lambda s: np.median(s, axis=-1),
                                     lambda rng, size: rng.normal(mu, math.sqrt(sigma2), size),
                                     sizes, n_repeats, random_state=2)
    assert np.all(mle.mean_squared_error(medians, mu) > 1.2 * bound)


@pytest.mark.parametrize("N", [1, 3, 5, 21, 201, 501])
def test_the_variance_of_a_gaussian_median_matches_mpmath_quadrature(N):
    # The median of N = 2k + 1 standard normal draws has density phi Phi^k (1 - Phi)^k / B(k + 1, k + 1);
    # mpmath integrates z^2 times it in 30 digits. N = 1 is the normal's own variance, and N = 3 has the
    # closed form 1 - sqrt(3)/pi.
    mpmath.mp.dps = 30
    k = (N - 1) // 2
    spread = 1 / mpmath.sqrt(1 + 4 * k / mpmath.pi)
    density = lambda z: mpmath.npdf(z) * (mpmath.ncdf(z) * mpmath.ncdf(-z)) ** k / mpmath.beta(k + 1, k + 1)
    exact = mpmath.quad(lambda z: z ** 2 * density(z), [-mpmath.inf, -5 * spread, -spread, 0, spread, 5 * spread,
                                                         mpmath.inf])
    assert mle.gaussian_median_variance(2.5, N) == pytest.approx(2.5 * float(exact), rel=1e-12)
    assert mle.gaussian_median_variance(1.0, 3) == pytest.approx(1 - math.sqrt(3) / math.pi, rel=1e-12)


def test_the_variance_of_a_gaussian_median_tends_to_pi_over_2_times_the_bound():
    sizes = np.array([11, 101, 1001, 100_001])
    ratio = mle.gaussian_median_variance(1.0, sizes) / mle.cramer_rao_bound_gaussian_mean(1.0, sizes)
    assert np.all(np.diff(ratio) > 0) and ratio[-1] == pytest.approx(math.pi / 2, rel=1e-4)
    # and it matches a simulation: 20 000 medians of 21 draws, 4 standard errors of an MSE (sqrt(2/20000) each)
    medians = mle.simulate_estimates(lambda s: np.median(s, axis=-1), stats.norm(0, 1), 21, 20_000, random_state=3)
    assert mle.mean_squared_error(medians, 0.0) == pytest.approx(mle.gaussian_median_variance(1.0, 21), rel=0.04)


def test_biased_variance_has_expectation_n_minus_1_over_n_sigma2():
    n, sigma2, n_repeats = 5, 4.0, 20000
    normal = stats.norm(0, math.sqrt(sigma2))
    biased = mle.simulate_estimates(lambda s: mle.gaussian_mle(s)[1], normal, n, n_repeats, random_state=3)
    unbiased = mle.simulate_estimates(mle.unbiased_variance, normal, n, n_repeats, random_state=3)
    # sd of the 1/N variance: sqrt(2 (N-1)) sigma^2 / N = 2.26, standard error over 20000
    # repeats 0.016; tolerance 0.08 (5 standard errors). The two expectations differ by 0.8.
    assert biased.mean() == pytest.approx((n - 1) / n * sigma2, abs=0.08)
    assert mle.bias(biased, sigma2) == pytest.approx(-sigma2 / n, abs=0.08)
    assert unbiased.mean() == pytest.approx(sigma2, abs=0.1)


def test_simulate_estimates_is_reproducible_and_the_seed_matters():
    def run(seed):
        return mle.simulate_estimates(mle.bernoulli_mle, stats.bernoulli(0.5), 30, 50, random_state=seed)

    assert run(7).shape == (50,)
    np.testing.assert_array_equal(run(7), run(7))
    assert not np.array_equal(run(7), run(8))


def test_summaries_of_estimates_match_definitions_computed_by_hand():
    estimates = np.array([[0.9, 1.1, 1.3, 0.5], [1.0, 1.0, 2.0, 1.0]])
    expected_mse = [(0.01 + 0.01 + 0.09 + 0.25) / 4, 0.25]
    assert mle.mean_squared_error(estimates, 1.0).tolist() == pytest.approx(expected_mse)
    assert mle.bias(estimates, 1.0).tolist() == pytest.approx([-0.05, 0.25])
    assert mle.exceedance_probability(estimates, 1.0, 0.2).tolist() == pytest.approx([0.5, 0.25])
    assert mle.exceedance_probability(estimates, 1.0, 1.0).tolist() == [0.0, 0.0]   # strictly more than eps


# --------------------------------------------------------------------------
# Conditional MLE: the loss of logistic regression
# --------------------------------------------------------------------------


def test_binary_cross_entropy_matches_sklearn_log_loss(rng):
    t = rng.integers(0, 2, size=100)
    z = rng.normal(0, 3, size=100)
    p = special.expit(z)
    expected = log_loss(t, p, labels=[0, 1])
    assert mle.binary_cross_entropy(t, p) == pytest.approx(expected, rel=1e-10)
    assert mle.binary_cross_entropy(t, logits=z) == pytest.approx(expected, rel=1e-10)


def test_binary_cross_entropy_with_a_constant_prediction_is_the_bernoulli_nll_per_example(rng):
    t = rng.integers(0, 2, size=64)
    assert mle.binary_cross_entropy(t, np.full(64, 0.4)) == pytest.approx(
        -stats.bernoulli.logpmf(t, 0.4).mean(), rel=1e-12)


def test_binary_cross_entropy_from_extreme_logits_is_finite_and_exact():
    # -log sigma(-1000) = 1000 + log(1 + e^-1000) = 1000 to double precision; -log sigma(1000) = e^-1000 ~ 0.
    assert mle.binary_cross_entropy([1, 0], logits=[-1000.0, 1000.0]) == pytest.approx(1000.0, rel=1e-15)
    assert mle.binary_cross_entropy([1, 0], logits=[1000.0, -1000.0]) == pytest.approx(0.0, abs=1e-300)
    assert mle.binary_cross_entropy([1], [0.0]) == np.inf


@given(t=st.lists(st.integers(0, 1), min_size=1, max_size=20).map(np.array), data=st.data())
def test_binary_cross_entropy_from_logits_is_never_nan_and_agrees_with_probabilities(t, data):
    z = np.array(data.draw(st.lists(st.floats(-1e300, 1e300), min_size=t.size, max_size=t.size)))
    loss = mle.binary_cross_entropy(t, logits=z)
    assert np.isfinite(loss) and loss >= 0
    # From probabilities, log(1 - p) loses about eps / (1 - p) relative accuracy as p -> 1,
    # which is why the loss is computed from logits; compare where that loss is below 1e-11.
    moderate = np.clip(z, -10, 10)
    assert mle.binary_cross_entropy(t, logits=moderate) == pytest.approx(
        mle.binary_cross_entropy(t, special.expit(moderate)), rel=1e-9, abs=1e-12)


# --------------------------------------------------------------------------
# Bad input: a ValueError or TypeError that names the argument
# --------------------------------------------------------------------------

def _summed_logpdf(x, mu):
    return stats.norm.logpdf(x, mu).sum()          # wrong: returns one number, not one per observation


BAD_INPUT = [  # (function, arguments, error, the message must contain)
    (mle.bernoulli_log_likelihood, (0.5, [0, 1, 2]), ValueError, "x must contain only"),
    (mle.bernoulli_mle, ([0.5, 1],), ValueError, "x must contain only"),
    (mle.bernoulli_mle, ("0110",), TypeError, "x must be numeric"),
    (mle.bernoulli_log_likelihood, (1.5, [0, 1]), ValueError, "phi must be a probability"),
    (mle.bernoulli_log_likelihood, ([0.5, -0.1], [0, 1]), ValueError, "phi must be a probability"),
    (mle.bernoulli_log_likelihood, (np.nan, [0, 1]), ValueError, "phi contains nan"),
    (mle.likelihood_product, ([0.5, -0.1],), ValueError, "probabilities must be >= 0"),
    (mle.bernoulli_mle, ([],), ValueError, "x must hold at least one"),
    (mle.gaussian_log_likelihood, (0.0, 1.0, []), ValueError, "x must hold at least one"),
    (mle.empirical_distribution, ([],), ValueError, "x must hold at least one"),
    (mle.negative_log_likelihood, (stats.norm.logpdf, [], 0.0, 1.0), ValueError, "x must hold at least one"),
    (partial(mle.categorical_log_likelihood, counts=True), ([0.5, 0.5], [0, 0]), ValueError,
     "x holds counts that sum to 0"),
    (mle.gaussian_log_likelihood, (0.0, 0.0, [1.0]), ValueError, "sigma2 must be > 0, as the variance"),
    (mle.gaussian_log_likelihood, (0.0, [1.0, -1.0], [1.0]), ValueError, "sigma2 must be > 0, as the variance"),
    (mle.unbiased_variance, ([1.0],), ValueError, "x must hold at least two"),
    (mle.laplace_mle, ([],), ValueError, "x must hold at least one"),
    (mle.categorical_log_likelihood, ([0.2, 0.3, 0.5], [0, 3]), ValueError,
     "x has the category 3, but there are only 3"),
    (mle.categorical_mle, ([0, -1], 2), ValueError, "x has the category -1"),
    (mle.categorical_mle, ([0, 0.5], 2), ValueError, "x must hold integer"),
    (partial(mle.categorical_log_likelihood, counts=True), ([0.5, 0.5], [1, -2]), ValueError,
     "x holds counts"),
    (mle.categorical_log_likelihood, ([0.2, 0.3], [0, 1]), ValueError, "p must sum to 1"),
    (mle.bernoulli_likelihood_integral, (11, 10), ValueError, "n_heads must hold"),
    (mle.bernoulli_likelihood_integral, (0, 0), ValueError, "N must be an integer >= 1"),
    (mle.binary_cross_entropy, ([0, 1],), TypeError, "one of p .* or logits"),
    (mle.binary_cross_entropy, ([0, 2], [0.5, 0.5]), ValueError, "t must contain only"),
    (mle.binary_cross_entropy, ([0, 1], [0.5, 1.5]), ValueError, "p must be a probability"),
    (partial(mle.binary_cross_entropy, logits=[0.0]), ([0, 1],), ValueError, "logits must have length 2"),
    (mle.negative_log_likelihood, (stats.norm.logpdf, [0.0, 1.0], 0.0, -1.0), ValueError,
     "logpdf returned nan"),
    (mle.negative_log_likelihood, (_summed_logpdf, [0.0, 1.0], 0.0), TypeError,
     "logpdf must return one"),
    (mle.simulate_estimates, (np.mean, stats.norm(), 10, 5), ValueError,
     "estimator must reduce the last axis"),
    (mle.simulate_estimates, (mle.bernoulli_mle, stats.bernoulli(0.5), [10, 0]), ValueError,
     "N must be an integer >= 1"),
    (mle.simulate_estimates, (mle.bernoulli_mle, stats.bernoulli(0.5), 10, 0), ValueError,
     "n_repeats must be"),
    (mle.simulate_estimates, (mle.bernoulli_mle, "bernoulli", 10), TypeError, "distribution must be"),
    (mle.exceedance_probability, ([0.1, 0.2], 0.0, 0.0), ValueError, "eps must be"),
    (mle.cramer_rao_bound_gaussian_mean, (0.0, 10), ValueError, "sigma2 must be"),
    (mle.gaussian_median_variance, (1.0, [5, 10]), ValueError, "N must be odd"),
]


@pytest.mark.parametrize("function, arguments, error, message", BAD_INPUT,
                         ids=[f"{i}-{message[:30]}" for i, (*_, message) in enumerate(BAD_INPUT)])
def test_bad_input_raises_an_error_naming_the_argument(function, arguments, error, message):
    with pytest.raises(error, match=message):
        function(*arguments)


# --- least squares as an MLE, and MAP estimates (notebook 03) ---

def _regression(seed=0, n=40, d=3):
    rng = np.random.default_rng(seed)
    X = rng.normal(size=(n, d))
    return X, X @ np.linspace(1, -1, d) + 0.5 * rng.normal(size=n)


def test_least_squares_mle_matches_scikit_learn_and_the_gaussian_likelihood():
    from scipy.optimize import minimize
    from sklearn.linear_model import LinearRegression
    X, t = _regression()
    w, sigma2 = mle.least_squares_mle(X, t)
    np.testing.assert_allclose(w, LinearRegression(fit_intercept=False).fit(X, t).coef_, rtol=1e-10)
    assert sigma2 == pytest.approx(np.mean((t - X @ w) ** 2), rel=1e-12)

    def nll(theta):                       # - sum_n log N(t_n; x_n^T w, sigma^2), sigma^2 = exp(theta[-1])
        return -stats.norm.logpdf(t, X @ theta[:-1], np.exp(theta[-1] / 2)).sum()
    numerical = minimize(nll, np.zeros(4), method="BFGS", options={"gtol": 1e-9}).x
    np.testing.assert_allclose(numerical[:-1], w, rtol=1e-5)
    assert np.exp(numerical[-1]) == pytest.approx(sigma2, rel=1e-5)


@pytest.mark.parametrize("sigma2, tau2", [(1.0, 1.0), (0.25, 4.0), (2.0, 0.1)])
def test_linear_regression_map_is_scikit_learns_ridge(sigma2, tau2):
    from sklearn.linear_model import Ridge
    X, t = _regression(1)
    expected = Ridge(alpha=sigma2 / tau2, fit_intercept=False, solver="cholesky").fit(X, t).coef_
    np.testing.assert_allclose(mle.linear_regression_map(X, t, sigma2, tau2), expected, rtol=1e-10)


def test_beta_bernoulli_map_is_the_mode_of_scipys_beta_posterior():
    from scipy.optimize import minimize_scalar
    x = np.array([1, 1, 0, 1, 0, 1, 1])
    for a, b in [(1, 1), (2, 2), (3, 1.5), (5, 8)]:
        a_post, b_post = mle.beta_bernoulli_posterior(x, a, b)
        assert (a_post, b_post) == (a + 5, b + 2)
        mode = minimize_scalar(lambda phi: -stats.beta.logpdf(phi, a_post, b_post), bounds=(1e-9, 1 - 1e-9),
                               method="bounded", options={"xatol": 1e-12}).x
        assert mle.beta_bernoulli_map(x, a, b) == pytest.approx(mode, abs=1e-7)
    assert mle.beta_bernoulli_map(x, 1, 1) == mle.bernoulli_mle(x)                 # flat prior: the MLE
    assert mle.beta_bernoulli_map(x, 2, 2) == pytest.approx((5 + 1) / (7 + 2))     # Laplace's rule


def test_gaussian_mean_map_is_the_conjugate_posterior_mean():
    rng = np.random.default_rng(2)
    x = rng.normal(3.0, 2.0, size=10)
    sigma2, mu0, tau2 = 4.0, -1.0, 0.5
    precision = len(x) / sigma2 + 1 / tau2
    expected = (x.sum() / sigma2 + mu0 / tau2) / precision
    assert mle.gaussian_mean_map(x, sigma2, mu0, tau2) == pytest.approx(expected, rel=1e-13)
    # the posterior's mode by brute force on a grid of the log-posterior
    grid = np.linspace(-3, 5, 800_001)
    log_post = stats.norm.logpdf(x[:, None], grid, 2.0).sum(0) + stats.norm.logpdf(grid, mu0, np.sqrt(tau2))
    assert mle.gaussian_mean_map(x, sigma2, mu0, tau2) == pytest.approx(grid[np.argmax(log_post)], abs=2e-5)
    # a vague prior gives the MLE; N -> infinity forgets the prior
    assert mle.gaussian_mean_map(x, sigma2, mu0, 1e12) == pytest.approx(x.mean(), rel=1e-10)


@pytest.mark.parametrize("distribution", [stats.norm(1.0, 2.0), stats.bernoulli(0.3), stats.t(3)],
                         ids=["normal", "bernoulli", "student-t"])
def test_simulated_estimates_come_in_batches_with_the_draws_of_one_array(distribution, monkeypatch):
    """Batches of repeats draw, in order, what one (n_repeats, N) array holds (the same seed, the same samples)."""
    from lecture_utils.mle import simulation
    whole = distribution.rvs(size=(50, 7), random_state=np.random.default_rng(3)).mean(axis=-1)
    monkeypatch.setattr(simulation, "MAX_BATCH", 20)                 # 2 repeats of 7 per batch
    batches = []

    def mean_of(samples):
        batches.append(samples.shape)
        return samples.mean(axis=-1)
    batched = mle.simulate_estimates(mean_of, distribution, 7, 50, random_state=3)
    np.testing.assert_array_equal(batched, whole)
    assert set(batches) == {(2, 7)} and len(batches) == 25


def test_a_large_simulation_never_holds_all_its_samples_at_once():
    import tracemalloc
    from lecture_utils.mle.simulation import MAX_BATCH
    tracemalloc.start()
    try:
        estimates = mle.simulate_estimates(mle.bernoulli_mle, stats.bernoulli(0.3), 3000, 4000, random_state=1)
        peak = tracemalloc.get_traced_memory()[1]
    finally:
        tracemalloc.stop()
    assert estimates.shape == (4000,) and abs(estimates.mean() - 0.3) < 1e-3
    assert peak < 4 * 8 * MAX_BATCH            # a few batches of floats, where one array of 12 million is 96 MB

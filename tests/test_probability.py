"""Tests of lecture_utils.probability against scipy.stats and hand-computed values.

The central-limit-theorem samplers are checked against the exact
distributions of the sums where they are known (a gamma distribution for
exponential draws, a binomial one for Bernoulli draws), with fixed seeds so
the statistical tests are deterministic.
"""

import numpy as np
import pytest
from scipy import stats
from scipy.integrate import quad

from lecture_utils import probability as prob

RTOL = 1e-12          # closed forms against scipy: a few ulps of error


# --- Bernoulli and categorical ---

def test_bernoulli_pmf_matches_scipy():
    phi = np.array([0.0, 0.2, 0.5, 0.9, 1.0])
    for x in (0, 1):
        np.testing.assert_allclose(prob.bernoulli_pmf(x, phi), stats.bernoulli.pmf(x, phi), rtol=RTOL)
    x = np.array([[0], [1]])                                        # broadcast: a (2, 5) table
    np.testing.assert_allclose(prob.bernoulli_pmf(x, phi), stats.bernoulli.pmf(x, phi), rtol=RTOL)


def test_bernoulli_moments_match_scipy():
    for phi in (0.0, 0.1, 0.5, 0.75):
        assert prob.bernoulli_mean(phi) == pytest.approx(stats.bernoulli(phi).mean(), rel=RTOL)
        assert prob.bernoulli_variance(phi) == pytest.approx(stats.bernoulli(phi).var(), rel=RTOL, abs=1e-15)
    phi = np.linspace(0, 1, 101)
    assert phi[np.argmax(prob.bernoulli_variance(phi))] == 0.5        # a fair coin varies most


def test_one_hot_by_hand():
    np.testing.assert_array_equal(prob.one_hot([2, 0, 1], 3), [[0, 0, 1], [1, 0, 0], [0, 1, 0]])
    np.testing.assert_array_equal(prob.one_hot(1, 4), [0, 1, 0, 0])
    assert prob.one_hot(np.zeros((2, 5), dtype=int), 3).shape == (2, 5, 3)


def test_categorical_pmf_matches_scipy_multinomial():
    p = np.array([0.1, 0.2, 0.3, 0.4])
    outcomes = prob.one_hot(np.arange(4), 4)
    np.testing.assert_allclose(prob.categorical_pmf(outcomes, p), stats.multinomial(1, p).pmf(outcomes),
                               rtol=RTOL)
    assert prob.categorical_pmf([0, 0, 1, 0], p) == pytest.approx(0.3, rel=RTOL)
    # a zero probability: 0^0 = 1 for the outcomes not taken, 0^1 = 0 for the one taken
    np.testing.assert_array_equal(prob.categorical_pmf(prob.one_hot([0, 1], 2), [0.0, 1.0]), [0.0, 1.0])


def test_categorical_moments_match_scipy_multinomial():
    p = np.array([0.1, 0.6, 0.3])
    reference = stats.multinomial(1, p)
    np.testing.assert_allclose(prob.categorical_mean(p), reference.mean(), rtol=RTOL)
    np.testing.assert_allclose(prob.categorical_variance(p), np.diag(reference.cov()), rtol=RTOL)


# --- normal densities ---

def test_normal_pdf_and_logpdf_match_scipy():
    x = np.linspace(-50, 50, 1001)
    for mu, sigma in [(0.0, 1.0), (2.0, 0.3), (-1.0, 4.0)]:
        np.testing.assert_allclose(prob.normal_pdf(x, mu, sigma), stats.norm.pdf(x, mu, sigma), rtol=1e-12,
                                   atol=1e-300)
        np.testing.assert_allclose(prob.normal_logpdf(x, mu, sigma), stats.norm.logpdf(x, mu, sigma),
                                   rtol=1e-12)
    assert prob.normal_pdf(0.0) == pytest.approx(1 / np.sqrt(2 * np.pi), rel=RTOL)       # by hand


def test_gaussian_mixture_pdf_matches_scipy_and_integrates_to_one():
    weights, means, sigmas = [0.2, 0.5, 0.3], [-2.0, 0.0, 3.0], [0.5, 1.0, 2.0]
    x = np.linspace(-6, 8, 57).reshape(3, 19)
    expected = sum(w * stats.norm.pdf(x, m, s) for w, m, s in zip(weights, means, sigmas))
    np.testing.assert_allclose(prob.gaussian_mixture_pdf(x, weights, means, sigmas), expected, rtol=RTOL)
    total, _ = quad(lambda t: prob.gaussian_mixture_pdf(t, weights, means, sigmas), -np.inf, np.inf)
    assert total == pytest.approx(1.0, rel=1e-8)


def test_gaussian_mixture_logpdf_matches_scipy_and_stays_finite_in_the_tails():
    weights, means, sigmas = [0.2, 0.5, 0.3], [-2.0, 0.0, 3.0], [0.5, 1.0, 2.0]
    x = np.linspace(-6, 8, 57).reshape(3, 19)
    expected = np.log(sum(w * stats.norm.pdf(x, m, s) for w, m, s in zip(weights, means, sigmas)))
    np.testing.assert_allclose(prob.gaussian_mixture_logpdf(x, weights, means, sigmas), expected, rtol=RTOL)
    # 100 from the nearest mean (sigma 2, mean 3): the pdf underflows; the log is that component's log
    far = 103.0
    assert prob.gaussian_mixture_pdf(far, weights, means, sigmas) == 0.0
    assert prob.gaussian_mixture_logpdf(far, weights, means, sigmas) == pytest.approx(
        np.log(0.3) + stats.norm.logpdf(far, 3.0, 2.0), rel=RTOL)
    assert prob.gaussian_mixture_logpdf(0.0, [0.0, 1.0], [5.0, 0.0], [1.0, 1.0]) == pytest.approx(
        stats.norm.logpdf(0.0), rel=RTOL)                                # a zero weight adds nothing


def test_gaussian_mixture_moments_match_quad():
    weights, means, sigmas = [0.3, 0.7], [-3.0, 2.0], [0.6, 1.0]
    def density(t):
        return prob.gaussian_mixture_pdf(t, weights, means, sigmas)
    mean, _ = quad(lambda t: t * density(t), -np.inf, np.inf)
    second, _ = quad(lambda t: t ** 2 * density(t), -np.inf, np.inf)
    got_mean, got_variance = prob.gaussian_mixture_moments(weights, means, sigmas)
    assert got_mean == pytest.approx(mean, rel=1e-8)
    assert got_variance == pytest.approx(second - mean ** 2, rel=1e-8)


# --- the central limit theorem ---

REFERENCES = {"exponential": stats.expon(), "bernoulli": stats.bernoulli(0.2), "uniform": stats.uniform()}


@pytest.mark.parametrize("name", sorted(REFERENCES))
def test_distribution_moments_match_scipy_and_the_draws(name):
    mean, variance = prob.distribution_moments(name)
    assert mean == pytest.approx(REFERENCES[name].mean(), rel=RTOL)
    assert variance == pytest.approx(REFERENCES[name].var(), rel=RTOL)
    draws = prob.sample_means(name, 1, 200_000, random_state=0)          # n = 1: single draws
    assert draws.mean() == pytest.approx(mean, abs=5 * np.sqrt(variance / draws.size))   # 5 standard errors
    assert draws.var() == pytest.approx(variance, rel=0.02)


def test_standardized_exponential_sums_follow_the_exact_gamma_distribution():
    # S_n of n exponential(1) draws is Gamma(n, 1), so P(Z_n <= z) = Gamma(n).cdf(n + sqrt(n) z)
    n = 5
    z = prob.standardized_sums("exponential", n, 20_000, random_state=1)
    result = stats.kstest(z, lambda t: stats.gamma(n).cdf(n + np.sqrt(n) * t))
    assert result.pvalue > 0.01                                          # fixed seed: deterministic
    assert stats.kstest(z, "norm").pvalue < 1e-6                         # still visibly skewed at n = 5


def test_bernoulli_sums_follow_the_binomial_distribution():
    n, n_repeats = 30, 50_000
    sums = prob.sample_means("bernoulli", n, n_repeats, random_state=2) * n
    np.testing.assert_allclose(sums, np.round(sums), atol=1e-9)          # whole numbers of successes
    frequencies = np.bincount(np.round(sums).astype(int), minlength=n + 1) / n_repeats
    total_variation = 0.5 * np.abs(frequencies - stats.binom(n, 0.2).pmf(np.arange(n + 1))).sum()
    assert total_variation < 0.02


def test_standardized_bernoulli_sums_live_on_the_binomial_lattice():
    n = 12
    binomial = stats.binom(n, 0.2)
    values = prob.standardized_sum_values("bernoulli", n)
    np.testing.assert_allclose(values, (np.arange(n + 1) - binomial.mean()) / binomial.std(), rtol=1e-12)
    z = prob.standardized_sums("bernoulli", n, 1000, random_state=0)
    assert np.all(np.min(np.abs(z[:, None] - values), axis=1) < 1e-9)   # every Z_n is one of them
    assert prob.standardized_sum_values("exponential", n) is None        # continuous: no lattice
    assert prob.standardized_sum_values("uniform", n) is None


@pytest.mark.parametrize("name", sorted(REFERENCES))
def test_standardized_sums_approach_the_normal(name):
    def distance_to_normal(n):
        return stats.kstest(prob.standardized_sums(name, n, 20_000, random_state=3), "norm").statistic
    # Berry-Esseen: sup_z |P(Z_n <= z) - Phi(z)| <= C rho / (sigma^3 sqrt(n)), C = 0.4748 (Shevtsova 2011)
    reference = REFERENCES[name]
    rho = reference.expect(lambda t: np.abs(t - reference.mean()) ** 3)
    bound = 0.4748 * rho / (reference.std() ** 3 * np.sqrt(400))
    far, near = distance_to_normal(2), distance_to_normal(400)
    assert near < bound + 0.015              # plus the sampling noise of 20 000 draws (KS 99%: 0.0115)
    assert near < far
    z = prob.standardized_sums(name, 50, 20_000, random_state=4)
    assert z.mean() == pytest.approx(0.0, abs=5 / np.sqrt(z.size))      # mean 0 and variance 1 for every n
    assert z.var() == pytest.approx(1.0, rel=0.05)


def test_sampling_is_reproducible_and_independent_of_blocking(monkeypatch):
    first = prob.sample_means("exponential", 7, 1000, random_state=42)
    np.testing.assert_array_equal(first, prob.sample_means("exponential", 7, 1000, random_state=42))
    assert not np.array_equal(first, prob.sample_means("exponential", 7, 1000, random_state=43))
    monkeypatch.setattr(prob, "_DRAWS_PER_BLOCK", 50)                  # many small blocks
    np.testing.assert_allclose(prob.sample_means("exponential", 7, 1000, random_state=42), first, rtol=1e-15)
    np.testing.assert_array_equal(
        prob.sample_means("uniform", 3, 10, random_state=np.random.default_rng(5)),
        np.random.default_rng(5).random((10, 3)).mean(axis=1))


@pytest.mark.parametrize("name", sorted(REFERENCES))
def test_sum_skewness_matches_scipy(name):
    skewness = float(REFERENCES[name].stats(moments="s"))
    assert prob.sum_skewness(name, 1) == pytest.approx(skewness, abs=1e-12)
    assert prob.sum_skewness(name, 25) == pytest.approx(skewness / 5, abs=1e-12)
    if name == "exponential":                   # S_n is Gamma(n, 1), of skewness 2 / sqrt(n)
        assert prob.sum_skewness(name, 7) == pytest.approx(float(stats.gamma(7).stats(moments="s")), rel=RTOL)


def test_partial_sums_grow_draw_by_draw():
    z = prob.standardized_partial_sums("uniform", 6, 500, random_state=7)
    assert z.shape == (6, 500)
    draws = np.random.default_rng(7).random((6, 500))                   # the same pool, drawn here
    n = np.arange(1, 7)[:, None]
    np.testing.assert_allclose(z, (np.cumsum(draws, axis=0) - n / 2) / np.sqrt(n / 12), rtol=1e-12)
    np.testing.assert_array_equal(z, prob.standardized_partial_sums("uniform", 6, 500, random_state=7))


@pytest.mark.parametrize("name", ["exponential", "uniform", "bernoulli"])
def test_partial_sums_one_n_at_a_time_are_the_table_bit_for_bit(name):
    table = prob.standardized_partial_sums(name, 25, 300, random_state=4)
    sums = prob.PartialSums(name, 25, 300, random_state=4, every=4)
    for n in [*range(1, 26), 25, 3, 24, 9, 8, 1]:              # up draw by draw, then jumps both ways
        np.testing.assert_array_equal(sums.standardized(n), table[n - 1])
    with pytest.raises(ValueError, match="n must be at most n_max = 25"):
        sums.standardized(26)


def test_partial_sums_leave_a_shared_generator_where_the_table_does():
    rng, same = np.random.default_rng(6), np.random.default_rng(6)
    prob.PartialSums("uniform", 7, 50, random_state=rng, every=3)
    prob.standardized_partial_sums("uniform", 7, 50, random_state=same)
    assert rng.random() == same.random()


def test_partial_sums_follow_the_exact_gamma_distribution_for_every_n():
    z = prob.standardized_partial_sums("exponential", 30, 20_000, random_state=8)
    for n in (1, 5, 30):
        result = stats.kstest(z[n - 1], lambda t: stats.gamma(n).cdf(n + np.sqrt(n) * t))
        assert result.pvalue > 0.01                                      # fixed seed: deterministic
    assert z[0].min() >= -1.0                                            # (x - 1) / 1 with x >= 0
    np.testing.assert_allclose(z.mean(axis=1), 0.0, atol=5 / np.sqrt(20_000))


def test_sample_skewness_matches_scipy():
    rng = np.random.default_rng(9)
    z = rng.exponential(size=(3, 1000))
    np.testing.assert_allclose(prob.sample_skewness(z), stats.skew(z, axis=-1), rtol=1e-12)
    assert prob.sample_skewness([1.0, 2.0, 3.0]) == pytest.approx(0.0, abs=1e-15)   # symmetric
    assert prob.sample_skewness([0.0, 0.0, 3.0]) == pytest.approx(1 / np.sqrt(2), rel=RTOL)  # by hand


# --- bad input gets a ValueError naming the argument ---

@pytest.mark.parametrize("call, message", [
    (lambda: prob.bernoulli_pmf(1, 1.2), r"^phi must be a probability in \[0, 1\]"),
    (lambda: prob.bernoulli_variance(-0.1), r"^phi must be a probability"),
    (lambda: prob.bernoulli_pmf(2, 0.5), r"^x must hold whole numbers from 0 to 1"),
    (lambda: prob.one_hot([0, 3], 3), r"^x must hold whole numbers from 0 to 2"),
    (lambda: prob.one_hot([0.5], 3), r"^x must hold whole numbers"),
    (lambda: prob.one_hot([0], 0), r"^n_categories must be an integer >= 1"),
    (lambda: prob.categorical_pmf([1, 1, 0], [0.2, 0.3, 0.5]), r"^x must hold one-hot vectors"),
    (lambda: prob.categorical_pmf([0, 1], [0.2, 0.3, 0.5]), r"^x has 2 categories .* but p has 3"),
    (lambda: prob.categorical_pmf([0, 1], [0.2, 0.3]), r"^p must sum to 1"),
    (lambda: prob.categorical_mean([-0.5, 1.5]), r"^p has negative entries"),
    (lambda: prob.normal_pdf(0.0, 0.0, 0.0), r"^sigma must be > 0"),
    (lambda: prob.normal_logpdf(0.0, 0.0, -1.0), r"^sigma must be > 0"),
    (lambda: prob.gaussian_mixture_pdf(0.0, [0.5, 0.6], [0, 1], [1, 1]), r"^weights must sum to 1"),
    (lambda: prob.gaussian_mixture_pdf(0.0, [0.5, 0.5], [0, 1], [1, 0]), r"^sigmas must be > 0"),
    (lambda: prob.gaussian_mixture_pdf(0.0, [0.5, 0.5], [0, 1, 2], [1, 1]), r"^weights, means and sigmas"),
    (lambda: prob.gaussian_mixture_logpdf(0.0, [0.5, 0.6], [0, 1], [1, 1]), r"^weights must sum to 1"),
    (lambda: prob.sample_means("poisson", 5, 10), r"^distribution must be one of"),
    (lambda: prob.standardized_sums("exponential", 0, 10), r"^n must be an integer >= 1"),
    (lambda: prob.sample_means("uniform", 5, -1), r"^n_repeats must be an integer >= 1"),
    (lambda: prob.standardized_partial_sums("exponential", 0, 10), r"^n_max must be an integer >= 1"),
    (lambda: prob.standardized_partial_sums("gamma", 3, 10), r"^distribution must be one of"),
    (lambda: prob.sum_skewness("uniform", 0), r"^n must be an integer >= 1"),
    (lambda: prob.sample_skewness([1.0]), r"^z must hold at least 2 values"),
    (lambda: prob.sample_skewness([2.0, 2.0]), r"^z has no spread"),
])
def test_bad_input_raises_value_error_naming_the_argument(call, message):
    with pytest.raises(ValueError, match=message):
        call()


def test_non_numeric_input_raises_type_error():
    with pytest.raises(TypeError, match=r"^phi must be numeric"):
        prob.bernoulli_mean("half")

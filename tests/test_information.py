"""Tests of lecture_utils.information against scipy and hand-computed values.

References: ``scipy.stats.entropy`` (entropy and KL of discrete
distributions), the ``.entropy()`` of scipy's continuous distributions,
``scipy.integrate.quad`` (integrals of densities), and values worked out by
hand. Property tests (hypothesis) check Gibbs' inequality and its corollaries
and the stability claims (no nan; inf exactly where Q(x) = 0 < P(x)).
"""

import numpy as np
import pytest
from hypothesis import assume, given, settings
from hypothesis import strategies as st
from scipy import stats
from scipy.integrate import quad, trapezoid

from lecture_utils import information as info

RTOL = 1e-12          # closed forms and sums against scipy: a few ulps of error
GRID_RTOL = 1e-4      # trapezoid rule on 2001 points against quad


def normal(x, mu, sigma):
    """The normal density, written out here so the tests do not lean on lecture_utils.probability."""
    return np.exp(-0.5 * ((x - mu) / sigma) ** 2) / (sigma * np.sqrt(2 * np.pi))


def random_distributions(rng, shape, n_zeros=0):
    """Dirichlet draws along the last axis, with the first ``n_zeros`` entries set to 0."""
    p = rng.dirichlet(np.ones(shape[-1]), size=shape[:-1])
    p[..., :n_zeros] = 0.0
    return p / p.sum(axis=-1, keepdims=True)


# --- discrete: against scipy.stats.entropy and by hand ---

@pytest.mark.parametrize("base", [None, 2, 10])
def test_entropy_matches_scipy(base):
    p = random_distributions(np.random.default_rng(0), (6, 5), n_zeros=2)
    np.testing.assert_allclose(info.entropy(p, base=base), stats.entropy(p, base=base, axis=-1), rtol=RTOL)


@pytest.mark.parametrize("base", [None, 2])
def test_kl_divergence_matches_scipy(base):
    rng = np.random.default_rng(1)
    p, q = random_distributions(rng, (6, 5), n_zeros=1), random_distributions(rng, (6, 5))
    np.testing.assert_allclose(info.kl_divergence(p, q, base=base),
                               stats.entropy(p, q, base=base, axis=-1), rtol=RTOL)


def test_cross_entropy_is_scipy_entropy_plus_scipy_kl():
    rng = np.random.default_rng(2)
    p, q = random_distributions(rng, (6, 5), n_zeros=2), random_distributions(rng, (6, 5))
    expected = stats.entropy(p, axis=-1) + stats.entropy(p, q, axis=-1)
    np.testing.assert_allclose(info.cross_entropy(p, q), expected, rtol=RTOL)


def test_hand_computed_values():
    assert info.entropy([0.5, 0.5], base=2) == pytest.approx(1.0, rel=RTOL)        # a fair coin: 1 bit
    assert info.entropy(np.full(8, 1 / 8), base=2) == pytest.approx(3.0, rel=RTOL)
    assert info.entropy([0.0, 1.0]) == 0.0                                          # no surprise at all
    # KL(Bern(1/2) || Bern(1/4)) = 1/2 log(2) + 1/2 log(2/3) = 1/2 log(4/3)
    assert info.kl_divergence([0.5, 0.5], [0.75, 0.25]) == pytest.approx(0.5 * np.log(4 / 3), rel=RTOL)
    # KL(Bern(1/4) || Bern(1/2)) = 1/4 log(1/2) + 3/4 log(3/2): not the same (nonsymmetry)
    assert info.kl_divergence([0.75, 0.25], [0.5, 0.5]) == pytest.approx(
        0.25 * np.log(0.5) + 0.75 * np.log(1.5), rel=RTOL)
    # H(P, Q) with P = (1/2, 1/2), Q = (1/4, 3/4): -(1/2 log 1/4 + 1/2 log 3/4) nats
    assert info.cross_entropy([0.5, 0.5], [0.25, 0.75]) == pytest.approx(
        -0.5 * np.log(0.25) - 0.5 * np.log(0.75), rel=RTOL)


def test_self_information():
    np.testing.assert_allclose(info.self_information([1 / 8, 1 / 2, 1.0], base=2), [3.0, 1.0, 0.0], rtol=RTOL)
    assert info.self_information(np.e ** -2) == pytest.approx(2.0, rel=RTOL)
    assert info.self_information(0.0) == np.inf
    # independent events add their information: I(p q) = I(p) + I(q)
    joint = info.self_information(0.3 * 0.2)
    assert joint == pytest.approx(info.self_information(0.3) + info.self_information(0.2), rel=RTOL)


def test_binary_entropy_matches_scipy_bernoulli():
    phi = np.array([0.0, 1e-300, 0.1, 0.5, 0.9, 1.0])
    expected = [stats.bernoulli(value).entropy() for value in phi]
    np.testing.assert_allclose(info.binary_entropy(phi), expected, rtol=RTOL, atol=1e-300)
    assert info.binary_entropy(0.5, base=2) == pytest.approx(1.0, rel=RTOL)


def test_leading_axes_broadcast():
    rng = np.random.default_rng(3)
    p, q = random_distributions(rng, (4,)), random_distributions(rng, (3, 4))
    for function in (info.cross_entropy, info.kl_divergence):
        batch = function(p, q)
        assert batch.shape == (3,)
        np.testing.assert_allclose(batch, [function(p, row) for row in q], rtol=RTOL)


def test_tiny_probabilities_are_exact():
    # -1e-300 log 1e-300 = 1e-300 * 300 log 10, by hand; log(p / q) would overflow p / q = 1e300 / 1e-300
    assert info.entropy([1e-300, 1.0]) == pytest.approx(1e-300 * 300 * np.log(10), rel=1e-12)
    assert info.kl_divergence([1e-300, 1.0], [1.0, 1e-300]) == pytest.approx(300 * np.log(10), rel=1e-12)
    assert info.kl_divergence([0.5, 0.5], [5e-324, 1.0]) == pytest.approx(
        0.5 * (np.log(0.5) - np.log(5e-324)) + 0.5 * np.log(0.5), rel=1e-12)


def test_kl_divergence_is_never_negative():
    # q sums to 1 + 2e-9 (accepted: within as_distribution's 1e-8), so sum p log(p / q) = -log(1 + 2e-9) < 0
    assert info.kl_divergence([0.5, 0.5], [0.5 + 1e-9, 0.5 + 1e-9]) == 0.0
    assert info.kl_divergence([0.5, 0.5], [0.5 - 1e-9, 0.5 - 1e-9]) == pytest.approx(2e-9, rel=1e-6)


def test_divergences_are_infinite_exactly_where_q_is_zero_and_p_is_not():
    p = [[0.5, 0.5, 0.0], [0.5, 0.5, 0.0], [0.0, 0.0, 1.0]]
    q = [[0.5, 0.0, 0.5], [0.0, 0.5, 0.5], [0.5, 0.5, 0.0]]
    q_ok = [[0.5, 0.5, 0.0], [0.25, 0.75, 0.0], [0.0, 0.0, 1.0]]     # zeros of q only where p = 0
    for function in (info.cross_entropy, info.kl_divergence):
        np.testing.assert_array_equal(function(p, q), np.inf)
        assert np.all(np.isfinite(function(p, q_ok)))


# --- property tests: Gibbs' inequality and stability ---

PROBABILITY_WEIGHTS = st.one_of(st.just(0.0), st.sampled_from([5e-324, 1e-300, 1e-150]),
                                st.floats(1e-12, 1.0))


@st.composite
def distribution_pairs(draw):
    """Two distributions on the same n outcomes, with exact zeros and tiny entries."""
    n = draw(st.integers(1, 8))
    pair = []
    for _ in range(2):
        weights = np.array(draw(st.lists(PROBABILITY_WEIGHTS, min_size=n, max_size=n)))
        weights[draw(st.integers(0, n - 1))] += draw(st.floats(0.01, 1.0))   # never all zero
        pair.append(weights / weights.sum())
    return pair


@settings(max_examples=200, deadline=None)
@given(distribution_pairs())
def test_gibbs_inequality_and_its_corollaries(pair):
    p, q = pair
    h_p, h_pq, kl = info.entropy(p), info.cross_entropy(p, q), info.kl_divergence(p, q)
    assert not np.isnan([h_p, h_pq, kl]).any()
    assert 0.0 <= h_p <= np.log(len(p)) + 1e-12                    # 0 <= H(P) <= log n
    assert h_pq >= h_p - 1e-12                                    # Gibbs: H(P, Q) >= H(P)
    assert kl >= 0.0                                              # D_KL >= 0
    assert info.kl_divergence(p, p) == 0.0                        # D_KL(P || P) = 0
    assert np.isclose(h_pq, h_p + kl, rtol=1e-9, atol=1e-12)      # H(P, Q) = H(P) + D_KL(P || Q)


@settings(max_examples=200, deadline=None)
@given(distribution_pairs())
def test_divergences_are_infinite_exactly_where_expected(pair):
    p, q = pair
    expected_inf = bool(np.any((q == 0) & (p > 0)))
    assert np.isinf(info.kl_divergence(p, q)) == expected_inf
    assert np.isinf(info.cross_entropy(p, q)) == expected_inf
    assert np.isfinite(info.entropy(p))


@settings(max_examples=100, deadline=None)
@given(distribution_pairs())
def test_uniform_q_gives_log_n(pair):
    # the corollary's proof: H(P, U) = log n for the uniform U, whatever P
    p, _ = pair
    uniform = np.full(len(p), 1 / len(p))
    assert info.cross_entropy(p, uniform) == pytest.approx(np.log(len(p)), rel=1e-12, abs=1e-15)


# --- Huffman codes: the best number of yes/no questions ---

def optimal_expected_length(p) -> float:
    """The least ``sum_x P(x) l(x)`` over all binary prefix codes, by brute force.

    By the Kraft-McMillan theorem the lengths of a prefix code are exactly the
    integer vectors with ``sum_x 2^-l(x) <= 1``; an optimal code needs no
    length above ``n - 1``. Outcomes of probability 0 take no codeword.
    """
    p = np.asarray([value for value in p if value > 0])
    if p.size == 1:
        return 0.0
    lengths = np.stack(np.meshgrid(*[np.arange(1, p.size)] * p.size, indexing="ij"), -1).reshape(-1, p.size)
    feasible = lengths[np.sum(2.0 ** -lengths, axis=1) <= 1]
    return float(np.min(feasible @ p))


def test_huffman_lengths_by_hand():
    # dyadic: l(x) = -log2 P(x) exactly, and L = H = 1.75 bits
    np.testing.assert_array_equal(info.huffman_code_lengths([0.5, 0.25, 0.125, 0.125]), [1, 2, 3, 3])
    # merge 0.1 + 0.2, then 0.3 + 0.3, then 0.4 + 0.6: lengths 1, 2, 3, 3 and L = 1.9 bits
    np.testing.assert_array_equal(info.huffman_code_lengths([0.4, 0.3, 0.2, 0.1]), [1, 2, 3, 3])
    # a fair die: two faces at depth 2, four at depth 3, L = 16/6 bits > log2 6
    die = info.huffman_code_lengths(np.full(6, 1 / 6))
    assert sorted(die) == [2, 2, 3, 3, 3, 3] and np.full(6, 1 / 6) @ die == pytest.approx(16 / 6, rel=1e-15)
    np.testing.assert_array_equal(info.huffman_code_lengths([0.0, 1.0, 0.0]), [0, 0, 0])   # nothing to ask
    np.testing.assert_array_equal(info.huffman_code_lengths([0.7, 0.0, 0.3]), [1, 0, 1])


@settings(max_examples=150, deadline=None)
@given(distribution_pairs())
def test_huffman_is_optimal_and_within_one_bit_of_the_entropy(pair):
    p = pair[0][:6]
    assume(p.sum() > 0)                                   # the first six outcomes may all have probability 0
    p = p / p.sum()
    lengths = info.huffman_code_lengths(p)
    expected_length, bits = p @ lengths, info.entropy(p, base=2)
    assert expected_length == pytest.approx(optimal_expected_length(p), rel=1e-12, abs=1e-15)
    assert bits - 1e-12 <= expected_length <= bits + 1     # H <= L < H + 1 (equal in floats when P(x) = 5e-324)
    if np.count_nonzero(p) > 1:                                         # a full tree: Kraft with equality
        assert np.sum(2.0 ** -lengths[p > 0]) == pytest.approx(1.0, rel=1e-15)


# --- normal distributions in closed form ---

@pytest.mark.parametrize("sigma", [0.05, 1 / np.sqrt(2 * np.pi * np.e), 1.0, 30.0])
def test_gaussian_entropy_matches_scipy(sigma):
    assert info.gaussian_entropy(sigma) == pytest.approx(stats.norm(3.0, sigma).entropy(),
                                                         rel=RTOL, abs=1e-14)
    assert info.gaussian_entropy(sigma, base=2) == pytest.approx(stats.norm(0, sigma).entropy() / np.log(2),
                                                                 rel=RTOL, abs=1e-14)


def test_narrow_gaussians_have_negative_differential_entropy():
    assert info.gaussian_entropy(0.1) < 0 < info.gaussian_entropy(0.5)


@pytest.mark.parametrize("mu_p, sigma_p, mu_q, sigma_q",
                         [(0, 1, 0, 1), (0, 1, 1, 1), (1, 0.5, -1, 2), (-2, 3, 0.5, 0.7)])
def test_gaussian_kl_matches_quad(mu_p, sigma_p, mu_q, sigma_q):
    def integrand(x):
        log_ratio = stats.norm.logpdf(x, mu_p, sigma_p) - stats.norm.logpdf(x, mu_q, sigma_q)
        return normal(x, mu_p, sigma_p) * log_ratio
    expected, _ = quad(integrand, mu_p - 40 * sigma_p, mu_p + 40 * sigma_p, points=[mu_p], limit=200)
    assert info.gaussian_kl(mu_p, sigma_p, mu_q, sigma_q) == pytest.approx(expected, rel=1e-8, abs=1e-12)


def test_gaussian_kl_is_not_symmetric_and_broadcasts():
    forward, backward = info.gaussian_kl(0, 1, 0, 2), info.gaussian_kl(0, 2, 0, 1)
    assert forward == pytest.approx(np.log(2) + 1 / 8 - 0.5, rel=RTOL)    # by hand
    assert backward == pytest.approx(np.log(0.5) + 2 - 0.5, rel=RTOL)
    np.testing.assert_allclose(info.gaussian_kl([0, 1], 1, 0, [1, 2]), [0.0, np.log(2) + 2 / 8 - 0.5],
                               atol=1e-15)


def test_entropies_at_fixed_variance_match_scipy_and_normal_is_largest():
    variance = 2.5
    s = np.sqrt(variance)
    frozen = {"normal": stats.norm(0, s), "laplace": stats.laplace(0, s / np.sqrt(2)),
              "uniform": stats.uniform(-s * np.sqrt(3), 2 * s * np.sqrt(3)),
              "logistic": stats.logistic(0, s * np.sqrt(3) / np.pi),
              "triangular": stats.triang(0.5, -s * np.sqrt(6), 2 * s * np.sqrt(6))}
    entropies = info.entropies_at_fixed_variance(variance)
    assert set(entropies) == set(frozen)
    for name, distribution in frozen.items():
        assert distribution.var() == pytest.approx(variance, rel=1e-12), name      # the scales are right
        assert entropies[name] == pytest.approx(distribution.entropy(), rel=1e-9), name
    assert max(entropies, key=entropies.get) == "normal"                          # maximum entropy
    assert list(entropies.values()) == sorted(entropies.values(), reverse=True)  # as documented
    bits = info.entropies_at_fixed_variance(variance, base=2)
    assert bits["uniform"] == pytest.approx(entropies["uniform"] / np.log(2), rel=RTOL)


# --- any density on a grid, against quad ---

GRID = np.linspace(-12, 12, 2001)


def bimodal(x):
    return 0.3 * normal(x, -2, 0.7) + 0.7 * normal(x, 1.5, 1.2)


def test_differential_entropy_on_grid_matches_quad():
    expected, _ = quad(lambda x: -bimodal(x) * np.log(bimodal(x)), -12, 12, points=[-2, 1.5], limit=200)
    assert info.differential_entropy_on_grid(bimodal(GRID), GRID) == pytest.approx(expected, rel=GRID_RTOL)
    uneven = 12 * np.sinh(np.linspace(-3, 3, 3001)) / np.sinh(3)     # dense in the middle, sparse outside
    on_uneven = info.differential_entropy_on_grid(bimodal(uneven), uneven)
    assert on_uneven == pytest.approx(expected, rel=GRID_RTOL)
    narrow = normal(GRID, 0, 0.1)
    assert info.differential_entropy_on_grid(narrow, GRID) == pytest.approx(stats.norm(0, 0.1).entropy(),
                                                                           rel=GRID_RTOL)


def test_cross_entropy_and_kl_on_grid_match_quad():
    def log_q(x):
        return stats.norm.logpdf(x, 0.5, 2.0)
    cross, _ = quad(lambda x: -bimodal(x) * log_q(x), -12, 12, points=[-2, 1.5], limit=200)
    kl, _ = quad(lambda x: bimodal(x) * (np.log(bimodal(x)) - log_q(x)), -12, 12, points=[-2, 1.5], limit=200)
    q = normal(GRID, 0.5, 2.0)
    assert info.cross_entropy_on_grid(bimodal(GRID), q, GRID) == pytest.approx(cross, rel=GRID_RTOL)
    assert info.kl_divergence_on_grid(bimodal(GRID), q, GRID) == pytest.approx(kl, rel=GRID_RTOL)


def test_kl_on_grid_matches_gaussian_closed_form_and_broadcasts():
    p = normal(GRID, 1.0, 0.8)
    sigmas = np.array([0.5, 1.0, 2.0])
    q = normal(GRID, 0.0, sigmas[:, None])
    np.testing.assert_allclose(info.kl_divergence_on_grid(p, q, GRID),
                               info.gaussian_kl(1.0, 0.8, 0.0, sigmas), rtol=GRID_RTOL)
    assert info.kl_divergence_on_grid(p, p, GRID) == 0.0


def test_kl_from_log_densities_matches_the_density_version_and_survives_underflow():
    sigmas = np.array([0.5, 1.0, 2.0])
    log_p, log_q = stats.norm.logpdf(GRID, 1.0, 0.8), stats.norm.logpdf(GRID, 0.0, sigmas[:, None])
    np.testing.assert_allclose(info.kl_divergence_from_log_densities(log_p, log_q, GRID),
                               info.kl_divergence_on_grid(np.exp(log_p), np.exp(log_q), GRID), rtol=1e-12)
    np.testing.assert_allclose(info.kl_divergence_from_log_densities(log_p, log_q, GRID, base=2),
                               info.gaussian_kl(1.0, 0.8, 0.0, sigmas, base=2), rtol=GRID_RTOL)
    # N(0, 1) against N(30, 1): KL = 30^2 / 2 = 450 nats, but q underflows to 0 where p is still > 0
    x = np.linspace(-40, 70, 4001)
    log_p, log_q = stats.norm.logpdf(x, 0, 1), stats.norm.logpdf(x, 30, 1)
    assert info.kl_divergence_on_grid(np.exp(log_p), np.exp(log_q), x) == np.inf
    assert info.kl_divergence_from_log_densities(log_p, log_q, x) == pytest.approx(450.0, rel=1e-9)


def test_kl_from_log_densities_with_zero_densities():
    x = np.linspace(-1, 3, 4001)
    with np.errstate(divide="ignore"):
        log_triangle = np.log(np.maximum(0.0, 1 - np.abs(x - 1)))        # -inf outside [0, 2]
    log_wide = stats.norm.logpdf(x, 1, 1)
    expected = info.kl_divergence_on_grid(np.exp(log_triangle), np.exp(log_wide), x)
    assert info.kl_divergence_from_log_densities(log_triangle, log_wide, x) == pytest.approx(expected, rel=1e-12)
    assert info.kl_divergence_from_log_densities(log_wide, log_triangle, x) == np.inf   # q = 0 < p
    with pytest.raises(TypeError, match=r"^log_p must be numeric"):
        info.kl_divergence_from_log_densities(["a", "b"], [0.0, 0.0], [0.0, 1.0])


def test_grid_versions_handle_zero_density():
    x = np.linspace(-1, 3, 4001)
    triangle = np.maximum(0.0, 1 - np.abs(x - 1))                    # triangular on [0, 2], zero elsewhere
    assert info.differential_entropy_on_grid(triangle, x) == pytest.approx(stats.triang(0.5, 0, 2).entropy(),
                                                                          rel=1e-5)
    wide = normal(x, 1, 1)
    assert np.isfinite(info.kl_divergence_on_grid(triangle, wide, x))   # 0 log(0 / q) = 0
    assert info.kl_divergence_on_grid(wide, triangle, x) == np.inf      # q = 0 < p
    assert info.cross_entropy_on_grid(wide, triangle, x) == np.inf


# --- forward and reverse KL fits of a Gaussian ---

FIT_GRID = np.linspace(-8, 8, 400)


def mixture(x, weights, means, sigmas):
    return sum(w * normal(x, m, s) for w, m, s in zip(weights, means, sigmas))


def test_forward_fit_matches_the_moments_of_the_mixture():
    weights, means, sigmas = [0.3, 0.7], [-3.0, 2.0], [0.6, 1.0]
    mean = np.dot(weights, means)                                     # E[x] = sum_k w_k mu_k
    variance = np.dot(weights, np.square(sigmas) + np.square(means)) - mean ** 2
    mu, sigma = info.fit_gaussian_forward_kl(mixture(FIT_GRID, weights, means, sigmas), FIT_GRID)
    assert mu == pytest.approx(mean, abs=1e-4)
    assert sigma == pytest.approx(np.sqrt(variance), rel=1e-4)


def test_fits_recover_a_gaussian_target():
    p = normal(FIT_GRID, 1.2, 0.9)
    for fit in (info.fit_gaussian_forward_kl, info.fit_gaussian_reverse_kl):
        for scale in (1.0, 3.0):                                    # p need not be normalised
            mu, sigma = fit(scale * p, FIT_GRID)
            assert mu == pytest.approx(1.2, abs=1e-4), fit.__name__
            assert sigma == pytest.approx(0.9, rel=1e-4), fit.__name__


def gaussian_on_grid(x, mu, sigma):
    """N(mu, sigma^2) renormalised on the grid, as the reverse fit defines it (the grid cuts its tails)."""
    q = normal(x, mu, sigma)
    return q / trapezoid(q, x, axis=-1)[..., None]


def brute_force_reverse_kl(p, x):
    """Minimise KL(Q || p) over a coarse (mu, sigma) grid, then a fine one around its best."""
    def search(mus, sigmas):
        mu_grid, sigma_grid = np.meshgrid(mus, sigmas, indexing="ij")
        q = gaussian_on_grid(x, mu_grid.ravel()[:, None], sigma_grid.ravel()[:, None])
        kl = info.kl_divergence_on_grid(q, p, x)
        best = np.argmin(kl)
        return mu_grid.ravel()[best], sigma_grid.ravel()[best], kl[best]
    mu, sigma, _ = search(np.arange(-6, 6.01, 0.2), np.arange(0.2, 4.01, 0.1))
    return search(np.linspace(mu - 0.2, mu + 0.2, 41), np.linspace(sigma - 0.1, sigma + 0.1, 41))


@pytest.mark.parametrize("weights, means, sigmas, chosen", [
    ([0.5, 0.5], [-3.0, 3.0], [0.8, 0.8], 0),                # symmetric: a tie goes to the leftmost
    ([0.3, 0.7], [-3.0, 2.5], [0.8, 0.8], 1),                 # the heavier mode: KL ~ -log w_k
    ([0.4, 0.6], [-3.0, 3.0], [0.3, 1.5], 1),                 # not the highest peak, the heavier mode
])
def test_reverse_fit_locks_onto_one_mode(weights, means, sigmas, chosen):
    p = mixture(FIT_GRID, weights, means, sigmas)
    mu, sigma = info.fit_gaussian_reverse_kl(p, FIT_GRID)
    assert mu == pytest.approx(means[chosen], abs=0.1)
    assert sigma == pytest.approx(sigmas[chosen], rel=0.05)
    assert info.fit_gaussian_reverse_kl(p, FIT_GRID) == (mu, sigma)                    # deterministic
    _, forward_sigma = info.fit_gaussian_forward_kl(p, FIT_GRID)
    assert forward_sigma > 2 * sigma                                                   # covers both modes


@pytest.mark.parametrize("weights, means, sigmas", [
    ([0.3, 0.7], [-3.0, 2.5], [0.8, 0.8]),
    ([0.5, 0.5], [-1.0, 1.0], [0.8, 0.8]),                   # close modes: one wide Gaussian
    ([0.4, 0.6], [-3.0, 3.0], [0.3, 1.5]),
])
def test_reverse_fit_agrees_with_brute_force_search(weights, means, sigmas):
    p = mixture(FIT_GRID, weights, means, sigmas)
    mu, sigma = info.fit_gaussian_reverse_kl(p, FIT_GRID)
    brute_mu, brute_sigma, brute_kl = brute_force_reverse_kl(p, FIT_GRID)
    assert info.kl_divergence_on_grid(gaussian_on_grid(FIT_GRID, mu, sigma), p, FIT_GRID) <= brute_kl + 1e-9
    assert mu == pytest.approx(brute_mu, abs=0.01)            # the fine search steps 0.01 in mu
    assert sigma == pytest.approx(brute_sigma, abs=0.01)      # and 0.005 in sigma


def test_reverse_fit_does_not_flicker_between_tied_modes():
    # a widget moves the modes of a symmetric mixture apart: the fit must stay on one side
    chosen = [info.fit_gaussian_reverse_kl(mixture(FIT_GRID, [0.5, 0.5], [-d, d], [0.8, 0.8]), FIT_GRID)[0]
              for d in np.linspace(2.5, 6, 36)]
    np.testing.assert_allclose(chosen, -np.linspace(2.5, 6, 36), atol=0.3)


def test_reverse_fit_avoids_where_p_is_zero():
    x = np.linspace(-4, 4, 400)
    box = np.where(np.abs(x) <= 1, 0.5, 0.0)                  # uniform on [-1, 1]
    mu, sigma = info.fit_gaussian_reverse_kl(box, x)
    assert abs(mu) < 0.05 and sigma < 1.0 / 3                 # 3 sigma inside the box


# --- bad input gets a ValueError naming the argument ---

@pytest.mark.parametrize("call, message", [
    (lambda: info.entropy([0.5, -0.1, 0.6]), r"^p has negative entries"),
    (lambda: info.entropy([0.5, 0.6]), r"^p must sum to 1"),
    (lambda: info.kl_divergence([0.5, 0.5], [0.2, 0.2]), r"^q must sum to 1"),
    (lambda: info.cross_entropy([0.5, 0.5], [0.2, 0.3, 0.5]), r"^p and q must give values for the same"),
    (lambda: info.kl_divergence(np.full((2, 2), 0.5), np.full((3, 2), 0.5)), r"^p and q have shapes"),
    (lambda: info.self_information(1.5), r"^p must be a probability in \[0, 1\]"),
    (lambda: info.self_information(-0.5), r"^p must be a probability"),
    (lambda: info.entropy([0.5, 0.5], base=1), r"^base must be"),
    (lambda: info.entropy([0.5, 0.5], base=-2), r"^base must be"),
    (lambda: info.gaussian_entropy(0.0), r"^sigma must be > 0"),
    (lambda: info.gaussian_kl(0, 1, 0, -1), r"^sigma_q must be > 0"),
    (lambda: info.gaussian_kl(0, 0, 0, 1), r"^sigma_p must be > 0"),
    (lambda: info.entropies_at_fixed_variance(-1.0), r"^variance must be > 0"),
    (lambda: info.differential_entropy_on_grid([1, 1], [1.0, 0.0]), r"^x must be a 1-D grid .* not incr"),
    (lambda: info.differential_entropy_on_grid([1, 1, 1], [0.0, 1.0]), r"^density must hold the density"),
    (lambda: info.kl_divergence_on_grid([1, -1], [1, 1], [0.0, 1.0]), r"^p has negative values"),
    (lambda: info.cross_entropy_on_grid([1, 1], [1, 1, 1], [0.0, 1.0]), r"^q must hold the density"),
    (lambda: info.kl_divergence_from_log_densities([0, np.nan], [0, 0], [0.0, 1.0]), r"^log_p contains nan"),
    (lambda: info.kl_divergence_from_log_densities([0, 0], [0, np.inf], [0.0, 1.0]), r"^log_q contains nan or"),
    (lambda: info.kl_divergence_from_log_densities([0, 0], [0, 0, 0], [0.0, 1.0]), r"^log_q must hold the log"),
    (lambda: info.fit_gaussian_reverse_kl(np.zeros(5), np.arange(5.0)), r"^p must be a 1-D density .* positive at 0 points"),
    (lambda: info.fit_gaussian_forward_kl(np.ones((2, 5)), np.arange(5.0)), r"^p must be a 1-D density"),
    (lambda: info.huffman_code_lengths(np.full((2, 2), 0.5)), r"^p must be one distribution"),
    (lambda: info.huffman_code_lengths([0.5, 0.6]), r"^p must sum to 1"),
])
def test_bad_input_raises_value_error_naming_the_argument(call, message):
    with pytest.raises(ValueError, match=message):
        call()


def test_nan_is_rejected_not_propagated():
    with pytest.raises(ValueError, match=r"^p contains nan"):
        info.entropy([np.nan, 1.0])


# --- two variables: joint and conditional entropy, mutual information (notebook 02, "Two variables") ---

@pytest.mark.parametrize("seed", range(5))
def test_mutual_information_matches_scikit_learn(seed):
    # mutual_info_score works in nats from two columns of labels; ours from their joint table
    from sklearn.metrics import mutual_info_score
    rng = np.random.default_rng(seed)
    x = rng.integers(0, 4, size=300)
    y = np.where(rng.random(300) < 0.6, x, rng.integers(0, 3, size=300))
    joint = info.joint_distribution(x, y)
    assert info.mutual_information(joint) == pytest.approx(mutual_info_score(x, y), rel=RTOL)
    assert info.mutual_information(joint, base=2) == pytest.approx(mutual_info_score(x, y) / np.log(2), rel=RTOL)


def test_joint_distribution_is_scikit_learns_contingency_table():
    from sklearn.metrics.cluster import contingency_matrix
    x, y = ["a", "b", "a", "c", "b", "a"], [1, 2, 2, 1, 1, 1]
    np.testing.assert_allclose(info.joint_distribution(x, y), contingency_matrix(x, y) / 6, rtol=RTOL)


def test_joint_entropy_is_the_entropy_of_the_flattened_table():
    joint = np.array([[0.1, 0.2, 0.0], [0.3, 0.15, 0.25]])
    assert info.joint_entropy(joint) == pytest.approx(stats.entropy(joint.ravel()), rel=RTOL)
    # H(Y | X) = sum_x P(x) H(Y | X = x), with scipy's entropy of each row normalised
    p_x = joint.sum(axis=1)
    by_rows = sum(p * stats.entropy(row / p) for p, row in zip(p_x, joint))
    assert info.conditional_entropy(joint) == pytest.approx(by_rows, rel=RTOL)


def test_independent_and_deterministic_extremes():
    independent = np.outer([0.2, 0.8], [0.5, 0.3, 0.2])
    assert info.mutual_information(independent) == pytest.approx(0.0, abs=1e-15)
    assert info.conditional_entropy(independent) == pytest.approx(stats.entropy([0.5, 0.3, 0.2]), rel=RTOL)
    copy = np.diag([0.25, 0.25, 0.5])                 # Y = X
    assert info.conditional_entropy(copy) == 0.0
    assert info.mutual_information(copy) == pytest.approx(stats.entropy([0.25, 0.25, 0.5]), rel=RTOL)


@settings(max_examples=200, deadline=None)
@given(st.lists(st.floats(0, 1), min_size=6, max_size=6).filter(lambda v: sum(v) > 1e-3))
def test_chain_rule_and_mutual_information_identities(values):
    joint = np.array(values).reshape(2, 3) / sum(values)
    H_x, H_y = info.entropy(joint.sum(axis=1)), info.entropy(joint.sum(axis=0))
    H_xy, H_y_x, H_x_y = info.joint_entropy(joint), info.conditional_entropy(joint), info.conditional_entropy(joint.T)
    mi = info.mutual_information(joint)
    assert H_xy == pytest.approx(H_x + H_y_x, abs=1e-12)                 # chain rule, both ways
    assert H_xy == pytest.approx(H_y + H_x_y, abs=1e-12)
    assert mi == pytest.approx(H_y - H_y_x, abs=1e-12)
    assert mi == pytest.approx(info.mutual_information(joint.T), abs=1e-12)   # symmetric
    assert -1e-15 <= mi <= min(H_x, H_y) + 1e-12
    assert H_y_x <= H_y + 1e-12                                          # conditioning never adds uncertainty


def test_joint_refuses_one_variable():
    with pytest.raises(ValueError, match="joint"):
        info.mutual_information([0.5, 0.5])

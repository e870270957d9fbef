"""The probability distributions that information theory and maximum likelihood need.

Taught in notebook 02 ("Common probability distributions" and "Why the
normal distribution"). Notation of the lecture: a Bernoulli variable
``x`` in {0, 1} with ``P(x = 1) = phi``; a categorical variable with ``K``
outcomes, written as a one-hot vector ``x`` in {0, 1}^K, with probabilities
``p = (p_0, ..., p_{K-1})``; the normal density ``N(x; mu, sigma^2)``.

The central limit theorem is shown by sampling: :func:`standardized_sums`
returns ``(S_n - n E[x]) / sqrt(n Var(x))`` for sums ``S_n`` of ``n``
i.i.d. draws of a skewed distribution, to histogram against ``N(0, 1)``;
:func:`standardized_partial_sums` gives them for every ``n`` up to a limit
from one pool of draws (for a slider; :class:`PartialSums` one ``n`` at a
time, holding a tenth of that pool), and :func:`sum_skewness` the
skewness ``gamma_1 / sqrt(n)`` that fades as ``n`` grows.
"""

from __future__ import annotations

import copy
from dataclasses import dataclass
from typing import Callable

import numpy as np

from ._numerics import deviations, scaled, standardized, unscale
from ._validation import (as_distribution, as_float_array, as_positive_array, as_probabilities, check_broadcast,
                          check_draws, check_positive_int, check_random_state, check_size)

_LOG_SQRT_2PI = 0.5 * np.log(2 * np.pi)
_SQRT_PI_HALF = np.sqrt(np.pi / 2)                      # sqrt(2 pi) / 2

# At most this many random numbers are held in memory at once by sample_means.
_DRAWS_PER_BLOCK = 2 ** 20


# --- input checks of this module (array versions of the scalar ones in _validation) ---

def _as_integers(value, name: str, low: int, high: int) -> np.ndarray:
    """Return ``value`` as an int array with every entry in ``low..high - 1``."""
    array = as_float_array(value, name)
    if np.any(array != np.round(array)) or np.any((array < low) | (array >= high)):
        raise ValueError(
            f"{name} must hold whole numbers from {low} to {high - 1}; "
            f"got values from {array.min():.6g} to {array.max():.6g}."
        )
    return array.astype(int)


def _as_one_hot(x, name: str) -> np.ndarray:
    """Return ``x`` as float one-hot vectors along the last axis: zeros and a single one."""
    array = as_float_array(x, name)
    if array.ndim == 0 or np.any((array != 0) & (array != 1)) or np.any(array.sum(axis=-1) != 1):
        raise ValueError(
            f"{name} must hold one-hot vectors along its last axis (zeros and exactly one 1, "
            f"e.g. [0, 1, 0]); got an array of shape {array.shape} that does not. "
            f"Convert category indices with one_hot({name}, n_categories)."
        )
    return array


# --- Bernoulli and categorical ---

def bernoulli_pmf(x, phi):
    """``P(x) = phi^x (1 - phi)^(1 - x)`` for ``x`` in {0, 1}.

    Parameters
    ----------
    x : array-like of 0s and 1s
    phi : float or array-like in [0, 1]
        ``P(x = 1)``; broadcast against ``x``.

    Returns
    -------
    float or ndarray of the broadcast shape
    """
    x = _as_integers(x, "x", 0, 2)
    phi = as_probabilities(phi, "phi")
    check_broadcast(("x", x), ("phi", phi))
    return phi ** x * (1 - phi) ** (1 - x)               # phi^x (1 - phi)^(1 - x)


def bernoulli_mean(phi):
    """``E[x] = phi``."""
    return as_probabilities(phi, "phi")[()]


def bernoulli_variance(phi):
    """``Var(x) = phi (1 - phi)``, largest (1/4) for a fair coin."""
    phi = as_probabilities(phi, "phi")
    return phi * (1 - phi)


def one_hot(x, n_categories: int) -> np.ndarray:
    """The one-hot encoding ``1_x = ([i = x])_{i=0}^{K-1}`` of category indices.

    Parameters
    ----------
    x : int or array-like of ints in 0..K-1
    n_categories : int
        ``K``.

    Returns
    -------
    ndarray of int, shape ``x.shape + (K,)``
    """
    n_categories = check_positive_int(n_categories, "n_categories")
    x = _as_integers(x, "x", 0, n_categories)
    check_size(x.size * n_categories, f"one_hot(x, {n_categories}) of {x.size} indices", "x or n_categories")
    return (x[..., None] == np.arange(n_categories)).astype(int)     # [i = x] for i = 0..K-1


def categorical_pmf(x, p):
    """``P(x) = prod_i p_i^{x_i}`` for one-hot outcomes ``x`` (the lecture's form).

    Parameters
    ----------
    x : array-like of shape (..., K)
        One-hot vectors; for category indices pass ``one_hot(indices, K)``.
    p : array-like of shape (..., K)
        Probabilities of the ``K`` outcomes, summing to one; broadcast against ``x``.

    Returns
    -------
    float or ndarray of shape ``(...)``
    """
    x = _as_one_hot(x, "x")
    p = as_distribution(p, "p")
    if x.shape[-1] != p.shape[-1]:
        raise ValueError(
            f"x has {x.shape[-1]} categories along its last axis but p has {p.shape[-1]}; "
            "they must describe the same K outcomes."
        )
    check_broadcast(("x", x), ("p", p))
    return np.prod(p ** x, axis=-1)                      # prod_i p_i^{x_i}


def categorical_mean(p):
    """``E[x_i] = p_i`` for the one-hot vector ``x``."""
    return as_distribution(p, "p")


def categorical_variance(p):
    """``Var(x_i) = p_i (1 - p_i)``: each coordinate of ``x`` is a Bernoulli variable."""
    p = as_distribution(p, "p")
    return p * (1 - p)


# --- normal densities ---

def normal_logpdf(x, mu=0.0, sigma=1.0):
    """``log N(x; mu, sigma^2) = -(x - mu)^2 / (2 sigma^2) - log sigma - log sqrt(2 pi)``.

    Parameters broadcast against each other, like those of :func:`normal_pdf`.
    """
    x, mu, sigma = _normal_arguments(x, mu, sigma)
    z = standardized(x, mu, sigma)                       # finite even where x - mu overflows
    with np.errstate(over="ignore"):                     # z^2 / 2 beyond 1.8e308: log N = -inf
        return -(0.5 * z) * z - np.log(sigma) - _LOG_SQRT_2PI


def _normal_arguments(x, mu, sigma):
    x, mu = as_float_array(x, "x"), as_float_array(mu, "mu")
    sigma = as_positive_array(sigma, "sigma", "a standard deviation")
    check_broadcast(("x", x), ("mu", mu), ("sigma", sigma))
    return x, mu, sigma


def normal_pdf(x, mu=0.0, sigma=1.0):
    """The normal density ``N(x; mu, sigma^2) = exp(-(x - mu)^2 / (2 sigma^2)) / sqrt(2 pi sigma^2)``.

    Parameters
    ----------
    x : float or array-like
    mu : float or array-like
        Mean.
    sigma : float or array-like, > 0
        Standard deviation (not the variance).

    Returns
    -------
    float or ndarray of the broadcast shape
    """
    x, mu, sigma = _normal_arguments(x, mu, sigma)
    z = standardized(x, mu, sigma)                       # finite even where x - mu overflows
    # sigma = m 2^e with m in [1/2, 1): the density is exp(-z^2/2) / (sqrt(2 pi) m), times 2^-e in one
    # rounding at the end, so that neither sqrt(2 pi) sigma overflows for sigma near 1e308 nor the
    # density's tiny values near 1e-308 lose digits twice (not exp(log N): exact also for tiny sigma)
    m, e = np.frexp(sigma)
    with np.errstate(over="ignore", under="ignore"):     # far in the tails the density is 0.0
        return np.ldexp(np.exp(-(0.5 * z) * z) / (2 * _SQRT_PI_HALF * m), -e)


def _mixture_components(weights, means, sigmas):
    weights = as_distribution(weights, "weights")
    means, sigmas = as_float_array(means, "means"), as_positive_array(sigmas, "sigmas", "a standard deviation")
    if not weights.ndim == means.ndim == sigmas.ndim == 1 or not len(weights) == len(means) == len(sigmas):
        raise ValueError(
            "weights, means and sigmas must be 1-D with one entry per component; got shapes "
            f"{weights.shape}, {means.shape} and {sigmas.shape}."
        )
    return weights, means, sigmas


def _mixture_points(x, n_components: int) -> np.ndarray:
    """``x`` as a float array, refused if the table of every component's density at every point cannot fit."""
    x = as_float_array(x, "x")
    check_size(x.size * n_components, f"the densities of {n_components} components at {x.size} points",
               "x or the number of components")
    return x


def gaussian_mixture_pdf(x, weights, means, sigmas):
    """The density ``p(x) = sum_k w_k N(x; mu_k, sigma_k^2)`` of a mixture of normals.

    Parameters
    ----------
    x : float or array-like
    weights : array-like of shape (n_components,)
        Mixing weights ``w_k``, summing to one.
    means, sigmas : array-like of shape (n_components,)
        ``mu_k`` and the standard deviations ``sigma_k > 0``.

    Returns
    -------
    float or ndarray of the shape of ``x``
    """
    weights, means, sigmas = _mixture_components(weights, means, sigmas)
    x = _mixture_points(x, weights.size)
    return normal_pdf(x[..., None], means, sigmas) @ weights     # sum_k w_k N(x; mu_k, sigma_k^2)


def gaussian_mixture_logpdf(x, weights, means, sigmas):
    """``log p(x) = log sum_k w_k N(x; mu_k, sigma_k^2)``, by log-sum-exp: finite far in the tails.

    Arguments as for :func:`gaussian_mixture_pdf`, whose value underflows to 0
    some 38 standard deviations from every mean; this one does not.
    """
    from scipy.special import logsumexp

    weights, means, sigmas = _mixture_components(weights, means, sigmas)
    x = _mixture_points(x, weights.size)
    with np.errstate(divide="ignore"):                   # a weight of 0 contributes log 0 = -inf
        log_terms = normal_logpdf(x[..., None], means, sigmas) + np.log(weights)
    return logsumexp(log_terms, axis=-1)                 # log sum_k exp(log w_k + log N_k)


def gaussian_mixture_moments(weights, means, sigmas) -> tuple[float, float]:
    """Mean ``sum_k w_k mu_k`` and variance ``sum_k w_k (sigma_k^2 + (mu_k - mean)^2)`` of a mixture.

    The variance is the law of total variance, which equals
    ``sum_k w_k (sigma_k^2 + mu_k^2) - mean^2`` but does not cancel when the
    means are far from 0 (two passes, as for a sample's variance); it is
    computed on values scaled by a power of two, so it is exact at any scale.

    Raises
    ------
    ValueError
        If the variance exceeds the largest float (about 1.8e308).
    """
    weights, means, sigmas = _mixture_components(weights, means, sigmas)
    means_scaled, e = scaled(means)
    mean = unscale(weights @ means_scaled, e)            # sum_k w_k mu_k, no overflow
    spread, e = scaled(np.r_[sigmas, means - mean])      # sigma_k and mu_k - mean, both scaled by 2^-e
    sigma_scaled, deviation = spread[:len(sigmas)], spread[len(sigmas):]
    variance = float(unscale(weights @ (sigma_scaled ** 2 + deviation ** 2), 2 * e))
    if not np.isfinite(variance):
        raise ValueError("The mixture's variance exceeds the largest float (about 1.8e308); rescale means and sigmas.")
    return float(mean), variance


# --- the central limit theorem ---

@dataclass(frozen=True)
class _Source:
    """A distribution to draw from, with its exact mean and variance."""

    description: str
    mean: float
    variance: float
    skewness: float      # E[(x - mean)^3] / Var(x)^(3/2)
    draw: Callable[[np.random.Generator, tuple], np.ndarray]
    discrete: bool = False   # draws are whole numbers, so S_n takes only the values 0, 1, ..., n


_CLT_PHI = 0.2           # a skewed Bernoulli variable: P(x = 1) = 0.2

#: The distributions :func:`sample_means` can draw from, by name.
CLT_DISTRIBUTIONS = {
    "exponential": _Source("exponential with rate 1 (skewness 2)", 1.0, 1.0, 2.0,
                           lambda rng, size: rng.exponential(1.0, size)),
    "bernoulli": _Source(f"Bernoulli with phi = {_CLT_PHI} (skewness 1.5)",
                         _CLT_PHI, _CLT_PHI * (1 - _CLT_PHI),                 # phi, phi (1 - phi)
                         (1 - 2 * _CLT_PHI) / np.sqrt(_CLT_PHI * (1 - _CLT_PHI)),
                         lambda rng, size: (rng.random(size) < _CLT_PHI).astype(float), discrete=True),
    "uniform": _Source("uniform on [0, 1] (symmetric)", 0.5, 1 / 12, 0.0,
                       lambda rng, size: rng.random(size)),
}


def _source(distribution: str) -> _Source:
    if not isinstance(distribution, str) or distribution not in CLT_DISTRIBUTIONS:
        raise ValueError(
            f"distribution must be one of {sorted(CLT_DISTRIBUTIONS)}; got {distribution!r}."
        )
    return CLT_DISTRIBUTIONS[distribution]


def distribution_moments(distribution: str) -> tuple[float, float]:
    """The exact ``E[x]`` and ``Var(x)`` of one draw from ``CLT_DISTRIBUTIONS[distribution]``."""
    source = _source(distribution)
    return source.mean, source.variance


def sample_means(distribution: str, n: int, n_repeats: int, random_state=None) -> np.ndarray:
    """Means ``(x_1 + ... + x_n) / n`` of ``n`` i.i.d. draws, repeated ``n_repeats`` times.

    Parameters
    ----------
    distribution : {"exponential", "bernoulli", "uniform"}
        See ``CLT_DISTRIBUTIONS``.
    n : int
        Draws averaged in each mean.
    n_repeats : int
        Number of means.
    random_state : int, numpy Generator or None

    Returns
    -------
    ndarray of shape (n_repeats,)
    """
    source = _source(distribution)
    n, n_repeats = check_positive_int(n, "n"), check_positive_int(n_repeats, "n_repeats")
    check_draws(n * n_repeats, "n and n_repeats")
    rng = check_random_state(random_state)
    rows_per_block = max(1, _DRAWS_PER_BLOCK // n)
    means = np.empty(n_repeats)
    for start in range(0, n_repeats, rows_per_block):        # at most _DRAWS_PER_BLOCK draws in memory
        rows = min(rows_per_block, n_repeats - start)
        sums = np.zeros(rows)
        for done in range(0, n, _DRAWS_PER_BLOCK):           # a row of more draws than that: in parts
            sums += source.draw(rng, (rows, min(_DRAWS_PER_BLOCK, n - done))).sum(axis=1)
        means[start:start + rows] = sums / n
    return means


def standardized_sums(distribution: str, n: int, n_repeats: int, random_state=None) -> np.ndarray:
    """``Z_n = (S_n - n E[x]) / sqrt(n Var(x))`` for sums ``S_n`` of ``n`` i.i.d. draws.

    By the central limit theorem ``Z_n`` tends in distribution to ``N(0, 1)``
    as ``n`` grows. ``Z_n`` has mean 0 and variance 1 for every ``n``.
    Arguments as in :func:`sample_means`.

    Returns
    -------
    ndarray of shape (n_repeats,)
    """
    source = _source(distribution)
    means = sample_means(distribution, n, n_repeats, random_state)
    return (means - source.mean) * np.sqrt(n / source.variance)  # (S_n - n mu) / (sqrt(n) sigma)


def sum_skewness(distribution: str, n: int) -> float:
    """The skewness ``gamma_1 / sqrt(n)`` of a sum ``S_n`` of ``n`` i.i.d. draws (and of ``Z_n``).

    Third central moments of independent variables add up, like variances:
    ``E[(S_n - n mu)^3] = n mu_3``, so the skewness
    ``n mu_3 / (n sigma^2)^(3/2) = gamma_1 / sqrt(n)`` of the sum fades like
    ``1 / sqrt(n)``, where ``gamma_1`` is the skewness of one draw.
    """
    source = _source(distribution)
    n = check_positive_int(n, "n")
    return float(source.skewness / np.sqrt(float(n)))


def standardized_sum_values(distribution: str, n: int) -> np.ndarray | None:
    """The values ``Z_n = (S_n - n mu) / (sqrt(n) sigma)`` can take, if a draw takes whole numbers.

    A Bernoulli sum ``S_n`` is one of ``0, 1, ..., n``, so ``Z_n`` lives on a
    lattice of spacing ``1 / (sqrt(n) sigma)``; the central limit theorem then
    says that ``P(Z_n = z) / spacing`` tends to the normal density at ``z``.
    None for a continuous distribution.

    Returns
    -------
    ndarray of shape (n + 1,) or None
    """
    source = _source(distribution)
    n = check_positive_int(n, "n")
    if not source.discrete:
        return None
    check_size(n + 1, "the values of Z_n", "n")
    return (np.arange(n + 1) - n * source.mean) / np.sqrt(n * source.variance)


def standardized_partial_sums(distribution: str, n_max: int, n_repeats: int, random_state=None) -> np.ndarray:
    """``Z_n`` for every ``n = 1..n_max`` from one pool of draws: the sums grow draw by draw.

    Draws an ``(n_repeats, n_max)`` table of i.i.d. values once; row ``n - 1``
    of the result standardises the sums of the first ``n`` draws of each
    repeat, ``(S_n - n E[x]) / sqrt(n Var(x))``. Moving ``n`` up adds draws to
    the same sums, so a histogram of ``Z_n`` changes smoothly with ``n`` (the
    widget of notebook 02 indexes a row per slider move). Holds
    ``n_max * n_repeats`` floats.

    Parameters
    ----------
    distribution : {"exponential", "bernoulli", "uniform"}
        See ``CLT_DISTRIBUTIONS``.
    n_max : int
        Largest number of draws per sum.
    n_repeats : int
        Number of sums for each ``n``.
    random_state : int, numpy Generator or None

    Returns
    -------
    ndarray of shape (n_max, n_repeats)
    """
    source = _source(distribution)
    n_max, n_repeats = check_positive_int(n_max, "n_max"), check_positive_int(n_repeats, "n_repeats")
    check_size(n_max * n_repeats, "the table of Z_n", "n_max or n_repeats")
    rng = check_random_state(random_state)
    sums = np.asarray(source.draw(rng, (n_max, n_repeats)), dtype=float)
    np.cumsum(sums, axis=0, out=sums)                                    # row n - 1: S_n, in place: one table
    return _standardize(sums, np.arange(1, n_max + 1)[:, None], source)


def _standardize(sums: np.ndarray, n, source: _Source) -> np.ndarray:
    """``(S_n - n mu) / (sqrt(n) sigma)``, in place in ``sums``."""
    sums -= n * source.mean
    sums /= np.sqrt(n * source.variance)
    return sums


class PartialSums:
    """The ``Z_n`` of :func:`standardized_partial_sums`, one ``n`` at a time, from a fraction of the table.

    The table of ``n_max x n_repeats`` floats is tens of megabytes; this
    keeps only every ``every``-th row of sums ``S_n`` and the state of the
    random generator there, and draws the few rows after the nearest of them
    again when asked for ``Z_n``. The same draws are added in the same order,
    so ``standardized(n)`` equals row ``n - 1`` of
    ``standardized_partial_sums(distribution, n_max, n_repeats, random_state)``
    bit for bit. The last ``S_n`` computed is kept too, so stepping ``n`` up
    by one (a slider, a play button) draws one row.

    Parameters
    ----------
    distribution : {"exponential", "bernoulli", "uniform"}
        See ``CLT_DISTRIBUTIONS``.
    n_max, n_repeats : int
        Largest number of draws per sum, and number of sums.
    random_state : int, numpy Generator or None
    every : int
        Rows of sums kept: ``S_every, S_2every, ...``; at most ``every - 1``
        rows of draws are made per call.
    """

    def __init__(self, distribution: str, n_max: int, n_repeats: int, random_state=None, every: int = 10):
        self.source = _source(distribution)
        self.n_max, self.n_repeats = check_positive_int(n_max, "n_max"), check_positive_int(n_repeats, "n_repeats")
        self.every = check_positive_int(every, "every")
        check_size(n_max * n_repeats, "the table of Z_n", "n_max or n_repeats")
        rng = check_random_state(random_state)
        self._rng = copy.deepcopy(rng)                  # replays the draws, leaving the caller's generator alone
        sums, self._kept = np.zeros(self.n_repeats), {}
        for n in range(0, self.n_max, self.every):
            self._kept[n] = sums.copy(), rng.bit_generator.state
            sums = self._add_draws(sums, rng, min(self.every, self.n_max - n))
        self._last = 0, *self._kept[0]

    def _add_draws(self, sums: np.ndarray, rng: np.random.Generator, rows: int) -> np.ndarray:
        """``sums`` plus ``rows`` rows of draws, added one row after another as the cumulative sum does."""
        for draws in np.asarray(self.source.draw(rng, (rows, self.n_repeats)), dtype=float):
            sums += draws
        return sums

    def sums(self, n: int) -> np.ndarray:
        """``S_n`` for each of the ``n_repeats`` sums, shape (n_repeats,)."""
        n = check_positive_int(n, "n")
        if n > self.n_max:
            raise ValueError(f"n must be at most n_max = {self.n_max}; got {n}.")
        start = (n - 1) // self.every * self.every      # the row kept before n (0: no draws yet)
        last, sums, state = self._last
        if not start <= last <= n:
            last, (sums, state) = start, self._kept[start]
        self._rng.bit_generator.state = state
        sums = self._add_draws(sums.copy(), self._rng, n - last)
        self._last = n, sums, self._rng.bit_generator.state
        return sums

    def standardized(self, n: int) -> np.ndarray:
        """``Z_n = (S_n - n mu) / (sqrt(n) sigma)``, shape (n_repeats,): row ``n - 1`` of the full table."""
        return _standardize(self.sums(n).copy(), n, self.source)


def sample_skewness(z) -> float | np.ndarray:
    """``m_3 / m_2^(3/2)`` with ``m_k`` the ``k``-th central moment of the sample, along the last axis.

    The plain (biased) estimate, as ``scipy.stats.skew`` gives by default;
    0 for a symmetric sample, positive for a long right tail.
    """
    z = as_float_array(z, "z")
    if z.ndim == 0 or z.shape[-1] < 2:
        raise ValueError(f"z must hold at least 2 values along its last axis; got shape {z.shape}.")
    # The skewness does not change with the scale: each sample is centred at a scale near 1 (exactly,
    # by a power of two), so that no difference or cube overflows and the mean loses no digits.
    centred, _ = deviations(z)
    if np.any(np.all(centred == 0, axis=-1)):
        raise ValueError("z has no spread (all values equal along the last axis); its skewness is undefined.")
    centred = np.ldexp(centred, -np.frexp(np.max(np.abs(centred), axis=-1, keepdims=True))[1])   # no square underflows
    m2, m3 = np.mean(centred ** 2, axis=-1), np.mean(centred ** 3, axis=-1)
    return (m3 / m2 ** 1.5)[()]

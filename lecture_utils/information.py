"""Self-information, entropy, cross-entropy and the Kullback-Leibler divergence.

Taught in notebook 02 ("Information theory"). Notation of the lecture:

- self-information ``I(x) = -log P(x)``;
- entropy ``H(P) = -sum_x P(x) log P(x)`` (``-int p log p dx`` for densities,
  the *differential* entropy, which can be negative);
- cross-entropy ``H(P, Q) = -sum_x P(x) log Q(x)``, with Gibbs' inequality
  ``H(P, Q) >= H(P)``;
- ``D_KL(P || Q) = H(P, Q) - H(P) = sum_x P(x) log(P(x) / Q(x)) >= 0``;
- the code lengths of an optimal binary prefix code (Huffman), whose expected
  length ``L`` obeys ``H(P) <= L < H(P) + 1`` in bits.

Logarithms are natural (nats) unless ``base`` is given: ``base=2`` gives bits.
Discrete distributions lie along the last axis of an array; leading axes
broadcast, so one call scores a whole batch. ``0 log 0 = 0`` throughout, and
a divergence is ``inf`` exactly where ``Q(x) = 0 < P(x)``.

The continuous part gives the closed forms for normal distributions, the
same quantities on a grid for any density (trapezoid rule), the entropies of
several distributions with one variance (the maximum-entropy principle), and
the best Gaussian fits under forward and reverse KL (the lecture's picture
"Nonsymmetry of KL divergence").
"""

from __future__ import annotations

import heapq
import numbers

import numpy as np
from scipy.special import xlogy

from ._numerics import scaled, unscale
from ._validation import (as_distribution, as_float_array, as_positive_array, as_probabilities, as_real_array,
                          check_broadcast)

_LOG_2PI_E = np.log(2 * np.pi * np.e)

# Huffman codes are built for at most this many outcomes (about 5 s).
_MAX_CODE_OUTCOMES = 2 ** 20
# Reverse-KL fits start from at most this many bumps of p (the highest).
_MAX_MODE_STARTS = 8
# Reverse-KL fits this close (in nats) to the best are tied; the leftmost wins.
_TIE_NATS = 1e-8


# --- input checks and helpers ---

def _in_base(nats, base):
    """Convert nats to the unit of ``base`` (None: nats; 2: bits; 10: hartleys).

    Adding 0.0 turns a ``-0.0`` (from ``-log 1``) into ``0.0`` for display.
    """
    if base is None:
        return nats + 0.0
    if isinstance(base, bool) or not isinstance(base, numbers.Real) \
            or not np.isfinite(base) or base <= 0 or base == 1:
        raise ValueError(
            f"base must be None (nats) or a number > 0 other than 1, e.g. 2 for bits; got {base!r}."
        )
    return nats / np.log(base) + 0.0


def _broadcast_pair(a, b, name_a: str, name_b: str):
    """Check that two arrays pair up along the last axis and that their leading axes broadcast."""
    if a.shape[-1] != b.shape[-1]:
        raise ValueError(
            f"{name_a} and {name_b} must give values for the same outcomes along the last axis; "
            f"{name_a} has {a.shape[-1]} and {name_b} has {b.shape[-1]}."
        )
    try:
        np.broadcast_shapes(a.shape, b.shape)
    except ValueError:
        raise ValueError(
            f"{name_a} and {name_b} have shapes {a.shape} and {b.shape}, which do not broadcast. "
            "Pass arrays of the same shape, or a single one to compare with a batch."
        ) from None
    return a, b


def _distribution_pair(p, q):
    """Validate two distributions along the last axis whose leading axes broadcast."""
    return _broadcast_pair(as_distribution(p, "p"), as_distribution(q, "q"), "p", "q")


def _log_ratio(p, q):
    """``log(p / q)``, also where ``p / q`` overflows or underflows (then ``log p - log q``).

    Meaningful where ``p > 0``; ``+inf`` where ``q = 0 < p``.
    """
    with np.errstate(divide="ignore", over="ignore", invalid="ignore", under="ignore"):
        ratio = p / q
        accurate = np.isfinite(ratio) & (ratio >= np.finfo(float).tiny)
        return np.where(accurate, np.log(np.where(accurate, ratio, 1.0)), np.log(p) - np.log(q))


def _relative_entropy_terms(p, q):
    """``p log(p / q)``, taken as 0 where ``p = 0`` and ``inf`` where ``q = 0 < p``."""
    with np.errstate(invalid="ignore"):
        return np.where(p > 0, p * _log_ratio(p, q), 0.0)


# --- discrete distributions ---

def self_information(p, base=None):
    """``I(x) = -log P(x)``: the surprise of an outcome of probability ``p``.

    Parameters
    ----------
    p : float or array-like of probabilities in [0, 1]
    base : float, optional
        Logarithm base; None for nats, 2 for bits.

    Returns
    -------
    float or ndarray of the shape of ``p``; ``inf`` where ``p = 0``.
    """
    p = as_probabilities(p, "p")
    with np.errstate(divide="ignore"):
        return _in_base(-np.log(p), base)                # I(x) = -log P(x)


def entropy(p, base=None):
    """``H(P) = -sum_x P(x) log P(x)``, with ``0 log 0 = 0``.

    Parameters
    ----------
    p : array-like of shape (..., n_outcomes)
        Distributions along the last axis.
    base : float, optional
        Logarithm base; None for nats, 2 for bits.

    Returns
    -------
    float or ndarray of shape ``(...)``; between 0 and ``log n_outcomes``.
    """
    p = as_distribution(p, "p")
    return _in_base(-np.sum(xlogy(p, p), axis=-1), base)        # -sum_x P(x) log P(x)


def binary_entropy(phi, base=None):
    """``H(phi) = -phi log phi - (1 - phi) log(1 - phi)``, the entropy of a Bernoulli variable.

    Vectorised over ``phi``; 0 at ``phi`` in {0, 1}, largest (``log 2``) at 1/2.
    """
    phi = as_probabilities(phi, "phi")
    return _in_base(-xlogy(phi, phi) - xlogy(1 - phi, 1 - phi), base)


def cross_entropy(p, q, base=None):
    """``H(P, Q) = -sum_x P(x) log Q(x)``; ``inf`` where ``Q(x) = 0 < P(x)`` for some ``x``.

    Parameters
    ----------
    p, q : array-like of shape (..., n_outcomes)
        Distributions along the last axis; leading axes broadcast.
    base : float, optional
        Logarithm base; None for nats, 2 for bits.

    Returns
    -------
    float or ndarray of the broadcast leading shape
    """
    p, q = _distribution_pair(p, q)
    with np.errstate(divide="ignore"):
        return _in_base(-np.sum(xlogy(p, q), axis=-1), base)    # -sum_x P(x) log Q(x)


def kl_divergence(p, q, base=None):
    """``D_KL(P || Q) = sum_x P(x) log(P(x) / Q(x))``, which equals ``H(P, Q) - H(P)``.

    Terms with ``P(x) = 0`` are 0; the divergence is ``inf`` where
    ``Q(x) = 0 < P(x)``. Rounding can leave the sum a few ulps below zero
    when ``P`` and ``Q`` (nearly) agree; it is clipped at 0, which Gibbs'
    inequality guarantees.

    Parameters
    ----------
    p : array-like of shape (..., n_outcomes)
        The distributions ``P`` (say, of the data), along the last axis.
    q : array-like of shape (..., n_outcomes)
        The distributions ``Q`` that approximate them (a model); leading
        axes broadcast against those of ``p``.
    base : float, optional
        Logarithm base; None for nats, 2 for bits.

    Returns
    -------
    float or ndarray of the broadcast leading shape; ``inf`` where ``Q`` misses an outcome of ``P``.
    """
    p, q = _distribution_pair(p, q)
    divergence = np.sum(_relative_entropy_terms(p, q), axis=-1)  # sum_x P(x) log(P(x) / Q(x))
    return _in_base(np.maximum(divergence, 0.0), base)


def huffman_code_lengths(p) -> np.ndarray:
    """The codeword lengths of an optimal binary prefix code for ``P`` (Huffman, 1952).

    A codeword is the list of answers to the yes/no questions that single out
    an outcome, so ``sum_x P(x) l(x)`` is the expected number of questions of
    the best questioning strategy. Huffman's algorithm merges the two least
    probable outcomes (or groups) into one, again and again; each merge puts
    the outcomes of both groups one question deeper. The expected length
    ``L`` obeys ``H(P) <= L < H(P) + 1`` (entropy in bits), with ``L = H(P)``
    exactly when every ``P(x)`` is a power of 1/2. Taught in notebook 02,
    section 5.

    Parameters
    ----------
    p : array-like of shape (n_outcomes,)
        One distribution.

    Returns
    -------
    ndarray of int, shape (n_outcomes,)
        The length ``l(x)`` of each outcome's codeword. An outcome of
        probability 0 never occurs and gets none (length 0), and so does a
        certain outcome: no question is needed. Ties are broken by the order
        of the outcomes; other tie-breaks give other lengths with the same
        expected length.
    """
    p = as_distribution(p, "p")
    if p.ndim != 1:
        raise ValueError(f"p must be one distribution (a 1-D array); got shape {p.shape}.")
    if p.size > _MAX_CODE_OUTCOMES:
        raise ValueError(f"p has {p.size} outcomes; Huffman's algorithm here merges them pair by pair in Python, "
                         f"a few seconds for {_MAX_CODE_OUTCOMES} (2^20), and minutes for many more: pass at most "
                         "that many outcomes.")
    # (probability, node): the outcomes are nodes 0..K-1, merged groups K, K+1, ...; the number breaks ties
    heap = [(probability, x) for x, probability in enumerate(p.tolist()) if probability > 0]
    heapq.heapify(heap)
    parent = [-1] * p.size                              # the group each node was merged into
    while len(heap) > 1:
        p_a, a = heapq.heappop(heap)                    # the two least probable groups ...
        p_b, b = heapq.heappop(heap)
        parent[a] = parent[b] = len(parent)             # ... are told apart by one more question
        parent.append(-1)
        heapq.heappush(heap, (p_a + p_b, len(parent) - 1))
    depth = [0] * len(parent)
    for node in range(len(parent) - 1, -1, -1):          # a group is created after its members
        if parent[node] >= 0:
            depth[node] = depth[parent[node]] + 1       # l(x): the questions from the root down to x
    return np.array(depth[:p.size], dtype=int)


# --- normal distributions in closed form ---

def gaussian_entropy(sigma, base=None):
    """Differential entropy ``H(N(mu, sigma^2)) = 1/2 log(2 pi e sigma^2)``.

    Independent of ``mu``; negative when ``sigma < 1 / sqrt(2 pi e) ~ 0.242``.
    Vectorised over ``sigma`` (> 0).
    """
    sigma = as_positive_array(sigma, "sigma", "a standard deviation")
    return _in_base(0.5 * _LOG_2PI_E + np.log(sigma), base)     # 1/2 log(2 pi e sigma^2)


def gaussian_kl(mu_p, sigma_p, mu_q, sigma_q, base=None):
    """``D_KL(N(mu_p, sigma_p^2) || N(mu_q, sigma_q^2))`` in closed form.

    ``log(sigma_q / sigma_p) + (sigma_p^2 + (mu_p - mu_q)^2) / (2 sigma_q^2) - 1/2``,
    computed from the ratios ``sigma_p / sigma_q`` and ``(mu_p - mu_q) / sigma_q``, on
    which alone it depends: exact at any scale, ``inf`` only where the divergence
    exceeds the largest float. All arguments broadcast against each other; the
    sigmas are standard deviations.
    """
    mu_p, mu_q = as_float_array(mu_p, "mu_p"), as_float_array(mu_q, "mu_q")
    sigma_p = as_positive_array(sigma_p, "sigma_p", "a standard deviation")
    sigma_q = as_positive_array(sigma_q, "sigma_q", "a standard deviation")
    check_broadcast(("mu_p", mu_p), ("sigma_p", sigma_p), ("mu_q", mu_q), ("sigma_q", sigma_q))
    with np.errstate(over="ignore"):                     # a ratio beyond 1e154: the divergence is inf
        ratio, shift = sigma_p / sigma_q, (mu_p - mu_q) / sigma_q
        divergence = -np.log(ratio) + (ratio * ratio + shift * shift) / 2 - 0.5
    return _in_base(divergence, base)


def entropies_at_fixed_variance(variance, base=None) -> dict:
    """Differential entropies of several distributions that all have the given variance.

    The principle of maximum entropy: among all densities with a given
    variance the normal one has the largest entropy. In closed form, with the
    scale of each distribution chosen so that its variance is ``variance``:

    ==========  =======================  ===========================
    name        scale for variance v     entropy
    ==========  =======================  ===========================
    normal      ``sigma = sqrt(v)``      ``1/2 log(2 pi e sigma^2)``
    logistic    ``s = sqrt(3 v) / pi``   ``log s + 2``
    triangular  ``a = sqrt(6 v)``        ``1/2 + log a`` (on [-a, a])
    laplace     ``b = sqrt(v / 2)``      ``1 + log(2 b)``
    uniform     ``w = sqrt(12 v)``       ``log w`` (an interval of width w)
    ==========  =======================  ===========================

    Parameters
    ----------
    variance : float or array-like, > 0
    base : float, optional
        Logarithm base; None for nats, 2 for bits.

    Returns
    -------
    dict
        Name -> entropy, from the largest to the smallest.
    """
    half_log_v = 0.5 * np.log(as_positive_array(variance, "variance", "a variance"))   # log sqrt(v): any v > 0
    entropies = {
        "normal": 0.5 * np.log(2 * np.pi * np.e) + half_log_v,
        "logistic": 0.5 * np.log(3) - np.log(np.pi) + half_log_v + 2,
        "triangular": 0.5 + 0.5 * np.log(6) + half_log_v,
        "laplace": 1 + 0.5 * np.log(2) + half_log_v,          # 2 sqrt(v / 2) = sqrt(2 v)
        "uniform": 0.5 * np.log(12) + half_log_v,
    }
    return {name: _in_base(value, base) for name, value in entropies.items()}


# --- any density, on a grid ---

def _grid_weights(x: np.ndarray) -> np.ndarray:
    """Trapezoid weights: ``int f dx ~ sum_i weights_i f(x_i)``, half of each neighbouring gap."""
    with np.errstate(over="ignore"):
        gaps = np.diff(x)
    half_gaps = np.where(np.isinf(gaps), np.diff(0.5 * x), 0.5 * gaps)     # a gap beyond 1.8e308: halved first
    return np.r_[half_gaps, 0.0] + np.r_[0.0, half_gaps]


def _trapezoid(values: np.ndarray, x: np.ndarray):
    """``int f dx`` by the trapezoid rule along the last axis (``inf`` if ``f`` is ``inf`` somewhere)."""
    return np.sum(values * _grid_weights(x), axis=-1)


def _as_grid(x) -> np.ndarray:
    x = as_float_array(x, "x")
    if x.ndim != 1 or x.shape[0] < 2 or np.any(x[1:] <= x[:-1]):
        raise ValueError(
            f"x must be a 1-D grid of at least 2 strictly increasing points, e.g. "
            f"np.linspace(-5, 5, 401); got an array of shape {x.shape}"
            + (" that is not increasing." if x.ndim == 1 and x.shape[0] >= 2 else ".")
        )
    return x


def _as_density(values, name: str, x: np.ndarray) -> np.ndarray:
    """Density values on the grid ``x``: finite, >= 0, one per grid point along the last axis."""
    values = as_float_array(values, name)
    if values.ndim == 0 or values.shape[-1] != x.shape[0]:
        raise ValueError(
            f"{name} must hold the density at each point of x along its last axis "
            f"({x.shape[0]} values); got shape {values.shape}."
        )
    if np.any(values < 0):
        raise ValueError(f"{name} has negative values ({values.min():.3g}); a density must be >= 0.")
    return values


def _densities_on_grid(p, q, x):
    x = _as_grid(x)
    p, q = _broadcast_pair(_as_density(p, "p", x), _as_density(q, "q", x), "p", "q")
    return p, q, x


def differential_entropy_on_grid(density, x, base=None):
    """``H(p) = -int p(x) log p(x) dx`` by the trapezoid rule on the grid ``x``.

    Parameters
    ----------
    density : array-like of shape (..., n_points)
        ``p`` at each point of ``x`` (``0 log 0 = 0``).
    x : array-like of shape (n_points,)
        Strictly increasing grid that covers (nearly) all the mass of ``p``.
    base : float, optional
        Logarithm base; None for nats, 2 for bits.

    Returns
    -------
    float or ndarray of shape ``(...)``
    """
    x = _as_grid(x)
    density = _as_density(density, "density", x)
    return _in_base(_trapezoid(-xlogy(density, density), x), base)   # -int p log p dx


def cross_entropy_on_grid(p, q, x, base=None):
    """``H(p, q) = -int p(x) log q(x) dx`` by the trapezoid rule; ``inf`` where ``q = 0 < p``.

    ``p`` and ``q`` are density values, shape (..., n_points), on the grid ``x``;
    leading axes broadcast.
    """
    p, q, x = _densities_on_grid(p, q, x)
    with np.errstate(divide="ignore"):
        return _in_base(_trapezoid(-xlogy(p, q), x), base)         # -int p log q dx


def kl_divergence_on_grid(p, q, x, base=None):
    """``D_KL(p || q) = int p(x) log(p(x) / q(x)) dx`` by the trapezoid rule.

    ``p`` and ``q`` are density values, shape (..., n_points), on the grid
    ``x`` (leading axes broadcast); ``0 log 0 = 0`` and the result is ``inf``
    where ``q = 0 < p``. Not clipped at 0: densities cut off by the grid need
    not integrate to one.
    """
    p, q, x = _densities_on_grid(p, q, x)
    with np.errstate(divide="ignore"):                   # log 0 = -inf: a zero density
        return kl_divergence_from_log_densities(np.log(p), np.log(q), x, base)


def _as_log_density(values, name: str, x: np.ndarray) -> np.ndarray:
    """Log-density values on the grid ``x``: no nan and no ``+inf`` (``-inf`` is a zero density)."""
    values = as_real_array(values, name)
    if values.ndim == 0 or values.shape[-1] != x.shape[0]:
        raise ValueError(
            f"{name} must hold the log-density at each point of x along its last axis "
            f"({x.shape[0]} values); got shape {values.shape}."
        )
    if np.any(np.isnan(values) | (values == np.inf)):
        raise ValueError(f"{name} contains nan or +inf; a log-density is finite or -inf (density 0).")
    return values


def kl_divergence_from_log_densities(log_p, log_q, x, base=None):
    """``D_KL(p || q) = int p(x) (log p(x) - log q(x)) dx`` from log-densities, by the trapezoid rule.

    The same integral as :func:`kl_divergence_on_grid`, for densities that
    underflow to 0 in the tails while their logs stay finite: a narrow
    Gaussian far from a wide one has ``q(x) = 0.0`` in floating point where
    ``p(x)`` is tiny but positive, which makes the density version ``inf``.
    Here each term is ``exp(log p) (log p - log q)``: 0 where ``log p = -inf``
    (``p = 0``), ``inf`` where ``log q = -inf < log p`` (however small ``p``
    is there). The terms are summed relative to the largest ``p(x_i) dx_i``, so
    no density overflows or underflows on the way, at any scale of ``x``.

    Parameters
    ----------
    log_p, log_q : array-like of shape (..., n_points)
        ``log p`` and ``log q`` on the grid ``x``; leading axes broadcast.
    x : array-like of shape (n_points,)
        Strictly increasing grid.
    base : float, optional
        Logarithm base; None for nats, 2 for bits.

    Returns
    -------
    float or ndarray of the broadcast leading shape
    """
    x = _as_grid(x)
    log_p, log_q = np.broadcast_arrays(*_broadcast_pair(_as_log_density(log_p, "log_p", x),
                                                        _as_log_density(log_q, "log_q", x), "log_p", "log_q"))
    # The trapezoid's sum_i w_i p_i (log p_i - log q_i) as e^peak 2^(e+1) sum_i m_i g_i, with the masses
    # m_i = w_i p_i / e^peak <= 1 (peak: the largest log(w_i p_i)) and the gaps g_i = (log p_i - log q_i) / 2,
    # scaled by 2^-e: neither a density nor a difference nor the sum can overflow or underflow.
    log_mass = log_p + np.log(_grid_weights(x))
    peak = np.max(log_mass, axis=-1, keepdims=True)
    peak = np.where(peak > -np.inf, peak, 0.0)                    # no mass at all: every term is 0
    with np.errstate(invalid="ignore", under="ignore"):
        terms = np.exp(log_mass - peak) * (0.5 * log_p - 0.5 * log_q)
    terms = np.where(log_p > -np.inf, terms, 0.0)                # p = 0: no term
    terms = np.where((log_q == -np.inf) & (log_p > -np.inf), np.inf, terms)   # q = 0 < p: inf, however small p
    terms, e = scaled(terms, axis=-1)
    total = np.sum(terms, axis=-1)
    with np.errstate(divide="ignore", over="ignore", invalid="ignore"):
        divergence = np.sign(total) * np.exp(np.squeeze(peak, -1) + np.log(np.abs(total))
                                             + (np.squeeze(e, -1) + 1) * np.log(2))
    return _in_base(divergence, base)


# --- the best Gaussian under forward and reverse KL ---

def _target_density(p, x):
    """``p`` and ``x`` checked and scaled by powers of two, and ``x``'s exponent ``e``.

    A fit to ``p`` on ``x / 2^e`` is the fit on ``x`` divided by ``2^e`` (exactly),
    and the scale of ``p`` does not matter: so no gap, moment or density
    overflows or underflows, whatever the scale of the caller's grid.
    """
    x = _as_grid(x)
    p = _as_density(p, "p", x)
    if p.ndim != 1 or np.count_nonzero(p) < 2:
        raise ValueError(f"p must be a 1-D density on x that is positive at two grid points at least (a Gaussian "
                         f"needs a spread); got shape {p.shape}"
                         + (f" positive at {np.count_nonzero(p)} point{'' if np.count_nonzero(p) == 1 else 's'}."
                            if p.ndim == 1 else "."))
    x, e = scaled(x)
    return scaled(p)[0], x, e


def _moments(p, x) -> tuple[float, float]:
    """The mean and standard deviation of the density ``p`` on the grid ``x`` (trapezoid weights)."""
    weights = _grid_weights(x) * p
    weights /= weights.sum()
    mu = weights @ x                                    # E_P[x]
    deviations, e = scaled(x - mu)                      # by 2^-e: no square overflows or underflows
    return mu, unscale(np.sqrt(weights @ deviations ** 2), e)   # sqrt(Var_P[x])


def fit_gaussian_forward_kl(p, x) -> tuple[float, float]:
    """The Gaussian ``Q`` that minimises ``D_KL(P || Q)``: it matches the mean and variance of ``P``.

    ``D_KL(P || Q) = -H(P) - E_P[log q]`` and ``-E_P[log q]`` is minimised by
    ``mu = E_P[x]``, ``sigma^2 = Var_P[x]`` (moment matching). ``Q`` must
    cover all the mass of ``P``, so for two modes it sits between them.

    Parameters
    ----------
    p : array-like of shape (n_points,)
        Density values on ``x`` (normalised here on the grid).
    x : array-like of shape (n_points,)

    Returns
    -------
    mu, sigma : float
    """
    p, x, e = _target_density(p, x)
    mu, sigma = _moments(p, x)
    return float(unscale(mu, e)), float(unscale(sigma, e))


def _reverse_kl_and_gradient(params, x, log_weights, log_p):
    """``D_KL(Q || P)`` on the grid and its gradient in ``(mu, log sigma)``.

    ``Q`` is the Gaussian normalised on the grid: ``q_i = exp(s_i) / Z`` with
    ``s = -(x - mu)^2 / (2 sigma^2) - log sigma``. Since ``sum_i w_i q_i d log q_i = 0``,
    the gradient is the covariance under ``Q`` of ``ds / dtheta`` and ``log q - log p``.
    """
    mu, log_sigma = params
    z = (x - mu) * np.exp(-log_sigma)
    s = -0.5 * z ** 2 - log_sigma
    log_mass = s + log_weights
    peak = log_mass.max()
    log_q = s - peak - np.log(np.sum(np.exp(log_mass - peak)))   # q = exp(s) / sum_i w_i exp(s_i)
    mass = np.exp(log_q + log_weights)                  # w_i q_i, sums to 1
    gap = log_q - log_p
    kl = mass @ gap                                     # sum_i w_i q_i log(q_i / p_i)
    ds = np.stack([z * np.exp(-log_sigma), z ** 2 - 1])  # ds/dmu, ds/dlog(sigma)
    gradient = (ds - (ds @ mass)[:, None]) @ (mass * gap)
    return kl, gradient


def _bump(p, peak, level):
    """The nearest indices left and right of ``peak`` where ``p < level * p[peak]`` (None if none)."""
    below = np.flatnonzero(p < level * p[peak])
    left, right = below[below < peak], below[below > peak]
    return (left[-1] if left.size else None), (right[0] if right.size else None)


def _mode_starts(p, x):
    """``(mu, log sigma)`` starts, one per bump of ``p``, from the highest peak down.

    The start width is where ``p`` first falls below ``e^{-1/2}`` of the peak
    (one standard deviation for a Gaussian bump), on the narrower side. A
    local maximum within two such widths of a higher peak (``p`` above
    ``e^{-2}`` of it all the way) is a ripple on that bump and gets no start.
    """
    padded = np.r_[-np.inf, p, -np.inf]
    peaks = np.flatnonzero((p > padded[:-2]) & (p >= padded[2:]) & (p > 0))
    starts, covered = [], np.zeros(p.shape, dtype=bool)
    for peak in peaks[np.argsort(-p[peaks], kind="stable")]:
        if covered[peak]:
            continue
        left, right = _bump(p, peak, np.exp(-2.0))
        covered[left:right] = True
        left, right = _bump(p, peak, np.exp(-0.5))
        widths = [x[peak] - x[left]] if left is not None else []
        widths += [x[right] - x[peak]] if right is not None else []
        starts.append((x[peak], np.log(min(widths, default=x[-1] - x[0]))))
        if len(starts) == _MAX_MODE_STARTS:
            break
    return starts


def fit_gaussian_reverse_kl(p, x) -> tuple[float, float]:
    """The Gaussian ``Q`` that minimises ``D_KL(Q || P)`` on the grid ``x``.

    Reverse KL punishes ``Q`` for putting mass where ``P`` has little, so for
    well separated modes ``Q`` locks onto one of them (mode seeking), unlike
    the forward fit that covers them all. It has a local minimum per mode:
    a truncated Newton method with bounds (TNC) over ``(mu, log sigma)``
    starts from each bump of ``p`` (at most 8, the highest) and from the
    moment-matched fit, and the lowest divergence wins. Fits within ``1e-8``
    nats of the lowest count as tied and the leftmost of them wins, so a
    symmetric target gives the same mode whichever way rounding falls (no
    flicker as a slider moves). A few milliseconds on a 1000-point grid.

    ``Q`` is normalised on the grid, so a Gaussian wider than the grid is
    compared fairly. Where ``p = 0`` every Gaussian has infinite divergence;
    there ``log p`` is replaced by ``log`` of the smallest positive float, so
    the fit still avoids those points.

    Parameters
    ----------
    p : array-like of shape (n_points,)
        Density values on ``x`` (need not be normalised).
    x : array-like of shape (n_points,)
        Strictly increasing grid.

    Returns
    -------
    mu, sigma : float
    """
    from scipy.optimize import minimize

    p, x, e = _target_density(p, x)
    log_weights = np.log(_grid_weights(x))
    log_p = np.log(np.maximum(p, np.finfo(float).tiny))
    bounds = [(x[0], x[-1]), (np.log(np.min(np.diff(x)) / 2), np.log(x[-1] - x[0]))]
    mu, sigma = _moments(p, x)
    starts = _mode_starts(p, x) + [(mu, np.log(sigma))]
    # TNC, not L-BFGS-B: since scipy 1.15 L-BFGS-B makes LAPACK calls, which a multithreaded
    # OpenBLAS turns ten times slower on a busy machine for a problem this small (scipy issue #22438).
    fits = [minimize(_reverse_kl_and_gradient, np.clip(start, *np.transpose(bounds)), jac=True,
                     args=(x, log_weights, log_p), method="TNC", bounds=bounds,
                     options={"ftol": 1e-12, "gtol": 1e-9})
            for start in starts]
    lowest = min(fit.fun for fit in fits)
    best = min((fit for fit in fits if fit.fun <= lowest + _TIE_NATS), key=lambda fit: fit.x[0])
    mu, sigma = float(unscale(best.x[0], e)), float(unscale(np.exp(best.x[1]), e))
    if np.isinf(sigma):
        raise ValueError("The best Gaussian is wider than the largest float (about 1.8e308) allows; rescale x "
                         "(and p) to a grid of smaller numbers.")
    return mu, sigma

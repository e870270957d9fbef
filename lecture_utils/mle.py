"""Maximum likelihood estimation: likelihoods, closed-form and numerical MLEs, and the
properties of the MLE shown by simulation.

Taught in notebook 03 ("Maximum likelihood estimation"). Notation: a sample
``x_1, ..., x_N`` drawn i.i.d. from ``p_data``; a model family ``p_model(x; theta)``;
the likelihood ``L(theta) = prod_i p_model(x_i; theta)``; the estimate

    theta_MLE = argmax_theta L(theta) = argmin_theta sum_i -log p_model(x_i; theta)
              = argmin_theta H(p_hat_data, p_model(.; theta))
              = argmin_theta KL(p_hat_data || p_model(.; theta))   (for discrete data).

All logarithms are natural (nats). Every log-likelihood takes the parameter
first and broadcasts over it, so one call evaluates a whole curve over a grid
of candidate values: ``bernoulli_log_likelihood(np.linspace(0, 1, 201), x)``
has shape ``(201,)``. The closed-form MLEs take a sample along the last axis,
so they also estimate from a whole batch of samples at once (as
:func:`simulate_estimates` passes them).
"""

from __future__ import annotations

import warnings
from dataclasses import dataclass

import numpy as np
from scipy.special import betaln, erf, erfc, roots_legendre, xlog1py, xlogy

from ._numerics import deviations, mean, mean_square, scaled, standardized, unscale
from ._validation import (as_distribution, as_float_array, as_positive_array, as_probabilities, as_real_array,
                          as_vector, check_binary, check_broadcast, check_draws, check_flag, check_option,
                          check_positive, check_positive_int, check_random_state, check_size)
from ._validation import float_or_array
from .exceptions import ConvergenceWarning
from .losses import logistic_loss

# --------------------------------------------------------------------------
# Input checks private to this module
# --------------------------------------------------------------------------


def _check_not_empty(array: np.ndarray, name: str) -> None:
    if array.ndim == 0 or array.shape[-1] == 0:
        raise ValueError(
            f"{name} must hold at least one observation (a 1-D sample, or samples along the last "
            f"axis); got an array of shape {array.shape}. Pass a non-empty list such as [0, 1, 1]."
        )


def _as_sample(x, name: str = "x") -> np.ndarray:
    """Return ``x`` as a finite float array of shape (..., N) with N >= 1."""
    array = as_float_array(x, name)
    _check_not_empty(array, name)
    return array


def _as_binary_sample(x, name: str = "x") -> np.ndarray:
    """Return ``x`` as a float array of 0.0 and 1.0 of shape (..., N) with N >= 1."""
    return check_binary(_as_sample(x, name), name,
                        f"Encode the outcome of interest as 1, e.g. {name} = (labels == 'heads').astype(int).")


def _as_categories(x, n_categories: int, name: str = "x") -> np.ndarray:
    """Return ``x`` as an int array of categories 0..K-1 of shape (..., N) with N >= 1."""
    array = _as_sample(x, name)
    if np.any(array != np.round(array)):
        raise ValueError(
            f"{name} must hold integer categories 0..{n_categories - 1}; got non-integer values "
            f"such as {array[array != np.round(array)].flat[0]:.4g}. Map labels to integers first, "
            "e.g. with np.unique(labels, return_inverse=True)."
        )
    outside = (array < 0) | (array >= n_categories)
    if np.any(outside):
        raise ValueError(
            f"{name} has the category {int(array[outside].flat[0])}, but there are only {n_categories} "
            f"categories (0..{n_categories - 1}). Give one probability per category, or relabel "
            f"{name} to 0..K-1."
        )
    return array.astype(int)


def _as_counts(counts, n_categories: int, name: str = "x") -> np.ndarray:
    """Return the category counts ``n_k`` as a float vector of length K with a positive sum."""
    array = as_vector(counts, name, n_categories)
    if np.any(array < 0) or np.any(array != np.round(array)):
        raise ValueError(f"{name} holds counts n_k, which must be integers >= 0; got {array.tolist()}.")
    if array.sum() == 0:
        raise ValueError(f"{name} holds counts that sum to 0, i.e. an empty sample; "
                         "count at least one observation.")
    return array


def _as_model_probabilities(probabilities) -> np.ndarray:
    """Return ``p_model(x_i; theta)`` of each observation as a float array >= 0 of shape (..., N)."""
    p = _as_sample(probabilities, "probabilities")
    if np.any(p < 0):
        raise ValueError("probabilities must be >= 0 (they are p_model(x_i; theta)); got a negative value.")
    return p


def _as_observations(x, name: str = "x") -> np.ndarray:
    """Return ``x`` as a non-empty 1-D array of any dtype (a model's ``logpdf`` decides what it accepts)."""
    array = np.asarray(x)
    if array.ndim != 1:
        raise ValueError(f"{name} must be a 1-D sample; got an array of shape {array.shape}.")
    _check_not_empty(array, name)
    if array.dtype.kind == "f" and np.any(np.isnan(array)):
        raise ValueError(f"{name} contains nan, which is no observation; remove the missing values first.")
    return array


#: The largest sample size the formulas take: beyond it ``N`` does not fit a float64.
_MAX_SAMPLE_SIZE = 10 ** 300


def _as_sample_sizes(N) -> list:
    """Return the sample size(s) ``N`` as a list of Python integers from 1 to :data:`_MAX_SAMPLE_SIZE`."""
    sizes = N if isinstance(N, (list, tuple, np.ndarray)) else [N]
    sizes = [check_positive_int(size, "N") for size in np.asarray(sizes, dtype=object).ravel().tolist()]
    if max(sizes, default=1) > _MAX_SAMPLE_SIZE:
        raise ValueError(f"N must be at most 1e300, a number float64 can hold; got a size of {float(max(sizes)):.3g}"
                         if max(sizes) < 2 ** 1024 else "N must be at most 1e300, a number float64 can hold; got more.")
    return sizes


# --------------------------------------------------------------------------
# The likelihood: a product of probabilities, better computed as a sum of logs
# --------------------------------------------------------------------------


def empirical_distribution(x):
    """The empirical data distribution ``p_hat_data(x) = |{i: x_i = x}| / N`` of a sample.

    Parameters
    ----------
    x : array-like of shape (N,)
        Any values numpy can sort: numbers or strings.

    Returns
    -------
    values : ndarray of shape (n_distinct,)
        The distinct values of ``x``, sorted.
    probabilities : ndarray of shape (n_distinct,)
        ``p_hat_data`` of each value; they sum to 1.
    """
    sample = _as_observations(x)
    values, counts = np.unique(sample, return_counts=True)
    return values, counts / sample.size                      # |{i: x_i = x}| / N


def likelihood_product(probabilities):
    """``L(theta) = prod_i p_model(x_i; theta)``, straight from the definition.

    For a thousand probabilities the product underflows to ``0.0`` (the
    smallest positive double is about 5e-324); for a thousand densities above
    1 it can overflow to ``inf`` (the largest is about 1.8e308). That is why
    one maximises the log-likelihood instead: see :func:`log_likelihood_sum`.

    Parameters
    ----------
    probabilities : array-like of shape (..., N)
        ``p_model(x_i; theta)`` of each observation (densities for a continuous model).

    Returns
    -------
    float or ndarray of shape (...)
    """
    p = _as_model_probabilities(probabilities)
    with np.errstate(over="ignore"):                         # inf is the answer it exists to show
        return float_or_array(np.prod(p, axis=-1))          # prod_i p_model(x_i; theta)


def log_likelihood_sum(probabilities):
    """``log L(theta) = sum_i log p_model(x_i; theta)``: no underflow or overflow, and the same maximiser.

    A zero probability gives ``-inf`` (the parameters cannot have produced the data).

    Parameters
    ----------
    probabilities : array-like of shape (..., N)

    Returns
    -------
    float or ndarray of shape (...)
    """
    p = _as_model_probabilities(probabilities)
    with np.errstate(divide="ignore"):
        return float_or_array(np.sum(np.log(p), axis=-1))   # sum_i log p_model(x_i; theta)


# --------------------------------------------------------------------------
# Bernoulli: P(x; phi) = phi^x (1 - phi)^(1 - x)
# --------------------------------------------------------------------------


def bernoulli_log_likelihood(phi, x):
    """``log L(phi) = sum_i log P(x_i; phi) = h log(phi) + (N - h) log(1 - phi)``, ``h = sum_i x_i``.

    Uses ``0 log 0 = 0``: ``phi = 0`` on all-zero data gives ``0.0``, while
    ``phi = 0`` with a 1 in the data gives ``-inf``; never ``nan``.

    Parameters
    ----------
    phi : float or array-like of any shape
        Candidate values of ``P(x = 1)``, in [0, 1].
    x : array-like of shape (N,)
        The sample, values in {0, 1}.

    Returns
    -------
    float or ndarray of the shape of ``phi``
    """
    phi = as_probabilities(phi, "phi")
    x = _as_binary_sample(as_vector(x, "x"))
    h, N = x.sum(), x.size                                   # heads, tosses
    return float_or_array(xlogy(h, phi) + xlog1py(N - h, -phi))   # h log phi + (N - h) log(1 - phi)


def bernoulli_likelihood(phi, x):
    """``L(phi) = phi^h (1 - phi)^(N - h)``, the likelihood itself (underflows for large N).

    Same arguments as :func:`bernoulli_log_likelihood`. As a function of
    ``phi`` it is not a probability density: see :func:`bernoulli_likelihood_integral`.
    """
    return float_or_array(np.exp(bernoulli_log_likelihood(phi, x)))


def bernoulli_mle(x):
    """``phi_MLE = h / N``: the fraction of ones in the sample.

    Parameters
    ----------
    x : array-like of shape (N,) or (..., N)
        One sample, or a batch of samples along the last axis; values in {0, 1}.

    Returns
    -------
    float or ndarray of shape (...)
    """
    return float_or_array(_as_binary_sample(x).mean(axis=-1))   # h / N


def bernoulli_likelihood_integral(n_heads, N, log=False):
    """``int_0^1 phi^h (1 - phi)^(N - h) dphi = B(h + 1, N - h + 1) = h! (N - h)! / (N + 1)!``.

    The area under the likelihood of a sample with ``h`` ones out of ``N``. It
    is not 1 (it is ``1/2`` for a single observation and shrinks fast with
    ``N``): the likelihood is not a probability distribution over ``phi``.
    Computed as ``exp(betaln(...))``, which is exact to rounding but
    underflows to 0.0 past ``N`` of about 1000; ask for ``log=True`` there.

    Parameters
    ----------
    n_heads : int or array-like of int
        The number of ones ``h``, each in 0..N.
    N : int
        The sample size, >= 1.
    log : bool
        Return the natural logarithm of the integral instead.

    Returns
    -------
    float or ndarray of the shape of ``n_heads``
    """
    N = check_positive_int(N, "N")
    h = as_float_array(n_heads, "n_heads")
    if np.any(h != np.round(h)) or np.any((h < 0) | (h > N)):
        raise ValueError(f"n_heads must hold integers from 0 to N = {N} (the number of ones); "
                         f"got {h.tolist()}.")
    log_integral = betaln(h + 1, N - h + 1)                  # log B(h+1, N-h+1)
    return float_or_array(log_integral if check_flag(log, "log") else np.exp(log_integral))


# --------------------------------------------------------------------------
# Categorical: P(x; p) = prod_k p_k^[x = k]
# --------------------------------------------------------------------------


def categorical_log_likelihood(p, x, *, counts=False):
    """``log L(p) = sum_i log p_{x_i} = sum_k n_k log p_k``, with ``n_k`` the count of category k.

    Uses ``0 log 0 = 0``: a category of probability 0 costs nothing unless it
    was observed, and then the log-likelihood is ``-inf``.

    Parameters
    ----------
    p : array-like of shape (K,) or (..., K)
        A distribution over the categories 0..K-1, or a grid of candidate
        distributions along the leading axes; each sums to 1.
    x : array-like
        The sample as integer categories 0..K-1, shape (N,); or, with
        ``counts=True``, the counts ``(n_0, ..., n_{K-1})``, shape (K,).
    counts : bool
        Whether ``x`` holds counts rather than one category per observation.

    Returns
    -------
    float or ndarray of shape ``p.shape[:-1]``
    """
    p = as_distribution(p, "p")
    n_categories = p.shape[-1]
    if check_flag(counts, "counts"):
        n_k = _as_counts(x, n_categories)
    else:
        n_k = np.bincount(_as_categories(as_vector(x, "x"), n_categories), minlength=n_categories)
    return float_or_array(np.sum(xlogy(n_k, p), axis=-1))   # sum_k n_k log p_k


def categorical_mle(x, n_categories):
    """``p_k = n_k / N``: the frequency of each category, zero for the unseen ones.

    Parameters
    ----------
    x : array-like of shape (N,) or (..., N)
        Integer categories 0..K-1; or a batch of samples along the last axis.
    n_categories : int
        ``K``, so that categories absent from the sample get probability 0.

    Returns
    -------
    ndarray of shape (K,) or (..., K)
    """
    n_categories = check_positive_int(n_categories, "n_categories")
    x = _as_categories(x, n_categories)
    samples = x.reshape(-1, x.shape[-1])                     # one row per sample of the batch
    check_size(samples.shape[0] * n_categories, f"the frequencies of {samples.shape[0]} samples", "n_categories or x")
    offsets = n_categories * np.arange(samples.shape[0])[:, None]   # sample j counts in columns jK..jK+K-1
    n_k = np.bincount((samples + offsets).ravel(), minlength=samples.shape[0] * n_categories)
    return n_k.reshape(x.shape[:-1] + (n_categories,)) / x.shape[-1]   # n_k / N


# --------------------------------------------------------------------------
# Gaussian: N(x; mu, sigma^2) = exp(-(x - mu)^2 / (2 sigma^2)) / sqrt(2 pi sigma^2)
# --------------------------------------------------------------------------


def gaussian_log_likelihood(mu, sigma2, x):
    """``log L(mu, sigma^2) = -N/2 log(2 pi sigma^2) - sum_i (x_i - mu)^2 / (2 sigma^2)``.

    Parameters
    ----------
    mu : float or array-like
        Candidate means.
    sigma2 : float or array-like
        Candidate variances ``sigma^2 > 0``; broadcast against ``mu``
        (e.g. ``mu[:, None]`` and ``sigma2[None, :]`` for a surface).
    x : array-like of shape (N,)

    Returns
    -------
    float or ndarray of the broadcast shape of ``mu`` and ``sigma2``
    """
    mu = as_float_array(mu, "mu")
    sigma2 = as_positive_array(sigma2, "sigma2", "the variance sigma^2")
    check_broadcast(("mu", mu), ("sigma2", sigma2))
    x = _as_sample(as_vector(x, "x"))
    n, x_bar = x.size, mean(x)
    # sum_i (x_i - mu)^2 = sum_i (x_i - x_bar)^2 + N (x_bar - mu)^2: one pass over x serves the whole grid.
    # Divided by sigma^2 as (sqrt(sum_i (x_i - x_bar)^2) / sigma)^2, so that no square overflows or underflows,
    # with the deviations taken at a scale where none overflows, and x_bar - mu halved where it would.
    scaled_deviations, e = deviations(x)
    spread = unscale(np.linalg.norm(scaled_deviations), int(e[0]))    # sqrt(sum_i (x_i - x_bar)^2)
    sigma = np.sqrt(sigma2)
    with np.errstate(over="ignore"):                         # beyond 1e308: log L = -inf
        squares = (spread / sigma) ** 2 + n * standardized(x_bar, mu, sigma) ** 2
    return float_or_array(-0.5 * n * (np.log(2 * np.pi) + 2 * np.log(sigma)) - squares / 2)


def gaussian_mle(x):
    """``mu_MLE = (1/N) sum_i x_i`` and ``sigma^2_MLE = (1/N) sum_i (x_i - mu_MLE)^2``.

    The variance is the biased one: its expectation is ``(N - 1)/N sigma^2``
    (see :func:`unbiased_variance`).

    Parameters
    ----------
    x : array-like of shape (N,) or (..., N)
        One sample, or a batch of samples along the last axis.

    Returns
    -------
    mean, variance : float or ndarray of shape (...)
    """
    x = _as_sample(x)
    mu = mean(x)                                             # (1/N) sum_i x_i
    scaled_deviations, e = deviations(x)                     # (x_i - mu) / 2^e, exact to rounding
    with np.errstate(over="ignore"):
        variance = unscale(np.mean(scaled_deviations ** 2, axis=-1), 2 * np.squeeze(e, -1))  # (1/N) sum_i (x_i - mu)^2
    return float_or_array(mu), float_or_array(_in_range(variance, "the variance of x", "x"))


def _in_range(value, what: str, names: str):
    """``value`` if it is finite, else a ``ValueError``: the exact result exceeds float64's range."""
    if not np.all(np.isfinite(value)):
        raise ValueError(f"{what} exceeds the largest float64 (about 1.8e308); rescale {names}.")
    return value


def unbiased_variance(x):
    """``s^2 = 1/(N - 1) sum_i (x_i - x_bar)^2``, whose expectation is exactly ``sigma^2``.

    Parameters
    ----------
    x : array-like of shape (N,) or (..., N), with N >= 2

    Returns
    -------
    float or ndarray of shape (...)
    """
    x = _as_sample(x)
    n = x.shape[-1]
    if n < 2:
        raise ValueError("x must hold at least two observations for the 1/(N-1) variance; got one.")
    with np.errstate(over="ignore"):
        variance = gaussian_mle(x)[1] * (n / (n - 1))         # N/(N-1) sigma^2_MLE
    return float_or_array(_in_range(variance, "the variance of x", "x"))


# --------------------------------------------------------------------------
# Laplace: p(x; mu, b) = exp(-|x - mu| / b) / (2 b)
# --------------------------------------------------------------------------


def laplace_mle(x):
    """``mu_MLE = median(x)`` and ``b_MLE = (1/N) sum_i |x_i - mu_MLE|``: the MLE of a Laplace distribution.

    ``log L(mu, b) = -N log(2b) - (1/b) sum_i |x_i - mu|``. In ``mu`` it is
    largest where ``sum_i |x_i - mu|`` is smallest: where as many ``x_i`` lie
    above ``mu`` as below, at a median. For an even ``N`` every point between
    the two middle values maximises it; this returns their midpoint, and
    ``b_MLE`` is the same for all of them. In ``b``, ``-N/b + sum_i |x_i - mu|/b^2 = 0``.
    Taught in notebook 03, section 5 (an exercise).

    Parameters
    ----------
    x : array-like of shape (N,) or (..., N)
        A sample, or samples along the last axis, as for :func:`gaussian_mle`.

    Returns
    -------
    median, mean_absolute_deviation : float or ndarray of shape (...)
        ``mu_MLE`` and ``b_MLE``.
    """
    x, e = scaled(_as_sample(x), axis=-1)                 # each sample by 2^-e: no sum overflows
    location = np.median(x, axis=-1)                                   # argmin_mu sum_i |x_i - mu|
    scale = np.mean(np.abs(x - location[..., None]), axis=-1)          # (1/N) sum_i |x_i - mu|
    e = np.squeeze(e, -1)
    return float_or_array(unscale(location, e)), float_or_array(_in_range(unscale(scale, e), "b_MLE", "x"))


# --------------------------------------------------------------------------
# Any model: the negative log-likelihood and its numerical minimisation
# --------------------------------------------------------------------------


def negative_log_likelihood(logpdf, x, *params):
    """``NLL(theta) = sum_i -log p_model(x_i; theta)`` for a model given by its log-density.

    Parameters
    ----------
    logpdf : callable
        ``logpdf(x, *params)`` returns ``log p_model(x_i; theta)`` elementwise,
        e.g. ``scipy.stats.norm.logpdf`` (parameters ``loc, scale``) or
        ``scipy.stats.poisson.logpmf``. For a density ``pdf``, pass
        ``lambda x, *theta: np.log(pdf(x, *theta))``.
    x : array-like of shape (N,)
    *params : float or array-like
        Each parameter a scalar or an array of candidate values; they
        broadcast against each other, and ``x`` runs along a new last axis,
        so a grid of candidates costs one call.

    Returns
    -------
    float or ndarray of the broadcast shape of ``params``

    Raises
    ------
    ValueError
        If ``logpdf`` returns ``nan``: a parameter lies outside the model's
        parameter space (e.g. a negative scale).
    """
    if not callable(logpdf):
        raise TypeError(f"logpdf must be a function logpdf(x, *params); got {type(logpdf).__name__}.")
    x = _as_observations(x)
    params = [as_float_array(value, "params") for value in params]
    check_broadcast(*((f"params[{k}]", value) for k, value in enumerate(params)))
    candidates = [value[..., None] for value in params]      # x along the last axis
    log_p = as_real_array(logpdf(x, *candidates), "what logpdf returns")
    if log_p.ndim == 0 or log_p.shape[-1] != x.size:
        raise TypeError(
            f"logpdf must return one log-density per observation (last axis of length {x.size}); "
            f"got shape {log_p.shape}. Do not sum inside logpdf."
        )
    if np.any(np.isnan(log_p)):
        raise ValueError(
            "logpdf returned nan: some params lie outside the model's parameter space "
            "(e.g. a scale <= 0 or a probability outside [0, 1]); restrict them, e.g. with bounds."
        )
    return float_or_array(-np.sum(log_p, axis=-1))          # sum_i -log p_model(x_i; theta)


#: The methods of scipy.optimize.minimize that need no derivatives from the caller.
_METHODS = ("nelder-mead", "powell", "cg", "bfgs", "l-bfgs-b", "tnc", "cobyla", "cobyqa", "slsqp", "trust-constr")
#: The optimizer's tolerance unless the caller gives another: tight enough that a smooth optimum passes the check.
_TOL = 1e-10
#: The optimum is accepted when no step along one parameter lowers the mean NLL faster than this (per unit of the
#: parameter, relative to the mean NLL when that exceeds 1).
DESCENT_TOLERANCE = 1e-6


def _as_bounds(bounds, n_params: int):
    """``bounds`` as a list of ``(low, high)`` pairs, one per parameter, None for no bound; or None."""
    if bounds is None:
        return None
    try:
        pairs = [tuple(pair) for pair in bounds]
    except TypeError:
        pairs = None
    if pairs is None or len(pairs) != n_params or any(len(pair) != 2 for pair in pairs):
        raise ValueError(f"bounds must hold one (low, high) pair per parameter ({n_params}), None for no bound, "
                         f"e.g. [(None, None), (1e-9, None)]; got {bounds!r}.")
    for low, high in pairs:
        low_value = -np.inf if low is None else as_float_array(low, "bounds", allow_infinite=True)
        high_value = np.inf if high is None else as_float_array(high, "bounds", allow_infinite=True)
        if np.ndim(low_value) or np.ndim(high_value) or not low_value <= high_value:
            raise ValueError(f"bounds must be pairs of numbers (low, high) with low <= high; got ({low!r}, {high!r}).")
    return pairs


def _steepest_descent(f, theta: np.ndarray, bounds) -> float:
    """The fastest rate at which one small step along one parameter lowers ``f`` from ``theta``: 0 or less at a minimum.

    For each parameter ``theta_j`` and each direction, a step of
    ``h = sqrt(eps) max(1, |theta_j|)`` that stays within ``bounds`` gives the
    one-sided slope ``(f(theta) - f(theta +- h e_j)) / h``; this returns the
    largest. At a smooth interior minimum every slope is about
    ``-h f''/2 <= 0``, and elsewhere the largest is about ``|df/dtheta_j|``:
    it is the gradient condition of optimality, checked without the gradient.
    At a bound only the steps into the box count (the projected gradient),
    and at a kink (the Laplace location) both sides must rise. Round-off
    adds about ``eps |f| / h``, some ``1e-8 |f|``.

    ``bounds`` are checked (low, high) pairs or None; ``-inf`` if no step stays within them.
    """
    limits = bounds or [(None, None)] * theta.size
    value, steepest = float(f(theta)), -np.inf
    for j, (low, high) in enumerate(limits):
        h = np.sqrt(np.finfo(float).eps) * max(1.0, abs(theta[j]))
        for step in (h, -h):
            moved = theta.copy()
            moved[j] += step
            if (low is None or moved[j] >= low) and (high is None or moved[j] <= high):
                steepest = max(steepest, (value - float(f(moved))) / h)   # > 0: this step goes downhill
    return steepest


@dataclass(frozen=True)
class NumericalMLE:
    """The result of :func:`fit_mle_numerically`.

    Attributes
    ----------
    params : ndarray of shape (n_params,)
        ``theta_MLE`` found by the optimizer.
    negative_log_likelihood : float
        ``NLL(theta_MLE) = sum_i -log p_model(x_i; theta_MLE)``.
    descent : float
        The fastest rate at which a small step along one parameter (within
        the bounds) still lowers the mean NLL at ``params``: 0 or less at an
        exact minimum (see :func:`_steepest_descent`).
    converged : bool
        Whether ``descent <= DESCENT_TOLERANCE * max(1, NLL / N)``: the
        optimum's own condition, not the optimizer's report.
    message : str
        The optimizer's reason for stopping (it varies with the machine and
        scipy's version; ``converged`` does not).
    """

    params: np.ndarray
    negative_log_likelihood: float
    descent: float
    converged: bool
    message: str


def fit_mle_numerically(logpdf, x, initial_params, bounds=None, method=None, tol=_TOL) -> NumericalMLE:
    """Find ``theta_MLE = argmin_theta sum_i -log p_model(x_i; theta)`` with ``scipy.optimize.minimize``.

    It minimises the mean ``NLL(theta) / N`` (the cross-entropy ``H(p_hat_data,
    p_model)``), which has the same minimiser but a scale independent of
    ``N``, and then checks the answer by the condition of a minimum itself,
    not by the optimizer's success flag (whose verdict, like its iteration
    count, changes with the machine and scipy's version): no small step
    along one parameter, within the bounds, may lower the mean NLL faster
    than :data:`DESCENT_TOLERANCE` (see :func:`_steepest_descent`). Warns
    with a :class:`~lecture_utils.ConvergenceWarning` if one does.

    Parameters
    ----------
    logpdf : callable
        ``logpdf(x, *params)``, as in :func:`negative_log_likelihood`.
    x : array-like of shape (N,)
    initial_params : float or array-like of shape (n_params,)
        Where the search starts.
    bounds : sequence of (low, high) pairs, optional
        One pair per parameter (``None`` for no bound), to keep the search
        inside the parameter space, e.g. ``[(None, None), (1e-9, None)]`` for
        a mean and a variance.
    method : str, optional
        Passed to ``scipy.optimize.minimize`` (its default: BFGS, or L-BFGS-B
        with bounds). Nelder-Mead needs no derivatives, for an NLL with kinks.
    tol : float
        Passed to ``scipy.optimize.minimize``: tight by default, so that the
        check holds wherever the mean NLL is smooth near the optimum.

    Returns
    -------
    NumericalMLE
    """
    from scipy.optimize import minimize   # imported here: it takes half a second to load

    if not callable(logpdf):
        raise TypeError(f"logpdf must be a function logpdf(x, *params); got {type(logpdf).__name__}.")
    start = as_vector(np.atleast_1d(as_float_array(initial_params, "initial_params")), "initial_params")
    x = _as_observations(x)
    n = x.size
    bounds = _as_bounds(bounds, start.size)
    if method is not None:
        method = check_option(str(method).lower() if isinstance(method, str) else method, "method", _METHODS)
    tol = check_positive(tol, "tol")

    def mean_nll(theta):
        return negative_log_likelihood(logpdf, x, *theta) / n    # H(p_hat_data, p_model(.; theta))

    result = minimize(mean_nll, start, bounds=bounds, method=method, tol=tol)
    params = np.asarray(result.x, dtype=float)
    value = mean_nll(params)
    descent = _steepest_descent(mean_nll, params, bounds)
    converged = bool(descent <= DESCENT_TOLERANCE * max(1.0, abs(value)))
    if not converged:
        warnings.warn(f"The numerical MLE is no minimum: a small step along one parameter still lowers the mean "
                      f"negative log-likelihood at the rate {descent:.1e} (the optimizer said: {result.message}). "
                      "Try another initial_params, bounds or method, or a smaller tol.", ConvergenceWarning,
                      stacklevel=2)
    return NumericalMLE(params, value * n, float(descent), converged, str(result.message))


# --------------------------------------------------------------------------
# Properties of the MLE, by simulation: consistency, efficiency, bias
# --------------------------------------------------------------------------


def _draw(distribution, size, rng) -> np.ndarray:
    """Samples of the given shape from a scipy.stats distribution or a function ``(rng, size)``."""
    if hasattr(distribution, "rvs"):
        samples = np.asarray(distribution.rvs(size=size, random_state=rng))
        as_real_array(samples, "what distribution returns")          # numbers (ints stay ints)
        return samples
    if callable(distribution):
        samples = np.asarray(distribution(rng, size))
        as_real_array(samples, "what distribution returns")
        if samples.shape != size:
            raise ValueError(f"distribution must return samples of the shape it is asked for, {size}; got "
                             f"{samples.shape}. Use the size argument, e.g. lambda rng, size: rng.normal(0, 1, size).")
        return samples
    raise TypeError(
        "distribution must be a frozen scipy.stats distribution (e.g. scipy.stats.norm(0, 1)) or a "
        f"function (rng, size) -> samples; got {type(distribution).__name__}."
    )


def simulate_estimates(estimator, distribution, N, n_repeats=1000, random_state=None):
    """Apply an estimator to ``n_repeats`` independent samples of size ``N`` from a distribution.

    All the samples of one size are drawn as one ``(n_repeats, N)`` array and
    estimated in one call: there is no loop over the repeats. The same
    ``random_state`` gives the same samples, so two estimators called with it
    are compared on the very same data.

    Parameters
    ----------
    estimator : callable
        Maps samples of shape ``(n_repeats, N)`` to estimates of shape
        ``(n_repeats,)``, reducing the last axis: :func:`bernoulli_mle`,
        ``lambda s: gaussian_mle(s)[1]``, ``lambda s: np.median(s, axis=-1)``.
    distribution : frozen scipy.stats distribution or callable
        ``p_data``: e.g. ``scipy.stats.norm(0, 1)``, or ``f(rng, size)``
        returning samples of shape ``size`` drawn with the generator ``rng``.
    N : int or sequence of int
        The sample size(s).
    n_repeats : int
        Independent samples per size.
    random_state : int, numpy Generator or None

    Returns
    -------
    ndarray of shape (n_repeats,) if ``N`` is an int, else (len(N), n_repeats)
    """
    sizes = _as_sample_sizes(N)
    n_repeats = check_positive_int(n_repeats, "n_repeats")
    if not callable(estimator):
        raise TypeError(f"estimator must be a function of the samples; got {type(estimator).__name__}.")
    check_size(n_repeats * max(sizes), f"{n_repeats} samples of size N = {max(sizes)}", "N or n_repeats")
    check_draws(n_repeats * sum(sizes), "N and n_repeats")
    rng = check_random_state(random_state)
    estimates = np.empty((len(sizes), n_repeats))
    for row, size in enumerate(sizes):                       # one batch of all repeats per sample size
        values = as_real_array(estimator(_draw(distribution, (n_repeats, size), rng)), "what estimator returns")
        if values.shape != (n_repeats,):
            raise ValueError(
                f"estimator must reduce the last axis of samples of shape ({n_repeats}, {size}) to "
                f"one estimate per sample, shape ({n_repeats},); got shape {values.shape}. "
                "Pass e.g. lambda s: np.median(s, axis=-1)."
            )
        estimates[row] = values
    return estimates[0] if np.ndim(N) == 0 else estimates


def _errors(estimates, true_value) -> np.ndarray:
    """``theta_N - theta`` for every repeat (along the last axis of ``estimates``)."""
    estimates = _as_sample(estimates, "estimates")
    true_value = as_float_array(true_value, "true_value")
    check_broadcast(("estimates without its last axis", estimates[..., 0]), ("true_value", true_value))
    with np.errstate(over="ignore"):
        errors = estimates - true_value[..., None]
    return _in_range(errors, "an error theta_N - theta", "estimates and true_value")


def mean_squared_error(estimates, true_value):
    """``E[(theta_N - theta)^2]``, estimated by the mean over the repeats (last axis).

    Parameters
    ----------
    estimates : array-like of shape (..., n_repeats)
        E.g. the output of :func:`simulate_estimates`.
    true_value : float or array-like of shape (...)
        The parameter ``theta`` of the distribution that generated the samples.

    Returns
    -------
    float or ndarray of shape (...)
    """
    errors = _errors(estimates, true_value)
    return float_or_array(_in_range(mean_square(errors), "the mean squared error", "estimates"))


def bias(estimates, true_value):
    """``E[theta_N] - theta``, estimated by the mean over the repeats (last axis); arguments as
    :func:`mean_squared_error`."""
    return float_or_array(mean(_errors(estimates, true_value)))


def exceedance_probability(estimates, true_value, eps):
    """``P(|theta_N - theta| > eps)``, estimated by the fraction of repeats (last axis) that miss by more.

    The MLE is consistent: for every ``eps > 0`` this tends to 0 as ``N`` grows.
    Arguments as :func:`mean_squared_error`, and ``eps > 0``.
    """
    eps = check_positive(eps, "eps")
    return float_or_array(np.mean(np.abs(_errors(estimates, true_value)) > eps, axis=-1))


def cramer_rao_bound_gaussian_mean(sigma2, N):
    """``sigma^2 / N = 1 / (N I(mu))``: no unbiased estimator of a Gaussian mean from ``N``
    observations has a smaller mean squared error (Fisher information ``I(mu) = 1/sigma^2``).

    The sample mean (the MLE) attains it; the sample median's MSE tends to
    ``pi/2`` times it.

    Parameters
    ----------
    sigma2 : float
        The variance ``sigma^2 > 0``.
    N : int or array-like of int
        Sample size(s).

    Returns
    -------
    float or ndarray of the shape of ``N``
    """
    sigma2 = check_positive(sigma2, "sigma2")
    sizes = np.array(_as_sample_sizes(N), dtype=float)
    return float_or_array(sigma2 / sizes if np.ndim(N) else sigma2 / sizes[0])


#: Gauss-Legendre nodes for the variance of a sample median: the integrand, a bell of width about
#: 1/sqrt(1 + 4k/pi), is resolved to round-off (tests/test_mle.py checks it against mpmath).
_MEDIAN_NODES = 400


def _log_four_phi_phi(z: np.ndarray) -> np.ndarray:
    """``log(4 Phi(z) Phi(-z)) = log(1 - erf(a)^2)``, ``a = |z|/sqrt(2)``: to full relative precision, even near 0.

    ``log1p(-erf(a)^2)`` near 0 (where it is about ``-2 z^2 / pi``), and
    ``log(erfc(a)) + log1p(erf(a))`` further out (where ``erf(a)^2`` rounds to 1).
    """
    a = np.abs(z) / np.sqrt(2.0)
    near = a < 0.5
    result = np.empty_like(a)
    result[near] = np.log1p(-erf(a[near]) ** 2)
    result[~near] = np.log(erfc(a[~near])) + np.log1p(erf(a[~near]))
    return result


def gaussian_median_variance(sigma2, N):
    """The exact mean squared error of the sample median of ``N`` draws of ``N(mu, sigma^2)``, ``N`` odd.

    The median of ``N = 2k + 1`` draws is their ``(k+1)``-th smallest, whose
    density is ``N(z; 0, 1) Phi(z)^k Phi(-z)^k``, up to a constant, for standard
    normal draws. By symmetry it is unbiased, so its MSE is its variance,

        sigma^2 int z^2 g(z) dz / int g(z) dz,   g(z) = N(z; 0, 1) (4 Phi(z) Phi(-z))^k,

    both integrals by Gauss-Legendre quadrature over ``|z| <= 20 / sqrt(1 + 4k/pi)``,
    where all but a negligible part of the mass lies. ``log(4 Phi(z) Phi(-z))``
    is computed to full relative precision, so ``k`` may be huge. The variance tends to
    ``(pi/2) sigma^2 / N``, ``pi/2`` times the Cramér-Rao bound (notebook 03,
    section 9).

    Parameters
    ----------
    sigma2 : float
        The variance ``sigma^2 > 0``.
    N : int or array-like of int
        Odd sample size(s).

    Returns
    -------
    float or ndarray of the shape of ``N``
    """
    sigma2 = check_positive(sigma2, "sigma2")
    sizes = _as_sample_sizes(N)
    if any(size % 2 == 0 for size in sizes):
        raise ValueError(f"N must be odd, so that the median is one of the draws; got {N!r}.")
    nodes, weights = roots_legendre(_MEDIAN_NODES)
    variances = []
    for size in sizes:
        k = (size - 1) // 2
        z = 20.0 / np.sqrt(1.0 + 4.0 * k / np.pi) * nodes     # the nodes on the interval; its width cancels
        log_g = -0.5 * z ** 2 + k * _log_four_phi_phi(z)      # log N(z; 0, 1) (4 Phi(z) Phi(-z))^k + const
        g = weights * np.exp(log_g)
        variances.append(sigma2 * np.sum(g * z ** 2) / np.sum(g))
    return float_or_array(np.array(variances) if np.ndim(N) else variances[0])


# --------------------------------------------------------------------------
# Conditional MLE: the loss of logistic regression
# --------------------------------------------------------------------------


def binary_cross_entropy(t, p=None, *, logits=None):
    """``E(w) = (1/N) sum_i -log p(t_i | x_i; w) = -(1/N) sum_i [t_i log p_i + (1 - t_i) log(1 - p_i)]``.

    The mean negative log-likelihood of the targets under a conditional
    Bernoulli model with ``p_i = p(t = 1 | x_i; w)``: the conditional
    cross-entropy ``H(p_hat_data, p_model)``, and the loss that logistic
    regression minimises in notebook 04 (there ``p_i = sigma(y_i)`` with the
    score ``y_i = x_i^T w + b``, the logit). Give either the probabilities ``p``
    or the logits ``y_i = log(p_i / (1 - p_i))``; from logits it never
    overflows and never returns nan.

    Parameters
    ----------
    t : array-like of shape (N,)
        Targets in {0, 1}.
    p : array-like of shape (N,), optional
        ``p(t = 1 | x_i)``, in [0, 1]; ``p_i = 0`` with ``t_i = 1`` gives ``inf``.
    logits : array-like of shape (N,), optional
        ``y_i = log(p_i / (1 - p_i))``, any finite numbers.

    Returns
    -------
    float
    """
    if (p is None) == (logits is None):
        raise TypeError("binary_cross_entropy needs exactly one of p (probabilities) or logits.")
    t = _as_binary_sample(as_vector(t, "t"), "t")
    if logits is not None:
        y = as_vector(logits, "logits", t.size)
        # -log sigma(y) = log(1 + e^-y) if t = 1, -log(1 - sigma(y)) = log(1 + e^y) if t = 0:
        # the logistic loss of the margin z = s y with s = 2t - 1 in {-1, +1}
        losses = logistic_loss(np.where(t == 1, y, -y))
    else:
        p = as_probabilities(as_vector(p, "p", t.size), "p")
        losses = -(xlogy(t, p) + xlog1py(1 - t, -p))          # -[t log p + (1 - t) log(1 - p)]
    if np.any(np.isinf(losses)):                             # p = 0 for a one (or 1 for a zero): an infinite loss
        return np.inf
    return float(mean(losses))                               # at a scale where no partial sum overflows

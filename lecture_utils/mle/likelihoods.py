"""Likelihoods and their maximisers in closed form: the likelihood as a product and as a sum of logs; the
Bernoulli, categorical, Gaussian and Laplace models; and the conditional likelihood of logistic regression.

Taught in notebook 03 ("Maximum likelihood estimation"); the notation is that of :mod:`lecture_utils.mle`.
Every log-likelihood takes the parameter first and broadcasts over it; the MLEs take a sample along the last
axis.
"""

from __future__ import annotations

import numpy as np
from scipy.special import betaln, xlog1py, xlogy

from .._numerics import deviations, mean, scaled, standardized, unscale
from .._validation import (as_distribution, as_float_array, as_positive_array, as_probabilities, as_vector,
                           check_broadcast, check_flag, check_positive_int, check_size, float_or_array)
from ..losses import logistic_loss
from ._samples import (_as_binary_sample, _as_categories, _as_counts, _as_model_probabilities, _as_observations,
                       _as_sample, _in_range)


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

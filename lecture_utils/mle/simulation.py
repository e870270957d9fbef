"""The properties of the MLE, by simulation and in closed form: many samples estimated at once, their mean
squared error, bias and misses (consistency), and the bounds they are compared with (efficiency: the
Cramer-Rao bound, and the exact variance of a Gaussian sample's median). Notebook 03, sections 8 and 9."""

from __future__ import annotations

import numpy as np
from scipy.special import erf, erfc, roots_legendre

from .._numerics import mean, mean_square
from .._validation import (as_float_array, as_real_array, call_function, check_broadcast, check_draws, check_positive,
                           check_positive_int, check_random_state, check_size, float_or_array)
from ._samples import _as_sample, _as_sample_sizes, _in_range

#: The most values a simulation draws at once (2 MB of floats): larger runs are drawn in batches of repeats. An
#: estimator's copies (a median's partition, a variance's deviations) come on top: 8 MB batches peaked at 34 MB.
MAX_BATCH = 1 << 18


def _draw(distribution, size, rng) -> np.ndarray:
    """Samples of the given shape from a scipy.stats distribution or a function ``(rng, size)``."""
    if hasattr(distribution, "rvs"):
        samples = np.asarray(call_function(lambda: distribution.rvs(size=size, random_state=rng), "distribution"))
        return _finite(samples, "distribution")               # numbers (ints stay ints)
    if callable(distribution):
        samples = np.asarray(call_function(distribution, "distribution", rng, size))
        _finite(samples, "distribution")
        if samples.shape != size:
            raise ValueError(f"distribution must return samples of the shape it is asked for, {size}; got "
                             f"{samples.shape}. Use the size argument, e.g. lambda rng, size: rng.normal(0, 1, size).")
        return samples
    raise TypeError(
        "distribution must be a frozen scipy.stats distribution (e.g. scipy.stats.norm(0, 1)) or a "
        f"function (rng, size) -> samples; got {type(distribution).__name__}."
    )


def _finite(values, name: str, where: str = "") -> np.ndarray:
    """``values``, numbers that ``name`` returned, if they are finite: an observation or an estimate of nan or inf
    (an overflow, an estimate undefined for the sample) would carry through every mean and error as nan or inf."""
    numbers = as_real_array(values, f"what {name} returns")
    if not np.all(np.isfinite(numbers)):
        bad, first = "nan" if np.any(np.isnan(numbers)) else "inf", np.argwhere(~np.isfinite(numbers))[0].tolist()
        raise ValueError(f"{name} returned {bad}{where} (first at position {first}), no number: check that {name} "
                         "gives finite values for every sample.")
    return values


def simulate_estimates(estimator, distribution, N, n_repeats=1000, random_state=None):
    """Apply an estimator to ``n_repeats`` independent samples of size ``N`` from a distribution.

    The samples of one size are drawn as ``(repeats, N)`` arrays and estimated
    in one call each: there is no loop over single repeats, and a batch of
    repeats holds at most :data:`MAX_BATCH` values, so that thousands of large
    samples never sit in memory at once (the draws, in order, are those of one
    ``(n_repeats, N)`` array). The same ``random_state`` gives the same samples,
    so two estimators called with it are compared on the very same data.

    Parameters
    ----------
    estimator : callable
        Maps samples of shape ``(n_repeats, N)`` to estimates of shape
        ``(n_repeats,)``, reducing the last axis: :func:`~lecture_utils.mle.bernoulli_mle`,
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
    for row, size in enumerate(sizes):
        batch = max(1, MAX_BATCH // size)                    # repeats per call
        for start in range(0, n_repeats, batch):
            estimates[row, start:start + batch] = _batch_estimates(estimator, distribution,
                                                                   min(batch, n_repeats - start), size, rng)
    return estimates[0] if np.ndim(N) == 0 else estimates


def _batch_estimates(estimator, distribution, repeats: int, size: int, rng) -> np.ndarray:
    """The estimates of ``repeats`` samples of size ``size``, drawn as one ``(repeats, size)`` array."""
    values = as_real_array(call_function(estimator, "estimator", _draw(distribution, (repeats, size), rng)),
                           "what estimator returns")
    if values.shape != (repeats,):
        raise ValueError(
            f"estimator must reduce the last axis of samples of shape ({repeats}, {size}) to "
            f"one estimate per sample, shape ({repeats},); got shape {values.shape}. "
            "Pass e.g. lambda s: np.median(s, axis=-1)."
        )
    return _finite(values, "estimator", f" for samples of size N = {size}")


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
    return float_or_array(_in_range(mean_square(errors), "the mean squared error", "estimates and true_value"))


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

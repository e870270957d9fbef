"""The measures of normal distributions in closed form, and the entropies of several distributions with one
variance (the maximum-entropy principle), for notebook 02."""

from __future__ import annotations

import numpy as np

from .._validation import as_float_array, as_positive_array, check_broadcast
from ._units import _in_base


_LOG_2PI_E = np.log(2 * np.pi * np.e)


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

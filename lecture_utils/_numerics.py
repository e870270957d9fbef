"""Numerical building blocks that stay exact and finite for extreme finite inputs.

Scaling by a power of two is exact in floating point (only the exponent
changes), so a computation on ``a / 2^e`` followed by ``* 2^e`` gives the same
digits as on ``a`` itself, without the overflow of ``a ** 2`` near 1e155 (or of
a sum near 1e308) and without the underflow of ``a ** 2`` near 1e-162.
``numpy.linalg.norm`` and ``numpy.var`` work on the entries as they are.
"""

from __future__ import annotations

import numpy as np


def largest_magnitude(a, axis=None, keepdims: bool = False):
    """``max |a_i|`` (0 for an empty ``a``), as the larger of ``max a`` and ``-min a``: no temporary ``|a|``."""
    a = np.asarray(a, dtype=float)
    return np.maximum(np.max(a, axis=axis, keepdims=keepdims, initial=0.0),
                      -np.min(a, axis=axis, keepdims=keepdims, initial=0.0))


def reduce_over(ufunc, values: np.ndarray, axis: int) -> np.ndarray:
    """``ufunc.reduce(values, axis=axis)`` on a copy in which ``axis`` is the slowest, so that numpy combines whole
    slices at once: along a short fastest axis (the few classes of each row) it is several times slower.

    The very same numbers for ``np.maximum`` and ``np.minimum``, and for sums of fewer than 8 terms (from 8 on
    numpy's own sum is pairwise, this one in order).
    """
    return ufunc.reduce(np.ascontiguousarray(np.moveaxis(values, axis, 0)), axis=0)


def scaled(a, axis=None):
    """``(a / 2^e, e)`` with the largest entry of ``a / 2^e`` (of each slice along ``axis``) in [1/2, 1).

    Exact, whatever the scale of ``a``. ``e`` is an int, or with ``axis`` an
    int array of ``a``'s shape with that axis kept (of length 1); 0 where ``a`` is all zero.
    """
    a = np.asarray(a, dtype=float)
    largest = largest_magnitude(a, axis=axis, keepdims=axis is not None)
    e = np.where(largest > 0, np.frexp(largest)[1], 0)
    return np.ldexp(a, -e), (int(e) if axis is None else e)


def unscale(value, e):
    """``value * 2^e``: exact, or ``inf`` where the true result exceeds float64's range (no warning)."""
    with np.errstate(over="ignore"):
        return np.ldexp(value, e)


def norm(a, axis=None):
    """The Euclidean norm ``sqrt(sum a_i^2)``, hypot-style: ``2^e ||a / 2^e||``, so no square overflows.

    ``inf`` only where the norm itself exceeds the largest float (about 1.8e308). The norm of a whole
    array that lies well inside the range, where no square under- or overflows, is ``sqrt(a . a)`` in two
    numpy calls: the very same number (the scaling by a power of two is exact), for loops that take many.
    """
    if axis is None:
        flat = np.ravel(np.asarray(a, dtype=float))
        with np.errstate(over="ignore", invalid="ignore"):
            length = np.sqrt(flat @ flat)
        if 1e-150 < length < 1e150:
            return length
    a_scaled, e = scaled(a, axis)
    return unscale(np.linalg.norm(a_scaled, axis=axis), e if axis is None else np.squeeze(e, axis))


def mean(a, axis: int = -1):
    """The mean along ``axis``: ``a_0 + mean(a - a_0)``, at a scale where no partial sum overflows.

    Shifted by the first value of each slice, the mean of equal values is that
    value exactly, and values far from 0 lose no digits to their common part.
    """
    a_scaled, e = scaled(a, axis)
    first = np.take(a_scaled, [0], axis=axis)
    return unscale(np.squeeze(first, axis) + np.mean(a_scaled - first, axis=axis), np.squeeze(e, axis))


def mean_square(a, axis: int = -1):
    """``mean(a^2)`` along ``axis``, ``inf`` only where it exceeds the largest float; no square underflows."""
    a_scaled, e = scaled(a, axis)
    return unscale(np.mean(a_scaled ** 2, axis=axis), 2 * np.squeeze(e, axis))


def root_mean_square(a, axis: int = -1):
    """``sqrt(mean(a^2))`` along ``axis``: finite and exact to rounding whenever the result is in range."""
    a_scaled, e = scaled(a, axis)
    return unscale(np.sqrt(np.mean(a_scaled ** 2, axis=axis)), np.squeeze(e, axis))


def standardized(x, mu, sigma):
    """``(x - mu) / sigma``, finite wherever the result is: where ``x - mu`` overflows, it is taken as
    ``2 ((x/2 - mu/2) / sigma)``, which halves exactly (both are then beyond 1e307) and rounds the same."""
    with np.errstate(over="ignore"):
        difference = np.subtract(x, mu)
        z = difference / sigma
        return np.where(np.isinf(difference), 2 * ((np.multiply(x, 0.5) - np.multiply(mu, 0.5)) / sigma), z)


def deviations(a, axis: int = -1):
    """``(a - mean(a)) / 2^e`` along ``axis`` and ``e`` (kept as an axis of length 1), exact to rounding.

    Each slice is scaled by a power of two (no difference overflows), shifted by
    its first value (differences of close values are exact), and only then
    centred: the deviations of ``[1, 1 + eps, 1]`` are ``eps (-1, 2, -1) / 3``,
    where ``a - mean(a)`` gives ``(0, eps, 0)`` since the mean rounds to 1.
    """
    a_scaled, e = scaled(a, axis)
    shifted = a_scaled - np.take(a_scaled, [0], axis=axis)
    return shifted - np.mean(shifted, axis=axis, keepdims=True), e

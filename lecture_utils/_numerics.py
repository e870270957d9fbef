"""Numerical building blocks that stay exact and finite for extreme finite inputs.

Scaling by a power of two is exact in floating point (only the exponent
changes), so a computation on ``a / 2^e`` followed by ``* 2^e`` gives the same
digits as on ``a`` itself, without the overflow of ``a ** 2`` near 1e155 or its
underflow near 1e-162. ``numpy.linalg.norm`` squares its entries as they are.
"""

from __future__ import annotations

import numpy as np


def exponent(a) -> int:
    """The ``e`` with ``max |a| < 2^e <= 2 max |a|`` (0 for an all-zero or empty array)."""
    largest = np.max(np.abs(a), initial=0.0)
    return int(np.frexp(largest)[1]) if largest > 0 else 0


def scaled(a) -> tuple[np.ndarray, int]:
    """``(a / 2^e, e)`` with the largest entry of ``a / 2^e`` in [1/2, 1): exact, whatever the scale of ``a``."""
    e = exponent(a)
    return np.ldexp(np.asarray(a, dtype=float), -e), e


def unscale(value, e: int):
    """``value * 2^e``: exact, or ``inf`` where the true result exceeds float64's range (no warning)."""
    with np.errstate(over="ignore"):
        return np.ldexp(value, e)


def norm(a, axis=None):
    """The Euclidean norm ``sqrt(sum a_i^2)``, hypot-style: ``2^e ||a / 2^e||``, so no square overflows.

    ``inf`` only where the norm itself exceeds the largest float (about 1.8e308).
    """
    a_scaled, e = scaled(a)
    return unscale(np.linalg.norm(a_scaled, axis=axis), e)

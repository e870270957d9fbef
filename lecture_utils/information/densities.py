"""Entropy, cross-entropy and the KL divergence of any density, from its values on a grid (trapezoid rule), and
the KL divergence from log-densities, exact where the densities underflow (notebook 02)."""

from __future__ import annotations

import numpy as np
from scipy.special import xlogy

from .._numerics import scaled
from .._validation import as_float_array, as_real_array
from ._units import _broadcast_pair, _in_base


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


def _on_grid(values: np.ndarray, name: str, what: str, x: np.ndarray) -> np.ndarray:
    """``values`` if they hold one ``what`` per point of the grid ``x`` along their last axis."""
    if values.ndim == 0 or values.shape[-1] != x.shape[0]:
        raise ValueError(
            f"{name} must hold the {what} at each point of x along its last axis "
            f"({x.shape[0]} values); got shape {values.shape}."
        )
    return values


def _as_density(values, name: str, x: np.ndarray) -> np.ndarray:
    """Density values on the grid ``x``: finite, >= 0, one per grid point along the last axis."""
    values = _on_grid(as_float_array(values, name), name, "density", x)
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
    values = _on_grid(as_real_array(values, name), name, "log-density", x)
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

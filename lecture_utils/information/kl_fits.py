"""The best Gaussian fit of a density under the forward and the reverse KL divergence: the moments, and the
mode it locks onto (the lecture's picture "Nonsymmetry of KL divergence", notebook 02)."""

from __future__ import annotations

import numpy as np

from .._numerics import scaled, unscale
from .densities import _as_density, _as_grid, _grid_weights


# Reverse-KL fits start from at most this many bumps of p (the highest).
_MAX_MODE_STARTS = 8
# Reverse-KL fits this close (in nats) to the best are tied; the leftmost wins.
_TIE_NATS = 1e-8


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

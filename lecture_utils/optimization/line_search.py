"""The backtracking line search of damped Newton and L-BFGS: the first step length along a direction that
lowers the loss enough (Armijo's condition), halving it or interpolating a parabola after each failed trial."""

from __future__ import annotations

import numpy as np


# Backtracking line search: accept alpha when E(w - alpha d) <= E(w) - ARMIJO alpha grad^T d,
# shrinking alpha (halving it, or by interpolation) down to SMALLEST_STEP.
_ARMIJO, _SMALLEST_STEP = 1e-4, 1e-10


def _backtrack(objective, w, loss, gradient, direction, interpolate=False):
    """The first ``alpha`` tried, from 1, with ``E(w - alpha d) <= E(w) - c alpha grad^T d`` (Armijo's condition).

    After a trial that fails, the next is ``alpha / 2`` (damped Newton: the largest alpha in 1, 1/2,
    1/4, ...), or with ``interpolate`` (L-BFGS) :func:`_parabola_minimum`, which lands near the lowest
    point along ``d`` when the trial was much too long. Returns None if there is none above ``1e-10``
    (or ``d`` does not descend).
    """
    slope = float(gradient @ direction)                   # -d/dalpha E(w - alpha d) at alpha = 0
    if not slope > 0:
        return None
    rounding = _rounding(loss)
    alpha = 1.0
    while alpha >= _SMALLEST_STEP:
        with np.errstate(over="ignore", invalid="ignore"):
            trial = objective.loss(w - alpha * direction)
        if trial <= loss - _ARMIJO * alpha * slope + rounding:
            return alpha
        alpha = _parabola_minimum(alpha, loss, slope, trial) if interpolate else alpha / 2
    return None


def _rounding(loss: float) -> float:
    """The slack a line search allows a trial loss: near the optimum ``E(w - alpha d)`` and ``E(w)`` agree to
    rounding, a few ulps of ``E``."""
    return 16 * np.finfo(float).eps * abs(loss)


def _parabola_minimum(alpha, loss, slope, trial) -> float:
    """The next trial after ``alpha`` failed: where the parabola through ``E(w)``, the slope ``-slope`` there and
    ``E(w - alpha d) = trial`` is lowest, kept within ``[alpha / 10, alpha / 2]``.

    The safeguarded quadratic interpolation of Nocedal and Wright, Numerical Optimization, section 3.5:
    ``q(a) = E(w) - slope a + curvature a^2`` is lowest at ``slope / (2 curvature)``. The bounds cut each
    trial to at most half the last, and keep a poor fit from cutting it more than tenfold; a loss
    that is not finite (the trial overflowed) says nothing about the curve, and gets the deepest cut.
    """
    if not np.isfinite(trial):
        return alpha / 10
    curvature = (trial - loss + slope * alpha) / alpha ** 2         # > 0: Armijo's condition failed
    return min(max(slope / (2 * curvature), alpha / 10), alpha / 2)

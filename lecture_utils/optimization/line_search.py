"""The backtracking line search of damped Newton and L-BFGS: the first step length along a direction that
lowers the loss enough (Armijo's condition), halving it or interpolating a parabola after each failed trial; and
:func:`wolfe_conditions`, the check of a step against the Wolfe conditions that standard L-BFGS line searches meet
(notebook 05, section 19)."""

from __future__ import annotations

import numpy as np

from .._validation import (as_float_array, as_vector, call_function, check_callable, check_interval,
                          check_positive)


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


def wolfe_conditions(loss, gradient, w, direction, step, c1=1e-4, c2=0.9) -> tuple[bool, bool]:
    """Whether the step ``w + step p`` along a descent direction ``p`` meets the two Wolfe conditions.

    With ``phi(a) = E(w + a p)`` and ``phi'(a) = grad E(w + a p)^T p`` (negative at 0: ``p`` descends):

    - sufficient decrease (Armijo): ``phi(step) <= phi(0) + c1 step phi'(0)``;
    - curvature: ``phi'(step) >= c2 phi'(0)``, the slope has risen to at least ``c2`` of its first value.

    The curvature condition gives ``s^T y >= (c2 - 1) phi'(0) step > 0`` for ``s = step p`` and ``y`` the change of
    the gradient: the pair that keeps a BFGS update positive definite (Nocedal and Wright, Numerical Optimization,
    section 3.1 and 6.1). Note the sign: this direction is added (``w + a p``), where the package's Newton steps
    subtract theirs (``w - a d``, so ``p = -d``).

    Parameters
    ----------
    loss, gradient : callable
        ``loss(w) -> float`` and ``gradient(w) -> ndarray`` of the shape of ``w``.
    w, direction : array-like of shape (D,) (a number is one weight)
        The point and the direction ``p``, with ``grad E(w)^T p < 0``.
    step : float > 0
    c1, c2 : float, ``0 < c1 < c2 < 1``
        Usual values ``c1 = 1e-4`` and ``c2 = 0.9`` (quasi-Newton methods; 0.1 for nonlinear conjugate gradients).

    Returns
    -------
    (sufficient_decrease, curvature) : tuple of bool

    Raises
    ------
    ValueError
        If ``p`` does not descend at ``w``, the constants are out of order, or a value is not finite.
    """
    check_callable(loss, "loss", "loss(w) -> float")
    check_callable(gradient, "gradient", "gradient(w) -> ndarray")
    w = np.atleast_1d(as_vector(np.atleast_1d(as_float_array(w, "w")), "w"))
    p = as_vector(np.atleast_1d(as_float_array(direction, "direction")), "direction", len(w))
    step = check_positive(step, "step")
    c1 = check_interval(c1, "c1", 0.0, 1.0)
    c2 = check_interval(c2, "c2", 0.0, 1.0)
    if not 0 < c1 < c2 < 1:
        raise ValueError(f"the Wolfe constants must satisfy 0 < c1 < c2 < 1; got c1 = {c1}, c2 = {c2}.")

    def slope(point):
        value = np.asarray(call_function(gradient, "gradient", point), dtype=float)
        if value.shape != w.shape:
            raise ValueError(f"gradient(w) must return an array of shape {w.shape}; got shape {value.shape}.")
        return float(value @ p)

    phi0, slope0 = float(call_function(loss, "loss", w)), slope(w)
    if not np.isfinite(phi0) or not np.isfinite(slope0):
        raise ValueError("loss(w) and gradient(w) must be finite at w.")
    if not slope0 < 0:
        raise ValueError(f"direction must descend at w, grad E(w)^T p < 0; got {slope0:g}. Take p = -grad E(w), or "
                         f"-H^-1 grad E(w) with H positive definite.")
    trial = w + step * p
    with np.errstate(over="ignore", invalid="ignore"):
        phi, slope_at_step = float(call_function(loss, "loss", trial)), slope(trial)
    return bool(phi <= phi0 + c1 * step * slope0), bool(slope_at_step >= c2 * slope0)

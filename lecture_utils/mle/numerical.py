"""The MLE of any model given by its log-density: the negative log-likelihood, and its minimisation by
``scipy.optimize.minimize``, checked by the condition of a minimum itself (notebook 03, section 5)."""

from __future__ import annotations

import warnings
from dataclasses import dataclass

import numpy as np

from .._validation import (as_float_array, as_real_array, as_vector, call_function, check_broadcast, check_option,
                           check_positive)
from .._validation import float_or_array
from ..exceptions import ConvergenceWarning
from ._samples import _as_observations


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
    log_p = as_real_array(call_function(logpdf, "logpdf", x, *candidates), "what logpdf returns")
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
    if np.any(np.isposinf(log_p)):
        where = x[np.argwhere(np.isposinf(log_p))[0][-1]]
        raise ValueError(
            f"logpdf returned +inf, an infinite density, at the observation {where!r}: the likelihood would be "
            "infinite and have no maximum; restrict the params (e.g. with bounds) or check x."
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

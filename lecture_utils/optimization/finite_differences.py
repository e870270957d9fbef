"""Derivatives by central differences, to check a derived gradient or Hessian (notebooks 04 and 05)."""

from __future__ import annotations

import numpy as np

from .._validation import as_float_array, as_real_array, call_function, check_callable, check_positive


def _central_differences(function, w, eps, name: str, shape):
    """``(f(w + h e_j) - f(w - h e_j)) / (2 h)`` for each coordinate j, with ``h = eps max(1, |w_j|)``.

    ``function`` is the caller's argument ``name``, which must return arrays of ``shape(w.size)``.
    """
    w = np.atleast_1d(as_float_array(w, "w")).astype(float)
    eps = check_positive(eps, "eps")

    def value(at):
        with np.errstate(over="ignore", invalid="ignore"):      # a caller's function beyond float64: checked below
            result = as_real_array(call_function(function, name, at), name)
        if result.shape != shape(w.size):
            raise ValueError(f"{name} must return an array of shape {shape(w.size)} at w; got shape {result.shape}.")
        return result

    columns = []
    for j in range(w.size):
        h = eps * max(1.0, abs(w.flat[j]))
        step = np.zeros_like(w)
        step.flat[j] = h
        with np.errstate(over="ignore", invalid="ignore"):          # not finite: the public callers say so
            columns.append((value(w + step) - value(w - step)) / (2 * h))
    return np.array(columns)


def numerical_gradient(f, w, eps=1e-6):
    """The gradient of ``f`` at ``w`` by central differences, to check a derived gradient.

    ``(f(w + h e_j) - f(w - h e_j)) / (2h)`` with ``h = eps max(1, |w_j|)``:
    its error is ``O(h^2)``, about ``1e-10`` relative for smooth ``f``.

    Parameters
    ----------
    f : callable
        ``f(w) -> float``.
    w : float or array-like of shape (D,)
    eps : float

    Returns
    -------
    float (for a number ``w``) or ndarray of shape (D,)
    """
    check_callable(f, "f", "f(w) -> float")
    scalar = np.ndim(w) == 0
    derivatives = _finite(_central_differences(lambda v: f(v[0] if scalar else v), w, eps, "f", lambda n: ()),
                          "f", w)
    return float(derivatives[0]) if scalar else derivatives


def numerical_hessian(gradient, w, eps=1e-5):
    """The Hessian at ``w`` by central differences of the (analytic) gradient, symmetrised.

    Parameters
    ----------
    gradient : callable
        ``gradient(w) -> array`` of shape (D,) (a number for a 1-D function).
    w : float or array-like of shape (D,)
    eps : float

    Returns
    -------
    float (for a number ``w``) or ndarray of shape (D, D)
    """
    check_callable(gradient, "gradient", "gradient(w) -> array of the shape of w")
    scalar = np.ndim(w) == 0
    columns = _central_differences(lambda v: np.atleast_1d(gradient(v[0] if scalar else v)), w, eps, "gradient",
                                   lambda n: (n,))
    hessian = (_finite(columns, "gradient", w) + columns.T) / 2         # row j is d grad / d w_j; H is symmetric
    return float(hessian[0, 0]) if scalar else hessian


def _finite(derivatives: np.ndarray, name: str, w) -> np.ndarray:
    """``derivatives`` by central differences of the caller's function ``name``, if finite: else ``name`` was nan or
    inf beside ``w`` (or ``w + h`` overflowed), and there is no derivative to check."""
    if not np.all(np.isfinite(derivatives)):
        raise ValueError(f"{name} is not finite beside w = {np.array2string(np.asarray(w, dtype=float), threshold=4)} "
                         "(nan or inf, or w + h overflows), so central differences give no derivative there; check "
                         f"{name} at a point where it and its neighbours are finite.")
    return derivatives
